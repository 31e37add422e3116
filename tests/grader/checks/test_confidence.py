"""Verdicts near a line are taken with confidence: the intervals, and when a score is settled."""

from __future__ import annotations

import pytest

from grader.checks._confidence import clear_of, median_interval, share_interval
from grader.checks.agent_strength import settled


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
