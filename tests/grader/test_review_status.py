"""Honest doubt: where the binder is unsure it found the student's code for a role or an agent
(``StudentGame.doubts``), every check of that target goes to a person (status ``review``) with the evidence,
keeping the points its answers earn, provisionally. It is decided once, where checks are run."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from grader.checks.base import Check, Outcome
from grader.checks.kinds import KINDS
from grader.grading import grade_submission, run_check
from grader.rubric import CheckSpec, load_rubric
from tests.paths import TESTS

EVIDENCE = "best reading agrees on 7 of 12 probe positions; runner-up (result(board, action, player)) 6 of 12"


class Halfway(Check):
    """A check kind that gives half its points, whatever it judges."""

    target = "agent"

    def run(self, ctx, spec):
        return Outcome(0.5, "3 of 6 positions right")


class ByHand(Check):
    def run(self, ctx, spec):
        return Outcome(0.0, "graded by hand", status="manual")


@pytest.fixture
def kinds(monkeypatch):
    monkeypatch.setitem(KINDS, "halfway", Halfway())
    monkeypatch.setitem(KINDS, "by_hand", ByHand())


def context(doubts):
    return SimpleNamespace(student=SimpleNamespace(doubts=doubts), sandbox=None)


def test_a_check_whose_target_is_in_doubt_goes_to_review_with_its_points_and_the_evidence(kinds):
    spec = CheckSpec(kind="halfway", target="alpha_beta_player", points=4)
    doubted = run_check(context({"alpha_beta_player": EVIDENCE}), "Task 3", spec)
    assert (doubted.status, doubted.points) == ("review", 2.0)
    assert doubted.message == f"3 of 6 positions right\nNeeds a person: {EVIDENCE}. The points are provisional " \
                              "until a person confirms how your code was read."
    sure = run_check(context({"result": EVIDENCE}), "Task 3", spec)  # another target's doubt is not this one's
    assert (sure.status, sure.points, sure.message) == ("partial", 2.0, "3 of 6 positions right")


def test_a_check_graded_by_hand_stays_with_the_person_who_grades_it(kinds):
    spec = CheckSpec(kind="by_hand", target="alpha_beta_player", points=5)
    assert run_check(context({"alpha_beta_player": EVIDENCE}), "Task 3", spec).status == "manual"


def test_a_helper_named_like_a_role_that_agrees_under_no_reading_is_left_to_a_person():
    """place_preview(board, col) answers boards with the first player's disc whoever moves: a result() that
    ignores the player, or a display helper beside a missing result()? Its checks keep what its answers earn
    (the first player's boards are right) and a person decides; the other roles are graded as ever."""
    assignment = load_rubric().assignment("connect4")
    result = grade_submission(TESTS / "students" / "c4_helper_named_like_result.py", "connect4", assignment,
                              public_only=True)
    by_name = {c.check: c for c in result.checks}
    canned = by_name["result: canned boards"]
    assert canned.status == "review" and 0 < canned.points < canned.max_points
    assert "no function is named for result() and none does what it does on every probe position: " \
           "place_preview() was taken" in canned.message
    assert canned.message.startswith("6 of 17 boards right")  # the check's own finding, then the doubt
    assert {by_name[c].status for c in ("result: random positions", "result: does not change its input board")} \
        == {"review"}
    assert {by_name[c].status for c in ("actions: canned boards", "terminal: canned boards",
                                        "utility: canned boards")} == {"passed"}


def test_with_no_reading_confirmed_the_initial_state_and_the_agents_go_to_a_person_too(tmp_path):
    """Dots and Boxes lines kept in two 0/1 matrices (a form no reading knows) with an actions() that lists only
    the horizontal lines (half the moves): no reading is confirmed and no replay through the student's code can
    start, so every board the checks hand over is in a guessed form. The empty board and the agents, which are
    right, are then no confident zeros: every check is left to a person, with the evidence."""
    from tests.metamorphic.grading import grade_face
    from tests.metamorphic.transformations import compose

    horizontals_only = ("def actions(board):\n    rows, cols = board['size']\n"
                        "    lines = [('h', r, c) for r in range(rows) for c in range(cols - 1)]  # no vertical\n"
                        "    return [line for line in lines if line not in board['lines']]\n")
    result = grade_face(compose("dots_and_boxes", ("line_matrices",)), tmp_path, extra_cells=[horizontals_only])
    by_name = {c.check: c for c in result.checks}
    assert {c.status for c in result.checks} == {"review"}
    assert "your states are objects of your own" in by_name["initial_state: empty board"].message
    assert "no reading of your boards was confirmed" in by_name["random_player: legal moves in time"].message


def test_an_actions_that_misses_a_few_moves_still_lets_positions_be_replayed_and_alone_loses_points(tmp_path):
    """The same form with an actions() that misses the right edge's lines (most moves listed): the replay through
    the student's code stands, and actions() alone loses points, confidently (before, every check went to a
    person)."""
    from tests.metamorphic.grading import grade_face, lost
    from tests.metamorphic.transformations import compose
    from tests.validity_mutants import MUTANTS

    mutant = next(m for m in MUTANTS if m.name == "dab_actions_miss_right_edge")
    result = grade_face(compose("dots_and_boxes", ("line_matrices",)), tmp_path, extra_cells=[mutant.cell])
    assert set(lost(result)) == {"actions: canned boards", "actions: random positions"}
    assert "review" not in {c.status for c in result.checks}


def test_on_positions_built_through_the_students_result_a_misgiven_box_is_charged_to_result_not_utility(tmp_path):
    """A Dots and Boxes state object whose result() gives each box to the opponent: the grader learns where the
    object keeps each line and box owner, writes each position's squares itself and reads the state result()
    returns, so the box it misgave is charged to result(), and utility(), asked on exact positions, keeps its
    points (before, the loss surfaced in utility() and went to a person)."""
    from tests.metamorphic.grading import grade_face
    from tests.metamorphic.transformations import compose
    from tests.validity_mutants import MUTANTS

    mutant = next(m for m in MUTANTS if m.name == "dab_result_box_for_the_other_player")
    result = grade_face(compose("dots_and_boxes", ("state_object",)), tmp_path, extra_cells=[mutant.cell])
    by_name = {c.check: c for c in result.checks}
    charged = by_name["result: canned boards"]
    assert charged.status != "review" and charged.points < charged.max_points
    assert "the state it returned is not the position after this move" in charged.message
    for check in ("utility: canned boards", "utility: random positions", "terminal: canned boards"):
        assert by_name[check].status == "passed", (check, by_name[check].message)


def test_states_of_the_students_own_whose_actions_lists_drawn_lines_leave_result_and_agents_to_a_person(
        tmp_path):
    """A Dots and Boxes state object whose actions() also lists drawn lines: no reading knows the object, and
    replaying moves through the student's code cannot agree with the rules (its actions() is what is wrong).
    actions() loses points, and so do the agents that draw from it, but one of actions() and result() is wrong and
    the grader cannot tell which: those, and result() (right, by the squares its states keep), go to a person
    rather than to a confident verdict; the empty board, judged by its squares, and terminal() keep their points."""
    from tests.metamorphic.grading import grade_face
    from tests.metamorphic.transformations import compose
    from tests.validity_mutants import MUTANTS

    mutant = next(m for m in MUTANTS if m.name == "dab_actions_include_drawn_lines")
    result = grade_face(compose("dots_and_boxes", ("state_object",)), tmp_path, extra_cells=[mutant.cell])
    status = {c.check: c.status for c in result.checks}
    points = {c.check: c.points < c.max_points for c in result.checks}
    assert points["actions: canned boards"] and status["actions: canned boards"] == "review"
    assert {status[c] for c in ("result: canned boards", "random_player: legal moves in time")} == {"review"}
    assert status["initial_state: empty board"] == status["terminal: canned boards"] == "passed"


def _tictactoe_rewritten(tmp_path, *replacements: tuple[str, str]) -> dict:
    """The staff tic-tac-toe solution with each (old, new) replaced, graded (public checks): check -> result."""
    written = (TESTS.parent / "reference" / "solutions" / "tictactoe.py").read_text()
    for old, new in replacements:
        assert old in written
        written = written.replace(old, new)
    path = tmp_path / "rewritten.py"
    path.write_text(written)
    result = grade_submission(path, "tictactoe", load_rubric().assignment("tictactoe"), public_only=True)
    return {c.check: c for c in result.checks}


@pytest.mark.parametrize("uses_them", [False, True])
def test_an_agent_that_takes_what_the_grader_cannot_give_is_passed_none_and_goes_to_a_person_if_it_fails(
        tmp_path, uses_them):
    """random_player(board, player, history, canvas) needs two values the notebook makes in its own game loop
    (no global of those names): the grader passes None, as before a first move. Code that copes is graded as
    ever; code that fails on None gives no evidence against itself, so the check goes to a person with the
    parameters named. The other roles are graded as ever."""
    by_name = _tictactoe_rewritten(tmp_path, ("def random_player(board, player=None):",
                                              "def random_player(board, player, history, canvas):"
                                              + ("\n    history.append(canvas)" if uses_them else "")))
    legal = by_name["random_player: legal moves in time"]
    assert legal.status == ("review" if uses_them else "passed"), legal.message
    if uses_them:
        assert "the grader knows no value for history, canvas in its calls of your random_player()" in legal.message
    assert by_name["actions: canned boards"].status == "passed"


@pytest.mark.parametrize("uses_it", [False, True])
def test_a_rule_given_state_kept_beside_the_board_is_passed_none_and_goes_to_a_person_if_it_fails(tmp_path, uses_it):
    """actions(board, last_move, player) and terminal(board, last_move): the notebook's loop passes the last move;
    the grader has none to pass, so it passes None, as before the first move. Code that copes keeps its points;
    code that raises on None gives no evidence against itself: a person looks, shown the call with None."""
    by_name = _tictactoe_rewritten(tmp_path, ("def actions(board):", "def actions(board, last_move, player='x'):"
                                              + ("\n    assert len(last_move) == 2" if uses_it else "")),
                                   ("def terminal(board):", "def terminal(board, last_move):"))
    canned = by_name["actions: canned boards"]
    assert canned.status == ("review" if uses_it else "passed"), canned.message
    if uses_it:
        assert "the grader knows no value for last_move (it passes None)" in canned.message
        assert canned.boards and canned.boards[0].call == "actions(board, None, 'x')", canned.boards[:1]
    assert by_name["terminal: canned boards"].status == "passed", by_name["terminal: canned boards"].message


def test_orders_pass_none_where_names_say_the_call_gives_nothing():
    """The order the names spell comes first, None where a parameter names nothing the role is given (or a move
    for a function of the position); where required parameters outnumber the roles, None is tried at every place."""
    from grader.adapt.signatures import NOTHING, argument_orders
    from grader.sandbox.calls import Parameter

    def params(*names: str, defaults: int = 0) -> list[Parameter]:
        return [Parameter(name=n, kind="POSITIONAL_OR_KEYWORD", has_default=i >= len(names) - defaults)
                for i, n in enumerate(names)]

    assert argument_orders(params("board", "last_mean_move", "player"), ("state", "player"))[0] == \
        ("state", NOTHING, "player")
    assert argument_orders(params("board", "last_mean_move", "player", defaults=1), ("state", "player"))[0] == \
        ("state", NOTHING, "player")
    result_orders = argument_orders(params("board", "player", "move", "last_move"), ("state", "action", "player"))
    assert result_orders[0] == ("state", "player", "action", NOTHING)
    assert ("state", "action", "player", NOTHING) in result_orders
    assert NOTHING not in {r for order in argument_orders(params("board", "player"), ("state", "player"))
                           for r in order}
    scores = argument_orders(params("board", "scores", "player", defaults=1), ("state", "player"))
    assert scores[0] == ("state", "player") and ("state", NOTHING, "player") in scores  # a name that says nothing
    # no name says the board: it is the first parameter named for nothing
    assert argument_orders(params("g", "last_move", "player", defaults=1), ("state", "player"))[0] == \
        ("state", NOTHING, "player")


def test_an_agent_with_no_parameter_named_for_the_board_takes_it_in_its_first_unnamed_one():
    from grader.adapt.agents import _agent_order
    from grader.sandbox.calls import Parameter

    def params(*names: str, defaults: int = 0) -> list[Parameter]:
        return [Parameter(name=n, kind="POSITIONAL_OR_KEYWORD", has_default=i >= len(names) - defaults)
                for i, n in enumerate(names)]

    assert _agent_order(params("player", "g")) == ("player", "state")
    assert _agent_order(params("g", "player", "max_depth")) == ("state", "player", "depth")
    # 'g' names the game object only beside a parameter for the board
    assert _agent_order(params("g", "player", defaults=1), game_object="rules") == ("state", "player")
    assert _agent_order(params("g", "board"), game_object="rules") == ("game", "state")


def test_agents_handed_boards_that_every_function_raised_on_go_to_a_person(tmp_path, monkeypatch):
    """Lines written as ('h', (r, c)), with that form made unknown to the grader: the empty board reads, but the
    student's functions raise on every other board the grader writes, and no replay can start. The agents, which
    are right, fail on the same guessed boards: no evidence against them, so they go to a person (before, only an
    actions() whose listed moves read as none sent them; one that raised everywhere left confident zeros)."""
    import grader.games.dots_and_boxes.moves as moves
    import grader.games.dots_and_boxes.representation as representation
    from tests.metamorphic.grading import grade_face
    from tests.metamorphic.transformations import compose

    monkeypatch.setattr(representation.DotsAndBoxesRepresentation, "action_kinds", ("line", "dots", "dots_xy"))
    monkeypatch.setattr(representation, "unnested", lambda value: value)
    monkeypatch.setattr(moves, "unnested", lambda value: value)
    result = grade_face(compose("dots_and_boxes", ("nested_lines",)), tmp_path)
    agents = [c for c in result.checks if c.check.endswith("legal moves in time")]
    assert len(agents) == 3 and all(c.points == 0 for c in agents)
    assert {c.status for c in agents} == {"review"}, [c.message for c in agents]
    assert "no reading of your boards was confirmed" in agents[0].message
