"""Boards of ``rows`` x ``cols`` cells, each empty or holding one of two players' marks: what every
reading of such a board knows before its layout (:class:`GridRepresentation`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grader.adapt.representations.base import Representation, Symbols


@dataclass(eq=False)
class GridRepresentation(Representation):
    """A reading of a grid of marks: its size, the marks in its cells and the ids the student's functions
    take for the players (often the marks themselves). The game's reading adds how the cells are laid out."""

    rows: int
    cols: int
    symbols: Symbols
    players: tuple[Any, Any]
