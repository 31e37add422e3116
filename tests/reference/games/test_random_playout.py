"""Every game's fast ``random_playout`` plays the game its public API plays: the same moves for the
same random numbers (the choice rule ``random_playout`` documents), from the empty board and from
mid-game positions with either player to move; and on small boards its outcomes come as often as
uniform random play makes them, computed exactly."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

import pytest

from reference.games.base import Game, State
from reference.games.connect4 import Connect4
from reference.games.mean_connect4 import MeanConnect4
from reference.games.tictactoe import TicTacToe
from tests.helpers.mean_connect4_model import READINGS


def public_api_playout(game: Game, state: State, rng: random.Random) -> int:
    """The textbook loop with the choice rule random_playout documents."""
    while not game.terminal(state):
        actions = game.actions(state)
        state = game.result(state, actions[int(rng.random() * len(actions))])
    return game.utility(state, 1)


def starts(game: Game, seed: int, plies: int) -> list[State]:
    """The empty board and the positions after each of ``plies`` seeded random moves."""
    rng, state = random.Random(seed), game.initial_state()
    out = [state]
    for _ in range(plies):
        state = game.result(state, rng.choice(game.actions(state)))
        out.append(state)
    return out


#: (game, seed and number of the random moves to mid-game starts, playout seeds per start)
GAMES = (
    [(TicTacToe(*size), 7, 3, 300) for size in [(3, 3, 3), (4, 4, 3), (5, 5, 4), (4, 6, 4)]]  # o to move too
    + [(Connect4(*size), 3, 5, 100) for size in [(6, 7, 4), (4, 4, 4), (5, 4, 3), (3, 8, 3), (8, 9, 5), (2, 3, 2)]]
    + [(MeanConnect4(*size, **reading), 0, 0, 30) for size in [(6, 7, 4), (4, 4, 4), (4, 5, 3)] for reading in READINGS]
)


@pytest.mark.parametrize("game, seed, plies, playouts", GAMES, ids=[repr(g[0]) for g in GAMES])
def test_fast_random_playout_plays_the_same_game_as_the_public_api(game, seed, plies, playouts):
    for start in starts(game, seed, plies):
        for n in range(playouts):
            assert game.random_playout(start, random.Random(n)) == public_api_playout(game, start, random.Random(n))


def outcome_probabilities(game: Game) -> dict[int, Fraction]:
    """The exact probability of each utility (for +1) when both players choose uniformly at random."""
    @lru_cache(maxsize=None)
    def from_state(state: State) -> dict[int, Fraction]:
        if game.terminal(state):
            return {game.utility(state, 1): Fraction(1)}
        actions = game.actions(state)
        total: dict[int, Fraction] = {}
        for action in actions:
            for outcome, p in from_state(game.result(state, action)).items():
                total[outcome] = total.get(outcome, 0) + p / len(actions)
        return total

    return from_state(game.initial_state())


@pytest.mark.parametrize("game, seed", [(TicTacToe(), 2024), (Connect4(3, 4, 3), 99)], ids=repr)
def test_random_playout_outcomes_match_the_exact_probabilities_of_uniform_random_play(game, seed):
    rng, n = random.Random(seed), 20_000
    observed = [game.random_playout(game.initial_state(), rng) for _ in range(n)]
    for outcome, p in outcome_probabilities(game).items():
        frequency = observed.count(outcome) / n
        sigma = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(frequency - float(p)) < 5 * sigma, (outcome, frequency, float(p))
