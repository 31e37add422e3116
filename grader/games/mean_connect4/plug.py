"""Mean Connect 4 for the grader: Connect 4's boards with every way of writing a mean move, and the
boards that pin the mean rule. No cell-dict boards: a mean move takes a disc out of the grid."""

from grader.games.mean_connect4 import edge_boards, representation
from grader.plugs import GamePlug

PLUG = GamePlug(candidates=representation.candidates, edge_cases=edge_boards.cases)
