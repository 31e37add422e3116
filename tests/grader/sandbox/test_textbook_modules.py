"""A missing textbook module (``games``, ``utils``) is served with the textbook's base classes and helpers
that copied notebooks build on; its agents are not given."""

from grader.sandbox import Sandbox
from grader.sandbox.worker import LOAD_REPORT_FUNCTION

NOTEBOOK = '''
from games import Game, GameState, alpha_beta_search
from utils import *


class Nim(Game):
    def __init__(self, heap=3):
        self.initial = GameState(to_move='A', utility=0, board=heap, moves=[1, 2])

    def actions(self, state):
        return [m for m in state.moves if m <= state.board]

    def result(self, state, move):
        return GameState(to_move='B' if state.to_move == 'A' else 'A', utility=0, board=state.board - move,
                         moves=state.moves)

    def utility(self, state, player):
        return 0


nim = Nim()
'''


def test_a_game_class_built_on_the_textbooks_game_and_gamestate_loads_and_runs():
    with Sandbox([NOTEBOOK]) as box:
        after = box.call("nim.result", box.call("nim.initial.__class__", "A", 0, 3, [1, 2]).value, 2).value
        assert tuple(after) == ("B", 0, 1, [1, 2])
        assert box.call("nim.to_move", after).value == "B"  # the textbook's Game.to_move
        assert box.call("nim.terminal_test", after).value is False  # its terminal_test: no move left
        assert box.call("argmax", [3, 1, 2]).value == 3 and tuple(box.call("vector_add", (1, 2), (3, 4)).value) == (4, 6)
        assert box.names()["infinity"].kind == "value"


def test_the_textbooks_agents_are_not_given_and_refuse_when_called():
    with Sandbox([NOTEBOOK]) as box:
        called = box.call("alpha_beta_search", None, None)
        assert not called.ok and called.error_type == "ModuleNotFoundError"
        assert "`games.alpha_beta_search` cannot be used by graded code" in called.message
        report = box.call(LOAD_REPORT_FUNCTION).value
        given = {entry["module"]: entry.get("textbook") for entry in report["stand_ins"]}
        assert "Game" in given["games"] and "argmax" in given["utils"]
