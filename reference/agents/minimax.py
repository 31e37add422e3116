"""Plain minimax (AIMA Figure 5.3): the whole game tree, no pruning, no memory. For small games.

MAX is the player to move at the root. A node is a MAX node when that player is to move there
and a MIN node otherwise, asked of ``game.to_move`` at every node: in Dots and Boxes a player who
completes a box moves again, so MAX and MIN need not alternate.
"""

from __future__ import annotations

import math
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


def clear_choices(game: Game, state: State, depth: int | None) -> tuple[Action, ...]:
    """The actions a correct minimax search ``depth`` moves deep (None: to the end of the game) may
    choose at ``state``, whatever it scores the positions where it stops before the game is over.

    Each action's value is an interval (:func:`outcome_bounds`), and an action may be chosen unless
    another is surely better: its highest possible value is below another's lowest. Alpha-beta
    chooses as minimax does, so these are also the moves a correct alpha-beta of that depth may choose.
    """
    player, known = game.to_move(state), {}
    left = None if depth is None else depth - 1
    values = {a: outcome_bounds(game, game.result(state, a), player, left, known) for a in game.actions(state)}
    best = max(lo for lo, _ in values.values())
    return tuple(a for a, (_, hi) in values.items() if hi >= best)


def outcome_bounds(game: Game, state: State, player: Player, depth: int | None,
                   known: dict | None = None) -> tuple[float, float]:
    """The lowest and highest value, for ``player``, that minimax ``depth`` moves deep (None: to the
    end) can give ``state``, whatever it scores the positions where it stops before the game is over.

    Finished games count by the sign of their utility (a win 1, a draw 0, a loss -1), so wins that
    count more the sooner they come, and Dots and Boxes margins, order the moves alike. A position
    cut off unfinished may score anything strictly between a loss and a win, or anything at all
    where the utility is a margin (a box count at the cutoff is on the same scale). ``known`` keeps
    the bounds of positions already worked out, for calls on the same tree.
    """
    unknown = (-math.inf, math.inf) if game.margin_utility else (-0.5, 0.5)
    known = {} if known is None else known

    def bounds(s: State, left: float) -> tuple[float, float]:
        if game.terminal(s):
            u = game.utility(s, player)
            return (u > 0) - (u < 0), (u > 0) - (u < 0)
        if left == 0:
            return unknown
        if (s, left) not in known:
            below = [bounds(game.result(s, a), left - 1) for a in game.actions(s)]
            pick = max if game.to_move(s) == player else min
            known[(s, left)] = pick(lo for lo, _ in below), pick(hi for _, hi in below)
        return known[(s, left)]

    return bounds(state, math.inf if depth is None else depth)
