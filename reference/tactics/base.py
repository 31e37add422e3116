"""What a tactic is: a way to find the moves that count as right in a position, and the words for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Sequence

from reference.games.base import Action, State


class Answer(NamedTuple):
    """The actions that count as right in a position, and whether the exact solver agreed."""

    actions: tuple[Action, ...]
    verified: bool = True  # False: judged by the one-ply rule only (too early for the exact solver)


#: hand-built positions of a tactic at a game's size and reading: (state, the actions that count as right)
Positions = Callable[[Any], Sequence[tuple[State, tuple[Action, ...]]]]


@dataclass(frozen=True)
class TacticKind:
    """A kind of tactic: how to find its answer set in a position (None when the position does not show
    the tactic clearly), what it asks in words, and for a tactic that needs depth what a correct search
    of that depth sees there (``sees(game, state, answers)``) and that depth in moves (None: to the end
    of the game, or one move). A kind whose positions random play would rarely reach is given by
    hand-built ones instead (``hand_built(game)``, see :func:`hand_built_kind`): those are all it asks."""

    find: Callable[[Any, State], Answer | None]
    words: str
    sees: Callable[[Any, State, Sequence[Action]], str] | None = None
    depth: int | None = None
    hand_built: Positions | None = None


def hand_built_kind(positions: Positions, words: str) -> TacticKind:
    """The kind asked on ``positions(game)`` (none on a board they do not fit) instead of positions found
    in random play; it finds an answer set in those positions only."""

    def find(game: Any, state: State) -> Answer | None:
        return next((Answer(tuple(answers)) for built, answers in positions(game) if built == state), None)

    return TacticKind(find, words, hand_built=positions)


def either(actions: Sequence[Action]) -> str:
    """Actions as a reader lists them: ``3 or 4``, ``1, 2 or 5`` (at most six, then how many more)."""
    shown = [repr(a) for a in actions[:6]]
    more = f" (or {len(actions) - 6} more)" if len(actions) > 6 else ""
    return (" or ".join(shown) if len(shown) <= 2 else ", ".join(shown[:-1]) + " or " + shown[-1]) + more
