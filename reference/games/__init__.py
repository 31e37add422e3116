"""The reference games, found by name: ``load_game("connect4", rows=6, cols=7, k=4)``.

This is where a game is registered, once: a line in :data:`GAMES` (or :func:`register_game` for a game
that lives elsewhere, as a test's). Everything else about a game hangs off its class: its aliases, its
solver, its evaluation, its tactics and, for the grader, its plug (``Game.plug``).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from typing import Any

from reference.games.base import Action, Game, IllegalAction, InvalidBoard, Player, State

#: the games, each name (its class's ``name``) to ``"module:Class"``; imported when first asked, so that
#: loading one game does not pay for the others, and listing their names (``grader --help``) pays for none
GAMES = {
    "tictactoe": "reference.games.tictactoe:TicTacToe",
    "connect4": "reference.games.connect4:Connect4",
    "dots_and_boxes": "reference.games.dots_and_boxes:DotsAndBoxes",
    "mean_connect4": "reference.games.mean_connect4:MeanConnect4",
}

_registered: list[type[Game]] = []


def register_game(cls: type[Game]) -> type[Game]:
    """Add a game class to those :func:`load_game` finds (usable as a class decorator); registering a
    class again does nothing."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name to be found by")
    known = {c.name: c for c in game_classes()}
    if known.get(cls.name, cls) is not cls:
        raise ValueError(f"a game called {cls.name!r} is registered already ({known[cls.name].__name__})")
    if cls not in _registered:
        _registered.append(cls)
    return cls


def game_classes() -> list[type[Game]]:
    """Every registered game class, :data:`GAMES` first."""
    classes = list(_imported(tuple(GAMES.values())))
    return classes + [c for c in _registered if c not in classes]


@lru_cache(maxsize=4)
def _imported(paths: tuple[str, ...]) -> tuple[type[Game], ...]:
    return tuple(getattr(import_module(module), name) for module, _, name in (p.partition(":") for p in paths))


def _by_name() -> dict[str, type[Game]]:
    """Every game class by its name and by each of its aliases."""
    found: dict[str, type[Game]] = {}
    for cls in game_classes():
        found.update({alias.lower(): cls for alias in cls.aliases})
    found.update({cls.name: cls for cls in game_classes()})
    return found


def game_names() -> list[str]:
    """The names ``load_game`` knows, sorted (without importing a game)."""
    return sorted(set(GAMES) | {cls.name for cls in _registered})


def load_game(name: str, **size: Any) -> Game:
    """The game called ``name`` (or one of its aliases) at the given size (keyword arguments of its class)."""
    games = _by_name()
    if name.lower() not in games:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return games[name.lower()](**size)


__all__ = ["Action", "Game", "IllegalAction", "InvalidBoard", "Player", "State", "game_classes", "game_names",
           "load_game", "register_game"]
