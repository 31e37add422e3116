"""Plain minimax (AIMA Figure 5.3): the whole game tree, no pruning, no memory. For small games.

MAX is the player to move at the root. A node is a MAX node when that player is to move there
and a MIN node otherwise, asked of ``game.to_move`` at every node: in Dots and Boxes a player who
completes a box moves again, so MAX and MIN need not alternate.
"""

from __future__ import annotations

import time

from reference.agents.base import Agent, SearchTimeout, legal_actions
from reference.games.base import Action, Game, Player, State


def minimax_value(game: Game, state: State, player: Player, deadline: float | None = None) -> tuple[float, int]:
    """The minimax value of ``state`` for ``player`` and the number of nodes visited.

    Raises :class:`SearchTimeout` once ``time.perf_counter()`` passes ``deadline``.
    """
    nodes = 0

    def value(s: State) -> float:
        nonlocal nodes
        nodes += 1
        if deadline is not None and time.perf_counter() > deadline:
            raise SearchTimeout
        if game.terminal(s):
            return game.utility(s, player)
        values = (value(game.result(s, a)) for a in game.actions(s))
        return max(values) if game.to_move(s) == player else min(values)

    return value(state), nodes


class MinimaxAgent(Agent):
    """Chooses the action of highest minimax value (the first of equals, in the game's order)."""

    name = "minimax"

    def choose(self, game: Game, state: State, deadline: float | None = None) -> Action:
        """The minimax action; past ``deadline``, the best among the actions searched so far."""
        actions = legal_actions(game, state)
        player = game.to_move(state)
        self.nodes = 1
        best_action, best_value = actions[0], float("-inf")
        try:
            for action in actions:
                v, n = minimax_value(game, game.result(state, action), player, deadline)
                self.nodes += n
                if v > best_value:
                    best_action, best_value = action, v
        except SearchTimeout:
            pass
        return best_action


def minimax_levels(game: Game, state: State, depth: int, limit: float = float("inf")) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The states plain minimax visits to ``depth`` moves below ``state``: how many at each level (the
    root is level 0) and how many of those are terminal (searched no deeper).

    A search that prunes nothing visits exactly these, whatever its order and evaluation, so they are
    the yardstick of the search-counting check. Stops early (short levels) once more than ``limit``
    states are counted.
    """
    levels, terminals = [1], [0]
    frontier = [state]
    for _ in range(depth):
        below = []
        for s in frontier:
            if game.terminal(s):
                continue
            below.extend(game.result(s, a) for a in game.actions(s))
        if not below:
            break
        levels.append(len(below))
        terminals.append(0)
        for s in below:
            terminals[-1] += game.terminal(s)
        frontier = below
        if sum(levels) > limit:
            break
    if game.terminal(state):
        terminals[0] = 1
    return tuple(levels), tuple(terminals)
