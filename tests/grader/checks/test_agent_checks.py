"""The agent checks (legal moves, tactics, strength, timing) on small real submissions, through the real
pipeline: the submission runs in a Sandbox, ``adapt`` infers how to call it, checks run as grading does.

The submissions (tests/agent_submissions/) hold one agent per behaviour: a one-ply win/block agent,
a random one, one that sleeps, one that answers an illegal column, one that raises, one written for
6x7 boards only. Move limits are short so that the whole file stays fast.
"""

from __future__ import annotations


import pytest

from grader.adapt import adapt
from grader.checks.kinds import KINDS
from grader.checks.agent_tactics import tactic_positions
from grader.checks.context import CheckContext
from grader.grading import grade_submission, run_check
from grader.rubric import Assignment, CheckSpec
from grader.sandbox import Limits, Sandbox
from reference.games import load_game
from reference.solvers import solve
from reference.tactics.in_a_row import immediate_wins, threats
from tests.paths import TESTS

pytestmark = pytest.mark.timeout(60)

SUBMISSIONS = TESTS / "agent_submissions"
FUNCTIONS = {"initial_state": ["empty_board"], "actions": ["actions"], "result": ["result"],
             "terminal": ["terminal"], "utility": ["utility"]}
AGENTS = ["greedy", "random", "never_wins", "sleepy", "illegal", "crashing", "seven_columns", "first_line", "wins_only",
          "clock_mc",
          "lazy_winner", "spinning", "slow_search", "red_wins"]
CLASS_AGENT = "GreedyAgent"  # a class fixing its player when built


def assignment(game: str, *, move_seconds: float = 0.5, check_seconds: float = 30.0) -> Assignment:
    return Assignment.model_validate({
        "title": f"{game} agents", "game": game, "functions": FUNCTIONS,
        "agents": {**{label: [f"{label}_player"] for label in AGENTS}, CLASS_AGENT: [CLASS_AGENT]},
        "limits": {"move_seconds": move_seconds, "check_seconds": check_seconds, "call_seconds": 1.0},
        "tasks": [],
    })


class Submission:
    """One sandboxed, adapted submission; ``check`` runs a check on it the way grading does."""

    def __init__(self, game: str, box: Sandbox) -> None:
        self.game_name, self.box = game, box
        self.game = assignment(game).make_game()
        self.student = adapt(box, self.game, FUNCTIONS, timeout=1.0)

    def check(self, kind: str, target: str, *, move_seconds: float = 0.5, check_seconds: float = 30.0,
              **params):
        ctx = CheckContext(assignment(self.game_name, move_seconds=move_seconds, check_seconds=check_seconds),
                           self.game, self.student, sandbox=self.box, seed=1)
        return run_check(ctx, "agents", CheckSpec(kind=kind, target=target, points=10, params=params))


def _submission(game: str, file: str):
    with Sandbox([(SUBMISSIONS / file).read_text()], Limits(call_timeout=1.0, cell_timeout=10.0)) as box:
        assert box.load_report.ok, box.load_report
        yield Submission(game, box)


@pytest.fixture(scope="module")
def connect4():
    yield from _submission("connect4", "connect4_agents.py")


@pytest.fixture(scope="module")
def tictactoe():
    yield from _submission("tictactoe", "tictactoe_agents.py")


@pytest.fixture(scope="module")
def dots():
    yield from _submission("dots_and_boxes", "dots_and_boxes_agents.py")


def test_the_four_agent_checks_are_found_by_kind():
    for kind in ("agent_legal", "agent_tactics", "agent_strength", "agent_timing"):
        assert KINDS[kind].target == "agent"


# --- legal moves in time ---

def test_legal_agent_answers_every_random_position(connect4):
    r = connect4.check("agent_legal", "greedy", positions=12)
    assert (r.status, r.points) == ("passed", 10)
    assert r.message.startswith("12 of 12 positions")


def test_agent_that_sleeps_is_stopped_at_the_move_limit_and_reported(connect4):
    r = connect4.check("agent_legal", "sleepy", move_seconds=0.2, positions=20)
    assert (r.status, r.points) == ("timeout", 0)
    assert "it sleeps, blocks or waits" in r.message and "stopped after 3 timeouts" in r.message
    assert len(r.boards) == 3 and "no move after" in r.boards[0].returned
    assert r.boards[0].call == "sleepy_player(board, 1)" or r.boards[0].call == "sleepy_player(board, -1)"


def test_a_tactic_missed_for_want_of_a_move_says_your_agent_made_no_move(connect4):
    r = connect4.check("agent_tactics", "sleepy", move_seconds=0.2, positions=2,
                       kinds=["double_threat"])
    assert "your agent made no move after" in r.message and "the move limit is 0.2 s of CPU time" in r.message, r.message


def test_illegal_move_is_reported_with_what_the_agent_returned(connect4):
    r = connect4.check("agent_legal", "illegal", positions=5)
    assert (r.status, r.points) == ("failed", 0)
    assert "returned 10, which is not a legal move here" in r.message
    assert r.boards and r.boards[0].text  # the board is drawn


def test_agent_that_raises_is_reported_with_its_exception(connect4):
    r = connect4.check("agent_legal", "crashing", positions=5)
    assert r.points == 0 and "raised RuntimeError: my agent is broken" in r.message


def test_missing_agent_is_an_error_that_names_it(connect4):
    ctx = CheckContext(assignment("connect4"), connect4.game, connect4.student, sandbox=connect4.box)
    spec = CheckSpec(kind="agent_legal", target="nobody", points=5)
    r = run_check(ctx, "agents", spec)
    assert r.status == "error" and "no agent named nobody" in r.message


# --- tactics ---

def test_one_ply_agent_takes_every_win_and_block_in_connect4(connect4):
    r = connect4.check("agent_tactics", "greedy", positions=8)
    assert (r.status, r.points) == ("passed", 10), r.message
    assert "takes an immediate win: 8 of 8" in r.message and "blocks the opponent's only immediate win: 8 of 8" in r.message


def test_agent_that_never_wins_gets_nothing_on_the_win_positions(connect4):
    r = connect4.check("agent_tactics", "never_wins", positions=6, kinds=["win"])
    assert (r.status, r.points) == ("failed", 0)
    assert "takes an immediate win: 0 of 6" in r.message
    shown = r.boards[0]
    assert shown.caption.startswith("win: the agent should play") and shown.expected and shown.returned


def test_random_agent_misses_wins_that_the_one_ply_agent_takes(connect4):
    greedy = connect4.check("agent_tactics", "greedy", positions=10, kinds=["win"])
    random_ = connect4.check("agent_tactics", "random", positions=10, kinds=["win"])
    assert greedy.points == 10 and random_.points < 6


def test_one_ply_agent_passes_tictactoe_tactics(tictactoe):
    r = tictactoe.check("agent_tactics", "greedy", positions=6)
    assert (r.status, r.points) == ("passed", 10), r.message
    assert tictactoe.check("agent_tactics", "never_wins", positions=6, kinds=["win"]).points == 0


def test_greedy_dots_agent_takes_free_boxes_and_plays_safe(dots):
    r = dots.check("agent_tactics", "greedy", positions=6)
    assert (r.status, r.points) == ("passed", 10), r.message
    naive = dots.check("agent_tactics", "first_line", positions=6)
    assert naive.points < 10 and naive.boards


def test_unknown_tactic_is_a_rubric_error(connect4):
    r = connect4.check("agent_tactics", "greedy", kinds=["free_box"])
    assert r.status == "error" and "win, block" in r.message


def wins_soon(game, state, plies: int) -> bool:
    """The side to move in ``state`` wins by force within ``plies`` plies, by brute force."""
    me = game.to_move(state)
    for action in game.actions(state):
        child = game.result(state, action)
        if game.winner(child) == me:
            return True
        if plies >= 3 and not game.terminal(child) and all(
                wins_soon(game, game.result(child, reply), plies - 2) for reply in game.actions(child)):
            return True
    return False


def no_sooner_win(game, after) -> bool:
    """After another move than the win, the mover (now waiting) does not force a win within the win
    tactic's horizon: by the exact score where the solver settles it, else by brute force over its
    next two stones (the middle game, where the full value is out of reach)."""
    from reference.solvers import SolverBudgetExceeded
    from reference.solvers.connect4 import solver_for
    from reference.tactics.in_a_row import WIN_HORIZON

    if game.terminal(after):
        return True
    try:
        score = solve(game, after, node_budget=20_000)
    except SolverBudgetExceeded:
        return not all(wins_soon(game, game.result(after, reply), 3) for reply in game.actions(after))
    if game.name != "connect4" or score >= 0:
        return score >= 0
    return score > solver_for(game.rows, game.cols, game.k).lose_now[after.moves] + WIN_HORIZON - 1


@pytest.mark.parametrize("name", ["tictactoe", "connect4"])
def test_win_and_block_answers_agree_with_the_reference(name):
    """Win answers win at once and no other move forces a win (in the middle game: none within the
    horizon); the only block is the single move that does not lose at once, and it does not lose by
    force (checked by brute force and the exact solver)."""
    game = load_game(name)
    for t in tactic_positions(game, ("win", "block"), 40, seed=5):
        me = game.to_move(t.state)
        if t.kind == "win":
            assert set(t.answers) == set(immediate_wins(game, t.state))
            others = [game.result(t.state, a) for a in game.actions(t.state) if a not in t.answers]
            assert all(no_sooner_win(game, c) for c in others)
        else:
            assert len(threats(game, t.state)) == 1 and not immediate_wins(game, t.state)
            survivors = [a for a in game.actions(t.state) if not immediate_wins(game, game.result(t.state, a))]
            assert survivors == list(t.answers)
            assert solve(game, game.result(t.state, t.answers[0])) <= 0
        assert game.winner(t.state) is None and me in (1, -1)


def test_perfect_agent_in_no_hurry_keeps_every_tactics_point(tictactoe):
    r = tictactoe.check("agent_tactics", "lazy_winner", positions=10)
    assert (r.status, r.points) == ("passed", 10), r.message


def test_dots_tactic_answers_contain_every_best_move():
    from reference.solvers.dots_and_boxes import action_values

    game = load_game("dots_and_boxes", rows=3, cols=4)
    found = tactic_positions(game, ("free_box", "safe_move"), 20, seed=2)
    assert {t.kind for t in found} == {"free_box", "safe_move"}
    for t in found:
        assert t.verified  # late enough on this small board for the solver
        values = action_values(game, t.state)
        best = max(values.values())
        assert {a for a, v in values.items() if v == best} <= set(t.answers) < set(values)


# --- strength ---

def test_one_ply_agent_beats_random(connect4):
    r = connect4.check("agent_strength", "greedy", games=6, opponent="random")
    assert (r.status, r.points) == ("passed", 10), r.message
    assert r.check == "greedy: beats random" and "against random: won" in r.message


def test_illegal_agent_loses_every_game_by_forfeit_and_says_why(connect4):
    r = connect4.check("agent_strength", "illegal", games=4)
    assert (r.status, r.points) == ("failed", 0)
    assert "lost 4 of 4 games" in r.message and "4 lost by forfeit" in r.message
    assert "returned 10, which is not a legal move here" in r.message
    assert r.boards and "lost by forfeit" in r.boards[0].caption


def test_strength_stopped_by_its_budget_gives_the_credit_of_the_games_played_for_a_person_to_confirm(connect4):
    """A working agent whose budget runs out long before its 20 games: the games played give the credit, and
    resting on fewer games than planned it goes to review, never a confident zero or full marks."""
    r = connect4.check("agent_strength", "greedy", games=20, check_seconds=0.02)
    assert r.status == "review", r.message
    played = int(r.message.split("; stopped after ")[1].split(" ")[0])
    assert played < 20 and f"stopped after {played} of the 20 games planned: the check's budget of 0.02 s of " \
        "your agent's CPU time was used up, so the credit rests on the games played and is provisional" in r.message
    won = int(r.message.split("won ")[1].split(",")[0]) if played else 0
    assert r.points == pytest.approx(10 * min(1.0, won / played / 0.8) if played else 0, abs=0.01)


def test_a_sleeping_agent_gives_up_its_games_even_past_its_budget(connect4):
    """Timeouts are evidence, not a want of time: three forfeits end the games and the rest count as lost."""
    r = connect4.check("agent_strength", "sleepy", games=20, move_seconds=0.2, check_seconds=0.5)
    assert (r.points, r.status) == (0, "timeout") and "were not played and count as lost" in r.message


def test_strength_against_a_searching_opponent_uses_its_spec(connect4):
    r = connect4.check("agent_strength", "random", games=2, opponent="alphabeta:2")
    assert r.check == "random: beats alphabeta:2"
    assert "against alphabeta:2" in r.message and r.points < 10
    assert KINDS["agent_strength"].describe(CheckSpec(kind="agent_strength", target="random", points=1,
                                                      params={"opponent": "alphabeta:2"})) == "beats alphabeta:2"


def test_strength_check_is_named_after_its_opponent_in_sheets():
    spec = CheckSpec(kind="agent_strength", target="alpha_beta_player", points=1, params={"opponent": "random"})
    assert spec.title == "alpha_beta_player: beats random"


def test_unknown_opponent_is_a_rubric_error_when_the_rubric_is_read():
    with pytest.raises(ValueError, match=r"tasks\[0\]\.checks\[0\]\.params\.opponent: unknown agent spec 'genius'"):
        Assignment.model_validate({"title": "Connect 4", "game": "connect4", "agents": {"greedy": ["greedy"]},
                                   "tasks": [{"name": "agents", "checks": [
                                       {"kind": "agent_strength", "target": "greedy", "points": 1,
                                        "params": {"opponent": "genius"}}]}]})


# --- timing ---

def test_timing_table_covers_every_board_size(connect4):
    r = connect4.check("agent_timing", "greedy", sizes=[[4, 4], [5, 5], [6, 7]], positions=3,
                       median_seconds=0.4, max_seconds=0.5)
    assert (r.status, r.points) == ("passed", 10), r.message
    table = r.message.splitlines()
    assert table[0].startswith("3 of 3 board sizes") and "median s" in table[1]
    assert [row.split()[0] for row in table[2:]] == ["4x4", "5x5", "6x7"]
    assert all(row.split()[1] == "3/3" and row.endswith("ok") for row in table[2:])


def test_agent_object_built_per_seat_is_timed_at_other_sizes(connect4):
    r = connect4.check("agent_timing", CLASS_AGENT, sizes=[[4, 5], [6, 7]], positions=3)
    assert (r.status, r.points) == ("passed", 10), r.message


def test_agent_written_for_one_size_fails_on_the_others(connect4):
    r = connect4.check("agent_timing", "seven_columns", sizes=[[4, 4], [6, 7]], positions=3)
    assert r.points == 5 and r.status == "partial"
    row_4x4 = next(row for row in r.message.splitlines() if row.strip().startswith("4x4"))
    assert "failed (raised IndexError" in row_4x4
    assert r.boards and r.boards[0].caption == "4x4 board"


def test_positions_searched_stops_at_the_first_search_the_move_limit_stops_and_says_why(connect4):
    """A counted move stopped at the move limit costs a whole limit, and so would every position after it: the
    check asks no more, says why, and, having judged nothing, earns nothing (never full points)."""
    ctx = CheckContext(assignment("connect4", move_seconds=0.2), connect4.game, connect4.student,
                       sandbox=connect4.box, seed=1)
    agent = ctx.agent("slow_search")
    asked = []
    real_move = agent.move
    agent.move = lambda *a, **k: asked.append(k.get("count_calls")) or real_move(*a, **k)
    r = run_check(ctx, "agents", CheckSpec(kind="search_nodes", target="slow_search", points=10,
                                           params={"positions": 3, "values": 2}))
    assert asked == [True], r.message  # the first position only
    lines = r.message.splitlines()
    assert lines[1].startswith("position 1: ") and "stopped" in lines[1]
    assert all(line.startswith(f"position {i}: not asked: the search of position 1 was stopped at the move limit "
                               "of 0.2 s of CPU time") for i, line in zip((2, 3, 4, 5), lines[2:])), r.message
    assert len(lines) == 6 and (r.points, r.status) == (0, "skipped")


def test_sleeping_agent_is_too_slow_at_every_size(connect4):
    r = connect4.check("agent_timing", "sleepy", sizes=[[4, 4]], positions=3, move_seconds=0.2)
    assert r.points == 0 and r.status == "timeout"
    assert "hit the 0.2 s limit" in r.message and ">0.2" in r.message


# --- through grade_submission ---

def test_agent_checks_run_in_a_whole_grading_with_their_names_and_points():
    rubric = assignment("connect4").model_dump()
    rubric["tasks"] = [{"name": "Task 3", "checks": [
        {"kind": "agent_legal", "target": "greedy", "points": 4, "params": {"positions": 5}},
        {"kind": "agent_tactics", "target": "greedy", "points": 3, "params": {"positions": 3}},
        {"kind": "agent_strength", "target": "greedy", "points": 2, "params": {"games": 2}},
        {"kind": "agent_timing", "target": CLASS_AGENT, "points": 1, "params": {"positions": 2}},
    ]}]
    result = grade_submission(SUBMISSIONS / "connect4_agents.py", "connect4", Assignment.model_validate(rubric), seed=3)
    assert [(c.check, c.points) for c in result.checks] == [
        ("greedy: legal moves in time", 4), ("greedy: tactics", 3), ("greedy: beats random", 2),
        (f"{CLASS_AGENT}: time per move", 1)]
    assert any("per seat" in note for note in result.adaptations)


def test_a_batch_finds_tactic_positions_once_and_each_grading_process_reads_them_from_its_context(
        monkeypatch, tictactoe):
    from grader.checks import agent_tactics
    from grader.checks.kinds import prepare_shared

    spec = CheckSpec(kind="agent_tactics", target="greedy", points=10, params={"positions": 4})
    batch = Assignment.model_validate({**assignment("tictactoe").model_dump(),
                                       "tasks": [{"name": "agents", "checks": [spec.model_dump()]}]})
    shared = prepare_shared(batch, seed=4)
    (request, positions), = shared["agent_tactics"].items()
    assert positions and {t.kind for t in positions} == {"win", "block"}
    agent_tactics.tactic_positions.cache_clear()  # a grading process of its own: nothing found in it yet
    monkeypatch.setattr(agent_tactics, "_find_positions", lambda *args: pytest.fail("searched again"))
    ctx = CheckContext(batch, tictactoe.game, tictactoe.student, sandbox=tictactoe.box, seed=4, shared=shared)
    outcome = KINDS["agent_tactics"].run(ctx, spec)
    wins = sum(t.kind == "win" for t in positions)
    assert f"takes an immediate win: {wins} of {wins}" in outcome.message


def test_an_agent_that_keeps_running_out_of_time_is_asked_less_by_later_checks():
    """Each timeout costs a whole move limit and a restart: after three in earlier checks, a check
    stops at its first timeout instead of its third."""
    from grader.checks._agent_moves import TIMEOUTS_BEFORE_GIVING_UP, gives_up

    class Slow:
        timeouts = 0

    agent = Slow()
    agent.timeouts = TIMEOUTS_BEFORE_GIVING_UP - 1
    assert not gives_up(agent, TIMEOUTS_BEFORE_GIVING_UP - 1)  # all of them this check's own
    assert gives_up(agent, TIMEOUTS_BEFORE_GIVING_UP)
    agent.timeouts = TIMEOUTS_BEFORE_GIVING_UP + 1  # three before this check, and its first
    assert gives_up(agent, 1) and not gives_up(agent, 0)


def test_an_agent_that_always_runs_out_of_cpu_time_costs_a_few_move_limits_and_later_checks_stop_at_their_first(
        connect4):
    """An agent that computes without end costs a move limit (and its margin) of CPU per position: the legal check
    gives up after three positions; the timing check at the rubric's size times those same answers without
    asking again; a later check stops at its first timeout."""

    legal = CheckSpec(kind="agent_legal", target="spinning", points=1, params={"positions": 8})
    timing = CheckSpec(kind="agent_timing", target="spinning", points=1, params={"positions": 4})
    tactics = CheckSpec(kind="agent_tactics", target="spinning", points=1, params={"positions": 3})
    rubric = Assignment.model_validate({**assignment("connect4", move_seconds=0.2).model_dump(), "tasks": [
        {"name": "agents", "checks": [legal.model_dump(), timing.model_dump(), tactics.model_dump()]}]})
    ctx = CheckContext(rubric, connect4.game, connect4.student, sandbox=connect4.box, seed=1)
    agent = ctx.agent("spinning")
    before = agent.timeouts  # finding it may have asked it already

    r = run_check(ctx, "agents", legal)
    assert (r.points, r.status) == (0, "timeout") and "stopped after 3 timeouts" in r.message, r.message
    assert "within the move limit of 0.2 s of CPU time" in r.message
    assert agent.timeouts - before == 3  # three positions, each asked once
    asked = agent.timeouts
    assert run_check(ctx, "agents", timing).points == 0 and agent.timeouts == asked
    t = run_check(ctx, "agents", tactics)
    assert t.points == 0 and "stopped after 1 timeout" in t.message and agent.timeouts == asked + 1


def test_an_agent_that_wins_every_game_plays_only_the_planned_games(connect4):
    r = connect4.check("agent_strength", "greedy", games=4, threshold=0.75)
    assert r.points == 10 and "of 4 games" in r.message and "more than" not in r.message


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_score_near_the_line_is_decided_with_more_games_up_to_the_cap(seed):
    """A random player against random wins about half its games: at a 50% line, a score the interval cannot
    tell from the line is played on, and the same seed plays the same games again."""
    messages = []
    for _ in range(2):
        with Sandbox([(SUBMISSIONS / "connect4_agents.py").read_text()], Limits(call_timeout=1.0), seed=seed) as box:
            r = Submission("connect4", box).check("agent_strength", "random", games=2, max_games=8, threshold=0.5)
        messages.append(r.message)
        games = int(r.message.split(" games ")[0].rsplit(" ", 1)[1])
        points = r.points / 10 * 0.5 * games  # the credit is the score share over the line, capped at 1
        assert 2 <= games <= 8
        assert (games > 2) == ("planned were played, as the score was close to the 50% line" in r.message)
        assert games == 8 or r.points == 10 or not (0.5 * games - 1 < points < 0.5 * games + 1)
    assert messages[0] == messages[1]


def test_a_tactics_share_near_its_line_is_decided_on_more_positions(connect4):
    """Taking every win and blocking none is half the positions: near the 60% line, more are asked (one of
    each tactic at a time) until one position more or less would not move the share across the line (6 of
    12), and credit stays the share played."""
    r = connect4.check("agent_tactics", "wins_only", positions=4, max_positions=8)
    assert "takes an immediate win: 6 of 6; blocks the opponent's only immediate win: 0 of 6" in r.message
    assert "4 positions more than the 8 planned were asked, as the share was close to 60%" in r.message
    assert r.points == 5
    clear = connect4.check("agent_tactics", "greedy", positions=4, max_positions=8)
    assert "more than" not in clear.message and clear.points == 10


RED_WINS = '''

def red_wins_player(board, player):
    """Takes a win as +1 (red), mean moves included; as -1 drops into the first open column."""
    moves = actions(board, player)
    wins = [m for m in moves if player == 1 and utility(result(board, m, player)) == player]
    return (wins or [m for m in moves if m[0] == "play"])[0]
'''


def test_a_tactic_given_by_hand_built_positions_is_asked_on_those_alone():
    """Mean Connect 4's mean_move_win: its four hand-built boards (two for each player), and no more even at a
    share near the line; credit is the share played, and a miss shows its board and the answers."""
    source = (TESTS / "students" / "mc4_reference_reading_as_lists.py").read_text() + RED_WINS
    with Sandbox([source], Limits(call_timeout=1.0, cell_timeout=10.0)) as box:
        r = Submission("mean_connect4", box).check("agent_tactics", "red_wins", kinds="mean_move_win")
    assert r.message.startswith("takes the win a mean move gives on a hand-built board (mirrored, and for both "
                                "players): 2 of 4. First miss (mean_move_win): expected (3, 0), (3, 1)")
    assert "more than" not in r.message and r.points == 5
    assert len(r.boards) == 2 and all(b.caption.startswith("mean_move_win: ") for b in r.boards)


def test_further_tactic_positions_come_one_of_each_tactic_at_a_time():
    from grader.checks.agent_tactics import Tactic, further_positions

    planned = [Tactic("win", 1, (0,)), Tactic("block", 2, (0,))]
    series = planned + [Tactic("win", 3, (0,)), Tactic("win", 4, (0,)), Tactic("block", 5, (0,))]
    assert [t.state for t in further_positions(planned, series)] == [3, 5, 4]


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_monte_carlo_agent_that_stops_by_its_own_clock_gets_the_same_points_beside_busy_processes():
    """Its clock advances with its CPU time, so beside two busy processes per core it does the same playouts
    (within the machine's noise) and every check gives it the same points."""
    import os
    import subprocess
    import sys
    import time

    def grade():
        with Sandbox([(SUBMISSIONS / "connect4_agents.py").read_text()], Limits(call_timeout=1.0), seed=4) as box:
            s = Submission("connect4", box)
            return [s.check("agent_legal", "clock_mc", positions=4).points,
                    s.check("agent_tactics", "clock_mc", kinds=["win"], positions=4).points,
                    s.check("agent_strength", "clock_mc", games=4, threshold=0.75).points]

    alone = grade()
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2 * (os.cpu_count() or 1))]
    try:
        time.sleep(1)
        loaded = grade()
    finally:
        for p in busy:
            p.kill()
            p.wait()
    assert alone == loaded == [10, 10, 10]


def test_the_timing_check_times_the_moves_the_legal_check_asked_on_the_same_board(connect4):
    """Each position is asked once: at the rubric's size the timing check's positions are the legal check's,
    whose moves it times without asking the student again."""
    legal = CheckSpec(kind="agent_legal", target="greedy", points=1, params={"positions": 6})
    timing = CheckSpec(kind="agent_timing", target="greedy", points=1, params={"positions": 4})
    rubric = Assignment.model_validate({**assignment("connect4").model_dump(),
                                        "tasks": [{"name": "agents", "checks": [legal.model_dump(), timing.model_dump()]}]})
    ctx = CheckContext(rubric, connect4.game, connect4.student, sandbox=connect4.box, seed=1)
    run_check(ctx, "agents", legal)
    before = len(ctx.answers)
    r = run_check(ctx, "agents", timing)
    assert r.points == 1 and len(ctx.answers) == before  # no position asked anew


def test_positions_asked_deeper_are_counted_in_words_that_agree(monkeypatch):
    from types import SimpleNamespace

    import grader.checks.agent_tactics as agent_tactics

    monkeypatch.setattr(agent_tactics, "default_depth", lambda agent: 1)
    one = agent_tactics.deeper_words({"avoid_trap": {"depth": 2}}, [SimpleNamespace(kind="avoid_trap")], None)
    assert one == ("the 1 position where the agent does not play under the opponent's winning cell was asked with "
                   "depth=2, the depth that sees it (your agent searches 1 move deep unless told otherwise)")
    monkeypatch.setattr(agent_tactics, "default_depth", lambda agent: 2)
    two = agent_tactics.deeper_words({"double_threat": {"depth": 3}}, [SimpleNamespace(kind="double_threat")] * 2, None)
    assert "the 2 positions where" in two and "were asked" in two and "searches 2 moves deep" in two


def test_an_agent_that_keeps_timing_out_stops_playing_and_the_games_left_count_as_lost(connect4):
    """Each timeout costs a whole move limit: after as many as the other agent checks allow, the planned games
    not played count as lost, so the check ends in seconds and gives no credit for games it did not play."""
    r = connect4.check("agent_strength", "sleepy", games=8, move_seconds=0.2, check_seconds=30.0)
    assert r.points == 0 and r.status == "timeout", r.message
    assert "lost 8 of 8 games" in r.message and "were not played and count as lost" in r.message


@pytest.mark.parametrize("game_name, plies", [("connect4", 12), ("dots_and_boxes", 12), ("tictactoe", 2)])
def test_strength_openings_are_random_yet_even_and_fixed_by_the_seed(game_name, plies):
    """A later opening makes each game a few student moves; judged even, it hands neither side the game."""
    import random

    from grader.checks.agent_strength import _opening
    from grader.play.openings import opening_value

    game = load_game(game_name)
    openings = [tuple(_opening(game, random.Random(f"s{i}"), plies)) for i in range(4)]
    assert openings == [tuple(_opening(game, random.Random(f"s{i}"), plies)) for i in range(4)]
    assert len(set(openings)) == 4 and all(len(o) == plies for o in openings)
    if game_name != "tictactoe":  # a 2-ply tic-tac-toe opening is often a win: the most even is taken
        assert all(abs(opening_value(game, o)) <= game.opening_tolerance for o in openings)
        from grader.checks.agent_strength import quiet

        def after(opening):
            state = game.initial_state()
            for action in opening:
                state = game.result(state, action)
            return state

        assert all(quiet(game, after(o)) for o in openings)  # no side can win at its next move
