"""Alpha-beta search (AIMA Figure 5.7) with move ordering and a transposition table.

Without a depth this is exact: it returns a move of the same minimax value as plain minimax, on
far fewer nodes. With a ``depth`` it is the textbook's heuristic alpha-beta (AIMA 5.3): states
``depth`` plies below the root are scored by an evaluation function instead of being searched.

The search is written in negamax form: ``value(s)`` is from the view of the player to move in
``s``. A child's value changes sign only when the mover changes, so Dots and Boxes' extra turns
(the same player moves again after completing a box) need no special case.

Two refinements over the textbook, both standard:

- Values shrink by ``DISCOUNT`` per ply, so of two wins the sooner scores higher (and of two
  losses the later): the agent finishes a won game instead of wandering. The shrinking is
  relative to the node, so a stored value does not depend on the path that reached the state.
- The transposition table keeps, per state, the value found, whether it is exact or only a bound
  (alpha-beta proves bounds where it prunes), the depth searched and the best action (searched
  first when the state comes up again, e.g. in the next iteration of iterative deepening).
"""

from __future__ import annotations

import time
from typing import Callable, NamedTuple

from reference.agents.base import Agent, SearchTimeout, legal_actions
from reference.agents.evaluation import evaluation_for
from reference.games.base import Action, Game, Player, State

Evaluation = Callable[[Game, State, Player], float]

INF = float("inf")
#: Per-ply shrink of values: 0.999**60 is still 0.94, so a win always beats any heuristic (< 0.5).
DISCOUNT = 0.999

EXACT, LOWER, UPPER = 0, 1, 2  # what a stored value is: the value, a lower bound, an upper bound


class Entry(NamedTuple):
    """A transposition-table entry: the result of searching a state to ``depth`` plies."""

    depth: float  # INF when no evaluation was used below: the value is the game-theoretic one
    value: float
    bound: int  # EXACT, LOWER or UPPER
    action: Action | None


class AlphaBetaSearch:
    """One search: a game, an optional evaluation, a deadline, its transposition table and counters.

    ``nodes`` counts states visited (the root included); ``cutoffs`` counts leaves scored by the
    evaluation, so ``cutoffs == 0`` after a search means its value is exact.
    """

    def __init__(self, game: Game, evaluate: Evaluation | None = None, deadline: float | None = None) -> None:
        self.game = game
        self.evaluate = evaluate
        self.deadline = deadline
        self.table: dict[State, Entry] = {}
        self.nodes = 0
        self.cutoffs = 0
        self.best: tuple[Action, float] | None = None  # the root's best (action, value) so far

    def best_action(self, state: State, depth: float = INF) -> tuple[Action, float]:
        """The best action in ``state`` searching ``depth`` plies, and its value for the mover."""
        self.nodes += 1
        mover = self.game.to_move(state)
        cutoffs_before = self.cutoffs
        self.best = None
        best_action, best_value, alpha = None, -INF, -INF
        for action in self.ordered(state):
            v = self.child_value(mover, self.game.result(state, action), depth - 1, alpha, INF)
            if v > best_value:
                best_action, best_value = action, v
                alpha = max(alpha, v)
                self.best = (action, v)
        exact_depth = INF if self.cutoffs == cutoffs_before else depth
        self.table[state] = Entry(exact_depth, best_value, EXACT, best_action)
        return best_action, best_value

    def value(self, state: State, depth: float, alpha: float, beta: float) -> float:
        """The value of ``state`` for its mover, exact when it lies strictly inside (alpha, beta)."""
        game = self.game
        self.nodes += 1
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout
        mover = game.to_move(state)
        if game.terminal(state):
            return game.utility(state, mover)
        if depth <= 0:
            self.cutoffs += 1
            return self.evaluate(game, state, mover)

        entry = self.table.get(state)
        if entry is not None and entry.depth >= depth:
            if entry.depth != INF:
                self.cutoffs += 1  # the stored value stands for a search that used the evaluation
            if entry.bound == EXACT:
                return entry.value
            if entry.bound == LOWER:
                alpha = max(alpha, entry.value)
            else:
                beta = min(beta, entry.value)
            if alpha >= beta:
                return entry.value

        cutoffs_before = self.cutoffs
        alpha_before = alpha
        best_action, best_value = None, -INF
        for action in self.ordered(state):
            v = self.child_value(mover, game.result(state, action), depth - 1, alpha, beta)
            if v > best_value:
                best_action, best_value = action, v
                alpha = max(alpha, v)
                if alpha >= beta:
                    break  # the opponent will not let play reach this state

        bound = UPPER if best_value <= alpha_before else LOWER if best_value >= beta else EXACT
        exact_depth = INF if self.cutoffs == cutoffs_before else depth
        self.table[state] = Entry(exact_depth, best_value, bound, best_action)
        return best_value

    def child_value(self, mover: Player, child: State, depth: float, alpha: float, beta: float) -> float:
        """The value of ``child`` for ``mover`` (the player who moved into it), window in mover's view."""
        if self.game.to_move(child) == mover:  # an extra turn: same side, same sign
            return DISCOUNT * self.value(child, depth, alpha / DISCOUNT, beta / DISCOUNT)
        return -DISCOUNT * self.value(child, depth, -beta / DISCOUNT, -alpha / DISCOUNT)

    def ordered(self, state: State) -> list[Action]:
        """The actions of ``state``, most promising first: the stored best action, then the game's order."""
        actions = self.game.promising_actions(state)
        entry = self.table.get(state)
        if entry is not None and entry.action is not None and actions[0] != entry.action:
            actions.remove(entry.action)
            actions.insert(0, entry.action)
        return actions


class AlphaBetaAgent(Agent):
    """Alpha-beta to the end of the game, or to ``depth`` plies with an evaluation function.

    ``evaluate(game, state, player)`` scores a state for ``player``; by default the game's
    function from :mod:`reference.agents.evaluation`. With a ``deadline`` the agent answers with
    the best action among the root actions it finished searching (the first action if none).
    """

    def __init__(self, depth: int | None = None, evaluate: Evaluation | None = None, seed: int | None = None) -> None:
        super().__init__(seed)
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
            raise ValueError(f"alpha-beta depth must be a positive int or None (to the end), got {depth!r}")
        self.depth = depth
        self.evaluate = evaluate
        self.name = "alphabeta" if depth is None else f"alphabeta:{depth}"
        self.value: float | None = None  # the root value of the last search, for the mover

    def choose(self, game: Game, state: State, deadline: float | None = None) -> Action:
        actions = legal_actions(game, state)
        evaluate = self.evaluate or (evaluation_for(game) if self.depth is not None else None)
        search = AlphaBetaSearch(game, evaluate, deadline)
        try:
            action, self.value = search.best_action(state, INF if self.depth is None else self.depth)
        except SearchTimeout:  # answer with the best of the root actions searched to the end
            action, self.value = search.best if search.best is not None else (actions[0], None)
        self.nodes = search.nodes
        return action

