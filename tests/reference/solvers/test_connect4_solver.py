"""The exact Connect 4 solver: benchmark positions with known scores, small-board facts, brute force.

Scores follow tests/data/connect4/README.md: from the side to move's view, 0 draw, otherwise
+-(ceil(rows * cols / 2) + 1 - n) with n the winner's stones when it connects (22 - n on 6 x 7).
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from reference import load_game, solve
from reference.solvers.connect4 import Connect4Solver, solver_for
from tests.paths import TESTS

DATA = TESTS / "data" / "connect4"


def benchmark_positions(file_name: str) -> list[tuple[str, int]]:
    lines = (DATA / file_name).read_text().split("\n")
    return [(moves, int(score)) for moves, score in (line.split() for line in lines if line.strip())]


def seeded_sample(file_name: str, count: int, seed: int = 2024) -> list[tuple[str, int]]:
    return random.Random(seed).sample(benchmark_positions(file_name), count)


def assert_scores_match(positions: list[tuple[str, int]]) -> None:
    solver = Connect4Solver(6, 7)
    wrong = []
    for moves, expected in positions:
        score = solver.solve(*solver.position(moves))
        if score != expected:
            wrong.append(f"{moves}: solver {score}, file {expected}")
    assert not wrong, f"{len(wrong)} of {len(positions)} scores differ, e.g. {wrong[:5]}"


# --- the benchmark positions of tests/data/connect4 ---


def test_every_end_easy_position_scores_exactly():
    assert_scores_match(benchmark_positions("Test_L3_R1"))


def test_every_middle_easy_position_scores_exactly():
    assert_scores_match(benchmark_positions("Test_L2_R1"))


def test_sample_of_middle_medium_positions_scores_exactly():
    assert_scores_match(seeded_sample("Test_L2_R2", 8))


def test_sample_of_begin_easy_positions_scores_exactly():
    assert_scores_match(seeded_sample("Test_L1_R1", 25))


@pytest.mark.slow
@pytest.mark.parametrize("file_name", ["Test_L2_R2", "Test_L1_R1"])
def test_every_position_of_harder_sets_scores_exactly(file_name):
    assert_scores_match(benchmark_positions(file_name))


@pytest.mark.slow
def test_sample_of_begin_medium_positions_scores_exactly():
    assert_scores_match(seeded_sample("Test_L1_R2", 5))


def test_node_count_matches_the_published_order_on_end_easy():
    """Pons's solver searches 51 nodes per End-Easy position on average; so does this search."""
    solver = Connect4Solver(6, 7)
    positions = benchmark_positions("Test_L3_R1")[:200]
    total = 0
    for moves, _ in positions:
        solver.solve(*solver.position(moves))
        total += solver.nodes
    assert 30 <= total / len(positions) <= 80


@pytest.mark.parametrize("file_name", ["Test_L3_R1", "Test_L2_R1"])
def test_a_loss_within_some_rounds_agrees_with_the_exact_score(file_name):
    """loses_within(rounds) is one null-window search; the published score says when the side to move
    loses (the opponent's n-th stone scores lose_now + n - 1), so both must agree for every bound."""
    solver = Connect4Solver(6, 7)
    disagree = []
    for moves, score in seeded_sample(file_name, 60, seed=7):
        current, mask, count = solver.position(moves)
        for rounds in range(1, 7):
            expected = score <= solver.lose_now[count] + rounds - 1
            if solver.loses_within(current, mask, count, rounds) != expected:
                disagree.append(f"{moves} (score {score}) within {rounds}")
    assert not disagree, disagree[:5]


def test_weak_solve_gives_only_the_sign():
    solver = Connect4Solver(6, 7)
    for moves, expected in benchmark_positions("Test_L2_R1")[:60]:
        sign = (expected > 0) - (expected < 0)
        assert solver.solve(*solver.position(moves), weak=True) == sign, moves


# --- through the game module and the dispatcher ---


def test_solve_through_load_game_matches_the_file():
    game = load_game("connect4", rows=6, cols=7)
    for moves, expected in benchmark_positions("Test_L3_R1")[:50] + benchmark_positions("Test_L2_R1")[:20]:
        state = game.initial_state()
        for char in moves:
            state = game.result(state, int(char) - 1)
        assert solve(game, state) == expected, moves


def test_position_from_moves_equals_the_games_state():
    game = load_game("connect4", rows=6, cols=7)
    solver = solver_for(6, 7)
    state = game.initial_state()
    for ply, char in enumerate("4453361271"):
        state = game.result(state, int(char) - 1)
        assert tuple(state) == solver.position("4453361271"[: ply + 1])


def test_a_win_in_one_scores_by_stones_placed():
    # First player has three in the bottom row after 6 plies; its 4th stone wins: 22 - 4 = 18.
    solver = Connect4Solver(6, 7)
    assert solver.solve(*solver.position("112233")) == 18


# --- small boards: who wins from the empty board (rows x cols) ---

SMALL_BOARD_FACTS = [  # (rows, cols, sign of the value for the first player)
    (4, 4, 0),
    (4, 5, 0),
    (5, 4, 0),
    (5, 5, 0),
    (6, 4, 0),
]
SLOW_SMALL_BOARD_FACTS = [(4, 7, 0), (5, 6, 0), (6, 5, 0)]


def sign_from_empty_board(rows: int, cols: int) -> int:
    game = load_game("connect4", rows=rows, cols=cols)
    value = solve(game, game.initial_state())
    return (value > 0) - (value < 0)


@pytest.mark.parametrize("rows,cols,expected", SMALL_BOARD_FACTS)
def test_small_board_outcome(rows, cols, expected):
    assert sign_from_empty_board(rows, cols) == expected


@pytest.mark.slow
@pytest.mark.parametrize("rows,cols,expected", SLOW_SMALL_BOARD_FACTS)
def test_small_board_outcome_slow(rows, cols, expected):
    assert sign_from_empty_board(rows, cols) == expected


def test_second_player_wins_4x6_with_its_last_stone():
    """4 rows x 6 columns is a second-player win, and only with its 12th (last) stone: score -1."""
    game = load_game("connect4", rows=4, cols=6)
    assert solve(game, game.initial_state()) == -1


# --- exact scores against plain minimax over the game's own rules ---


def brute_force_scores(game):
    """Plain minimax on the game API: the score convention written out, no pruning, no bitboards. A function of
    a position of ``game``, remembering the score of every position it searched: the positions a test asks about
    share much of their trees, each searched once."""
    best_possible = (game.rows * game.cols + 1) // 2 + 1

    @lru_cache(maxsize=None)
    def value(state) -> int:
        best = None
        stones_after_move = state.moves // 2 + 1
        for action in game.actions(state):
            child = game.result(state, action)
            if game.terminal(child):
                score = best_possible - stones_after_move if game.winner(child) is not None else 0
            else:
                score = -value(child)
            best = score if best is None else max(best, score)
        return best

    return value


def random_unfinished_position(game, plies: int, rng: random.Random):
    while True:
        state = game.initial_state()
        for _ in range(plies):
            if game.terminal(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.terminal(state):
            return state


@pytest.mark.parametrize(
    "rows,cols,k,plies",
    [
        (4, 4, 4, 4),  # even number of cells
        (5, 5, 4, 13),  # odd number of cells: the first player can place 13 stones
        (3, 5, 3, 5),  # k = 3
        (4, 5, 3, 8),
        (3, 4, 2, 2),  # k = 2: almost every move threatens
    ],
)
def test_exact_scores_agree_with_plain_minimax(rows, cols, k, plies):
    game = load_game("connect4", rows=rows, cols=cols, k=k)
    rng = random.Random(rows * 100 + cols * 10 + k)
    brute_force_score = brute_force_scores(game)
    for _ in range(12):
        state = random_unfinished_position(game, plies, rng)
        assert solve(game, state) == brute_force_score(state), game.text(state)


# --- positions that cannot be solved ---


def test_already_won_position_is_rejected():
    solver = Connect4Solver(6, 7)
    won = solver.position("1122334")  # the first player's 4th stone completes the bottom row
    with pytest.raises(ValueError, match="game is over"):
        solver.solve(*won)
    with pytest.raises(ValueError, match="already won"):
        solver.position("11223345")


def test_full_board_is_rejected():
    solver = Connect4Solver(2, 2)
    with pytest.raises(ValueError, match="board is full"):
        solver.solve(*solver.position("1122"))


def test_malformed_bitboards_are_rejected():
    solver = Connect4Solver(6, 7)
    with pytest.raises(ValueError, match="not stacked"):
        solver.solve(0, 0b10, 1)  # a disc floating above an empty cell
    with pytest.raises(ValueError, match="disc counts"):
        solver.solve(0b1, 0b1, 1)  # the side to move cannot own the only disc
    with pytest.raises(ValueError, match="column '8' is not in 1..7"):
        solver.position("48")


def test_node_budget_stops_a_long_search():
    from reference.solvers import SolverBudgetExceeded

    solver = Connect4Solver(6, 7)
    with pytest.raises(SolverBudgetExceeded, match="1,000 nodes"):
        solver.solve(*solver.position("4"), node_budget=1000)
    assert solver.nodes == 1001
