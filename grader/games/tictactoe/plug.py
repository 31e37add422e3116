"""Tic-tac-toe (m,n,k) for the grader: flat or grid boards with any marks, and edge boards on any board."""

from functools import partial

from grader.games.tictactoe import edge_boards, representation
from grader.plugs import CellGrid, GamePlug

PLUG = GamePlug(
    candidates=representation.candidates,
    grid=CellGrid(lambda cols: partial(representation.to_grid, cols=cols), representation.from_grid),
    edge_cases=edge_boards.cases,
)
