"""Connect 4 for the grader: boards in any layout, marks and row order, and edge boards at any size."""

from grader.games.connect4 import edge_boards, representation
from grader.plugs import CellGrid, GamePlug

PLUG = GamePlug(
    candidates=representation.candidates,
    grid=CellGrid(lambda cols: representation.to_grid, representation.from_grid, gravity=True),
    edge_cases=edge_boards.cases,
)
