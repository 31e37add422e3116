"""A position a function is judged on (:class:`Case`): what the edge boards and the random positions
supply and the checks ask.

A leaf module (only the reference's state type), so that the edge boards, which make cases, and the
checks, which judge on them, do not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reference.games.base import State


@dataclass(frozen=True)
class Case:
    """A position to judge a function on: the state, the action (for ``result``) and why it is there."""

    state: State
    action: Any = None
    why: str = ""


__all__ = ["Case"]
