"""The grader's side of gravity m,n,k. Its course board is Connect 4's, so Connect 4's readings read it
(every layout, mark and row order students use); the edge boards are its own."""

from grader.games.connect4 import representation as connect4
from grader.plugs import CellGrid, GamePlug
from tests.fifth_game import edge_boards

PLUG = GamePlug(
    candidates=connect4.candidates,
    grid=CellGrid(lambda cols: connect4.to_grid, connect4.from_grid, gravity=True),
    edge_cases=edge_boards.cases,
)
