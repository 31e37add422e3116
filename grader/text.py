"""Values shown in messages, cut to a length a person reads: one way for every message the grader writes."""

from __future__ import annotations

from typing import Any


def short(value: Any, limit: int = 100) -> str:
    """``repr(value)``, cut to ``limit`` characters with '...' where it was cut (a student's board can be
    thousands of characters; the first ones say what it is)."""
    return clip(repr(value), limit)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with '...' where it was cut."""
    return text if len(text) <= limit else text[: max(0, limit - 3)] + "..."


#: how many lines of a long list a message shows before it says how many more there are
LISTED_LINES = 5


def cut_lines(lines: list[str], keep: int = LISTED_LINES, what: str = "") -> list[str]:
    """The first ``keep`` of ``lines``, then one line that says how many more there are (363 lines of
    "skipped print()" tell a student nothing the first five do not)."""
    if len(lines) <= keep + 1:
        return list(lines)
    return [*lines[:keep], f"... and {len(lines) - keep} more{' ' + what if what else ''}"]


def fold_repeats(lines: list[str]) -> list[str]:
    """``lines`` with each line repeated word for word said once, with its count (``(20 times)``), where
    it first appears."""
    counts: dict[str, int] = {}
    for line in lines:
        counts[line] = counts.get(line, 0) + 1
    return [line if counts[line] == 1 else f"{line} ({counts[line]} times)" for line in counts]
