"""Move ordering: the actions of a state, most promising first, so that alpha-beta prunes early.

One cheap rule per game (the game's own order for a game it does not know):

- tic-tac-toe and Connect 4: cells / columns nearest the centre first (they lie on most lines);
- Mean Connect 4: drops as in Connect 4, then mean moves, those placing the disc farthest from the
  centre first (the opponent's disc ends where it lies on fewest lines);
- Dots and Boxes: lines that complete a box first, then safe lines, and last the lines that give
  the opponent a box (draw a box's third side).
"""

from __future__ import annotations

from functools import lru_cache

from reference.games.base import Action, Game, State


def ordered_actions(game: Game, state: State) -> list[Action]:
    """``game.actions(state)`` sorted most promising first (a new list; ties keep the game's order)."""
    if game.name == "dots_and_boxes":
        return _dots_and_boxes_order(game, state)
    if game.name == "mean_connect4":
        return _mean_connect4_order(game, state)
    actions = game.actions(state)
    if game.name in ("tictactoe", "connect4"):
        rank = _centre_rank(game)
        actions.sort(key=rank.__getitem__)
    return actions


@lru_cache(maxsize=64)
def _centre_rank(game: Game) -> dict[Action, float]:
    """For each action, its distance from the board's centre (cells for tic-tac-toe, columns for Connect 4)."""
    if game.name == "connect4":
        middle = (game.cols - 1) / 2
        return {col: abs(col - middle) for col in range(game.cols)}
    mid_row, mid_col = (game.rows - 1) / 2, (game.cols - 1) / 2
    return {
        row * game.cols + col: abs(row - mid_row) + abs(col - mid_col) + 0.01 * max(abs(row - mid_row), abs(col - mid_col))
        for row in range(game.rows)
        for col in range(game.cols)
    }


def _mean_connect4_order(game: Game, state: State) -> list[Action]:
    """Drops nearest the centre first, then mean moves whose disc lands farthest from the centre."""
    middle = (game.cols - 1) / 2
    actions = game.actions(state)
    drops = [a for a in actions if not isinstance(a, tuple)]
    means = [a for a in actions if isinstance(a, tuple)]
    drops.sort(key=lambda col: abs(col - middle))
    means.sort(key=lambda move: -abs(move[1] - middle))
    return drops + means


def _dots_and_boxes_order(game: Game, state: State) -> list[Action]:
    """Captures, then safe lines, then lines that draw some box's third side."""
    lines = state.lines
    captures, safe, risky = [], [], []
    for i, action in enumerate(game.line_actions):
        if lines >> i & 1:
            continue
        sides = [(lines & mask).bit_count() for mask in game.line_box_masks[i]]
        if 3 in sides:
            captures.append(action)
        elif 2 in sides:
            risky.append(action)
        else:
            safe.append(action)
    return captures + safe + risky
