"""What a tactic is: a way to find the moves that count as right in a position, and the words for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Sequence

from reference.games.base import Action, State


class Answer(NamedTuple):
    """The actions that count as right in a position, and whether the exact solver agreed."""

    actions: tuple[Action, ...]
    verified: bool = True  # False: judged by the one-ply rule only (too early for the exact solver)


@dataclass(frozen=True)
class TacticKind:
    """A kind of tactic: how to find its answer set in a position (None when the position does not show
    the tactic clearly), what it asks in words, and for a tactic that needs depth what a correct search
    of that depth sees there (``sees(game, state, answers)``) and that depth in moves (None: to the end
    of the game, or one move)."""

    find: Callable[[Any, State], Answer | None]
    words: str
    sees: Callable[[Any, State, Sequence[Action]], str] | None = None
    depth: int | None = None


def either(actions: Sequence[Action]) -> str:
    """Actions as a reader lists them: ``3 or 4``, ``1, 2 or 5`` (at most six, then how many more)."""
    shown = [repr(a) for a in actions[:6]]
    more = f" (or {len(actions) - 6} more)" if len(actions) > 6 else ""
    return (" or ".join(shown) if len(shown) <= 2 else ", ".join(shown[:-1]) + " or " + shown[-1]) + more
