"""The schedule: every pair of players meets in colour-swapped games from balanced openings.

An opening is a few seeded random plies that a shallow reference search judges roughly even, so
that a game says something about the agents and not about who drew the better start. Each opening
is played twice per pair, once with each player moving first; the two games share a ``pair_id``.

Ids come from player NAMES, the opening index and the swap, never from positions in a list, so a
tournament that gains a participant later keeps every id it had and plays only the new pairs.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, Sequence

from grader.play.records import ScheduledGame
from grader.play.openings import opening_value
from reference.games.base import Game

def balanced_openings(game: Game, count: int, seed: int = 0, plies: int | None = None,
                      tolerance: float | None = None, tries_per_opening: int = 200) -> list[tuple[Any, ...]]:
    """``count`` distinct openings of ``plies`` random moves judged roughly even, the same for the same seed.

    When too few openings are within ``tolerance`` (tiny boards), the most even of the rest fill up.
    """
    if count < 1:
        raise ValueError(f"the number of openings must be at least 1, not {count!r}")
    plies = game.opening_plies if plies is None else plies
    tolerance = game.opening_tolerance if tolerance is None else tolerance
    rng = random.Random(f"openings:{seed}:{game.name}:{plies}")
    chosen: list[tuple[Any, ...]] = []
    spare: list[tuple[float, tuple[Any, ...]]] = []
    seen: set[tuple[Any, ...]] = set()
    for _ in range(count * tries_per_opening):
        if len(chosen) == count:
            break
        state, line = game.initial_state(), []
        while len(line) < plies and not game.terminal(state):
            action = rng.choice(game.actions(state))
            line.append(action)
            state = game.result(state, action)
        opening = tuple(line)
        if opening in seen:
            continue
        seen.add(opening)
        value = opening_value(game, opening)
        if value is None:
            continue
        if abs(value) <= tolerance:
            chosen.append(opening)
        else:
            spare.append((abs(value), opening))
    spare.sort(key=lambda item: item[0])
    chosen += [opening for _, opening in spare[: count - len(chosen)]]
    if len(chosen) < count:
        raise ValueError(f"{game!r} has only {len(chosen)} distinct {plies}-ply openings, fewer than {count} asked for")
    return chosen


def pair_name(a: str, b: str) -> str:
    """The pair's name, the same whichever of the two is given first."""
    low, high = sorted((a, b))
    return f"{low}~{high}"


def round_robin(players: Sequence[str], openings: Sequence[Sequence[Any]]) -> list[ScheduledGame]:
    """Every pair meets once per opening with each colour: 2 * len(openings) games per pair.

    In game ``swap0`` the alphabetically first name moves first, in ``swap1`` the other.
    """
    if len(set(players)) != len(players):
        duplicates = sorted({p for p in players if list(players).count(p) > 1})
        raise ValueError(f"player names must be unique; repeated: {duplicates}")
    games = []
    for a, b in itertools.combinations(sorted(players), 2):
        for index, opening in enumerate(openings):
            pair_id = f"{pair_name(a, b)}-opening{index}"
            for swap, (first, second) in enumerate(((a, b), (b, a))):
                games.append(ScheduledGame(f"{pair_id}-swap{swap}", pair_id, first, second, index, tuple(opening)))
    return games


def openings_for(games_per_pair: int) -> int:
    """Openings needed for ``games_per_pair`` games (an even number: each opening is played with both colours)."""
    if games_per_pair < 2 or games_per_pair % 2:
        raise ValueError(f"games per pair must be a positive even number (each opening is played with both "
                         f"colours), not {games_per_pair!r}")
    return games_per_pair // 2
