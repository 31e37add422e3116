"""Monte Carlo tree search with UCT (AIMA Figure 5.11): selection, expansion, simulation, back-up.

Each node keeps N (playouts through it) and U (their total reward) from the view of the player
who moved INTO the node, i.e. the player who chose it at its parent. That is the view in which
the parent's mover compares its children, and it stays right when a player moves twice in a row
(Dots and Boxes' extra turn after completing a box): rewards are never flipped by depth parity.

A playout's reward is 1 for a win, 1/2 for a draw and 0 for a loss (for Dots and Boxes the sign
of the final margin), so the exploration constant has its textbook meaning. The answer is the
most visited child of the root, the most robust estimate.
"""

from __future__ import annotations

import math
import time

from reference.agents.base import Agent, earliest, legal_actions
from reference.games.base import Action, Game, Player, State


class Node:
    """A state in the search tree, its statistics, its expanded children and untried actions."""

    __slots__ = ("state", "player", "parent", "action", "children", "untried", "visits", "reward")

    def __init__(self, game: Game, state: State, player: Player | None, parent: Node | None, action: Action | None) -> None:
        self.state = state
        self.player = player  # who moved into this node (None at the root)
        self.parent = parent
        self.action = action  # the action that led here from the parent
        self.children: list[Node] = []
        self.untried: list[Action] = game.actions(state)
        self.visits = 0
        self.reward = 0.0  # total reward for self.player


def ucb(child: Node, parent_visits: int, c: float) -> float:
    """UCB1: average reward for the player choosing it, plus the exploration term."""
    return child.reward / child.visits + c * math.sqrt(math.log(parent_visits) / child.visits)


def reward(outcome_for_first: float, player: Player) -> float:
    """1, 1/2 or 0: how a playout that ended with ``outcome_for_first`` (utility of +1) went for ``player``."""
    signed = outcome_for_first * player
    return 1.0 if signed > 0 else 0.0 if signed < 0 else 0.5


class MCTSAgent(Agent):
    """UCT with ``iterations`` playouts per move (or as many as ``seconds`` / the deadline allow).

    ``c`` is the exploration constant (sqrt 2 by default). ``nodes`` counts iterations.
    """

    def __init__(
        self, iterations: int | None = 1000, seconds: float | None = None, c: float = math.sqrt(2), seed: int | None = None
    ) -> None:
        super().__init__(seed)
        if iterations is None and seconds is None:
            raise ValueError("MCTS needs iterations per move, seconds per move, or both")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"MCTS iterations must be a positive int, got {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds per move must be positive, got {seconds!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.name = f"mcts:{iterations}" if seconds is None else f"mcts:{seconds:g}s"

    def choose(self, game: Game, state: State, deadline: float | None = None) -> Action:
        actions = legal_actions(game, state)
        if len(actions) == 1:
            self.nodes = 0
            return actions[0]
        stop = earliest(deadline, None if self.seconds is None else time.perf_counter() + self.seconds)
        root = Node(game, state, None, None, None)
        done = 0
        while self.iterations is None or done < self.iterations:
            if stop is not None and time.perf_counter() > stop:
                break
            leaf = self.expand(game, self.select(root))
            outcome = game.random_playout(leaf.state, self.rng)
            self.back_up(leaf, outcome)
            done += 1
        self.nodes = done
        if not root.children:
            return actions[0]
        return max(root.children, key=lambda child: child.visits).action

    def select(self, node: Node) -> Node:
        """Follow the child of best UCB from the root down to a node with untried actions (or a terminal)."""
        while not node.untried and node.children:
            parent_visits = node.visits
            node = max(node.children, key=lambda child: ucb(child, parent_visits, self.c))
        return node

    def expand(self, game: Game, node: Node) -> Node:
        """Add one child for a random untried action (a terminal node is returned as it is)."""
        if not node.untried:
            return node
        action = node.untried.pop(self.rng.randrange(len(node.untried)))
        child = Node(game, game.result(node.state, action), game.to_move(node.state), node, action)
        node.children.append(child)
        return child

    def back_up(self, node: Node | None, outcome: float) -> None:
        """Add the playout to every node on the path, as a reward for the player who moved into it."""
        while node is not None:
            node.visits += 1
            if node.player is not None:
                node.reward += reward(outcome, node.player)
            node = node.parent
