"""Shapes whose reading is learned from the student's own replayed states: the players' ids a state holds when
nothing the replay calls is told a player, each square's values read as every square's are, and kinds of move
the initial state does not list (Mean Connect 4's mean moves) written as the student's own actions() writes them."""

import pytest

from grader.adapt import ReplayedGame
from grader.adapt.replayed_states import NoReplay, line_of_play
from tests.grader.adapt.test_replayed_states import wrong_roles
from tests.helpers.adapting import STUDENTS, adapted_source


def test_the_ids_a_state_holds_are_the_players_when_no_function_is_told_one():
    box, student = adapted_source((STUDENTS / "c4_board_class_ids_1_2_from_the_counts.py").read_text())
    with box:
        assert isinstance(student, ReplayedGame)
        assert student.rep.players == (1, 2)
        cells = student.rep.learned()
        assert cells is not None and all(cell.table == {1: 1, -1: 2} for cell in cells.cells)
        assert wrong_roles(student, student.game) == {"actions": 0, "result": 0, "terminal": 0, "utility": 0}


def test_mean_moves_the_empty_board_does_not_list_are_written_as_the_students_actions_write_them():
    box, student = adapted_source((STUDENTS / "mc4_state_object_tagged_moves.py").read_text(), "mean_connect4")
    with box:
        assert isinstance(student, ReplayedGame)
        rep, game = student.rep, student.game
        assert rep.to_student[3] == ("drop", 3) and rep.to_student[(2, 5)] == ("mean", 2, 5)
        state = game.result(game.result(game.initial_state(), 3), 2)  # red may now move yellow's disc
        board, player = game.to_course(state), game.to_move(state)
        got = student.actions(board, player)
        assert got.ok and sorted(got.value, key=repr) == sorted(game.actions(state), key=repr)
        mean = next(a for a in game.actions(state) if isinstance(a, tuple))
        got = student.result(board, player, mean)
        assert got.ok and game.same_board(got.value, game.to_course(game.result(state, mean)))


def test_moves_no_rule_reads_are_matched_by_the_boards_the_students_result_makes():
    box, student = adapted_source((STUDENTS / "mc4_moves_numbered_as_one_action_space.py").read_text(), "mean_connect4")
    with box:
        assert isinstance(student, ReplayedGame)
        rep, game = student.rep, student.game
        assert rep.to_student[3] == 3 and rep.to_student[(2, 5)] == 7 + 7 * 2 + 5
        assert len(rep.to_student) == 7 + 7 * 7  # every mean move: from each column into each
        state = game.result(game.result(game.initial_state(), 3), 2)
        board, player = game.to_course(state), game.to_move(state)
        got = student.actions(board, player)
        assert got.ok and sorted(got.value, key=repr) == sorted(game.actions(state), key=repr)
        for mean in [a for a in game.actions(state) if isinstance(a, tuple)][:3]:
            got = student.result(board, player, mean)
            assert got.ok and game.same_board(got.value, game.to_course(game.result(state, mean)))


def test_an_agents_position_no_line_of_play_reaches_is_written_into_the_students_initial_state():
    """After 6, 6, 6, 6, 0 yellow moves red's disc from column 0 to column 1: the search for a line of play from the
    empty board finds none. A game the agent plays reaches such boards; the learned cells say where every value of
    the state lives, so it is written for the agent."""
    box, student = adapted_source((STUDENTS / "mc4_state_object_tagged_moves.py").read_text(), "mean_connect4")
    with box:
        game = student.game
        state = game.initial_state()
        for move in [6, 6, 6, 6, 0, (0, 1)]:
            state = game.result(state, move)
        board, player = game.to_course(state), game.to_move(state)
        with pytest.raises(NoReplay):
            line_of_play(game, board, player, {})
        assert not student.actions(board, player).ok  # a role's board no line reaches stays out of the count
        agent = student.agent("random_player", ["random_player"])
        assert not isinstance(agent, str), agent
        move = agent.move(board, player)
        assert move.ok and move.action in game.actions(state), move.error
