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
