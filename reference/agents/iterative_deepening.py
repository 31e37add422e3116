"""Iterative deepening (AIMA 3.4.4 applied to 5.3): heuristic alpha-beta to depth 1, 2, 3, ... until time runs out.

Each finished depth gives a move; the agent answers with the move of the last depth it finished.
The search polls the clock at every node and abandons the depth in progress at the deadline, so
the answer comes within a node's time of it. The transposition table is kept from one depth to the
next: the best move found at depth d is searched first at depth d + 1, which is what makes the
repeated shallow searches pay for themselves. A depth whose search used no evaluation (every
leaf was the end of the game) is exact, and deepening stops there.
"""

from __future__ import annotations

import time

from reference.agents.alphabeta import AlphaBetaSearch, Evaluation
from reference.agents.base import Agent, SearchTimeout, earliest, legal_actions
from reference.agents.evaluation import evaluation_for
from reference.games.base import Action, Game, State


class IterativeDeepeningAgent(Agent):
    """Alpha-beta with cutoff at increasing depths within ``seconds`` per move (or the caller's deadline).

    ``margin`` seconds are kept back from the deadline for returning the answer. After a call,
    ``depth`` is the last depth finished (0 if none: then the first action in the move order).
    """

    def __init__(
        self,
        seconds: float = 1.0,
        evaluate: Evaluation | None = None,
        margin: float = 0.005,
        max_depth: int | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__(seed)
        if not seconds > 0:
            raise ValueError(f"iterative deepening needs a positive time per move, got seconds={seconds!r}")
        self.seconds = seconds
        self.evaluate = evaluate
        self.margin = margin
        self.max_depth = max_depth
        self.name = f"iterative:{seconds:g}"
        self.depth = 0
        self.value: float | None = None

    def choose(self, game: Game, state: State, deadline: float | None = None) -> Action:
        start = time.perf_counter()
        stop = earliest(deadline, start + self.seconds) - self.margin
        legal_actions(game, state)
        search = AlphaBetaSearch(game, self.evaluate or evaluation_for(game), stop)
        best_action, self.value, self.depth = game.promising_actions(state)[0], None, 0
        depth = 1
        while self.max_depth is None or depth <= self.max_depth:
            try:
                best_action, self.value = search.best_action(state, depth)
            except SearchTimeout:
                break
            self.depth = depth
            if search.table[state].depth == float("inf"):
                break  # this depth reached the end of the game everywhere: deeper is the same
            depth += 1
        self.nodes = search.nodes
        return best_action
