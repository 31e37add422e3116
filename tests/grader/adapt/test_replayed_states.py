"""Functional game code whose state no reading of a board knows: positions are built inside the worker
from the student's initial state, replaying moves through their own result(), and each role is judged by
what the student's own functions answer. A bug is charged to the function that has it, and only there."""

import pytest

from grader.adapt import ReplayedGame
from reference.games import load_game
from reference.positions import finished_games, random_positions
from tests.helpers.adapting import STUDENTS, adapted_source

FIXTURE = "c4_state_no_reading_knows.py"
#: result() that forgets to hand the turn over
TURN_KEPT = ("'turn': 'Y' if state['turn'] == 'R' else 'R'}", "'turn': state['turn']}")
#: terminal() that misses the diagonals (its own winner check, as students often write one per role)
NO_DIAGONALS = ("def terminal(state):\n    return winner(state) is not None",
                "def terminal(state):\n    return winner(state, ((1, 0), (0, 1))) is not None")
#: utility() from the wrong side
WRONG_SIDE = ("    return 1 if w == player else -1", "    return -1 if w == player else 1")


def variant(*changes: tuple[str, str]) -> str:
    source = (STUDENTS / FIXTURE).read_text()
    for old, new in changes:
        assert old in source
        source = source.replace(old, new)
    return source


def with_directions(source: str) -> str:
    """The fixture's winner() taking the directions it looks in (the default: all four)."""
    return variant(("def winner(state):\n    grid = state['grid']",
                    "def winner(state, directions=((1, 0), (0, 1), (1, 1), (1, -1))):\n    grid = state['grid']"),
                   ("        for dc, dh in ((1, 0), (0, 1), (1, 1), (1, -1)):\n            if all(",
                    "        for dc, dh in directions:\n            if all("),
                   *[c for c in [source] if isinstance(c, tuple)])


def wrong_roles(student, game, positions: int = 12) -> dict[str, int]:
    """How many positions each role gets wrong against the reference (result: the board and the turn)."""
    wrong = {"actions": 0, "result": 0, "terminal": 0, "utility": 0}
    games = finished_games(game, 5)
    for state in random_positions(game, positions, seed=3) + [next(games) for _ in range(positions // 2)]:
        board, player = game.to_course(state), game.to_move(state)
        if not game.terminal(state):
            got = student.actions(board, player)
            wrong["actions"] += not got.ok or sorted(got.value) != sorted(game.actions(state))
            for action in game.actions(state)[:3]:
                after = game.result(state, action)
                got = student.result(board, player, action)
                wrong["result"] += not got.ok or not game.same_board(got.value, game.to_course(after)) or \
                    (not game.terminal(after) and got.moves_again not in (None, game.to_move(after) == player))
        got = student.terminal(board)
        wrong["terminal"] += not got.ok or got.value != game.terminal(state)
        for view in (1, -1):
            u = game.utility(state, view)
            got = student.utility(board, view)
            margin = "margin" in student.interface.bindings["utility"].reading  # read as the course reads it
            wrong["utility"] += not got.ok or got.value != (u if margin else (u > 0) - (u < 0))
    return wrong


@pytest.fixture(scope="module")
def no_reading_knows():
    """The fixture adapted once for the tests that only ask its functions: (sandbox, student). The test whose
    agent search is stopped by its timeout opens its own, since that makes the worker respawn."""
    box, student = adapted_source((STUDENTS / FIXTURE).read_text())
    with box:
        yield box, student


def test_a_state_no_reading_knows_is_built_through_the_students_own_functions(no_reading_knows):
    _, student = no_reading_knows
    assert isinstance(student, ReplayedGame)
    rep = student.rep
    assert rep.turn == ("key", "turn") and rep.players == ("R", "Y")
    assert "replaying the moves" in " ".join(student.interface.adaptations)
    game = student.game
    assert wrong_roles(student, game) == {"actions": 0, "result": 0, "terminal": 0, "utility": 0}
    assert student.initial_state().ok


def test_boards_of_another_size_are_built_through_the_size_the_initial_state_takes(no_reading_knows):
    _, student = no_reading_knows
    small = load_game("connect4", rows=5, cols=6)
    resized = student.at_size(small)
    assert wrong_roles(resized, small, positions=6) == {"actions": 0, "result": 0, "terminal": 0, "utility": 0}


@pytest.mark.parametrize("change, role", [
    ((TURN_KEPT,), "result"),
    ((WRONG_SIDE,), "utility"),
    ("no diagonals", "terminal"),
])
def test_a_bug_is_charged_to_the_function_that_has_it_alone(change, role):
    source = with_directions(None) if change == "no diagonals" else variant(*change)
    if change == "no diagonals":
        source = source.replace(*NO_DIAGONALS)
    box, student = adapted_source(source)
    with box:
        assert isinstance(student, ReplayedGame)
        wrong = wrong_roles(student, student.game)
        assert wrong[role] > 0
        assert {r: n for r, n in wrong.items() if r != role} == {r: 0 for r in wrong if r != role}


def test_a_result_that_drops_the_disc_into_the_wrong_column_is_charged_there():
    box, student = adapted_source(variant(("grid[(action, heights[action])] = state['turn']\n    heights[action] += 1",
                                    "column = min(action + 1, len(heights) - 1) if heights[action] == 2 else action\n"
                                    "    grid[(column, heights[column])] = state['turn']\n    heights[column] += 1")))
    with box:
        wrong = wrong_roles(student, student.game)
        assert wrong["result"] > 0


DAB_FIXTURE = "dab_state_no_reading_knows.py"
#: result() that forgets the extra move after closing a box
NO_EXTRA_MOVE = ("    mover = state.mover if closed else 3 - state.mover", "    mover = 3 - state.mover")


@pytest.mark.parametrize("change, role", [((), None), ((NO_EXTRA_MOVE,), "result")])
def test_dots_and_boxes_in_a_layout_of_the_students_own_is_built_through_their_functions(change, role):
    source = (STUDENTS / DAB_FIXTURE).read_text()
    for old, new in change:
        assert old in source
        source = source.replace(old, new)
    box, student = adapted_source(source, "dots_and_boxes")
    with box:
        assert isinstance(student, ReplayedGame)
        assert student.rep.encoding.startswith("pairs of dots") and student.rep.turn == ("field", "mover")
        wrong = wrong_roles(student, student.game, positions=8)
        assert {r: n for r, n in wrong.items() if r != role} == {r: 0 for r in wrong if r != role}
        if role:
            assert wrong[role] > 0


def test_tic_tac_toe_whose_state_keeps_each_players_cells_is_built_through_their_functions():
    box, student = adapted_source((STUDENTS / "ttt_state_no_reading_knows.py").read_text(), "tictactoe")
    with box:
        assert isinstance(student, ReplayedGame)
        assert student.rep.encoding == "cells as (row, col)" and student.rep.players == ("X", "O")
        assert wrong_roles(student, student.game, positions=10) == \
            {"actions": 0, "result": 0, "terminal": 0, "utility": 0}


def test_a_game_function_answering_false_is_never_taken_for_an_agent():
    box, student = adapted_source((STUDENTS / FIXTURE).read_text())
    with box:
        found = student.agent("alpha_beta_player", ["alpha_beta_player"], timeout=0.001)  # the search cannot answer
        assert isinstance(found, str) or found.name not in ("terminal", "utility", "winner")
        found = student.agent("alpha_beta_player", ["alpha_beta_player"], timeout=5.0)
        assert not isinstance(found, str) and found.name == "alpha_beta_player"


def test_a_result_that_changes_the_state_it_is_given_loses_only_that_point(no_reading_knows):
    in_place = ("    grid = dict(state['grid'])\n    heights = list(state['heights'])",
                "    grid = state['grid']\n    heights = state['heights']")
    box, student = adapted_source(variant(in_place))
    with box:
        game = student.game
        state = random_positions(game, 1, seed=4)[0]
        board, player = game.to_course(state), game.to_move(state)
        assert student.mutation("result", board, player, game.actions(state)[0]).mutated is True
        assert wrong_roles(student, game, positions=6) == {"actions": 0, "result": 0, "terminal": 0, "utility": 0}
    _, right = no_reading_knows  # the fixture as it is, changing nothing it is given
    assert right.mutation("result", board, player, game.actions(state)[0]).mutated is False


@pytest.mark.parametrize("words", ["numbers counted from 1", "the course's own moves"])
def test_a_kind_of_move_the_first_position_lacks_is_read_by_the_rule_learned_there(words):
    """Mean Connect 4's empty board lists only columns; the mean moves that come later are read by the same
    rule: every number of a move counted from 1, as the columns were."""
    from grader.adapt.replayed_states import decode_move, match_encoding

    game = load_game("mean_connect4")
    shift = 1 if words == "numbers counted from 1" else 0
    listed = [c + shift for c in game.actions(game.initial_state())]
    (found, table), *_ = [(w, t) for w, t in match_encoding(listed, game, game.initial_state()) if w == words]
    mean = next(m for m in game.actions(random_positions(game, 30, seed=3)[-1]) if isinstance(m, tuple))
    written = table[mean]
    assert written == tuple(p + shift for p in mean)
    assert decode_move(found, written, game, table) == mean


#: result() that raises on a third disc in the last column (an index bug of its own)
RAISES_ON_A_TALL_COLUMN = ("    grid[(action, heights[action])] = state['turn']\n",
                           "    if action == 6 and heights[6] == 2:\n        raise IndexError('column 6 is full')\n"
                           "    grid[(action, heights[action])] = state['turn']\n")


def test_a_position_the_students_result_fails_to_build_is_left_out_of_other_functions_not_charged_to_them():
    """Replaying moves through a result() that raises on the way: the position is never built, so a terminal()
    asked there is not answering (left out of its count); result() itself is charged where the move is its own."""
    game = load_game("connect4")
    tall = game.initial_state()
    for action in (6, 0, 6, 0):
        tall = game.result(tall, action)
    box, student = adapted_source(variant(RAISES_ON_A_TALL_COLUMN))
    with box:
        assert isinstance(student, ReplayedGame)
        beyond = game.result(tall, 6)  # reached only through the move that raises
        asked = student.terminal(game.to_course(beyond))
        assert not asked.ok and asked.kind == "unreachable"
        assert "IndexError: column 6 is full" in asked.error and "on the way there" in asked.error
        own = student.result(game.to_course(tall), game.to_move(tall), 6)
        assert not own.ok and own.kind != "unreachable" and "IndexError" in own.error
        assert student.terminal(game.to_course(tall)).ok  # built without that move: answered as ever
