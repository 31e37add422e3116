"""Dots and Boxes moves as students write them, read without the adapter: the generic code that learns
a student's move encoding (``grader.adapt.replayed_objects``) asks this module, so it imports nothing
of ``grader.adapt``."""

from __future__ import annotations

from typing import Any

import numpy as np


def dots_to_line(value: Any, offset: int = 0, transposed: bool = False) -> tuple | None:
    """('h'|'v', r, c) of a line written as the two dots it joins, ((r1, c1), (r2, c2)) or flat
    (r1, c1, r2, c2), in either order (``transposed``: each dot as (x, y)); None if it is no such line."""
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


def _plain(value: Any) -> Any:
    """A numpy scalar as its Python value."""
    return value.item() if isinstance(value, np.generic) else value
