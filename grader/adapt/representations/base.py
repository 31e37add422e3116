"""A student's representation of a game: how their boards, players and actions map onto the course's.

The course representation (``reference`` games' ``to_course``/``from_course``) is the grader's
lingua franca. A :class:`Representation` converts both ways; inference (``grader.adapt.infer``)
picks the one that the student's own code agrees with.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from typing import Any, Iterable

import numpy as np


class NotThisRepresentation(ValueError):
    """A value the representation cannot read (a symbol it does not know, a wrong shape...)."""


def plain(value: Any) -> Any:
    """numpy scalars as Python values, so that marks compare simply."""
    return value.item() if isinstance(value, np.generic) else value


def same_mark(value: Any, mark: Any) -> bool:
    """Whether a cell value is this mark; 1.0 counts as 1, but True never counts as 1."""
    if isinstance(value, bool) or isinstance(mark, bool):
        return value is mark
    if isinstance(mark, (int, float)) and isinstance(value, (int, float)):
        return value == mark
    return type(value) is type(mark) and value == mark


#: player ids seen in real submissions, first player first
NUMERIC_PLAYERS = [(1, -1), (1, 2), (0, 1), (-1, 1), (2, 1)]
LETTER_PLAYERS = [("x", "o"), ("X", "O"), ("o", "x"), ("O", "X"), ("r", "y"), ("R", "Y"), ("b", "r"),
                  ("B", "R"), ("r", "b"), ("A", "B"), ("y", "r"), ("Y", "R")]


class Representation(ABC):
    """Converts boards, players and actions between a student's representation and the course's."""

    #: the player ids the student's functions take (first player's id, second player's id)
    players: tuple[Any, Any]

    #: whether the student's boards say who is winning; False when that lives outside the board (a
    #: Dots and Boxes board without box owners), where no utility can be judged from a board alone
    shows_outcome: bool = True

    @abstractmethod
    def encode_board(self, board: Any) -> Any:
        """Course board -> the student's board (fresh plain data, ready to send to the sandbox)."""

    def encode_state(self, board: Any, mover: int | None = None) -> Any:
        """The student's state for ``board`` with ``mover`` to move, where their state says whose turn it is
        (the course board alone may not: Mean Connect 4's mean moves, Dots and Boxes' extra turns)."""
        return self.encode_board(board)

    @property
    def action_kinds(self) -> tuple[str, ...]:
        """The ways of writing a move this reading may use, the usual first (none: it has one way)."""
        return ()

    def with_action_kind(self, kind: str) -> "Representation":
        """This reading writing moves the ``kind`` way."""
        return dataclasses.replace(self, action_kind=kind)

    def turn_said(self, value: Any, mover: int) -> tuple[bool, str] | None:
        """(whether ``mover`` moves again, the turn in words) where the student's state says whose turn it is
        next, else None (the course board alone does not say)."""
        return None

    @abstractmethod
    def decode_board(self, board: Any) -> Any:
        """The student's board -> course board; raises :class:`NotThisRepresentation`."""

    @abstractmethod
    def encode_action(self, action: Any, board: Any, player: int | None = None) -> Any:
        """Course action on course ``board`` -> the student's action (``player`` moves: some
        students write the mover into the move)."""

    @abstractmethod
    def decode_action(self, action: Any, board: Any) -> Any:
        """The student's action on course ``board`` -> course action; raises NotThisRepresentation."""

    @abstractmethod
    def describe(self) -> str:
        """In words, for feedback: what the student's boards look like."""

    def at_size(self, rows: int, cols: int, game: Any) -> "Representation":
        """The same reading of a board of another size (agents are also timed on smaller boards)."""
        if not dataclasses.is_dataclass(self) or not {"rows", "cols"} <= {f.name for f in dataclasses.fields(self)}:
            raise TypeError(f"boards read as {self.describe()} cannot be resized")
        return dataclasses.replace(self, rows=rows, cols=cols)

    def encode_row(self, action: Any, board: Any) -> Any:
        """The row a move lands in, for transitions that take it (``drop_piece(board, row, col, piece)``);
        only games with gravity have one."""
        raise NotThisRepresentation("moves in this game land in no particular row")

    def encode_config(self) -> Any:
        """The board's configuration as Kaggle's ConnectX passes it (``config.rows``), for helpers that take one."""
        raise NotThisRepresentation("this game has no Kaggle configuration")

    def encode_player(self, player: int) -> Any:
        return self.players[0] if player == 1 else self.players[1]

    def decode_player(self, value: Any) -> int:
        value = plain(value)
        if same_mark(value, self.players[0]):
            return 1
        if same_mark(value, self.players[1]):
            return -1
        raise NotThisRepresentation(f"unknown player {value!r}")

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.describe()}>"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and vars(self) == vars(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.describe()))


def container_of(board: Any) -> tuple[str, str]:
    """('numpy', dtype) / ('list', '') / ('tuple', '') / ('str', ''): how a student's board is held (a string of one
    character a cell, ``'.........'``, is a board too); ('list', 'str') for rows written as strings."""
    if isinstance(board, np.ndarray):
        return "numpy", board.dtype.str
    if isinstance(board, tuple):
        return "tuple", ""
    if isinstance(board, str):
        return "str", ""
    return "list", ("str" if _rows_of_text(board) else "")


def _rows_of_text(board: Any) -> bool:
    """Whether a board is rows written as strings of one character a cell (``['.......', ...]``)."""
    return isinstance(board, (list, tuple)) and bool(board) and all(isinstance(r, str) for r in board) \
        and len({len(r) for r in board}) == 1 and len(board[0]) > 1


def cells(board: Any) -> np.ndarray:
    """A board's cells as an object array of its shape (a string: one cell per character; rows written as
    strings: a grid of characters)."""
    if isinstance(board, str):
        return np.asarray(list(board), dtype=object)
    if _rows_of_text(board):
        return np.asarray([list(r) for r in board], dtype=object)
    return np.asarray(board, dtype=object)


def rebuild(values: Iterable[Any], shape: tuple[int, ...], container: tuple[str, str], marks: Iterable[Any] = ()) -> Any:
    """Values (row-major) as a board in the student's container. A numpy array of strings is made wide
    enough for every value and every one of ``marks``: an empty board of '' is '<U1', and a result that
    writes 'yellow' into the very board it is given must not see it cut to 'y'."""
    kind, dtype = container
    flat = list(values)
    if kind == "numpy":
        dt = np.dtype(dtype)
        if dt.kind in "US":
            widest = max([dt.itemsize // (4 if dt.kind == 'U' else 1)] + [len(str(v)) for v in [*flat, *marks]])
            dt = np.dtype(f"{dt.kind}{widest}")
        return np.array(flat, dtype=dt).reshape(shape)
    if len(shape) == 1:
        if kind == "str" and all(isinstance(v, str) and len(v) == 1 for v in flat):
            return "".join(flat)
        return tuple(flat) if kind == "tuple" else flat
    rows = [flat[i * shape[1]:(i + 1) * shape[1]] for i in range(shape[0])]
    if dtype == "str" and all(isinstance(v, str) and len(v) == 1 for v in flat):
        rows = ["".join(r) for r in rows]
        return tuple(rows) if kind == "tuple" else rows
    return tuple(tuple(r) for r in rows) if kind == "tuple" else rows


def cell_values(board: Any) -> list[Any]:
    """The distinct plain values in a (possibly nested) board, in first-seen order."""
    seen: list[Any] = []
    for v in cells(board).ravel():
        v = plain(v)
        if not any(same_mark(v, s) for s in seen):
            seen.append(v)
    return seen
