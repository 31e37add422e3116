"""Differential tests: tic-tac-toe and Connect 4 against OpenSpiel, an independent implementation.

Seeded random games are played move for move in both; at every step the legal actions, the
board, whose turn it is, whether the game is over, and the returns must agree. Numbering:
OpenSpiel's ``tic_tac_toe`` and ``mnk`` cell = row * columns + col (``mnk``'s ``m`` is the number
of columns, ``n`` of rows), the same as ours; ``connect_four`` actions are columns, as ours.
OpenSpiel player 0 is our +1. Its boards print top row first with 'x' for player 0 and 'o' for
player 1 and '.' for empty, as our ``text`` does.
"""

from __future__ import annotations

import random

import pytest

from reference.games.connect4 import Connect4
from reference.games.tictactoe import TicTacToe

pyspiel = pytest.importorskip("pyspiel")


def openspiel_board(state) -> list[str]:
    """OpenSpiel's board rows (top first) as strings of 'x', 'o', '.'."""
    return [line for line in str(state).splitlines() if line.strip()]


def our_board(game, state) -> list[str]:
    return [row.replace(" ", "") for row in game.text(state).splitlines()[: game.rows]]


def play_side_by_side(game, spiel_game, n_games: int, seed: int) -> dict:
    """Play ``n_games`` random games in both, comparing at every step; return outcome counts."""
    rng = random.Random(seed)
    outcomes = {1: 0, -1: 0, 0: 0}
    for _ in range(n_games):
        ours, theirs = game.initial_state(), spiel_game.new_initial_state()
        while True:
            assert our_board(game, ours) == openspiel_board(theirs)
            assert game.terminal(ours) == theirs.is_terminal()
            assert [game.utility(ours, 1), game.utility(ours, -1)] == theirs.returns()
            if theirs.is_terminal():
                assert game.actions(ours) == []
                outcomes[game.utility(ours, 1)] += 1
                break
            assert theirs.current_player() == (0 if game.to_move(ours) == 1 else 1)
            assert game.actions(ours) == sorted(theirs.legal_actions())
            action = rng.choice(game.actions(ours))
            ours = game.result(ours, action)
            theirs.apply_action(action)
    return outcomes


def test_tic_tac_toe_3x3_agrees_with_openspiel():
    outcomes = play_side_by_side(TicTacToe(), pyspiel.load_game("tic_tac_toe"), 1500, seed=1)
    assert all(outcomes.values())  # wins for both and draws were all exercised


@pytest.mark.parametrize("rows, cols, k", [(4, 4, 3), (3, 5, 3), (5, 3, 3), (5, 5, 4)])
def test_tic_tac_toe_mnk_boards_agree_with_openspiel_mnk(rows, cols, k):
    spiel_game = pyspiel.load_game("mnk", {"m": cols, "n": rows, "k": k})
    outcomes = play_side_by_side(TicTacToe(rows, cols, k), spiel_game, 250, seed=rows * 100 + cols * 10 + k)
    assert outcomes[1] and outcomes[-1]


def test_connect_four_6x7_agrees_with_openspiel():
    outcomes = play_side_by_side(Connect4(), pyspiel.load_game("connect_four"), 800, seed=2)
    assert outcomes[1] and outcomes[-1]


def test_connect_four_draws_agree_with_openspiel():
    """Full boards are rare in random 6 x 7 games, so draws are exercised on 4 x 4 (about half end drawn)."""
    spiel_game = pyspiel.load_game("connect_four", {"rows": 4, "columns": 4, "x_in_row": 4})
    outcomes = play_side_by_side(Connect4(4, 4, 4), spiel_game, 300, seed=3)
    assert all(outcomes.values())


@pytest.mark.parametrize("rows, cols, k", [(5, 4, 3), (4, 6, 4), (7, 8, 4), (6, 7, 5), (3, 3, 3)])
def test_connect_four_other_sizes_agree_with_openspiel(rows, cols, k):
    assert {"rows", "columns", "x_in_row"} <= set(pyspiel.load_game("connect_four").get_parameters())
    spiel_game = pyspiel.load_game("connect_four", {"rows": rows, "columns": cols, "x_in_row": k})
    play_side_by_side(Connect4(rows, cols, k), spiel_game, 150, seed=rows * 100 + cols * 10 + k)


@pytest.mark.parametrize(
    "game, spiel_name, spiel_params",
    [(TicTacToe(), "tic_tac_toe", {}), (Connect4(), "connect_four", {})],
    ids=["tic-tac-toe", "connect-4"],
)
def test_fast_random_playouts_have_openspiel_random_games_statistics(game, spiel_name, spiel_params):
    """First-player win and draw rates of random_playout match uniform random OpenSpiel games."""
    n = 4000
    rng = random.Random(5)
    ours = [game.random_playout(game.initial_state(), rng) for _ in range(n)]
    spiel_game, choice = pyspiel.load_game(spiel_name, spiel_params), random.Random(6).choice
    theirs = []
    for _ in range(n):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        theirs.append(int(state.returns()[0]))
    for outcome in (1, 0, -1):
        p_ours, p_theirs = ours.count(outcome) / n, theirs.count(outcome) / n
        pooled = (p_ours + p_theirs) / 2
        sigma = (2 * pooled * (1 - pooled) / n) ** 0.5
        assert abs(p_ours - p_theirs) <= 5 * sigma + 1e-9, (outcome, p_ours, p_theirs)
