"""Copied public code graded right: the popular Connect 4 tutorial and CS50 AI tic-tac-toe, as students
copy them into the assignments (whole files with their game loops, letters on lists, realistic bugs)."""

import pytest

from grader.load import load_submission
from grader.rubric import load_rubric
from grader.session import open_submission
from tests.helpers.adapting import STUDENTS, agrees_with_reference

RUBRIC = load_rubric()
pytestmark = pytest.mark.timeout(180)


def opened(file: str, assignment: str):
    """A student file loaded as grading loads it: definitions mode, then a seeded session."""
    submission = load_submission(STUDENTS / file)
    cells = [cell.kept for cell in submission.cells]
    return submission, open_submission(cells, RUBRIC.assignment(assignment))


def test_tutorial_file_keeps_the_definitions_before_and_after_its_pygame_loop():
    submission, session = opened("c4_tutorial_whole_file_pygame_loop.py", "connect4")
    with session:
        skipped = [s.source for cell in submission.cells for s in cell.skipped]
        assert any(s.startswith("while not game_over") for s in skipped)
        assert "pygame" in str(session.repairs)
        bindings = session.student.interface.bindings
        assert bindings["initial_state"].name == "create_board" and bindings["terminal"].name == "is_terminal_node"
        assert bindings["utility"].name == "utility" and not bindings["utility"].note  # defined after the loop
        agrees_with_reference(session.student, session.game)
        assert session.find_agent("random_player").name == "random_player"  # defined after the loop too
        assert session.find_agent("alpha_beta_player").name == "minimax"


def test_tutorial_heuristic_is_not_taken_for_a_missing_utility():
    """score_position(board, piece) says "score", but values finished games on a sliding scale: with no
    utility written, utility is missing, not wrong."""
    _, session = opened("c4_tutorial_letters_on_lists.py", "connect4")
    with session:
        interface = session.student.interface
        assert "utility" not in interface.bindings and "utility" in interface.problems
        rep = interface.representation
        assert rep.bottom_first and rep.symbols.empty == " " and rep.players == ("X", "O")
        assert interface.bindings["result"].order == ("state", "row", "action", "player")
        agrees_with_reference(session.student, session.game)


def test_a_function_under_a_rubric_name_for_utility_stays_the_students_whatever_it_answers():
    source = "def create_board():\n    return [[0] * 7 for _ in range(6)]\n" \
             "def get_score(board, player):\n    return sum(row.count(player) for row in board)\n"
    with open_submission([source], RUBRIC.assignment("connect4")) as session:
        binding = session.student.interface.bindings["utility"]
        assert binding.name == "get_score" and binding.note  # its bug, graded as it is


def test_cs50_minimax_follows_the_turn_its_board_shows_though_it_may_block_where_it_could_win():
    submission, session = opened("ttt_cs50_minimax_with_runner.py", "tictactoe")
    with session:
        assert any(s.source.startswith("while True") for cell in submission.cells for s in cell.skipped)
        agent = session.find_agent("minimax_player")
        assert agent.name == "minimax" and agent.fixed_side is None
        assert not any("always plays" in n for n in agent.notes)
        x, o, _ = "x", "o", " "
        x_wins_at_2 = [x, x, _, o, o, _, _, _, _]  # x to move: 2 wins; blocking at 5 only draws
        o_wins_at_5 = [x, x, _, o, o, _, x, _, _]  # o to move: 5 wins; blocking at 2 only draws
        assert agent.move(x_wins_at_2, 1).action == 2
        assert agent.move(o_wins_at_5, -1).action == 5


def test_moves_are_written_as_the_students_actions_writes_them_when_result_fits_no_reading():
    """player() always answers X, so result() is right for X's moves only: it fits no reading, and its
    moves are sent as the (i, j) cells actions() lists, so O's moves show the bug itself."""
    _, session = opened("ttt_cs50_player_counts_rows.py", "tictactoe")
    with session:
        student = session.student
        assert student.representation.action_kind == "cell"
        assert student.interface.bindings["result"].note
        game = session.game
        empty = game.to_course(game.initial_state())
        after_x = student.result(empty, 1, 0)
        assert after_x.ok and after_x.value == ["x"] + [" "] * 8
        after_o = student.result(after_x.value, -1, 1)
        assert after_o.ok and after_o.value[:2] == ["x", "x"]  # O's move written as X's: the bug, as it is
