"""What the k-in-a-row games share (the first player with k marks in a line wins, a full board is a
draw): the board size, the utility, the win-or-block tactics, random playouts with one choice rule,
and which boards alternate play can reach.

The games differ in where a mark may go, so each keeps its own moves, bitboards and drawings; an
impossible board is told in one set of words (:attr:`InARowGame.impossible`) with each game's marks.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from reference.games.base import Game, InvalidBoard, Player, State

if TYPE_CHECKING:
    from reference.tactics.base import TacticKind


def check_size(game: str, rows: int, cols: int, k: int) -> None:
    """Raise ValueError unless ``rows``, ``cols`` and ``k`` are positive ints and a line of ``k`` fits the
    board (``game`` names the game in the message)."""
    for label, value in (("rows", rows), ("cols", cols), ("k", k)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{game} {label} must be a positive int, got {value!r}")
    if k > max(rows, cols):
        raise ValueError(f"no line of k={k} fits on a {rows}x{cols} board")


def line_starts(bits: int, step: int, k: int) -> int:
    """The bits ``p`` of ``bits`` that start a run of ``k`` marks ``p, p + step, ..., p + (k - 1) * step``.

    Runs of 1, 2, 4, ... are ANDed with copies of themselves shifted by their length; one more shift
    covers a ``k`` that is not a power of two. A caller masks out runs that wrap past a board's edge."""
    run, length = bits, 1
    while 2 * length <= k:
        run &= run >> (length * step)
        length *= 2
    if length < k:
        run &= run >> ((k - length) * step)
    return run


class InARowGame(Game):
    """A game on a ``rows`` x ``cols`` board won by the first line of ``k`` marks (rows, columns,
    diagonals). Utility: +1 win, -1 loss, 0 draw or unfinished.

    A game keeps each player's marks as bits and every line as a mask of the same bits (``lines``).
    """

    tactics = ("win", "block")
    reply_tactic = "block"
    #: how messages name the two players' ids
    players_words = "+1 or -1"
    #: what one move puts on the board, and the two players' marks, as messages about a board name them
    piece = "mark"
    marks = ("+1", "-1")
    #: why a board cannot occur, by what is wrong: ``counts`` (not alternate), ``both_lines``, ``late_line``
    #: (the other player moved after the line), ``no_last_move`` (no one move completes all the lines) and
    #: ``to_move`` (contradicts the counts)
    impossible: ClassVar[dict[str, str]] = {
        "counts": "the board has {n_first} {piece}s of {first} and {n_second} of {second}: {first} moves first "
                  "and players alternate, so {first} has as many {piece}s as {second} or one more",
        "both_lines": "both players have {k} in a row; the game ends at the first line",
        "late_line": "{mark} has {k} in a row but the other player moved after it ({n_first} {piece}s of {first}, "
                     "{n_second} of {second}); the game ends at the first line",
        "no_last_move": "{mark} has lines that no single last {piece} completes ({no_last_piece}), so the "
                        "game would have ended earlier",
        "to_move": "to_move={to_move:+d} contradicts the board: it has {n_first} {piece}s of {first} and "
                   "{n_second} of {second}, so {mover} moves",
    }
    #: why no single last piece completes a player's lines (a game that restricts where a piece goes says more)
    no_last_piece = "they have no cell in common"

    rows: int
    cols: int
    k: int
    lines: tuple[int, ...]

    @classmethod
    def tactic_kinds(cls) -> dict[str, TacticKind]:
        from reference.tactics import in_a_row

        return {"win": in_a_row.WIN, "block": in_a_row.BLOCK}

    def dimensions(self) -> dict[str, int]:
        return {"rows": self.rows, "cols": self.cols, "k": self.k}

    @abstractmethod
    def winner(self, state: State) -> Player | None:
        """The player with k in a row, else None."""

    def utility(self, state: State, player: Player) -> int:
        """+1 if ``player`` has won, -1 if the opponent has, 0 for a draw or an unfinished game."""
        if player not in (1, -1):
            raise ValueError(f"player must be {self.players_words}, got {player!r}")
        winner = self.winner(state)
        return 0 if winner is None else (1 if winner == player else -1)

    def random_playout(self, state: State, rng: random.Random) -> int:
        """Play uniformly random moves to the end; return the utility for player +1.

        Each step plays ``actions(state)[int(rng.random() * len(actions(state)))]``, so with the
        same ``rng`` it ends exactly like the textbook loop over actions/result/terminal driven by
        that choice rule (tests check this); the game plays it on its bitboards (:meth:`_random_finish`).
        """
        winner = self.winner(state)
        if winner is not None:
            return winner
        return self._random_finish(state, rng.random)

    @abstractmethod
    def _random_finish(self, state: State, random_float: Callable[[], float]) -> int:
        """:meth:`random_playout` from a state nobody has won, drawing its numbers from ``random_float``."""

    def end_words(self, state: State, names: Mapping[Player, str]) -> str:
        winner = self.winner(state)
        return f"{names[winner]} made {self.k} in a row" if winner is not None else "draw: the board is full"

    # --- boards that alternate play can reach ---

    def _last_move_cells(self, marks: int) -> int:
        """The cells of a board holding ``marks`` that the last move may have filled (every marked one,
        unless where a mark may go says otherwise)."""
        return marks

    def _check_reachable(self, first: int, second: int) -> None:
        """Raise InvalidBoard for counts or lines that alternate play cannot produce (``first`` and
        ``second``: each player's marks)."""
        n_first, n_second = first.bit_count(), second.bit_count()
        if n_first - n_second not in (0, 1):
            raise InvalidBoard(self._impossible("counts", n_first, n_second))
        first_lines = [line for line in self.lines if first & line == line]
        second_lines = [line for line in self.lines if second & line == line]
        if first_lines and second_lines:
            raise InvalidBoard(self._impossible("both_lines", n_first, n_second))
        last_cells = self._last_move_cells(first | second)
        for player, lines, moved_last in ((1, first_lines, n_first > n_second), (-1, second_lines, n_first == n_second)):
            if not lines:
                continue
            if not moved_last:
                raise InvalidBoard(self._impossible("late_line", n_first, n_second, player))
            shared = last_cells  # the last move is in every line, on a cell it may have filled
            for line in lines:
                shared &= line
            if not shared:
                raise InvalidBoard(self._impossible("no_last_move", n_first, n_second, player))

    def _check_to_move(self, state: State, to_move: Player | None, first: int, second: int) -> None:
        """Raise InvalidBoard unless ``to_move`` is None or the player whose turn ``state``'s counts of
        marks (``first``, ``second``) say it is."""
        if to_move is None:
            return
        if to_move not in (1, -1):
            raise InvalidBoard(f"to_move must be {self.players_words}, got {to_move!r}")
        implied = self.to_move(state)
        if to_move != implied:
            raise InvalidBoard(self._impossible("to_move", first.bit_count(), second.bit_count(), implied,
                                                to_move=to_move))

    def _impossible(self, why: str, n_first: int, n_second: int, player: Player | None = None, **more: Any) -> str:
        first, second = self.marks
        mark = mover = None
        if player is not None:
            mark = first if player == 1 else second
            mover = mark if mark == f"{player:+d}" else f"{mark} ({player:+d})"
        return self.impossible[why].format(n_first=n_first, n_second=n_second, k=self.k, piece=self.piece,
                                           first=first, second=second, mark=mark, mover=mover,
                                           no_last_piece=self.no_last_piece, **more)
