"""Verdicts near a line are taken with confidence: the intervals, and when a score is settled."""

from __future__ import annotations

import pytest

from grader.checks._confidence import clear_of, median_interval, share_interval
from grader.checks.agent_strength import settled
from reference.games import load_game


def test_the_share_interval_holds_the_share_and_narrows_with_more_games():
    low, high = share_interval(3, 4)
    assert low < 0.75 < high
    wide, narrow = share_interval(3, 4), share_interval(30, 40)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    assert share_interval(0, 0) == (0.0, 1.0)


def test_a_perfect_score_of_four_games_is_not_yet_clear_of_a_75_percent_line():
    assert not clear_of(0.75, share_interval(4, 4))
    assert clear_of(0.75, share_interval(12, 12))
    assert clear_of(0.75, share_interval(0, 4))  # clearly below


@pytest.mark.parametrize("points, games, threshold, decided", [
    (4, 4, 0.75, True),  # one loss more still earns full credit
    (3, 4, 0.75, False),  # one loss more costs a third of the points: play on
    (0, 4, 0.75, True),  # clearly below the line
    (2, 4, 0.75, False),
    (9, 12, 0.75, False),  # at the line after the cap's games: the cap decides
    (11, 12, 0.75, True),
    (2, 2, 0.5, True),  # two wins against a 50% line: a loss more still earns full credit
    (1.5, 2, 0.5, False),  # a draw and a win: a loss more would halve the credit
])
def test_a_score_is_settled_when_its_interval_clears_the_line_or_one_game_would_not_change_the_credit(
        points, games, threshold, decided):
    assert settled(points, games, threshold) is decided


def test_the_median_interval_is_the_order_statistics_that_hold_the_median():
    assert median_interval([3.0, 1.0, 2.0, 4.0]) == (1.0, 4.0)  # too few values: their range
    values = list(range(1, 10))
    assert median_interval(values) == (3, 7)  # 90%: the 3rd and 7th of nine
    assert median_interval([])[0] == 0.0


class _TimedAgent:
    """A stand-in agent whose moves take the CPU seconds it is given, one after the other."""

    def __init__(self, game, seconds):
        from grader.adapt import Move

        self.game, self.timeouts = game, 0
        self._moves = iter([Move(action=None, ok=True, seconds=s) for s in seconds])

    def move(self, board, player, timeout=None):
        move = next(self._moves)
        move.action = self.game.actions(self.game.from_course(board, to_move=player))[0]
        return move


def _time(seconds, *, count=4, most=12, line=1.0):
    from grader.checks._agent_moves import StudentTime
    from grader.checks.agent_timing import time_at_size
    from grader.checks.context import CheckContext
    from grader.rubric import Assignment

    assignment = Assignment.model_validate({"title": "t", "game": "connect4", "board": {"rows": 6, "cols": 7},
                                            "tasks": []})
    ctx = CheckContext(assignment, assignment.make_game(), None)
    agent = _TimedAgent(ctx.game, seconds)
    return time_at_size(ctx, agent, 6, 7, count, 3, 2.0, StudentTime(100.0, 2.0), most=most, median_limit=line)


def test_a_median_clear_of_its_line_is_decided_on_the_planned_positions():
    assert len(_time([0.1, 0.2, 0.1, 0.3] + [0.1] * 8).seconds) == 4
    assert len(_time([1.5, 1.6, 1.4, 1.7] + [1.5] * 8).seconds) == 4


def test_a_median_near_its_line_is_timed_on_more_positions_up_to_the_cap():
    near = _time([0.9, 1.1, 0.95, 1.05] + [0.5] * 8)  # the line is inside the range of four moves
    assert 4 < len(near.seconds) <= 12 and near.extra == len(near.seconds) - 4
    assert near.passes(1.0, 2.0)  # more fast moves bring the median under the line
    capped = _time([0.9, 1.1] * 6)
    assert len(capped.seconds) == 12 and capped.extra == 8


def test_a_position_one_check_asked_is_not_asked_again_by_another():
    """A move serves every check that asks that position of that agent (same board size, limit and options)."""
    from grader.checks._agent_moves import ask
    from grader.checks.context import CheckContext
    from grader.rubric import Assignment

    assignment = Assignment.model_validate({"title": "t", "game": "connect4", "tasks": []})
    ctx = CheckContext(assignment, assignment.make_game(), None)
    agent = _TimedAgent(ctx.game, [0.1, 0.2, 0.3])
    asked = []
    real_move = agent.move
    agent.move = lambda *a, **k: asked.append(1) or real_move(*a[:2], timeout=k.get("timeout"))
    state = ctx.game.initial_state()
    first = ask(ctx, agent, state, 2.0, label="heuristic_player")
    assert ask(ctx, agent, state, 2.0, label="heuristic_player") is first and len(asked) == 1
    ask(ctx, agent, state, 2.0, label="alpha_beta_player")  # another agent
    ask(ctx, agent, state, 2.0, label="heuristic_player", options={"depth": 3})  # asked otherwise
    assert len(asked) == 3


def test_a_move_that_runs_out_of_cpu_time_is_asked_once():
    """The machine's variation is absorbed by the margin past the CPU limit (the sandbox's ``cpu_margin``,
    tested with the sandbox), not by asking again: a second asking cost an agent that is always too slow two
    more move limits per check, and the same agent near its limit was still cut where the load decided."""
    from grader.adapt import Move
    from grader.checks._agent_moves import _asked

    class Flaky:
        def __init__(self, answers):
            self.game, self.timeouts, self.answers, self.asked = load_game("connect4"), 0, iter(answers), 0

        def move(self, board, player, timeout=None, options=None):
            move = next(self.answers)
            self.asked += 1
            self.timeouts += move.kind == "timeout"
            return move

    timeout = Move(ok=False, kind="timeout", seconds=2.5)
    state = load_game("connect4").initial_state()
    once = Flaky([timeout, Move(action=3, ok=True, seconds=1.9)])
    assert _asked(once, state, 2.0, None) is timeout and once.asked == 1
