"""Counting the search: the sandbox counts the calls to a submission's own functions during
one decision, ``read_search`` finds the search's nodes in them whatever the style, and the
``search_nodes`` check compares them with plain minimax at the same depth."""

from __future__ import annotations


import pytest

from grader.search_tree import Search, SearchCalls, read_search
from grader.checks.search_nodes import diagnose_search, search_positions
from grader.sandbox import Limits, Sandbox
from reference.agents.minimax import minimax_levels
from reference.games import load_game
from tests.paths import TESTS

pytestmark = pytest.mark.timeout(60)

STYLES = (TESTS / "search_styles" / "searches.py").read_text()
FULL_TREE = (1, 3, 9, 27)  # the toy game's positions per level to depth 3


@pytest.fixture(scope="module")
def box():
    with Sandbox([STYLES], Limits(call_timeout=10.0)) as box:
        assert box.load_report.ok, box.load_report
        yield box


def searched(box, target, *args):
    r = box.call_with(target, args, count_calls=True)
    assert r.ok, r.describe_error()
    return read_search(r.counted)


def test_calls_are_counted_only_when_asked(box):
    assert box.call("minimax_agent", 2).counted is None
    counted = box.call_with("minimax_agent", (2,), count_calls=True).counted
    calls = {f.name: f.calls for f in counted.functions}
    assert calls["minimax"] == 1 + 3 + 9 and calls["minimax_agent"] == 1
    assert "<listcomp>" not in calls and "<genexpr>" not in calls


def test_helpers_that_call_nothing_counted_are_counted_but_left_out_of_the_call_tree(box):
    counted = box.call_with("minimax_agent", (2,), count_calls=True).counted
    names = [f.name for f in counted.functions]
    leaf = names.index("value_of")  # called at every leaf, calls nothing of the submission
    assert counted.functions[leaf].calls == 9
    assert all(function != leaf for function, _ in counted.calls)
    assert len(counted.calls) == 1 + 13  # the agent and minimax's calls


def test_a_recursive_function_visits_the_whole_tree_without_pruning(box):
    found = searched(box, "minimax_agent", 3)
    assert found.functions == ("minimax",)
    assert found.searches == (Search(FULL_TREE),)


def test_max_and_min_functions_calling_each_other_are_one_search_rooted_at_the_agent(box):
    found = searched(box, "max_min_agent", 3)
    assert found.functions == ("max_value", "min_value")
    (search,) = found.searches
    assert search.levels[:2] == (1, 3) and search.depth == 3 and search.nodes < sum(FULL_TREE)  # it prunes


def test_negamax_with_make_and_unmake_in_a_class_is_counted(box):
    agent = box.create("NegamaxAgent").value
    r = box.call_with(agent.attr("act"), (3,), count_calls=True)
    found = read_search(r.counted)
    assert found.functions == ("NegamaxAgent.negamax",)
    (search,) = found.searches
    assert search.levels[:2] == (1, 3) and search.depth == 3 and search.nodes < sum(FULL_TREE)


def test_a_wrapper_that_passes_each_call_on_is_not_a_node(box):
    found = searched(box, "wrapped_agent", 3)
    assert found.functions == ("value",)
    assert found.searches == (Search(FULL_TREE),)


def test_a_transposition_table_visits_fewer_positions(box):
    (search,) = searched(box, "memo_agent", 3).searches
    assert search.depth == 3 and search.levels[:3] == FULL_TREE[:3] and search.levels[3] < FULL_TREE[3]


def test_iterative_deepening_is_one_search_per_depth(box):
    found = searched(box, "deepening_agent", 3)
    assert found.searches == (Search((1, 3)), Search((1, 3, 9)), Search(FULL_TREE))


def test_a_call_stopped_after_its_seconds_keeps_the_searches_it_finished(box):
    r = box.call_with("endless_deepening_agent", (), count_calls=True, count_seconds=0.5, timeout=10.0)
    assert r.ok and r.value is None and r.counted.stopped and r.duration < 5
    found = read_search(r.counted)
    assert len(found.searches) >= 3
    assert [s.levels for s in found.searches[:3]] == [(1, 2), (1, 2, 4), (1, 2, 4, 8)]


def test_a_search_without_recursion_cannot_be_counted(box):
    found = searched(box, "stack_agent", 3)
    assert found.problem and not found.searches


# --- the verdicts ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def connect4_position():
    game = load_game("connect4", rows=6, cols=7)
    return game, search_positions(game, 1, 4, 7)[0]


def test_as_many_positions_as_minimax_is_no_pruning(connect4_position):
    game, state = connect4_position
    levels, _ = minimax_levels(game, state, 4)
    verdict = diagnose_search(game, state, SearchCalls(("value",), (Search(levels),)), asked_depth=4, depth_name="max_depth")
    assert verdict.kind == "no pruning" and verdict.charged
    assert f"visited {sum(levels):,} positions at depth 4" in verdict.words and "alpha >= beta" in verdict.words


def test_no_pruning_is_seen_in_any_iteration_of_iterative_deepening(connect4_position):
    game, state = connect4_position
    searches = tuple(Search(minimax_levels(game, state, d)[0]) for d in (1, 2, 3))
    assert diagnose_search(game, state, SearchCalls(("value",), searches), asked_depth=None).kind == "no pruning"


def test_a_search_one_level_deeper_than_asked_is_off_by_one(connect4_position):
    game, state = connect4_position
    pruned = Search((1, 7, 20, 60, 150, 300))  # depth 5, fewer positions than minimax
    verdict = diagnose_search(game, state, SearchCalls(("value",), (pruned,)), asked_depth=4, depth_name="depth")
    assert verdict.kind == "too deep" and "off by one" in verdict.words and "depth=4" in verdict.words


def test_a_pruned_search_at_the_asked_depth_or_one_short_is_fine(connect4_position):
    game, state = connect4_position
    for levels in ((1, 7, 20, 60, 150), (1, 7, 20, 60)):
        verdict = diagnose_search(game, state, SearchCalls(("value",), (Search(levels),)), asked_depth=4)
        assert verdict.kind == "fine" and not verdict.charged


def test_depth_one_cannot_prune_so_it_is_never_no_pruning(connect4_position):
    game, state = connect4_position
    levels, _ = minimax_levels(game, state, 1)
    assert diagnose_search(game, state, SearchCalls(("value",), (Search(levels),)), asked_depth=None).kind == "fine"


def test_what_cannot_be_counted_is_not_charged(connect4_position):
    game, state = connect4_position
    verdict = diagnose_search(game, state, SearchCalls(problem="no function calls itself"), asked_depth=4)
    assert verdict.kind == "not counted" and not verdict.charged


# --- the check through the real pipeline ------------------------------------------------------------


def check_on_course_solution(extra_cell: str = "", target: str = "alpha_beta_player", seed: int = 0):
    from grader.adapt import adapt
    from grader.checks.context import CheckContext
    from grader.grading import run_check
    from grader.rubric import load_rubric
    from reference.solutions import reference_cells

    rubric = load_rubric().assignment("connect4")
    rubric = rubric.model_copy(update={"agents": {**rubric.agents, target: [target]}})
    game = rubric.make_game()
    spec = next(s for task in rubric.tasks for s in task.checks if s.kind == "search_nodes")
    spec = spec.model_copy(update={"target": target})
    cells = [c.source for c in reference_cells("connect4") if c.kind == "code"] + [extra_cell]
    with Sandbox(cells, Limits(call_timeout=10.0)) as box:
        ctx = CheckContext(rubric, game, adapt(box, game, rubric.functions, timeout=2.0), sandbox=box, seed=seed)
        return run_check(ctx, "Task 3", spec)


def test_the_course_solution_keeps_every_point_with_its_depth_parameter_set():
    result = check_on_course_solution()
    assert result.points == result.max_points, result.message
    assert "with max_depth=4" in result.message and "alpha_beta_search.<locals>.value" in result.message


def test_the_course_solution_without_its_cutoff_test_loses_every_position_it_is_counted_on_and_is_told_why():
    """Every position whose search was counted is charged; one stopped by the move limit while it was
    counted (full minimax is slow, more so on a loaded machine) is not, by the check's rule."""
    from tests.validity_mutants import MUTANTS

    mutant = next(m for m in MUTANTS if m.name == "c4_alpha_beta_no_pruning")
    result = check_on_course_solution(mutant.cell)
    verdicts = [line for line in result.message.splitlines() if line.startswith("position ")]
    counted = [v for v in verdicts if "not charged" not in v]
    assert len(counted) >= len(verdicts) / 2
    assert all("as many as minimax without pruning" in v and "alpha >= beta" in v for v in counted), result.message
    assert result.points == pytest.approx(result.max_points * (len(verdicts) - len(counted)) / len(verdicts), abs=0.01)
    assert result.boards and "no pruning" in result.boards[0].caption


def test_a_move_that_fails_earns_nothing_and_a_search_counted_nowhere_earns_nothing_with_the_reason():
    from grader.checks.search_nodes import Verdict, outcome

    failed = outcome([Verdict("no move", "no legal move to count the search of: raised ValueError")] * 2, [], 4, None)
    assert failed.fraction == 0
    uncounted = outcome([Verdict("not counted", "no function of the submission calls itself")] * 2, [], 4, None)
    assert uncounted.fraction == 0 and "could not be judged and these points are not earned" in uncounted.message
    partly = outcome([Verdict("not counted", "timed out"), Verdict("fine", "ok")], [], 4, None)
    assert partly.fraction == 1  # what could not be counted beside a counted position is not charged


def test_positions_not_asked_after_a_stopped_search_are_left_out_and_the_credit_goes_to_review():
    """Once a search was stopped by the move limit the rest are not asked: they neither pay nor cost, so a bug
    seen on the first position is not diluted by positions nobody looked at, nor a fine one made full marks
    on its own: a person confirms the credit."""
    from grader.checks.search_nodes import Verdict, outcome, stopped_words

    rest = [Verdict("not asked", stopped_words(0, 2.0))] * 5
    buggy = outcome([Verdict("no pruning", "as many as minimax")] + rest, [], 4, "depth")
    assert (buggy.fraction, buggy.status) == (0, "review")
    assert buggy.message.startswith("0 of 1 positions searched with depth=4") and "5 of the 6 positions were not " \
        "asked" in buggy.message
    fine = outcome([Verdict("fine", "ok")] + rest, [], 4, "depth")
    assert (fine.fraction, fine.status) == (1, "review") and "provisionally" in fine.message
    unseen = outcome([Verdict("not counted", "stopped before one search finished")] + rest, [], 4, None)
    assert (unseen.fraction, unseen.status) == (0, "skipped")
    budget = [Verdict("over budget", "not asked: the check's budget of 60 s of your agent's CPU time was used up")]
    unseen_yet = outcome([Verdict("not counted", "no function of the submission calls itself")] + budget, [], 4, None)
    assert (unseen_yet.fraction, unseen_yet.status) == (0, "review")  # the budget, not the search, left one out
    whole = outcome([Verdict("fine", "ok"), Verdict("no pruning", "as many as minimax")], [], 4, None)
    assert (whole.fraction, whole.status) == (0.5, None)


MINIMAX_BESIDE = (TESTS / "search_styles" / "connect4_minimax_beside_alpha_beta.py").read_text()


def test_alpha_beta_that_chooses_otherwise_than_the_students_own_minimax_prunes_wrongly():
    wrong = check_on_course_solution(MINIMAX_BESIDE, "wrong_bound_alpha_beta_player", seed=2)
    assert 0 < wrong.points < wrong.max_points
    assert "your alpha-beta chose 2 but your minimax_player chose 0" in wrong.message
    right = check_on_course_solution(MINIMAX_BESIDE, "alpha_beta_player", seed=2)
    assert right.points == right.max_points, right.message


TURN_FROM_BOARD = (TESTS / "search_styles" / "connect4_turn_from_board.py").read_text()


def test_a_correct_search_keeping_the_root_player_is_not_charged_for_it():
    """Its player parameter never changes, as in the bug, but it answers threats: the agent's moves clear it."""
    result = check_on_course_solution(TURN_FROM_BOARD, "steady_player_alpha_beta")
    assert result.points == result.max_points, result.message
    assert "the same player" in result.message and "not charged" in result.message


@pytest.mark.parametrize("mutant_name, named", [
    ("c4_alpha_beta_player_not_switched", "every move your search made called result with the same player"),
    ("c4_negamax_player_not_switched", "negamax called itself with the same player"),
    ("c4_alpha_beta_window_swapped", "with alpha greater than beta"),
    ("c4_negamax_window_not_negated", "beta reached every position unchanged"),
])
def test_the_player_not_switched_and_the_window_bugs_are_named(mutant_name, named):
    from tests.validity_mutants import MUTANTS

    mutant = next(m for m in MUTANTS if m.name == mutant_name)
    result = check_on_course_solution(mutant.cell)
    assert result.points == 0 and named in result.message, result.message


CORRECT_STYLES = (TESTS / "search_styles" / "connect4_correct_styles.py").read_text()


@pytest.mark.parametrize("target", ["table_negamax_player", "unit_window_player", "deepening_player"])
def test_a_correct_search_of_any_style_keeps_every_point(target):
    """Negamax in a class with make/unmake and a transposition table, a max/min pair whose finite window
    (-1, 1) cuts off on proven wins and losses, an iterative deepening: other move orders, counts and
    window names, and none of them charged (neither by the count nor by the moves it chooses)."""
    result = check_on_course_solution(CORRECT_STYLES, target)
    assert result.points == result.max_points, result.message
    assert "a move minimax" in result.message and "may choose" in result.message


@pytest.mark.parametrize("style", ["minmax_search_cell", "negamax_cell"])
def test_a_window_handed_down_wrongly_under_other_names_is_named_by_what_the_search_does(style):
    """A window called lo, hi is read by no parameter name; the first move's single reply, or a move
    minimax of the same depth would not choose, names the bug all the same."""
    from tests import validity_mutants

    result = check_on_course_solution(getattr(validity_mutants, style)("connect4", "window_renamed"))
    assert result.points < result.max_points
    assert "tried only one reply to its first move" in result.message or "deep enough to see" in result.message
    assert "the window handed to each child" in result.message


def test_the_moves_minimax_may_choose_at_a_depth_exclude_only_moves_surely_worse():
    """At a block position only the block can be chosen at depth 2 or more; at depth 1 anything can."""
    from grader.checks.agent_tactics import tactic_positions
    from reference.agents.minimax import clear_choices

    game = load_game("connect4", rows=6, cols=7)
    for tactic in tactic_positions(game, ("block",), 3, 11):
        assert clear_choices(game, tactic.state, 1) == tuple(game.actions(tactic.state))
        for depth in (2, 3):
            assert clear_choices(game, tactic.state, depth) == tactic.answers


WINDOW_UNCHANGED = (TESTS / "search_styles" / "connect4_negamax_window_unchanged.py").read_text()


def test_a_negamax_that_hands_its_children_its_own_window_loses_points_named_for_it():
    """It still cuts off (a win is worth infinity, and meets the infinite beta), so its count is no minimax's:
    the window it passes down is what names the bug."""
    result = check_on_course_solution(WINDOW_UNCHANGED, "unchanged_window_player")
    assert result.points < result.max_points, result.message
    assert "handed its children your window unchanged, not (-beta, -alpha)" in result.message
