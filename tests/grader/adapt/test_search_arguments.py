"""What a search passes down (``grader.adapt.search_arguments``): the sandbox keeps the window and the
player at each counted call, and a window handed down the wrong way round, a window that never narrows
and a player that never changes are read from them, whatever the style; a constant root player in a
correct search is never called a bug without the agent's moves to confirm it."""

from __future__ import annotations

import math

import pytest

from grader.adapt.search_arguments import WATCHED, PassedDown, read_arguments
from grader.search_tree import read_search
from grader.sandbox import Limits, Sandbox
from tests.paths import TESTS

pytestmark = pytest.mark.timeout(60)

STYLES = (TESTS / "search_styles" / "searches.py").read_text()


@pytest.fixture(scope="module")
def box():
    with Sandbox([STYLES], Limits(call_timeout=10.0)) as box:
        assert box.load_report.ok, box.load_report
        yield box


def passed(box, target, *args, result_name=None) -> PassedDown:
    r = box.call_with(target, args, count_calls=True, watch=WATCHED)
    assert r.ok, r.describe_error()
    return read_arguments(r.counted, read_search(r.counted).nodes, result_name)


def test_watched_parameters_are_kept_at_each_call_with_infinities_as_numbers(box):
    counted = box.call_with("negamax_agent", (2,), count_calls=True, watch=WATCHED).counted
    negamax = next(i for i, f in enumerate(counted.functions) if f.name == "negamax_turn")
    assert counted.functions[negamax].watched == ("alpha", "beta", "to_move")
    root = next(a for (f, _), a in zip(counted.calls, counted.arguments) if f == negamax)
    assert root == (-math.inf, math.inf, 1)


def test_nothing_is_kept_unless_asked(box):
    counted = box.call_with("negamax_agent", (2,), count_calls=True).counted
    assert all(a is None for a in counted.arguments) and not any(f.watched for f in counted.functions)


@pytest.mark.parametrize("agent, args", [("negamax_agent", (3,)), ("max_min_agent", (3,)),
                                         ("turn_from_position_agent", (1,)), ("cutoff_on_entry_agent", (4,))])
def test_correct_searches_show_no_bug(box, agent, args):
    assert passed(box, agent, *args) == PassedDown()


def test_a_window_handed_down_swapped_enters_positions_with_alpha_above_beta(box):
    found = passed(box, "swapped_agent", 3)
    assert found.swapped > 0 and not found.same_player


def test_a_window_handed_down_un_negated_never_narrows(box):
    found = passed(box, "negamax_agent", 3, "negamax_window_kept")
    assert found.beta_fixed and not found.swapped
    assert not passed(box, "negamax_agent", 3).beta_fixed


def test_a_negamax_that_keeps_its_player_is_suspected(box):
    found = passed(box, "negamax_agent", 3, "negamax_same_player")
    assert "negamax_same_player called itself with the same player (1)" in found.same_player


def test_a_constant_root_player_is_only_a_suspicion(box):
    """One function keeping the root's player, reading the turn off the position: correct, and as seen
    from its arguments alike to the bug, which is why the check asks the agent's moves before charging."""
    assert passed(box, "turn_from_position_agent", 3).same_player
    assert not passed(box, "max_min_agent", 3).same_player  # max/min pairs say whose turn it is themselves
