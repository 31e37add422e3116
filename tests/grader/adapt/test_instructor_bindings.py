"""Roles bound by the instructor: each expression is evaluated in the student's namespace and called as the
course template calls the role, on the course's boards, without inference; a bad one is one error that
names the bindings file and line, as the role's result."""

from __future__ import annotations

import pytest

from grader.adapt import adapt, student_agent
from grader.bindings_yaml import InstructorBinding, read_bindings
from grader.sandbox import Limits, Sandbox
from reference.positions import random_positions
from tests.helpers.adapting import STUDENTS, agrees_with_reference, functions_of
from tests.paths import TESTS

STUDENT = "c4_rules_as_methods_of_a_position_class"
SOURCE = (STUDENTS / f"{STUDENT}.py").read_text()
ROLES = {"initial_state", "actions", "result", "terminal", "utility", "random_player"}


def bound(**expressions: str) -> dict[str, InstructorBinding]:
    return {role: InstructorBinding(role, text, "bindings.yaml", line)
            for line, (role, text) in enumerate(expressions.items(), start=2)}


def adapted(bindings):
    box = Sandbox([SOURCE], Limits(call_timeout=2.0))
    game, functions = functions_of("connect4")
    return box, adapt(box, game, functions, source=SOURCE, bindings=bindings)


def test_rules_written_as_methods_of_a_class_built_from_the_position_are_graded_through_the_bindings():
    bindings = read_bindings(TESTS / "instructor_bindings" / "position_class.yaml", ROLES).for_submission(STUDENT)
    box, student = adapted(bindings)
    with box:
        game = student.game
        agrees_with_reference(student, game)
        for state in random_positions(game, 10, seed=3, include_terminal=True):
            board = game.to_course(state)
            if game.terminal(state):
                assert student.utility(board, 1).value == game.utility(state, 1)
        assert student.initial_state().value.tolist() == game.to_course(game.initial_state()).tolist()
        board = game.to_course(game.initial_state())
        assert student.describe_call("result", board, 1, 3) == \
            "result(board, 1, 3) with result = lambda board, player, action: Game(player, board=board).result(action).board"
        assert "actions: bound by the instructor: lambda board: Game(1, board=board).actions()" in \
            student.interface.adaptations
        smaller = student.at_size(type(game)(rows=5, cols=6))  # the canned boards of other sizes
        assert smaller.actions(smaller.game.to_course(smaller.game.initial_state())).value == list(range(6))

        agent = student_agent(box, student, "random_player", ["random_player"], ["random_player"], timeout=2.0)
        state = random_positions(game, 1, seed=4)[0]
        assert agent.move(game.to_course(state), game.to_move(state)).action in game.actions(state)
        assert agent.notes == ["random_player: bound by the instructor: "
                               "lambda board, player: random_move(Game(player, board=board))"]


def test_a_role_left_unbound_is_inferred_as_ever():
    """Only result is bound (it answers a new Game, no board); actions is the binder's own find."""
    box, student = adapted(bound(result="lambda board, player, action: Game(player, board=board).result(action).board"))
    with box:
        game = student.game
        agrees_with_reference(student, game)
        board = game.to_course(game.initial_state())
        assert student.describe_call("result", board, 1, 3).startswith("result(board, 1, 3) with result = lambda")
        assert " with actions = " not in student.describe_call("actions", board, 1)
        assert not any(a.startswith("actions: bound by the instructor") for a in student.interface.adaptations)


@pytest.mark.parametrize("expression, words", [
    ("lambda board: Game(1, board=board).actions(", "is not a Python expression ('(' was never closed)"),
    ("Gaem.actions", "could not be evaluated in the notebook's namespace: NameError: name 'Gaem' is not defined"),
    ("Game(1).board", "is a numpy.ndarray, which cannot be called as actions(board)"),
    ("lambda board: Gme(1, board=board).actions()",
     "called as actions(board), raised NameError: name 'Gme' is not defined"),
    ("lambda board, player: Game(player, board=board).actions()",
     "called as actions(board), raised TypeError: <lambda>() missing 1 required positional argument: 'player'"),
])
def test_a_bad_expression_is_one_error_naming_the_file_and_line_as_the_roles_result(expression, words):
    box, student = adapted(bound(actions=expression))
    with box:
        assert not student.has("actions")
        assert student.interface.problems["actions"].startswith(f"bindings.yaml, line 2: actions: `{expression}`")
        assert words in student.interface.problems["actions"]
        assert student.actions(student.game.to_course(student.game.initial_state())).kind == "missing"


def test_a_bad_agent_expression_is_the_agents_result():
    box, student = adapted(bound(random_player="lambda board: random_move(board)"))
    with box:
        found = student_agent(box, student, "random_player", ["random_player"], ["random_player"], timeout=2.0)
        assert found == ("bindings.yaml, line 2: random_player: `lambda board: random_move(board)`, called as "
                         "random_player(board, player), raised TypeError: <lambda>() takes 1 positional argument but "
                         "2 were given")


@pytest.mark.parametrize("file", ["c4_state_no_reading_knows.py", "c4_in_place_class.py"])
def test_a_role_bound_by_the_instructor_beside_roles_replayed_through_the_students_own_code(file):
    """Positions built by replay for the student's roles; the bound role gets the course's board itself."""
    source = (STUDENTS / file).read_text()
    box = Sandbox([source], Limits(call_timeout=2.0))
    game, functions = functions_of("connect4")
    student = adapt(box, game, functions, source=source,
                    bindings=bound(terminal="lambda board: bool((board[0] != 0).all())"))  # "full", on purpose
    with box:
        assert type(student).__name__.startswith("InstructorBoundReplayed")
        state = random_positions(game, 1, seed=2)[0]
        action = game.actions(state)[0]
        board, player = game.to_course(state), game.to_move(state)
        assert student.result(board, player, action).value.tolist() == game.to_course(game.result(state, action)).tolist()
        full = game.to_course(game.initial_state())
        full[0, :] = 1  # not a position of the game: only the bound expression reads it
        assert student.terminal(full).value is True and student.terminal(board).value is False
        assert student.describe_call("terminal", board).startswith("terminal(board) with terminal = lambda board:")


def test_the_course_representation_is_the_course_boards_players_and_moves_themselves():
    from grader.adapt.instructor_bindings import course_representation
    from reference.games import load_game

    for name in ("tictactoe", "connect4", "mean_connect4", "dots_and_boxes"):
        game = load_game(name)
        rep = course_representation(game)
        state = random_positions(game, 1, seed=1)[0]
        board = game.to_course(state)
        assert game.same_board(rep.decode_board(rep.encode_board(board)), board)
        assert repr(rep.encode_board(board)) == repr(board), name
        assert all(rep.encode_action(a, board) == a for a in game.actions(state)), name
