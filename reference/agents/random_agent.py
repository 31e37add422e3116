"""The random agent: a uniformly random legal action (the course's ``random_player``)."""

from __future__ import annotations

from reference.agents.base import Agent, legal_actions
from reference.games.base import Action, Game, State


class RandomAgent(Agent):
    """Plays a uniformly random legal action; the baseline every other agent must beat."""

    name = "random"

    def choose(self, game: Game, state: State, deadline: float | None = None) -> Action:
        actions = legal_actions(game, state)
        self.nodes = 1
        return actions[self.rng.randrange(len(actions))]
