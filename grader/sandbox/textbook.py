"""The textbook's (AIMA's) ``games`` and ``utils`` modules, as far as a copied notebook builds on them.

Students who copy the textbook's games notebook keep its imports (``from games import *``,
``from games import Game, GameState``, ``from utils import argmax``) and hand in the notebook without
the modules beside it. Their own ``class ConnectFour(Game)`` then needs the base class's
``to_move`` and ``terminal_test``, their ``result`` builds ``GameState(...)`` records, and their
copied searches use ``infinity`` and ``argmax``. When such a module is missing, the worker serves
these pieces under the module's name, written here the way the textbook defines them, so the
student's own code runs as it did for them. Only the scaffolding is given: the textbook's agents
(``alpha_beta_search``, ``random_player``, ...) are what students are graded on, so any other
name taken from the module is a stand-in that refuses to run once grading starts.

Runs inside the sandbox with the standard library only (shipped as source, like the worker).
"""

from __future__ import annotations

import math
import operator
import random
from collections import namedtuple

GameState = namedtuple("GameState", "to_move, utility, board, moves")
StochasticGameState = namedtuple("StochasticGameState", "to_move, utility, board, moves, chance")

infinity = math.inf


class Game:
    """A game: subclasses give actions, result and utility, and usually the initial state."""

    def actions(self, state):
        raise NotImplementedError

    def result(self, state, move):
        raise NotImplementedError

    def utility(self, state, player):
        raise NotImplementedError

    def terminal_test(self, state):
        """A state is terminal when no move is left."""
        return not self.actions(state)

    def to_move(self, state):
        return state.to_move

    def display(self, state):
        print(state)

    def __repr__(self):
        return f"<{self.__class__.__name__}>"

    def play_game(self, *players):
        """Players take turns until the game ends; the utility for the first player."""
        state = self.initial
        while True:
            for player in players:
                state = self.result(state, player(self, state))
                if self.terminal_test(state):
                    self.display(state)
                    return self.utility(state, self.to_move(self.initial))


def identity(x):
    return x


def argmax(seq, key=identity):
    return max(seq, key=key)


def argmin(seq, key=identity):
    return min(seq, key=key)


def shuffled(iterable):
    items = list(iterable)
    random.shuffle(items)
    return items


def argmax_random_tie(seq, key=identity):
    return max(shuffled(seq), key=key)


def argmin_random_tie(seq, key=identity):
    return min(shuffled(seq), key=key)


def vector_add(a, b):
    return tuple(map(operator.add, a, b))


class MCT_Node:
    """A node of the Monte Carlo search tree: its state, wins U, visits N and children."""

    def __init__(self, parent=None, state=None, U=0, N=0):
        self.__dict__.update(parent=parent, state=state, U=U, N=N)
        self.children = {}
        self.actions = None


def ucb(n, C=1.4):
    return math.inf if n.N == 0 else n.U / n.N + C * math.sqrt(math.log(n.parent.N) / n.N)


_UTILS = ("identity", "argmax", "argmin", "shuffled", "argmax_random_tie", "argmin_random_tie", "vector_add",
          "infinity", "MCT_Node", "ucb")
_GAMES = ("GameState", "StochasticGameState", "Game") + _UTILS  # the games module imports its helpers from utils
#: the textbook's module names (both editions) -> the names given under each
MODULES: dict[str, tuple[str, ...]] = {"games": _GAMES, "games4e": _GAMES, "utils": _UTILS, "utils4e": _UTILS}
