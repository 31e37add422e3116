"""What every reference agent is: an object that chooses an action for the player to move.

An agent is called as ``agent.choose(game, state, deadline)`` on any :class:`reference.games.base.Game`.
``deadline`` is a ``time.perf_counter()`` value by which the agent must answer; agents that search
poll the clock and answer with what they have. ``agent.nodes`` tells how many nodes (states)
the last call looked at, and ``agent.name`` is the spec that :func:`reference.agents.make_agent`
builds it from. A ``seed`` makes every agent that draws random numbers reproducible.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from reference.games.base import Action, Game, State


class SearchTimeout(Exception):
    """Raised inside a search when the deadline has passed; the agent answers with what it has."""


class Agent(ABC):
    """An agent: ``choose(game, state, deadline=None) -> action``; ``nodes`` counts the last search."""

    name: str = "agent"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.nodes = 0

    @abstractmethod
    def choose(self, game: Game, state: State, deadline: float | None = None) -> Action:
        """A legal action for ``game.to_move(state)`` in ``state`` (which must not be terminal)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, seed={self.seed!r})"


def legal_actions(game: Game, state: State) -> list[Action]:
    """The actions of a state an agent is asked to move in; a ValueError if there are none."""
    actions = game.actions(state)
    if not actions:
        raise ValueError(f"no legal action: the game is over in this state\n{game.text(state)}")
    return actions


def earliest(*deadlines: float | None) -> float | None:
    """The earliest of some deadlines, ignoring ``None`` (no deadline)."""
    given = [d for d in deadlines if d is not None]
    return min(given) if given else None
