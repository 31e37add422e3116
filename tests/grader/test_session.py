"""A session: a submission opened in its seeded sandbox and adapted, as grading and tournaments open it."""


import pytest

from grader.rubric import load_rubric
from grader.session import open_submission
from tests.paths import TESTS

STUDENTS = TESTS / "students"
CONNECT4 = load_rubric().assignment("connect4")
pytestmark = pytest.mark.timeout(120)


def moves(agent, game, count: int) -> list:
    board = game.to_course(game.initial_state())
    return [agent.move(board, 1, timeout=2.0).action for _ in range(count)]


def test_a_session_adapts_finds_the_agent_and_replays_its_random_moves_after_a_reseed():
    source = (STUDENTS / "c4_players_1_2_lists.py").read_text()
    with open_submission([source], CONNECT4, seed=3) as session:
        assert session.student is not None and session.problem == ""
        assert session.student.interface.bindings["result"].name == "result"
        agent = session.find_agent("random_player")
        assert not isinstance(agent, str) and agent.name == "random_agent"
        session.sandbox.reseed(11)
        first = moves(agent, session.game, 12)
        session.sandbox.reseed(11)
        assert moves(agent, session.game, 12) == first
        assert len(set(first)) > 1  # a random player: the replay is the seed's doing


def test_an_exception_in_the_students_code_names_the_notebook_cell_it_came_from():
    cells = ["import numpy as np", "def empty_board():\n    return np.zeros((6, 7), dtype=int)",
             "def random_player(board, player=1):\n    return helper(board)",
             "def helper(board):\n    raise ValueError('no move')"]
    with open_submission(cells, CONNECT4, cell_numbers=[2, 5, 9, 12]) as session:
        r = session.sandbox.call("random_player", [[0] * 7] * 6)
        assert r.kind == "exception" and "in helper, cell 12, line 2, called from random_player, cell 9" in r.message


def test_a_session_of_code_that_defines_nothing_has_no_agent_and_says_so():
    with open_submission(["x = 1"], CONNECT4) as session:
        agent = session.find_agent("random_player")
        assert isinstance(agent, str) and agent
