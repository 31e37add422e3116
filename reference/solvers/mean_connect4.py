"""Exact search of Mean Connect 4 to a horizon: can the side to move force a win, or must it lose,
within ``n`` plies?

Mean moves keep the number of discs, so the game has no end that a solver could count down to, and
cycles: it is not solved here. What the tactics need is smaller and exact: that a move wins at once,
that every other move lets the opponent win at once, that no other move forces a win within three
plies, that a block does not lose within four. Those are AND-OR searches of a few plies over the
reference's own ``actions`` and ``result`` (so every reading of the rule is searched as it is played),
with a transposition table; a position's answer to "within n plies" is exact, whatever lies beyond.

A line made for both players ends the game in a draw, and a mean move that completes the
opponent's line loses, as in :mod:`reference.games.mean_connect4`.
"""

from __future__ import annotations

from typing import Any

from reference.games.connect4 import has_alignment

#: entries kept in a search's table before it is emptied (a tactic search needs a few thousand)
TABLE_LIMIT = 200_000


class HorizonSearch:
    """Forced wins and losses within a number of plies, for one reading of Mean Connect 4 (``game``).

    ``nodes`` counts the positions expanded since the search was made.
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self.table: dict[tuple[Any, int, bool], bool] = {}
        self.nodes = 0

    def wins_within(self, state: Any, plies: int) -> bool:
        """The side to move can make sure it wins within ``plies`` plies (its own moves counted), whatever
        the opponent replies."""
        game = self.game
        if plies < 1 or game.terminal(state):
            return False
        key = (state, plies, True)
        if key not in self.table:
            self.table[key] = self._wins_within(state, plies)
            self._keep_small()
        return self.table[key]

    def loses_within(self, state: Any, plies: int) -> bool:
        """Every move of the side to move lets the opponent win within ``plies`` plies (this move counted):
        a finished game counts when the side to move has lost it."""
        game = self.game
        if game.terminal(state):
            return game.winner(state) == -game.to_move(state)
        if plies < 2:
            return False
        key = (state, plies, False)
        if key not in self.table:
            self.table[key] = self._loses_within(state, plies)
            self._keep_small()
        return self.table[key]

    def _wins_within(self, state: Any, plies: int) -> bool:
        game = self.game
        self.nodes += 1
        if self._wins_at_once(state):
            return True
        if plies < 3:
            return False
        children = [game.result(state, a) for a in game.actions(state)]
        return any(not game.terminal(child) and self.loses_within(child, plies - 1)
                                  for child in children)

    def _wins_at_once(self, state: Any) -> bool:
        """Some move of the side to move makes its line and not the opponent's (the bits of
        ``result`` without building the states: this is where the search spends its time)."""
        game = self.game
        mine, mask = state.current, state.mask
        rows, k, keeps = game.rows, game.k, game.keeps_colour
        open_cols = [col for col, top in enumerate(game.top_masks) if not mask & top]
        for col in open_cols:
            if has_alignment(mine | ((mask + game.bottom_masks[col]) & game.column_masks[col]), rows, k):
                return True
        for source, bottom in enumerate(game.bottom_masks):
            if not (mine ^ mask) & bottom:
                continue
            fallen, fallen_mask = game.lifted(mine, mask, source)
            if keeps and not has_alignment(fallen, rows, k):
                continue  # the placed disc is the opponent's: only the fall can make the mover's line
            for target in game._targets(source, open_cols):
                landing = (fallen_mask + game.bottom_masks[target]) & game.column_masks[target]
                after = fallen if keeps else fallen | landing
                if has_alignment(after, rows, k) and not has_alignment(after ^ (fallen_mask | landing), rows, k):
                    return True
        return False

    def _loses_within(self, state: Any, plies: int) -> bool:
        game, me = self.game, self.game.to_move(state)
        self.nodes += 1
        for action in game.actions(state):
            child = game.result(state, action)
            if game.terminal(child):
                if game.winner(child) != -me:
                    return False  # a win or a draw
            elif not self.wins_within(child, plies - 1):
                return False
        return True

    def _keep_small(self) -> None:
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()


def wins_within(game: Any, state: Any, plies: int) -> bool:
    """Whether the side to move in ``state`` forces a win within ``plies`` plies (a fresh search)."""
    return HorizonSearch(game).wins_within(state, plies)


def loses_within(game: Any, state: Any, plies: int) -> bool:
    """Whether the side to move in ``state`` cannot avoid a loss within ``plies`` plies (a fresh search)."""
    return HorizonSearch(game).loses_within(state, plies)
