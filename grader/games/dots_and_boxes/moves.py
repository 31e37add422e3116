"""Dots and Boxes moves as students write them: a letter and a dot (flat or nested), or the two dots a line joins
(as cells or as the dots' numbers), from 0
or 1. The generic code that learns a student's move encoding finds them through the game's plug
(``GamePlug.move_encodings``), so it names no game."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

import numpy as np


def dots_to_line(value: Any, offset: int = 0, transposed: bool = False) -> tuple | None:
    """('h'|'v', r, c) of a line written as the two dots it joins, ((r1, c1), (r2, c2)) or flat
    (r1, c1, r2, c2), in either order, or as the set of its two dots (``transposed``: each dot as (x, y)); None
    if it is no such line."""
    if isinstance(value, (set, frozenset)):
        value = tuple(value)
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(d, (list, tuple)) and len(d) == 2
                                                                     for d in value):
        dots = [tuple(_plain(v) for v in d) for d in value]
    elif isinstance(value, (list, tuple)) and len(value) == 4:
        flat = [_plain(v) for v in value]
        dots = [tuple(flat[:2]), tuple(flat[2:])]
    else:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for d in dots for v in d):
        return None
    (r1, c1), (r2, c2) = sorted((d[1], d[0]) if transposed else d for d in dots)
    r1, c1, r2, c2 = r1 - offset, c1 - offset, r2 - offset, c2 - offset
    if r1 == r2 and c2 == c1 + 1:
        return ("h", r1, c1)
    if c1 == c2 and r2 == r1 + 1:
        return ("v", r1, c1)
    return None


def dot_numbers_to_line(value: Any, cols: int, offset: int = 0) -> tuple | None:
    """('h'|'v', r, c) of a line written as the numbers of the two dots it joins, the dots numbered row by row
    from ``offset`` on a board ``cols`` dots wide, in either order; None if it is no such line."""
    if isinstance(value, (set, frozenset)):
        value = tuple(value)
    if not (isinstance(value, (list, tuple)) and len(value) == 2):
        return None
    numbers = [_plain(v) for v in value]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in numbers):
        return None
    a, b = sorted(v - offset for v in numbers)
    return dots_to_line(((a // cols, a % cols), (b // cols, b % cols))) if a >= 0 else None


def _plain(value: Any) -> Any:
    """A numpy scalar as its Python value."""
    return value.item() if isinstance(value, np.generic) else value


def unnested(value: Any) -> Any:
    """A line's kind and its starting dot as three parts, however they nest: ``('h', (r, c))`` reads as
    ``('h', r, c)``; anything else is returned as it is."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and isinstance(_plain(value[0]), str) and \
            isinstance(value[1], (list, tuple, np.ndarray)) and len(value[1]) == 2:
        return (value[0], *value[1])
    return value


def lettered(value: Any, offset: int = 0, swap: bool = False) -> tuple | None:
    """('h'|'v', r, c) of a line given as a letter (or its kind's word) and its starting dot, flat or nested
    (``swap``: the student's 'h' is the course's 'v'); None if it is no such line."""
    value = unnested(value)
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        return None
    letter, r, c = (_plain(v) for v in value)
    if not isinstance(letter, str) or line_kind(letter) is None or \
            not all(isinstance(v, int) and not isinstance(v, bool) for v in (r, c)):
        return None
    letter = line_kind(letter)
    if swap:
        letter = "v" if letter == "h" else "h"
    return (letter, r - offset, c - offset)


def line_kind(word: str) -> str | None:
    """'h' or 'v' for a line's kind written as a letter or as the start of its word ('H', 'hor', 'horizontal',
    'Vertical'); None for any other word."""
    low = word.strip().lower()
    return next((k for k, full in (("h", "horizontal"), ("v", "vertical")) if low and full.startswith(low)), None)


def numbered(value: Any, game: Any, order: Callable[[tuple], Any]) -> tuple | None:
    """('h'|'v', r, c) of a line given as its number when every line is numbered from 0 in ``order`` (a sort key of
    the lines); None if it is no such number."""
    value = _plain(value)
    if not isinstance(value, int) or isinstance(value, bool) or game is None:
        return None
    lines = _lines(game, order)
    return lines[value] if 0 <= value < len(lines) else None


@lru_cache(maxsize=None)
def _lines(game: Any, order: Callable[[tuple], Any]) -> list[tuple]:
    """Every line of ``game``'s board (the moves of its empty board) in ``order``: made once, asked per move."""
    return sorted(game.actions(game.initial_state()), key=order)


#: (words, sort key of a course line) for each way students number the lines from 0, OpenSpiel's first: each lists
#: every line once, so only the boxes a replay closes tell them apart (``grader.adapt.replayed_states``)
NUMBERINGS: tuple[tuple[str, Callable[[tuple], Any]], ...] = (
    ("row by row, horizontals first", lambda line: (line[0], line[1], line[2])),
    ("row by row, verticals first", lambda line: (line[0] != "v", line[1], line[2])),
    ("row by row, each row's horizontals then the verticals below it", lambda line: (line[1], line[0], line[2])),
    ("column by column, each column's verticals then the horizontals right of it",
     lambda line: (line[2], line[0] != "v", line[1])),
)

#: (words, decoder: the student's move and the game -> the course's line) for each way students write a line,
#: plainest first
ENCODINGS: tuple[tuple[str, Callable[[Any, Any], tuple | None]], ...] = tuple(
    [(f"('h'|'v', row, col){' 1-based' if o else ''}{', h and v swapped' if s else ''}",
      (lambda o, s: lambda v, g=None: lettered(v, o, s))(o, s)) for o in (0, 1) for s in (False, True)]
    + [(f"pairs of dots ((row, col), (row, col)){' 1-based' if o else ''}{' as (x, y)' if t else ''}",
        (lambda o, t: lambda v, g=None: dots_to_line(v, o, t))(o, t)) for o in (0, 1) for t in (False, True)]
    + [(f"pairs of dot numbers (a, b), the dots numbered row by row from {o}",
        (lambda o: lambda v, g=None: dot_numbers_to_line(v, g.cols, o) if g is not None else None)(o)) for o in (0, 1)]
    + [(f"numbers counting the lines {words}", (lambda k: lambda v, g=None: numbered(v, g, k))(key))
       for words, key in NUMBERINGS])


