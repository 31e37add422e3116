"""Seeded positions of any reference game: random reachable ones, and finished games of a given outcome.

The grader probes and checks students on these; the same seed always gives the same positions.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from reference.games.base import Game, State


def random_line(game: Game, rng: random.Random, plies: int | None = None, *,
                remember: bool = True, going_on: bool = False) -> tuple[list[Any], State]:
    """Random legal moves from the initial state, stopping after ``plies`` moves or at the end; each position
    on the line is remembered (a replay of it needs no search) unless the line is only looked at. A line
    ``going_on`` picks among the moves that do not end the game while there are any, so that it fills
    most of the board (a random Connect 4 game ends long before its top row)."""
    state, moves = game.initial_state(), []
    while not game.terminal(state) and (plies is None or len(moves) < plies):
        choices = game.actions(state)
        if going_on:
            choices = [a for a in choices if not game.terminal(game.result(state, a))] or choices
        action = rng.choice(choices)
        moves.append(action)
        state = game.result(state, action)
        if remember:
            game.remember(state, moves)
    return moves, state


def random_positions(game: Game, count: int, seed: int = 0, *, include_terminal: bool = False) -> list[State]:
    """``count`` distinct random reachable positions of varied depth (none terminal unless asked)."""
    rng = random.Random(seed)
    seen: set[State] = set()
    out: list[State] = []
    tries = 0
    while len(out) < count and tries < count * 50:
        tries += 1
        moves, _ = random_line(game, rng)
        plies = rng.randint(0, len(moves))
        state = game.initial_state()
        for action in moves[:plies]:
            state = game.result(state, action)
        if state in seen or (game.terminal(state) and not include_terminal):
            continue
        seen.add(state)
        out.append(state)
    return out


def finished_games(game: Game, seed: int = 0, *, going_on: bool = False) -> Iterator[State]:
    """Terminal positions of seeded random games (lines :func:`random_line` calls ``going_on``), endlessly."""
    rng = random.Random(seed)
    while True:
        yield random_line(game, rng, going_on=going_on)[1]


def terminal_with_outcome(game: Game, winner: int | None, seed: int = 0, tries: int = 20000) -> State | None:
    """A finished random game won by ``winner`` (+1, -1) or drawn (``None``); None if none was found."""
    rng = random.Random(seed)
    for _ in range(tries + 1):
        moves, state = random_line(game, rng, remember=False)  # thousands of lines looked at, one kept
        if game.winner(state) == winner:
            game.remember(state, moves)
            return state
    return None
