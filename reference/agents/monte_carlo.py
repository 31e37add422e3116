"""Pure Monte Carlo search (AIMA 5.4): score each action by the average outcome of random playouts.

No tree: every action gets the same number of playouts (``game.random_playout``) from the state it
leads to, round by round, so that a deadline leaves every action equally sampled (give or take one).
The clock is read before every playout.
"""

from __future__ import annotations

import time

from reference.agents.base import Agent, earliest, legal_actions
from reference.games.base import Action, Game, State


class MonteCarloAgent(Agent):
    """``playouts`` random playouts per action (or as many as ``seconds`` allow); best average utility wins.

    The average is of the utility from the mover's view (wins minus losses over playouts for
    tic-tac-toe and Connect 4, the box margin for Dots and Boxes). ``nodes`` counts playouts.
    """

    def __init__(self, playouts: int | None = 100, seconds: float | None = None, seed: int | None = None) -> None:
        super().__init__(seed)
        if playouts is None and seconds is None:
            raise ValueError("pure Monte Carlo needs playouts per action, seconds per move, or both")
        if playouts is not None and (isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1):
            raise ValueError(f"playouts per action must be a positive int, got {playouts!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds per move must be positive, got {seconds!r}")
        self.playouts = playouts
        self.seconds = seconds
        self.name = f"montecarlo:{playouts}" if seconds is None else f"montecarlo:{seconds:g}s"

    def choose(self, game: Game, state: State, deadline: float | None = None) -> Action:
        actions = legal_actions(game, state)
        mover = game.to_move(state)
        start = time.perf_counter()
        stop = earliest(deadline, None if self.seconds is None else start + self.seconds)
        children = [game.result(state, a) for a in actions]
        totals = [0.0] * len(actions)
        counts = [0] * len(actions)
        out_of_time = False
        while not out_of_time and (self.playouts is None or counts[-1] < self.playouts):
            for i, child in enumerate(children):
                if stop is not None and time.perf_counter() > stop:
                    out_of_time = True
                    break
                totals[i] += mover * game.random_playout(child, self.rng)
                counts[i] += 1
        self.nodes = sum(counts)
        averages = [t / n if n else float("-inf") for t, n in zip(totals, counts)]
        return actions[max(range(len(actions)), key=averages.__getitem__)]
