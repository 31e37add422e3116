"""Dots and Boxes written as a class whose object is the state: adapting such a file as grading does, and
counting what each role gets wrong against the reference."""

from __future__ import annotations

from reference.positions import random_positions
from tests.helpers.adapting import adapted_source


def replayed(source: str):
    """(sandbox, adapted student) for a Dots and Boxes source loaded as grading loads it."""
    return adapted_source(source, "dots_and_boxes")


def wrong_roles(student, positions: int = 12) -> dict[str, int]:
    """How many random positions each role gets wrong against the reference (result: lines and turn)."""
    game = student.game
    wrong = {"actions": 0, "result": 0, "terminal": 0, "utility": 0}
    for state in random_positions(game, positions, seed=3):
        board, player = game.to_course(state), game.to_move(state)
        got = student.actions(board, player)
        wrong["actions"] += not got.ok or sorted(got.value) != sorted(game.actions(state))
        for action in game.actions(state)[:3]:
            after = game.result(state, action)
            got = student.result(board, player, action)
            again = game.to_move(after) == player
            wrong["result"] += not got.ok or not game.same_board(got.value, game.to_course(after)) or \
                (not game.terminal(after) and got.moves_again != again)
        got = student.terminal(board)
        wrong["terminal"] += not got.ok or got.value != game.terminal(state)
        for view in (1, -1):
            margin = game.utility(state, view)
            got = student.utility(board, view)
            wrong["utility"] += not got.ok or got.value != (margin > 0) - (margin < 0)
    return wrong
