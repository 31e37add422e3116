"""The Connect 4 solver gives the exact benchmark score, and the known values of small boards."""

import random
from pathlib import Path

import pytest

from reference import solve
from reference.games import load_game
from reference.solvers import TerminalState, UnsupportedGame
from reference.solvers.connect4 import Connect4Solver

DATA = Path(__file__).parent / "data" / "connect4"


def benchmark(name: str) -> list[tuple[str, int]]:
    lines = (DATA / name).read_text().split("\n")
    return [(m, int(s)) for m, s in (line.split() for line in lines if line.strip())]


def state_of(game, moves: str):
    state = game.initial_state()
    for digit in moves:
        state = game.result(state, int(digit) - 1)
    return state


def test_every_end_easy_position_has_the_benchmark_score():
    game = load_game("connect4")
    for moves, score in benchmark("Test_L3_R1"):
        assert solve(game, state_of(game, moves)) == score, moves


@pytest.mark.parametrize("name, count", [("Test_L2_R1", 60), ("Test_L2_R2", 4), ("Test_L1_R1", 6)])
def test_a_seeded_sample_of_harder_sets_has_the_benchmark_score(name, count):
    game = load_game("connect4")
    for moves, score in random.Random(name).sample(benchmark(name), count):
        assert solve(game, state_of(game, moves)) == score, moves


@pytest.mark.slow
def test_every_middle_easy_position_has_the_benchmark_score():
    game = load_game("connect4")
    for moves, score in benchmark("Test_L2_R1"):
        assert solve(game, state_of(game, moves)) == score, moves


@pytest.mark.parametrize("rows, cols, sign", [
    (4, 4, 0), (4, 5, 0), (4, 6, -1), (4, 7, 0), (5, 4, 0), (5, 5, 0),
])
def test_small_boards_have_their_known_value(rows, cols, sign):
    game = load_game("connect4", rows=rows, cols=cols)
    value = solve(game, game.initial_state())
    assert (value > 0) - (value < 0) == sign


def test_weak_and_strong_solves_agree_on_the_sign():
    solver = Connect4Solver()
    for moves, score in benchmark("Test_L3_R1")[:50]:
        weak = solver.solve(*solver.position(moves), weak=True)
        assert (weak > 0) - (weak < 0) == (score > 0) - (score < 0)


def test_tic_tac_toe_is_a_draw_and_a_win_in_one_is_plus_one():
    game = load_game("tictactoe")
    assert solve(game, game.initial_state()) == 0
    state = game.initial_state()
    for cell in (0, 3, 1, 4):  # x: 0, 1; o: 3, 4; x to move wins at 2
        state = game.result(state, cell)
    assert solve(game, state) == 1


def test_finished_games_and_unknown_games_are_refused_with_a_reason():
    game = load_game("connect4", rows=4, cols=4)
    state = state_of(game, "1212121")
    with pytest.raises(TerminalState):
        solve(game, state)
    with pytest.raises(UnsupportedGame):
        solve(object(), None)
