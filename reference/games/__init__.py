"""The reference games, found by name: ``load_game("connect4", rows=6, cols=7, k=4)``."""

from __future__ import annotations

from typing import Any, Callable

from reference.games.base import Action, Game, IllegalAction, InvalidBoard, Player, State


def _registry() -> dict[str, Callable[..., Game]]:
    # Imported lazily so that loading one game does not pay for the others.
    from reference.games.connect4 import Connect4
    from reference.games.dots_and_boxes import DotsAndBoxes
    from reference.games.mean_connect4 import MeanConnect4
    from reference.games.tictactoe import TicTacToe

    return {"tictactoe": TicTacToe, "connect4": Connect4, "dots_and_boxes": DotsAndBoxes,
            "mean_connect4": MeanConnect4}


ALIASES = {
    "tic_tac_toe": "tictactoe",
    "tic-tac-toe": "tictactoe",
    "connect_four": "connect4",
    "connect-4": "connect4",
    "dots-and-boxes": "dots_and_boxes",
    "dotsandboxes": "dots_and_boxes",
    "mean-connect-4": "mean_connect4",
    "mean_connect_four": "mean_connect4",
}


def game_names() -> list[str]:
    """The names ``load_game`` knows, sorted."""
    return sorted(_registry())


def load_game(name: str, **size: Any) -> Game:
    """The game called ``name`` at the given size (keyword arguments of the game's class)."""
    key = ALIASES.get(name.lower(), name.lower())
    games = _registry()
    if key not in games:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(games))}")
    return games[key](**size)


__all__ = ["Action", "Game", "IllegalAction", "InvalidBoard", "Player", "State", "game_names", "load_game"]
