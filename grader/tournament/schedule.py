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
from reference.agents import AlphaBetaSearch, SearchTimeout, evaluation_for
from reference.games.base import Game

SEARCH_DEPTH = 2
#: nodes an exact solve of an opening may visit before the heuristic value is used instead (a node
#: budget, not a time, so that the same seed gives the same openings on any machine)
EXACT_NODES = 2000


def opening_value(game: Game, opening: Sequence[Any], exact_nodes: int = EXACT_NODES) -> float | None:
    """The value after ``opening`` for the side to move (None if the game ended).

    Exact when alpha-beta solves the position within ``exact_nodes`` nodes (tic-tac-toe always does:
    its heuristic calls centre-against-edge even, yet it is a win); else a depth-2 heuristic value.
    """
    state = game.initial_state()
    for action in opening:
        state = game.result(state, action)
    if game.terminal(state):
        return None
    try:
        _, value = _BudgetedSearch(game, exact_nodes).best_action(state)
        return value
    except SearchTimeout:
        pass
    _, value = AlphaBetaSearch(game, evaluation_for(game)).best_action(state, SEARCH_DEPTH)
    return value


class _BudgetedSearch(AlphaBetaSearch):
    """Exact alpha-beta that gives up (SearchTimeout) after a number of nodes."""

    def __init__(self, game: Game, budget: int) -> None:
        super().__init__(game)
        self.budget = budget

    def value(self, state: Any, depth: float, alpha: float, beta: float) -> float:
        if self.nodes > self.budget:
            raise SearchTimeout
        return super().value(state, depth, alpha, beta)


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
