"""Tactics that need search depth: the positions are right by an independent check (brute
force over the game's own functions, and the exact solver asked about each move), a correct search
plays them, a one-ply agent does not, and a miss says what a search of that depth sees."""

from __future__ import annotations


import random

import pytest

from grader.adapt import adapt
from grader.checks.agent_tactics import tactic_positions
from grader.checks.context import CheckContext
from grader.grading import run_check
from grader.rubric import Assignment, CheckSpec
from grader.sandbox import Limits, Sandbox
from reference.solutions import solution_path
from reference.games import load_game
from reference.positions import random_positions
from reference.solvers import solve
from reference.tactics.connect4 import makes_double_threat
from reference.tactics.dots_and_boxes import ENDGAME_FREE_LINES

pytestmark = pytest.mark.timeout(120)

CONNECT4 = load_game("connect4", rows=6, cols=7)
DOTS = load_game("dots_and_boxes", rows=4, cols=4)
SEED = 5


def wins_now(game, state) -> list:
    """The mover's immediate wins, by trying every move (no bitboards)."""
    me = game.to_move(state)
    return [a for a in game.actions(state) if game.winner(game.result(state, a)) == me]


def wins_in_two(game, state, action) -> bool:
    """After ``action`` every reply of the opponent leaves the mover an immediate win (three plies, by brute force)."""
    child = game.result(state, action)
    if game.terminal(child):
        return False
    return all(not game.terminal(after) and wins_now(game, after)
               for after in (game.result(child, reply) for reply in game.actions(child)))


def forced_win_within(game, state, plies: int) -> bool:
    """The mover wins by force within ``plies`` plies (its own moves and the opponent's), by brute force."""
    me = game.to_move(state)
    for action in game.actions(state):
        child = game.result(state, action)
        if game.winner(child) == me:
            return True
        if plies >= 3 and not game.terminal(child) and all(
                forced_win_within(game, game.result(child, reply), plies - 2) for reply in game.actions(child)):
            return True
    return False


def mover_loses_by_force(game, state) -> bool:
    return not game.terminal(state) and solve(game, state) < 0


def connect4_tactics():
    """The Connect 4 depth tactics as the rubric asks for them (both kinds, 4 positions each)."""
    return tactic_positions(CONNECT4, CONNECT4.depth_tactics, 4, SEED)


# --- the positions are right ---


def test_double_threat_answers_win_in_two_and_no_other_move_wins_at_all():
    tactics = [t for t in connect4_tactics() if t.kind == "double_threat"]
    assert tactics
    for t in tactics:
        assert not wins_now(CONNECT4, t.state)
        for action in CONNECT4.actions(t.state):
            child = CONNECT4.result(t.state, action)
            if action in t.answers:
                assert wins_in_two(CONNECT4, t.state, action)
            else:
                assert not mover_loses_by_force(CONNECT4, child), f"{action} also forces a win"


def test_avoid_trap_answers_are_the_moves_that_do_not_hand_over_a_win_and_none_loses_by_force():
    tactics = [t for t in connect4_tactics() if t.kind == "avoid_trap"]
    assert tactics
    for t in tactics:
        assert not wins_now(CONNECT4, t.state)
        traps = [a for a in CONNECT4.actions(t.state) if a not in t.answers]
        assert traps
        for action in CONNECT4.actions(t.state):
            child = CONNECT4.result(t.state, action)
            if action in t.answers:
                assert not wins_now(CONNECT4, child) and solve(CONNECT4, child) <= 0
            else:
                assert wins_now(CONNECT4, child), f"the opponent cannot win at once after {action}"


def test_avoid_double_threat_answers_are_the_moves_a_depth_4_search_sees_do_not_lose():
    """A wrong move lets the opponent win within its next two moves (four plies from the position, so a
    depth-4 search sees it), some of them through a double threat rather than a win on top of the disc;
    no answer lets it do so, nor loses by force at all."""
    tactics = [t for t in connect4_tactics() if t.kind == "avoid_double_threat"]
    assert len(tactics) == 4
    for t in tactics:
        assert not wins_now(CONNECT4, t.state)
        wrong = [a for a in CONNECT4.actions(t.state) if a not in t.answers]
        assert t.answers and wrong
        for action in CONNECT4.actions(t.state):
            child = CONNECT4.result(t.state, action)
            if action in t.answers:
                assert not forced_win_within(CONNECT4, child, 3) and solve(CONNECT4, child) <= 0
            else:
                assert forced_win_within(CONNECT4, child, 3), f"the opponent cannot win soon after {action}"
        assert any(not wins_now(CONNECT4, CONNECT4.result(t.state, a)) for a in wrong), "only traps one row up"


def test_the_bitboard_double_threat_test_agrees_with_a_three_ply_search():
    agreed = found = 0
    for state in random_positions(CONNECT4, 150, seed=3):
        if wins_now(CONNECT4, state):
            continue
        for action in CONNECT4.actions(state):
            fast = makes_double_threat(CONNECT4, state, action)
            # a double threat is a win in two; the converse fails only for zugzwang-like wins
            assert not fast or wins_in_two(CONNECT4, state, action)
            agreed += fast == wins_in_two(CONNECT4, state, action)
            found += fast
    assert found >= 5 and agreed > 0


def _best_moves_by_solving_each_child(game, state) -> set:
    values = {}
    for action in game.actions(state):
        child = game.result(state, action)
        closed = (child.boxes_first | child.boxes_second).bit_count() - (state.boxes_first | state.boxes_second).bit_count()
        rest = 0 if game.terminal(child) else solve(game, child)
        values[action] = closed + rest if closed else -rest
    best = max(values.values())
    return {a for a, v in values.items() if v == best}


@pytest.mark.parametrize("kind", DOTS.depth_tactics)
def test_dots_depth_tactic_answers_are_exactly_the_solvers_best_moves(kind):
    tactics = [t for t in tactic_positions(DOTS, DOTS.depth_tactics, 4, SEED) if t.kind == kind]
    assert tactics
    for t in tactics:
        assert DOTS.undrawn_lines(t.state) <= ENDGAME_FREE_LINES
        assert set(t.answers) == _best_moves_by_solving_each_child(DOTS, t.state)
        legal = DOTS.actions(t.state)
        captures = [a for a in legal if DOTS.to_move(DOTS.result(t.state, a)) == DOTS.to_move(t.state)]
        if kind == "decline":
            assert captures and not set(captures) & set(t.answers)
        else:
            assert not captures and len(t.answers) < len(legal)


def test_an_entry_without_kinds_asks_for_the_one_ply_tactics_only():
    """The depth tactics come only from entries that name them, so the existing entries keep their positions."""
    from grader.checks.kinds import KINDS

    assignment = Assignment.model_validate({"title": "t", "game": "connect4", "functions": {}, "agents": {},
                                            "tasks": []})
    ctx = CheckContext(assignment, CONNECT4, None, seed=SEED)
    found = KINDS["agent_tactics"].prepare(ctx, CheckSpec(kind="agent_tactics", target="alpha_beta_player", points=1,
                                   params={"positions": 2}))
    assert [request[1] for request in found] == [("win", "block")]


# --- a correct search plays them; a one-ply agent does not, and is told what the search sees ---


def _check(game_name: str, source: str, target: str, kinds: list[str]):
    game = CONNECT4 if game_name == "connect4" else DOTS
    functions = {"initial_state": ["empty_board"], "actions": ["actions"], "result": ["result"],
                 "terminal": ["terminal"], "utility": ["utility"]}
    assignment = Assignment.model_validate({
        "title": "depth tactics", "game": game_name, "functions": functions, "agents": {target: [target]},
        "limits": {"move_seconds": 2.0, "check_seconds": 60.0, "call_seconds": 2.0}, "tasks": []})
    with Sandbox([source], Limits(call_timeout=2.0, cell_timeout=20.0)) as box:
        student = adapt(box, game, functions, timeout=2.0)
        ctx = CheckContext(assignment, game, student, sandbox=box, seed=SEED)
        return run_check(ctx, "agents", CheckSpec(kind="agent_tactics", target=target, points=10,
                                                  params={"kinds": kinds, "positions": 3}))


@pytest.mark.parametrize("game_name, target, kinds", [
    ("connect4", "alpha_beta_player", ["double_threat", "avoid_trap", "avoid_double_threat"]),
    ("connect4", "heuristic_player", ["double_threat", "avoid_trap", "avoid_double_threat"]),
    ("dots_and_boxes", "alpha_beta_player", ["decline", "sacrifice"]),
])
def test_the_reference_search_plays_every_depth_tactic(game_name, target, kinds):
    r = _check(game_name, solution_path(game_name).read_text(), target, kinds)
    assert (r.status, r.points) == ("passed", 10), r.message


ONE_PLY_CONNECT4 = '''
def one_ply_player(board, player=1):
    """Takes a win, else blocks, else plays the centre-most column: no look-ahead beyond one ply."""
    cols = [c for c in actions(board)]
    for who in (player, -player):
        for c in cols:
            if winner(result(board, who, c)) == who:
                return c
    return min(cols, key=lambda c: abs(c - 3))
'''


def test_a_one_ply_agent_misses_double_threats_and_hears_what_a_depth_3_search_sees():
    source = solution_path("connect4").read_text() + ONE_PLY_CONNECT4
    r = _check("connect4", source, "one_ply_player", ["double_threat"])
    assert r.points < 10
    assert "a depth-3 search sees that column" in r.message and "your agent played" in r.message
    assert r.boards and r.boards[0].caption.startswith("double_threat:")


SHALLOW_SEARCHES = '''
def depth_2_player(board, player=1):
    return alpha_beta_search(board, player, 2)[1]


def depth_3_player(board, player=1):
    return alpha_beta_search(board, player, 3)[1]


def depth_4_player(board, player=1):
    return alpha_beta_search(board, player, 4)[1]
'''


def test_a_search_shallower_than_four_plies_lets_the_opponent_make_double_threats_and_hears_what_depth_4_sees():
    """The course's own alpha-beta (no heuristic at the cutoff) cut off at 2 or 3 plies cannot tell the
    moves apart; at 4 plies it plays every position."""
    source = solution_path("connect4").read_text() + SHALLOW_SEARCHES
    for target in ("depth_2_player", "depth_3_player"):
        r = _check("connect4", source, target, ["avoid_double_threat"])
        assert r.points < 10, f"{target}: {r.message}"
        assert "a depth-4 search sees that after column" in r.message and "two threats at once" in r.message
    r = _check("connect4", source, "depth_4_player", ["avoid_double_threat"])
    assert r.points == 10, r.message


def test_an_agent_whose_depth_parameter_defaults_below_what_a_tactic_needs_is_asked_it_at_that_depth():
    """A correct depth-3 search is not charged for what only a depth-4 search sees: those positions are asked
    with its depth parameter set to 4, and a correct search plays them. Never full points without asking."""
    source = solution_path("connect4").read_text() + '''
def depth_3_by_default(board, player=1, max_depth=3):
    return alpha_beta_search(board, player, max_depth)[1]

def depth_1_blind(board, player=1, max_depth=1):
    return actions(board)[0]  # a search in name only: it plays the first column whatever the depth
'''
    r = _check("connect4", source, "depth_3_by_default", ["avoid_double_threat"])
    assert (r.status, r.points) == ("passed", 10), r.message
    assert "were asked with max_depth=4, the depth that sees them (your agent searches 3 moves deep" in r.message
    r = _check("connect4", source, "depth_3_by_default", ["double_threat", "avoid_double_threat"])
    assert r.points == 10 and "makes two threats at once (a win in two moves):" in r.message, r.message
    r = _check("connect4", source, "depth_1_blind", ["double_threat", "avoid_double_threat"])
    assert r.points < 10 and r.status != "skipped", r.message  # asked, not skipped: the points are not given


# --- the one-move win, in the middle game too ---


def test_win_positions_reach_the_middle_game_where_no_other_move_wins_soon():
    """Where the solver cannot settle the other moves, a win position still counts when none of them
    wins by force within the horizon: the middle game, where a search that values a win below its
    heuristic shows it. Checked here by brute force over the next two of the mover's stones."""
    from reference.tactics.in_a_row import WIN

    rng = random.Random(SEED)
    middle = []
    for _ in range(200):
        if len(middle) == 3:
            break
        state = CONNECT4.initial_state()
        for _ in range(rng.randrange(6, 13)):
            if CONNECT4.terminal(state):
                break
            state = CONNECT4.result(state, rng.choice(CONNECT4.actions(state)))
        answer = None if CONNECT4.terminal(state) else WIN.find(CONNECT4, state)
        if answer is not None:
            middle.append((state, answer))
    assert len(middle) == 3, "too few win positions with 6 to 12 discs"
    for state, answer in middle:
        assert set(answer.actions) == set(wins_now(CONNECT4, state))
        for action in CONNECT4.actions(state):
            if action in answer.actions:
                continue
            child = CONNECT4.result(state, action)
            assert CONNECT4.terminal(child) or any(
                not forced_win_within(CONNECT4, CONNECT4.result(child, reply), 3) for reply in CONNECT4.actions(child)
            ), f"{action} also wins within two more moves"
