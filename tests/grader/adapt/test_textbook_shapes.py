"""Code copied from the textbook's (AIMA's) games module and notebook, as students adapt it: their own game
classes built on the textbook's Game and GameState (handed in without the module, or pasted whole), its
two editions' ConnectFour, and agents that only call the textbook's own search."""

import numpy as np
import pytest

from grader.adapt import adapt, conventions, find_agent
from grader.adapt.representations.base import NotThisRepresentation
from grader.grading import grade_submission
from grader.load import load_submission
from grader.rubric import load_rubric
from grader.sandbox import Limits, Sandbox
from tests.helpers.adapting import ASSIGNMENTS, STUDENTS, agrees_with_reference, functions_of


def graded_way(file: str, assignment: str):
    """A student file loaded as grading loads it (definitions only: its play_game is an experiment) and
    adapted."""
    submission = load_submission(STUDENTS / file)
    kept = [cell.kept for cell in submission.cells]
    box = Sandbox([conventions.SHIM_CELL, *kept], Limits(call_timeout=2.0), seed=0)
    game, functions = functions_of(assignment)
    return box, adapt(box, game, functions, source="\n".join(kept))


def lost(result) -> dict[str, float]:
    """Points each check took off."""
    return {c.check: round(c.max_points - c.points, 2) for c in result.checks if c.status != "manual"}


def connect4_agent(box, student, label: str):
    agents = ASSIGNMENTS["connect4"]["agents"]
    return find_agent(box, student.names, student.game, student.representation, label, agents[label],
                      labels=list(agents), source=student.source, game_object=student.game_object)


def win_in_column_3() -> np.ndarray:
    """A 6x7 board, x (+1) to move, whose only immediate win is column 3."""
    board = np.zeros((6, 7), dtype=int)
    board[5, 0:3] = 1
    board[4, 0:3] = -1
    return board


@pytest.mark.slow
def test_a_notebook_without_the_textbooks_modules_is_graded_on_its_own_classes_and_searches():
    """`from games import *` and `from utils import *` find no module: the grader gives the textbook's Game,
    GameState and infinity, so every role the student wrote earns its points; Monte Carlo, never written,
    is missing. Before, the class failed to load (NameError: Game) and the notebook got 2 of 87 points."""
    spec = load_rubric(None).assignment("connect4")
    result = grade_submission(STUDENTS / "textbook_notebook_without_its_modules.py", "connect4", spec)
    taken = {check: off for check, off in lost(result).items() if off}
    assert taken == {"mcts_player: legal moves in time": 3, "mcts_player: takes an immediate win": 3,
                     "mcts_player: beats random": 4}
    notes = " ".join(result.load_notes)
    assert "`games` is not installed for grading: it is the textbook's module" in notes
    assert "`notebook` is not installed for grading: the grader replaced it with a stand-in" in notes


def test_the_textbooks_game_and_gamestate_carry_a_game_class_whose_module_is_missing():
    box, student = graded_way("textbook_notebook_without_its_modules.py", "connect4")
    with box:
        assert {b.name.split(".")[0] for b in student.interface.bindings.values()} == {"c4"}
        agrees_with_reference(student, student.game)
        agent = connect4_agent(box, student, "heuristic_player")
        assert agent.name == "heuristic_player"
        assert agent.move(win_in_column_3(), 1, timeout=10).action == 3


def test_an_agent_that_only_calls_the_textbooks_search_gives_way_to_the_students_own():
    """alpha_beta_player(game, state) returns games.alpha_beta_search(state, game), imported from a module
    that is not there: it is not the student's search, so their own minmax_decision is graded for the
    label; random_player, imported too, is said to be so."""
    box, student = graded_way("textbook_agents_imported_from_games.py", "tictactoe")
    with box:
        agrees_with_reference(student, student.game)
        agents = ASSIGNMENTS["tictactoe"]["agents"]
        found = {label: find_agent(box, student.names, student.game, student.representation, label, agents[label],
                                   labels=list(agents), source=student.source, game_object=student.game_object)
                 for label in ("minimax_player", "random_player")}
        assert found["minimax_player"].name in ("minmax_decision", "minmax_player")
        assert any("`games.alpha_beta_search`, code that is not in your submission" in note
                   for note in found["minimax_player"].notes)
        assert found["minimax_player"].move(["x", "x", " ", "o", "o", " ", " ", " ", " "], 1).action == 2
        assert isinstance(found["random_player"], str)
        assert "random_player is imported from a package the grader lacks" in found["random_player"]


def test_the_newer_editions_connect_four_is_played_through_an_object_of_the_rubrics_size():
    """ConnectFour() of the newer edition is 7 rows by 6 columns (x counts rows from the top): the grader
    makes ConnectFour(h=6, v=7) beside the notebook's own object, and reads rows from the top, the end
    where its discs land; a reading from the bottom would pass actions and result yet mislead every agent."""
    box, student = graded_way("textbook_connect_four_rows_first.py", "connect4")
    with box:
        assert student.game_object == "connectfour_6x7"
        assert "rows counted from the top" in student.representation.describe()
        agrees_with_reference(student, student.game)
        agent = connect4_agent(box, student, "heuristic_player")
        assert agent.name == "cutoff_player"
        assert agent.move(win_in_column_3(), 1, timeout=10).action == 3


def test_a_connect4_cell_is_a_move_only_where_a_disc_lands():
    from grader.adapt.representations import cell_map
    from grader.games.connect4.representation import from_grid, to_grid

    reading = cell_map.CellMapRepresentation(6, 7, ("X", "O"), to_grid, from_grid, gravity=True, offset=1,
                                             column_first=False, bottom_first=False)
    board = np.zeros((6, 7), dtype=int)
    board[5, 2] = 1
    assert reading.decode_action((5, 3), board) == 2  # row 5 from the top, counted from 1: lands on the disc
    with pytest.raises(NotThisRepresentation):
        reading.decode_action((6, 3), board)  # the occupied cell below it


#: the Dots and Boxes fixture's result, forgetting that closing a box gives another move
NO_EXTRA_TURN = ("        to_move = state.to_move if closed else ('O' if state.to_move == 'X' else 'X')",
                 "        to_move = 'O' if state.to_move == 'X' else 'X'")


def test_a_textbook_dots_and_boxes_game_is_replayed_through_its_objects_initial_state_and_methods():
    """No reading knows its GameState of lines and boxes: positions are built from dab.initial through
    dab.result, at other sizes through an object of that size, and agents get (dab, state)."""
    from grader.adapt import ReplayedGame
    from reference.positions import random_positions

    box, student = graded_way("textbook_dots_and_boxes_game.py", "dots_and_boxes")
    with box:
        assert isinstance(student, ReplayedGame)
        assert student.rep.start == "dab.initial" and student.rep.transition.name == "dab.result"
        game = student.game
        for state in random_positions(game, 6, seed=3):
            board, player = game.to_course(state), game.to_move(state)
            assert sorted(student.actions(board, player).value) == sorted(game.actions(state))
        agents = ASSIGNMENTS["dots_and_boxes"]["agents"]
        agent = student.agent("alpha_beta_player", agents["alpha_beta_player"])
        assert agent.call == "alpha_beta_player(dab, state)"
        for state in random_positions(game, 3, seed=4):
            move = agent.move(game.to_course(state), game.to_move(state))
            assert move.ok and move.action in game.actions(state), move
        bigger = student.at_size(load_game_at(game, 5, 5))
        assert bigger.rep.start == "dab_5x5.initial"
        empty = bigger.game.initial_state()
        assert len(bigger.actions(bigger.game.to_course(empty), 1).value) == len(bigger.game.actions(empty))


def load_game_at(game, rows: int, cols: int):
    from reference.games import load_game

    return load_game(game.name, rows=rows, cols=cols)


@pytest.mark.slow
def test_a_textbook_dots_and_boxes_result_without_the_extra_turn_is_charged_to_result(tmp_path):
    spec = load_rubric(None).assignment("dots_and_boxes")
    right = grade_submission(STUDENTS / "textbook_dots_and_boxes_game.py", "dots_and_boxes", spec)
    source = (STUDENTS / "textbook_dots_and_boxes_game.py").read_text()
    assert NO_EXTRA_TURN[0] in source
    path = tmp_path / "textbook_dots_and_boxes_no_extra_turn.py"
    path.write_text(source.replace(*NO_EXTRA_TURN))
    buggy = grade_submission(path, "dots_and_boxes", spec)
    assert {check for check, off in lost(right).items() if off} <= {
        "mcts_player: legal moves in time", "mcts_player: beats random",
        "alpha_beta_player: tactics that need depth"}  # its search looks 3 lines ahead: the endgame needs more
    taken = {check for check, off in lost(buggy).items() if off} - set(
        check for check, off in lost(right).items() if off)
    assert "result: canned boards" in taken or "result: random positions" in taken
    assert not any(check.startswith(("initial_state", "actions", "terminal", "utility")) for check in taken), taken
