"""Dots and Boxes boards as students write them: the current dict, the old ``{'n','m'}`` dict,
1-based coordinates, 'h'/'v' swapped, and any marks for the two players.

The template's first version (the ``{'n','m'}`` dict) did not ask for box owners on the board, so
its students keep them elsewhere (a score argument, a global): such a board is read with its
boxes unknown (``None``), and only its lines are compared.

Course face: ``{'size': (rows, cols), 'lines': {('h'|'v', r, c): True}, 'boxes': {(r, c): +1|-1}}``
with rows, cols counting dots and a line named by its starting dot, 0-based.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import numpy as np

from grader.adapt.representations.base import NotThisRepresentation, Representation, plain
from grader.adapt.signatures import role_of
from grader.games.dots_and_boxes.moves import dot_numbers_to_line, dots_to_line, line_kind, unnested
from reference.games.dots_and_boxes import box_counts

#: box owners / player ids seen in real Dots and Boxes submissions, first player first
PLAYER_MARKS = [(1, -1), (1, 2), (0, 1), ("b", "r"), ("r", "b"), ("X", "O"), ("x", "o"), ("A", "B"),
                ("B", "R"), ("R", "B"), ("p1", "p2"), (-1, 1), (2, 1)]


@dataclass(eq=False)
class DotsAndBoxesRepresentation(Representation):
    rows: int  # dots
    cols: int
    players: tuple[Any, Any]
    layout: str = "v2"  # 'v2': {'size','lines','boxes'}; 'v1': {'n','m'} with lines and boxes as top-level keys
    offset: int = 0  # 1 for 1-based coordinates
    swap_hv: bool = False  # the student's 'h' is the course's 'v'
    size_in_boxes: bool = False  # the student's size counts boxes, not dots
    line_value: Any = True
    #: keys of the student's empty board beyond the layout's own ('score1', 'turn', ...) and their empty values
    extras: tuple[tuple[Any, Any], ...] = ()
    #: extra keys that say the board's size ('rows', 'cols'): (key, 'rows'|'cols', how many fewer than the dots)
    size_keys: tuple[tuple[Any, str, int], ...] = ()
    keeps_boxes: bool = True  # False: the board has no box owners (the old layout did not ask for them)
    lines_as: type = dict  # the container of the drawn lines: a dict of line -> True, a set or a list of lines
    #: how a line is written: 'line' ('h'|'v', row, col); 'nested' ('h'|'v', (row, col)); 'dots' the two dots it
    #: joins ((r, c), (r, c + 1)); 'dots_xy' the same dots as (x, y) = (col, row); 'dot_numbers' the numbers of the
    #: two dots, counted row by row ((r * cols + c, r * cols + c + 1))
    action_kind: str = "line"

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return ("line", "nested", "dots", "dots_xy", "dot_numbers")

    @property
    def shows_outcome(self) -> bool:
        return self.keeps_boxes or any(self._score_kind(key, empty) for key, empty in self.extras)

    def _letter(self, orientation: str) -> str:
        if self.swap_hv:
            return "v" if orientation == "h" else "h"
        return orientation

    def _size(self) -> tuple[int, int]:
        return (self.rows - 1, self.cols - 1) if self.size_in_boxes else (self.rows, self.cols)

    def encode_board(self, board: Any) -> dict:
        o = self.offset
        lines = {self.encode_action(k, None): self.line_value for k in board["lines"]}
        boxes = {(r + o, c + o): self.encode_player(p) for (r, c), p in board["boxes"].items()} \
            if self.keeps_boxes else {}
        counts = box_counts(board)
        extras = {key: self._extra_value(key, empty, counts) for key, empty in self.extras}
        if self.layout == "v1":
            n, m = self._size()
            return {"n": n, "m": m, **lines, **boxes, **extras}
        return {"size": self._size(), "lines": lines if self.lines_as is dict else self.lines_as(lines),
                **({"boxes": boxes} if self.keeps_boxes else {}), **extras}

    def _extra_value(self, key: Any, empty: Any, counts: dict[int, int] | None) -> Any:
        """An extra key's value on a board: a size key says this board's size; a score says how many boxes
        each player has (:meth:`_score_kind`; ``counts``, when known); any other extra keeps its value from the
        empty board."""
        for size_key, axis, fewer in self.size_keys:
            if key == size_key:
                return (self.rows if axis == "rows" else self.cols) - fewer
        kind = self._score_kind(key, empty) if counts is not None else None
        if kind == "mark":
            return counts[_named_player(key, self.players)]
        if kind == "by_mark":
            return {mark: counts[self.decode_player(mark)] for mark in empty}
        if kind == "pair":
            return type(empty)((counts[1], counts[-1]))
        return copy.deepcopy(empty)

    def _score_kind(self, key: Any, empty: Any) -> str | None:
        """How an extra value of the empty board keeps a score, the boxes each player has: 'mark', a number under
        a key naming a score and one player ('score1', 'score_b'); 'by_mark', a mapping from each player's mark to a
        number; 'pair', two numbers in the players' order under a key naming a score; None for anything else."""
        named = isinstance(key, str) and any(word in key.lower() for word in ("score", "point"))
        value = plain(empty)
        if named and _number(value) and _named_player(key, self.players) is not None:
            return "mark"
        if isinstance(value, dict) and len(value) == 2 and {plain(k) for k in value} == set(self.players) and \
                all(_number(plain(v)) for v in value.values()):
            return "by_mark"
        if named and isinstance(value, (list, tuple)) and len(value) == 2 and all(_number(plain(v)) for v in value):
            return "pair"
        return None

    def _read_counts(self, board: dict) -> dict[int, int] | None:
        """How many boxes each player has, from the scores a board keeps; None when it keeps none."""
        counts: dict[int, int] = {}
        for key, empty in self.extras:
            kind, value = self._score_kind(key, empty), board.get(key)
            if kind is None or value is None:
                continue
            try:
                if kind == "mark":
                    counts[_named_player(key, self.players)] = int(plain(value))
                elif kind == "by_mark":
                    counts.update({self.decode_player(k): int(plain(v)) for k, v in dict(value).items()})
                else:
                    counts[1], counts[-1] = (int(plain(v)) for v in value)
            except (TypeError, ValueError, NotThisRepresentation):
                raise NotThisRepresentation(f"{key!r} is not a score: {value!r}") from None
        return counts or None

    def decode_board(self, board: Any) -> dict:
        if not isinstance(board, dict):
            raise NotThisRepresentation(f"expected a dict, got {type(board).__name__}")
        if self.layout == "v1":
            if "n" not in board or "m" not in board:
                raise NotThisRepresentation("expected the keys 'n' and 'm'")
            size = (plain(board["n"]), plain(board["m"]))
            line_items = [(k, v) for k, v in board.items() if self._is_line(k)]
            box_items = [(k, v) for k, v in board.items()
                         if isinstance(k, tuple) and len(k) == 2 and not self._is_line(k)]
            extra = [k for k in board if k not in ("n", "m") and not (isinstance(k, tuple) and len(k) in (2, 3))
                     and k not in dict(self.extras)]
            if extra:
                raise NotThisRepresentation(f"unexpected keys {extra[:3]!r}")
        else:
            if set(board) - {"size", "lines", "boxes"} - set(dict(self.extras)) or "lines" not in board:
                raise NotThisRepresentation("expected the keys 'size', 'lines' and 'boxes'")
            size = tuple(plain(v) for v in board.get("size", self._size()))
            drawn = board["lines"]
            if isinstance(drawn, (set, frozenset, list, tuple)):
                line_items = [(tuple(k), True) for k in drawn]
            else:
                line_items = list(dict(drawn).items())
            box_items = list(dict(board.get("boxes", {})).items())
        if tuple(size) != self._size():
            raise NotThisRepresentation(f"size {tuple(size)} is not {self._size()}")
        o = self.offset
        lines = {self.decode_action(key, None): True for key, value in line_items
                 if plain(value)}  # a line recorded as False is not drawn
        if not self.keeps_boxes:
            if box_items:
                raise NotThisRepresentation("the board keeps box owners")
            return {"size": (self.rows, self.cols), "lines": lines, "boxes": None, "counts": self._read_counts(board)}
        boxes = {(int(plain(k[0])) - o, int(plain(k[1])) - o): self.decode_player(v) for k, v in box_items}
        return {"size": (self.rows, self.cols), "lines": lines, "boxes": boxes}

    def encode_action(self, action: Any, board: Any, player: int | None = None) -> tuple:
        orientation, r, c = action
        o = self.offset
        if self.action_kind == "line":
            return (self._letter(orientation), r + o, c + o)
        if self.action_kind == "nested":
            return (self._letter(orientation), (r + o, c + o))
        dots = ((r + o, c + o), (r + o, c + 1 + o) if orientation == "h" else (r + 1 + o, c + o))
        if self.action_kind == "dot_numbers":
            return tuple((r - o) * self.cols + (c - o) + o for r, c in dots)
        return tuple(d[::-1] for d in dots) if self.action_kind == "dots_xy" else dots

    def _is_line(self, key: Any) -> bool:
        try:
            self.decode_action(key, None)
        except NotThisRepresentation:
            return False
        return True

    def decode_action(self, action: Any, board: Any) -> tuple:
        if isinstance(action, dict) and len(action) == 1:
            action = next(iter(action))
        if self.action_kind == "dot_numbers":
            line = dot_numbers_to_line(action, self.cols, self.offset)
            if line is None:
                raise NotThisRepresentation(f"{action!r} is not the numbers of two neighbouring dots")
            return line
        if self.action_kind not in ("line", "nested"):
            line = dots_to_line(action, self.offset, self.action_kind == "dots_xy")
            if line is None:
                raise NotThisRepresentation(f"{action!r} is not a line between two neighbouring dots")
            return line
        flat = unnested(action)
        if not isinstance(flat, (list, tuple, np.ndarray)) or len(flat) != 3:
            raise NotThisRepresentation(f"{action!r} is not a line (orientation, row, col)")
        letter, r, c = (plain(v) for v in flat)
        kind = line_kind(letter) if isinstance(letter, str) else None  # 'h', 'H' or 'horizontal' alike
        if kind is None:
            raise NotThisRepresentation(f"{action!r} does not start with 'h' or 'v'")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (r, c)):
            raise NotThisRepresentation(f"{action!r} has non-integer coordinates")
        return (self._letter(kind), r - self.offset, c - self.offset)

    def describe(self) -> str:
        layout = "old dict {'n', 'm', lines and boxes as keys}" if self.layout == "v1" else \
            "dict {'size', 'lines', 'boxes'}" if self.keeps_boxes else "dict {'size', 'lines'}"
        parts = [layout, f"players {self.players[0]!r}/{self.players[1]!r}"]
        if self.lines_as is not dict:
            parts.append(f"lines kept in a {self.lines_as.__name__}")
        if self.offset:
            parts.append("1-based coordinates")
        if self.swap_hv and self.action_kind in ("line", "nested"):
            parts.append("'h' and 'v' swapped")
        if self.action_kind == "nested":
            parts.append("lines as ('h'|'v', (row, col))")
        if self.action_kind == "dot_numbers":
            parts.append("lines as the numbers of the two dots they join, counted row by row")
        if self.action_kind in ("dots", "dots_xy"):
            parts.append("lines as the two dots they join" + (", each dot (x, y)" * (self.action_kind == "dots_xy")))
        if self.size_in_boxes:
            parts.append("size counted in boxes")
        scores = [repr(key) for key, empty in self.extras if self._score_kind(key, empty)]
        if scores:
            parts.append(f"each player's boxes counted in {', '.join(scores)}")
        if not self.keeps_boxes:
            parts.append("no box owners on the board: lines are compared" + (", and the boxes each player has"
                                                                             if scores else ""))
        return ", ".join(parts)


def _named_player(key: Any, players: tuple[Any, Any]) -> int | None:
    """The course player a score's key names by its mark after the word ('score1', 'score_b'), or None."""
    suffix = str(key).lower().split("score", 1)[-1].split("point", 1)[-1].lstrip("_ s")
    return next((course for course, mark in zip((1, -1), players) if suffix == str(mark).lower()), None)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool)


def at_size(rows: int, cols: int, board: Any) -> Any:
    """An empty board of the student's layout at the rubric's size (a module-level template of another
    size, ``board = {'n': 7, 'm': 7}``, still says how the student writes boards)."""
    if isinstance(board, dict) and "n" in board and "m" in board:
        return {**board, "n": rows, "m": cols}
    if isinstance(board, dict) and "size" in board:
        return {**board, "size": (rows, cols)}
    return board


def candidates(rows: int, cols: int, initial_board: Any | None) -> list[DotsAndBoxesRepresentation]:
    """Representations consistent with the student's empty board (unknown: the course's layout, then the old one)."""
    if initial_board is None:
        return candidates(rows, cols, {"size": (rows, cols), "lines": {}, "boxes": {}}) + \
            candidates(rows, cols, {"n": rows, "m": cols})
    if not isinstance(initial_board, dict):
        return []
    if "n" in initial_board and "m" in initial_board:
        layout, size = "v1", (plain(initial_board["n"]), plain(initial_board["m"]))
    elif "lines" in initial_board:
        layout, size = "v2", tuple(plain(v) for v in initial_board.get("size", (rows, cols)))
    else:
        return []
    if tuple(size) == (rows, cols):
        in_boxes = [False]
    elif tuple(size) == (rows - 1, cols - 1):
        in_boxes = [True]
    else:
        return []
    known = ("n", "m") if layout == "v1" else ("size", "lines", "boxes")
    extras = tuple((k, v) for k, v in initial_board.items() if k not in known and not isinstance(k, tuple))
    size_keys = tuple((k, axis, (rows if axis == "rows" else cols) - plain(v)) for k, v in extras
                      for axis in [role_of(str(k))] if axis in ("rows", "cols")
                      and plain(v) in ((rows, rows - 1) if axis == "rows" else (cols, cols - 1)))
    keeping = (True, False) if layout == "v1" else (True,) if "boxes" in initial_board else (False,)
    drawn = initial_board.get("lines", {}) if layout == "v2" else {}
    lines_as = next((kind for kind in (set, frozenset, list, tuple) if isinstance(drawn, kind)), dict)
    return [DotsAndBoxesRepresentation(rows, cols, players, layout, offset, swap, boxes, extras=extras,
                                       keeps_boxes=keeps, lines_as=lines_as, size_keys=size_keys)
            for keeps in keeping for players in PLAYER_MARKS for offset in (0, 1) for swap in (False, True)
            for boxes in in_boxes]
