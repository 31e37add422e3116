"""Each task's budget of student time, shared by its agent checks: the shares (by points, what a check leaves passing
on), and what a check its share stops earns. A move's CPU time is fixed here (one second a move) so that where a
check stops is the budget's doing alone; how the budget holds on a busy machine is measured in ``benchmarks/``.
"""

from __future__ import annotations

import pytest

from grader.checks._budget import TaskBudgets, undecided_status
from grader.checks.context import CheckContext
from grader.grading import run_check
from grader.report.terminal import format_check_report
from grader.results import SubmissionResult
from grader.rubric import Assignment, AssignmentLimits, CheckSpec
from tests.grader.checks.test_agent_checks import _submission, assignment

pytestmark = pytest.mark.timeout(120)


def spec(kind: str, points: float, target: str = "greedy", **params) -> CheckSpec:
    return CheckSpec(kind=kind, target=target, points=points, params=params)


def test_a_task_budget_is_shared_by_points_and_what_a_check_leaves_passes_on():
    legal, tactics, strength = spec("agent_legal", 3), spec("agent_tactics", 7), spec("agent_strength", 10)
    filled = spec("answers_filled", 5, target="")  # no agent: not budgeted
    other = spec("agent_legal", 4, target="random")
    limits = AssignmentLimits(task_seconds=40.0, quick_task_seconds=4.0, check_seconds=25.0)
    budgets = TaskBudgets.for_grading(limits, [("T3", legal), ("T3", filled), ("T3", tactics), ("T3", strength),
                                               ("T4", other)])
    assert budgets.allowance(legal)[0] == pytest.approx(40 * 3 / 20)
    assert budgets.allowance(filled) == (25.0, "the check's budget of 25 s")
    budgets.charge(legal, 1.0)  # needed 1 s of its 6
    budgets.charge(filled, 99.0)  # not the agents' time: charged nowhere
    seconds, words = budgets.allowance(tactics)
    assert seconds == pytest.approx(39 * 7 / 17)
    assert words == f"this check's share ({seconds:.3g} s) of the budget of 40 s for the task"
    budgets.charge(tactics, 16.0)
    assert budgets.allowance(strength) == (23.0, "this check's share (23 s) of the budget of 40 s for the task")
    assert budgets.allowance(other) == (25.0, "the check's budget of 25 s")  # capped at check_seconds
    assert budgets.spent("T3") == 17.0 and budgets.spent("T4") == 0.0
    assert budgets.allowance(legal) == (25.0, "the check's budget of 25 s")  # run already: no longer in a task
    copy = CheckSpec.model_validate(strength.model_dump())  # the same rubric line, read again
    budgets.charge(copy, 2.0)
    assert budgets.spent("T3") == 19.0
    quick = TaskBudgets.for_grading(limits, [("T3", legal), ("T3", tactics)], quick=True)  # a hidden one left out
    assert quick.allowance(legal) == (pytest.approx(1.2), "this check's share (1.2 s) of grader check's quick "
                                                          "budget of 4 s for the task")


def test_an_undecided_verdict_is_never_a_confident_zero_or_full():
    assert undecided_status(0.5, planned_all_asked=False) == "review"  # fewer positions than the rubric plans
    assert undecided_status(0.0, planned_all_asked=True) == "review"
    assert undecided_status(1.0, planned_all_asked=True) == "review"
    assert undecided_status(0.55, planned_all_asked=True) is None  # near its line after the planned ones: stands


@pytest.fixture(scope="module")
def connect4():
    yield from _submission("connect4", "connect4_agents.py")


@pytest.fixture
def second_a_move(monkeypatch):
    """Every move of the student's agent counts one second against a budget, whatever it really took."""
    import grader.checks._agent_moves as agent_moves
    import grader.play.referee as referee

    monkeypatch.setattr(agent_moves, "time_spent", lambda move, limit: 1.0)
    monkeypatch.setattr(referee, "time_spent", lambda move, limit: 1.0)


def budgeted(connect4, checks: list[CheckSpec], seconds: float, *, quick: bool = False) -> CheckContext:
    """A context whose one task holds ``checks`` and ``seconds`` of student time (``quick``: grader check's); run
    the rubric's own specs (``ctx.assignment.tasks[0].checks``), as grading does."""
    rubric = assignment("connect4").model_dump()
    rubric["limits"].update(task_seconds=seconds, quick_task_seconds=seconds)
    rubric["tasks"] = [{"name": "agents", "checks": [c.model_dump() for c in checks]}]
    rubric = Assignment.model_validate(rubric)
    specs = [("agents", c) for c in rubric.tasks[0].checks]
    return CheckContext(rubric, connect4.game, connect4.student, sandbox=connect4.box, seed=1,
                        budget=TaskBudgets.for_grading(rubric.limits, specs, quick=quick))


def test_legal_moves_stopped_by_the_budget_earn_what_the_positions_asked_earned_for_a_person_to_confirm(
        connect4, second_a_move):
    ctx = budgeted(connect4, [spec("agent_legal", 3, positions=8), spec("agent_tactics", 27)], 35.0)
    legal = ctx.assignment.tasks[0].checks[0]
    r = run_check(ctx, "agents", legal)
    assert (r.status, r.points) == ("review", 3), r.message  # four legal moves of four asked, provisionally
    assert r.message.startswith("4 of 4 positions answered with a legal move") and "stopped after 4 of the 8 " \
        "positions planned: this check's share (3.5 s) of the budget of 35 s for the task of your agent's CPU time " \
        "was used up, so the credit rests on the positions asked and is provisional" in r.message
    assert len(r.moves) == 4


def test_a_share_near_its_line_keeps_its_credit_when_the_budget_ends_the_positions_beyond_the_planned(
        connect4, second_a_move):
    """Taking every win and blocking none is half the positions, near the 60% line: the planned eight are asked,
    one more, and the budget ends it there; a share of about half stands, not being a zero or full marks."""
    tactics = spec("agent_tactics", 10, target="wins_only", positions=4, max_positions=8)
    ctx = budgeted(connect4, [tactics], 8.5)
    r = run_check(ctx, "agents", ctx.assignment.tasks[0].checks[0])
    assert r.status == "partial" and 0 < r.points < 10, r.message
    assert "1 positions more than the 8 planned were asked" in r.message
    assert "the share is close to 60% and more positions would have been asked, but this check's share" in r.message


def test_strength_stopped_among_its_planned_games_goes_to_review_and_grader_check_says_it_is_quick(
        connect4, second_a_move):
    strength = spec("agent_strength", 5, games=4, threshold=0.75)
    ctx = budgeted(connect4, [strength], 6.0, quick=True)
    r = run_check(ctx, "agents", ctx.assignment.tasks[0].checks[0])
    assert r.status == "review" and r.quick, r.message
    assert r.message.startswith("Quick verdict (grader check spends less of your agent's time than grading does, "
                                "which may ask more): against random:")
    assert "of the 4 games planned: this check's share (6 s) of grader check's quick budget of 6 s for the task" \
        in r.message and r.message.count("was used up") == 1  # said once, whether a game finished or not
    report = format_check_report(SubmissionResult("s", "s.ipynb", "connect4", checks=[r]))
    assert "(quick verdict)" in report and "quick verdict: provisional points, grading may ask more" in report
    assert "needs a person" not in report


def test_the_timing_check_stopped_among_its_planned_positions_judges_the_moves_timed_provisionally(
        connect4, second_a_move):
    timing = spec("agent_timing", 2, sizes=[[6, 7], [5, 6]], positions=3)
    ctx = budgeted(connect4, [timing], 2.5)
    r = run_check(ctx, "agents", ctx.assignment.tasks[0].checks[0])
    assert r.status == "review", r.message
    assert r.points == 1  # 6x7: three fast moves; 5x6: none timed, no credit yet
    assert "not timed: this check's share (2.5 s) of the budget" in r.message
    assert "before the verdict at 5x6 was settled" in r.message


def test_positions_searched_stopped_by_the_budget_earns_nothing_for_what_it_did_not_ask(connect4, second_a_move):
    nodes = spec("search_nodes", 4, target="greedy", positions=3, values=0)
    ctx = budgeted(connect4, [nodes], 0.5)
    r = run_check(ctx, "agents", ctx.assignment.tasks[0].checks[0])
    lines = r.message.splitlines()
    assert (r.status, r.points) == ("review", 0), r.message  # greedy does not search: position 1 is not counted
    assert lines[0] == "the search was not counted on any position (below, why), so nothing is earned here yet, " \
        "provisionally"
    assert lines[2:] == [f"position {i}: not asked: this check's share (0.5 s) of the budget of 0.5 s for the task "
                         "of your agent's CPU time was used up" for i in (2, 3)]


def test_a_check_with_nothing_left_asks_nothing_and_earns_nothing_for_now(connect4, second_a_move):
    legal, later = spec("agent_legal", 3, positions=8), spec("agent_legal", 3, target="random", positions=8)
    ctx = budgeted(connect4, [legal, later], 2.0)
    ctx.budget.charge(ctx.assignment.tasks[0].checks[0], 5.0)  # the first check overran the whole task's budget
    r = run_check(ctx, "agents", ctx.assignment.tasks[0].checks[1])
    assert (r.status, r.points, r.moves) == ("review", 0, []), r.message
    assert r.message.startswith("no position was asked; stopped after 0 of the 8 positions planned")
