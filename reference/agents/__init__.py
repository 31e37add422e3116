"""The reference agents, generic over :class:`reference.games.base.Game`, and :func:`make_agent`.

Specs (used by the CLI and tournaments)::

    random            uniformly random legal actions
    minimax           plain minimax to the end (small games only)
    alphabeta         alpha-beta to the end, with move ordering and a transposition table
    alphabeta:4       heuristic alpha-beta cut off at depth 4 (the game's evaluation function)
    iterative:0.5     iterative deepening, 0.5 seconds per move
    montecarlo:200    pure Monte Carlo, 200 random playouts per action
    mcts:1000         Monte Carlo tree search (UCT), 1000 iterations per move

Without the number, ``iterative``, ``montecarlo`` and ``mcts`` take 1 s, 100 and 1000.
"""

from __future__ import annotations

from reference.agents.alphabeta import AlphaBetaAgent, AlphaBetaSearch
from reference.agents.base import Agent, SearchTimeout
from reference.agents.course import course_player
from reference.agents.evaluation import evaluation_for
from reference.agents.iterative_deepening import IterativeDeepeningAgent
from reference.agents.mcts import MCTSAgent
from reference.agents.minimax import MinimaxAgent
from reference.agents.monte_carlo import MonteCarloAgent
from reference.agents.random_agent import RandomAgent

SPECS = {
    "random": "random",
    "minimax": "minimax",
    "alphabeta": "alphabeta  or  alphabeta:DEPTH (a positive int)",
    "iterative": "iterative:SECONDS (seconds per move; default 1)",
    "montecarlo": "montecarlo:PLAYOUTS (playouts per action; default 100)",
    "mcts": "mcts:ITERATIONS (iterations per move; default 1000)",
}


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent a spec names, e.g. ``"alphabeta:4"``; a ValueError listing the valid specs otherwise."""
    if not isinstance(spec, str):
        raise ValueError(f"an agent spec is a string such as 'alphabeta:4', got {spec!r}")
    kind, _, param = spec.strip().lower().partition(":")
    try:
        if kind == "random" and not param:
            return RandomAgent(seed=seed)
        if kind == "minimax" and not param:
            return MinimaxAgent(seed=seed)
        if kind == "alphabeta":
            return AlphaBetaAgent(depth=int(param) if param else None, seed=seed)
        if kind == "iterative":
            return IterativeDeepeningAgent(seconds=float(param) if param else 1.0, seed=seed)
        if kind == "montecarlo":
            return MonteCarloAgent(playouts=int(param) if param else 100, seed=seed)
        if kind == "mcts":
            return MCTSAgent(iterations=int(param) if param else 1000, seed=seed)
    except ValueError as error:
        raise ValueError(f"bad agent spec {spec!r}: {error}; valid specs: {_valid_specs()}") from None
    raise ValueError(f"unknown agent spec {spec!r}; valid specs: {_valid_specs()}")


def _valid_specs() -> str:
    return "; ".join(SPECS.values())


__all__ = [
    "Agent",
    "AlphaBetaAgent",
    "AlphaBetaSearch",
    "IterativeDeepeningAgent",
    "MCTSAgent",
    "MinimaxAgent",
    "MonteCarloAgent",
    "RandomAgent",
    "SPECS",
    "SearchTimeout",
    "course_player",
    "evaluation_for",
    "make_agent",
]
