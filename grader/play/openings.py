"""Openings of test games: seeded random plies, and whether they leave the game roughly even.

Below both the strength check (``grader.checks.agent_strength``) and tournaments
(``grader.tournament.schedule``): each starts its colour-swapped pairs of games from openings that a
shallow reference search judges even, so that a game says something about the agents and not about who
drew the better start.
"""

from __future__ import annotations

from typing import Any, Sequence

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
