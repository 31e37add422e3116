"""The reference agents: legal, exact where they claim to be, sensible where they only estimate.

Every game here is seeded; no test asserts a time (only that a deadline is not overrun grossly).
"""

from __future__ import annotations

import random
import time
from functools import lru_cache

import numpy as np
import pytest

from reference.agents import (
    AlphaBetaAgent,
    IterativeDeepeningAgent,
    MCTSAgent,
    MinimaxAgent,
    MonteCarloAgent,
    RandomAgent,
    course_player,
    make_agent,
)
from reference.games import load_game

TTT = load_game("tictactoe")
C4 = load_game("connect4")
DB3 = load_game("dots_and_boxes", rows=3, cols=3)  # 2 x 2 boxes
DB4 = load_game("dots_and_boxes", rows=4, cols=4)  # 3 x 3 boxes


def play(game, first, second, state=None, record=None):
    """Play a game between two agents; the utility for +1 (``record`` collects the actions)."""
    state = game.initial_state() if state is None else state
    agents = {1: first, -1: second}
    while not game.terminal(state):
        action = agents[game.to_move(state)].choose(game, state)
        assert action in game.actions(state), f"{agents[game.to_move(state)].name} chose illegal {action!r}"
        if record is not None:
            record.append(action)
        state = game.result(state, action)
    return game.utility(state, 1)


def random_position(game, plies, seed):
    """A non-terminal state after up to ``plies`` seeded random moves."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        child = game.result(state, rng.choice(game.actions(state)))
        if game.terminal(child):
            break
        state = child
    return state


def exact_value(game, state):
    """Brute-force minimax value for the player to move, asking to_move at every node (extra turns)."""

    @lru_cache(maxsize=None)
    def value(s):
        mover = game.to_move(s)
        if game.terminal(s):
            return game.utility(s, mover)
        return max(
            value(c) if game.to_move(c) == mover else -value(c) for c in (game.result(s, a) for a in game.actions(s))
        )

    return value(state)


def action_values(game, state):
    """The exact value of every action, for the player to move."""
    mover = game.to_move(state)
    values = {}
    for action in game.actions(state):
        child = game.result(state, action)
        v = exact_value(game, child)
        values[action] = v if game.to_move(child) == mover else -v
    return values


# --- every agent plays legal moves -------------------------------------------------------------

CHEAP_SPECS = ["random", "alphabeta:2", "iterative:0.02", "montecarlo:5", "mcts:50"]


@pytest.mark.parametrize("spec", CHEAP_SPECS + ["minimax", "alphabeta"])
def test_agents_choose_only_legal_actions_in_tictactoe(spec):
    for seed in range(2):
        if spec != "minimax":  # minimax from the empty board has its own test below
            play(TTT, make_agent(spec, seed=seed), RandomAgent(seed=seed + 10))
        play(TTT, RandomAgent(seed=seed + 20), make_agent(spec, seed=seed))


@pytest.mark.parametrize("spec", CHEAP_SPECS)
@pytest.mark.parametrize("game", [load_game("connect4", rows=5, cols=6), DB3], ids=["connect4_5x6", "dots_3x3"])
def test_agents_choose_only_legal_actions_in_connect4_and_dots_and_boxes(spec, game):
    play(game, make_agent(spec, seed=1), RandomAgent(seed=2))
    play(game, RandomAgent(seed=3), make_agent(spec, seed=1))


def test_agents_refuse_a_finished_game():
    state = TTT.from_course(["x", "x", "x", "o", "o", " ", " ", " ", " "])
    for spec in ["random", "minimax", "alphabeta", "alphabeta:2", "iterative:0.05", "montecarlo:3", "mcts:10"]:
        with pytest.raises(ValueError, match="game is over"):
            make_agent(spec).choose(TTT, state)


# --- exact search: minimax and alpha-beta ----------------------------------------------------


@pytest.fixture(scope="module")
def minimax_from_the_empty_board() -> MinimaxAgent:
    """A minimax agent after its search of the whole tic-tac-toe tree from the empty board (half a million nodes),
    searched once for the tests that read its count."""
    agent = MinimaxAgent()
    agent.choose(TTT, TTT.initial_state())
    return agent


def test_minimax_visits_the_whole_tictactoe_game_tree_from_the_empty_board(minimax_from_the_empty_board):
    assert minimax_from_the_empty_board.nodes == 549_946  # every node of the game tree, the root included


def test_alphabeta_searches_far_fewer_nodes_than_minimax_from_the_empty_board(minimax_from_the_empty_board):
    minimax, alphabeta = minimax_from_the_empty_board, AlphaBetaAgent()
    alphabeta.choose(TTT, TTT.initial_state())
    assert alphabeta.nodes < minimax.nodes / 20
    assert alphabeta.value == pytest.approx(0.0)  # tic-tac-toe is a draw


@pytest.mark.parametrize("seed", range(12))
def test_alphabeta_and_minimax_choose_moves_of_the_best_value_on_random_tictactoe_positions(seed):
    state = random_position(TTT, 2 + seed % 5, seed)
    values = action_values(TTT, state)
    best = max(values.values())
    assert values[MinimaxAgent().choose(TTT, state)] == best
    alphabeta = AlphaBetaAgent()
    assert values[alphabeta.choose(TTT, state)] == best
    assert alphabeta.value == pytest.approx(best, abs=0.02)  # the per-ply discount shrinks it a little


def test_alphabeta_prefers_the_quicker_of_two_wins():
    # x can win now at cell 2, or later; o would block 2 if x waited.
    state = TTT.from_course(["x", "x", " ", "o", "o", " ", " ", " ", " "])
    assert AlphaBetaAgent().choose(TTT, state) == 2


# --- Dots and Boxes: extra turns ------------------------------------------------------------------


def dots_board(rows, cols, lines, boxes=None):
    return {"size": (rows, cols), "lines": {line: True for line in lines}, "boxes": boxes or {}}


def test_alphabeta_takes_a_chain_with_extra_turns_as_brute_force_says():
    # 2 x 2 boxes: all outer lines drawn, and the line between the left two boxes. Both left boxes
    # have three sides: a chain of four opened at both ends, taken whole thanks to the extra turns.
    outer = [("h", 0, 0), ("h", 0, 1), ("h", 2, 0), ("h", 2, 1), ("v", 0, 0), ("v", 1, 0), ("v", 0, 2), ("v", 1, 2)]
    state = DB3.from_course(dots_board(3, 3, outer + [("h", 1, 0)]), to_move=-1)
    values = action_values(DB3, state)
    assert max(values.values()) == 4
    agent = AlphaBetaAgent()
    record = []
    value = play(DB3, agent, agent, state=state, record=record)
    assert value == -4 and len(record) == 3  # -1 drew all three lines and took all four boxes


@pytest.mark.parametrize("seed", range(8))
def test_alphabeta_matches_brute_force_on_random_two_by_two_box_positions(seed):
    state = random_position(DB3, 4 + seed % 4, seed)
    values = action_values(DB3, state)
    best = max(values.values())
    agent = AlphaBetaAgent()
    assert values[agent.choose(DB3, state)] == best
    assert round(agent.value) == best


def test_alphabeta_declines_the_last_two_boxes_of_a_chain_to_keep_control():
    # 3 x 3 boxes: the top row is a chain of three opened at box (0, 0); the two rows below form
    # a loop of six. Taking all three boxes would oblige the mover to open the loop (3 - 6 = -3);
    # taking one and handing two back (drawing the far end, ('v', 0, 3)) makes the opponent open
    # it (1 - 2 + 6 = +5).
    lines = [("h", 0, c) for c in range(3)] + [("h", 1, c) for c in range(3)] + [("h", 3, c) for c in range(3)]
    lines += [("v", 0, 0), ("h", 2, 1), ("v", 1, 0), ("v", 2, 0), ("v", 1, 3), ("v", 2, 3)]
    state = DB4.from_course(dots_board(4, 4, lines), to_move=1)
    values = action_values(DB4, state)
    assert max(values.values()) == 5
    agent = AlphaBetaAgent()
    record = []
    assert play(DB4, agent, agent, state=state, record=record) == 5
    assert record[:2] == [("v", 0, 1), ("v", 0, 3)]  # take one box, then the hand-out


# --- heuristic alpha-beta ------------------------------------------------------------------------


def c4_board(discs):
    """A 6 x 7 course board (row 0 on top) with +1 / -1 at the given (row, col) cells."""
    board = np.zeros((6, 7), dtype=int)
    for player, cells in discs.items():
        for row, col in cells:
            board[row, col] = player
    return board


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_heuristic_alphabeta_takes_an_immediate_win_in_connect4(depth):
    # +1 has three in column 0 and wins there; -1 threatens column 6, which blocking would not stop.
    board = c4_board({1: [(5, 0), (4, 0), (3, 0)], -1: [(5, 6), (4, 6), (3, 6)]})
    player = course_player(AlphaBetaAgent(depth=depth), C4)
    assert player(board, 1) == 0


@pytest.mark.parametrize("depth", [2, 4])
def test_heuristic_alphabeta_blocks_an_immediate_loss_in_connect4(depth):
    # +1 has three on the bottom row (columns 1-3, column 4 taken by -1): -1 must block column 0.
    board = c4_board({1: [(5, 1), (5, 2), (5, 3)], -1: [(5, 4), (4, 1)]})
    player = course_player(AlphaBetaAgent(depth=depth), C4)
    assert player(board, -1) == 0


def test_heuristic_alphabeta_blocks_a_diagonal_in_connect4():
    # +1 has (5,0), (4,1), (3,2) on a diagonal; the fourth cell (2,3) is playable now: -1 blocks it.
    board = c4_board({1: [(5, 0), (4, 1), (3, 2), (5, 3), (3, 3)], -1: [(5, 1), (5, 2), (4, 2), (4, 3)]})
    assert course_player(AlphaBetaAgent(depth=4), C4)(board, -1) == 3


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_heuristic_alphabeta_takes_a_free_box_in_dots_and_boxes(depth):
    # box (0, 0) has three sides; its fourth, ('v', 0, 1), is a free box.
    board = dots_board(4, 4, [("h", 0, 0), ("h", 1, 0), ("v", 0, 0), ("h", 3, 2)])
    assert course_player(AlphaBetaAgent(depth=depth), DB4)(board, -1) == ("v", 0, 1)


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_heuristic_alphabeta_avoids_giving_a_third_side_when_a_safe_move_exists(depth):
    # box (0, 0) has two sides: ('h', 1, 0) or ('v', 0, 1) would give it away; safe lines exist,
    # and brute force confirms each giveaway is strictly worse than the best safe line.
    board = dots_board(3, 3, [("h", 0, 0), ("v", 0, 0)])
    state = DB3.from_course(board, to_move=-1)
    values = action_values(DB3, state)
    giveaways = {("h", 1, 0), ("v", 0, 1)}
    assert max(values[a] for a in giveaways) < max(values.values())
    action = course_player(AlphaBetaAgent(depth=depth), DB3)(board, -1)
    assert action not in giveaways


def test_heuristic_alphabeta_plays_safe_lines_on_three_by_three_boxes():
    board = dots_board(4, 4, [("h", 0, 0), ("v", 0, 0), ("h", 3, 2), ("v", 2, 3)])
    action = course_player(AlphaBetaAgent(depth=4), DB4)(board, 1)
    state = DB4.from_course(board, to_move=1)
    line = DB4.line_index[action]
    assert all((state.lines & mask).bit_count() < 2 for mask in DB4.line_box_masks[line])


def test_alphabeta_depth_4_beats_random_in_connect4_with_both_colours():
    results = []
    for seed in range(10):
        agent, opponent = AlphaBetaAgent(depth=4), RandomAgent(seed=seed)
        results.append(play(C4, agent, opponent) if seed % 2 == 0 else -play(C4, opponent, agent))
    assert results.count(1) >= 9, results


# --- iterative deepening ----------------------------------------------------------------------------


def test_iterative_deepening_answers_before_a_short_deadline_on_a_big_board():
    game = load_game("connect4", rows=10, cols=12)
    state = random_position(game, 20, 1)
    agent = IterativeDeepeningAgent(seconds=60)
    start = time.perf_counter()
    action = agent.choose(game, state, deadline=start + 0.1)
    elapsed = time.perf_counter() - start
    assert action in game.actions(state)
    assert elapsed < 0.1 + 1.0  # generous: the machine may be busy; the search polls at every node
    assert agent.depth >= 1


def test_iterative_deepening_returns_a_legal_move_even_without_time_for_depth_one():
    state = random_position(DB4, 3, 2)
    agent = IterativeDeepeningAgent(seconds=60)
    action = agent.choose(DB4, state, deadline=time.perf_counter() - 1)  # already past
    assert action in DB4.actions(state) and agent.depth == 0


def test_iterative_deepening_stops_when_the_search_is_exact_and_plays_perfectly():
    state = random_position(TTT, 3, 5)
    agent = IterativeDeepeningAgent(seconds=30)
    start = time.perf_counter()
    action = agent.choose(TTT, state)
    assert time.perf_counter() - start < 25  # it stopped deepening long before its time ran out
    values = action_values(TTT, state)
    assert values[action] == max(values.values())


def test_iterative_deepening_matches_fixed_depth_alphabeta_at_the_depth_it_reached():
    state = random_position(C4, 6, 3)
    deep = IterativeDeepeningAgent(seconds=60, max_depth=5)
    action = deep.choose(C4, state)
    fixed = AlphaBetaAgent(depth=5)
    assert deep.depth == 5
    assert fixed.choose(C4, state) == action or fixed.value == pytest.approx(deep.value)


# --- Monte Carlo agents ------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["montecarlo:20", "mcts:200"])
def test_monte_carlo_agents_beat_random_in_tictactoe(spec):
    results = []
    for seed in range(6):
        agent, opponent = make_agent(spec, seed=seed), RandomAgent(seed=100 + seed)
        results.append(play(TTT, agent, opponent) if seed % 2 == 0 else -play(TTT, opponent, agent))
    assert results.count(-1) == 0 and results.count(1) >= 4, results


@pytest.mark.parametrize("spec", ["montecarlo:10", "mcts:200"])
def test_monte_carlo_agents_beat_random_in_connect4(spec):
    results = []
    for seed in range(6):
        agent, opponent = make_agent(spec, seed=seed), RandomAgent(seed=200 + seed)
        results.append(play(C4, agent, opponent) if seed % 2 == 0 else -play(C4, opponent, agent))
    assert results.count(1) >= 5, results


def test_mcts_credits_each_node_to_the_player_who_moved_into_it_across_extra_turns():
    # Only ('h', 0, 1) wins by 4 here, and what makes it win lies below an extra turn. A UCT that
    # assumed alternating turns (crediting every other level to the other player) picks a worse
    # line with each of these seeds; crediting the player who actually moved picks this one.
    lines = [("h", 1, 1), ("h", 2, 0), ("h", 2, 1), ("v", 0, 1), ("v", 0, 2), ("v", 1, 0)]
    state = DB3.from_course(dots_board(3, 3, lines), to_move=1)
    values = action_values(DB3, state)
    assert values[("h", 0, 1)] == 4 and sorted(values.values())[-2] < 4
    for seed in range(4):
        assert MCTSAgent(iterations=600, seed=seed).choose(DB3, state) == ("h", 0, 1)


def test_mcts_takes_a_chain_in_dots_and_boxes():
    outer = [("h", 0, 0), ("h", 0, 1), ("h", 2, 0), ("h", 2, 1), ("v", 0, 0), ("v", 1, 0), ("v", 0, 2), ("v", 1, 2)]
    state = DB3.from_course(dots_board(3, 3, outer + [("h", 1, 0)]), to_move=1)
    agent = MCTSAgent(iterations=300, seed=0)
    assert play(DB3, agent, agent, state=state) == 4


def test_monte_carlo_stops_at_the_deadline():
    agent = MonteCarloAgent(playouts=10**9, seed=0)
    start = time.perf_counter()
    action = agent.choose(C4, C4.initial_state(), deadline=start + 0.05)
    assert action in C4.actions(C4.initial_state())
    assert time.perf_counter() - start < 1.0
    assert agent.nodes > 0


def test_mcts_stops_at_the_deadline():
    agent = MCTSAgent(iterations=10**9, seed=0)
    start = time.perf_counter()
    action = agent.choose(DB4, DB4.initial_state(), deadline=start + 0.05)
    assert action in DB4.actions(DB4.initial_state())
    assert time.perf_counter() - start < 1.0


# --- reproducibility ---------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["random", "montecarlo:5", "mcts:50", "alphabeta:3"])
def test_same_seed_gives_the_same_moves(spec):
    games = []
    for _ in range(2):
        record = []
        play(C4, make_agent(spec, seed=7), make_agent(spec, seed=8), record=record)
        games.append(record)
    assert games[0] == games[1]


def test_different_seeds_give_different_random_games():
    records = []
    for seed in (1, 2):
        record = []
        play(C4, RandomAgent(seed=seed), RandomAgent(seed=seed + 50), record=record)
        records.append(record)
    assert records[0] != records[1]


# --- specs and course-style calling ------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec, kind",
    [
        ("random", RandomAgent),
        ("minimax", MinimaxAgent),
        ("alphabeta", AlphaBetaAgent),
        ("alphabeta:4", AlphaBetaAgent),
        ("iterative:0.5", IterativeDeepeningAgent),
        ("montecarlo:200", MonteCarloAgent),
        ("mcts:1000", MCTSAgent),
    ],
)
def test_make_agent_builds_each_spec(spec, kind):
    agent = make_agent(spec, seed=1)
    assert isinstance(agent, kind) and agent.name == spec and agent.nodes == 0


def test_make_agent_reads_the_numbers_in_specs():
    assert make_agent("alphabeta:4").depth == 4
    assert make_agent("iterative:0.5").seconds == 0.5
    assert make_agent("montecarlo:200").playouts == 200
    assert make_agent("mcts:1000").iterations == 1000


@pytest.mark.parametrize("spec", ["", "alpha", "alphabeta:x", "alphabeta:0", "mcts:-3", "random:2", "iterative:0", 4])
def test_make_agent_rejects_a_bad_spec_and_lists_the_valid_ones(spec):
    with pytest.raises(ValueError, match="alphabeta") as error:
        make_agent(spec)
    assert repr(spec) in str(error.value) or "string" in str(error.value)


def test_course_player_plays_tictactoe_on_the_course_list():
    player = course_player(AlphaBetaAgent(), TTT)
    assert player(["x", "x", " ", "o", "o", " ", " ", " ", " "], 1) == 2
    assert player(["x", "x", " ", "o", " ", " ", " ", " ", " "], -1) == 2  # block


def test_course_player_accepts_extra_keyword_arguments_of_environments():
    player = course_player(RandomAgent(seed=0), C4)
    board = np.zeros((6, 7), dtype=int)
    assert player(board.copy(), 1, time_limit=1.0) in range(7)


def test_course_player_needs_the_player_for_dots_and_boxes():
    player = course_player(RandomAgent(seed=0), DB3)
    with pytest.raises(ValueError, match="whose turn"):
        player(dots_board(3, 3, [("h", 0, 0)]))
    assert player(dots_board(3, 3, [("h", 0, 0)]), -1) in DB3.actions(DB3.from_course(dots_board(3, 3, [("h", 0, 0)]), to_move=-1))


def test_course_player_rejects_a_player_the_board_contradicts():
    from reference.games.base import InvalidBoard

    with pytest.raises(InvalidBoard):
        course_player(RandomAgent(seed=0), TTT)([" "] * 9, -1)
