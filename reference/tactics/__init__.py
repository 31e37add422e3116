"""Tactics: positions where the right move is clear, and which moves are right there, found with the
reference games and the exact solvers. A game names the tactics it has (``Game.tactics``, and
``Game.depth_tactics`` for those a one-ply look-ahead cannot see) and says where each is found
(``Game.tactic_kinds``); :data:`TACTICS` finds each by name among every registered game's.

A position shows a tactic only when its answer set is clearly right and some legal move lies
outside it (else there is nothing to miss); each kind's module says what "clearly" takes. A kind
whose positions random play would rarely reach is given by hand-built positions instead
(:func:`hand_built_kind`): the checks ask those, all of them, and no others.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from reference.tactics.base import Answer, TacticKind, either, hand_built_kind


class _EveryGamesTactics(Mapping[str, TacticKind]):
    """Every registered game's tactic kinds by name, gathered when first read (a game registered later,
    as a test's, is read again)."""

    def __init__(self) -> None:
        self._read: tuple[tuple[type, ...], dict[str, TacticKind]] = ((), {})

    def _kinds(self) -> dict[str, TacticKind]:
        from reference.games import game_classes

        classes = tuple(game_classes())
        if classes != self._read[0]:  # read again only when a game was registered since
            kinds: dict[str, TacticKind] = {}
            for cls in classes:
                kinds.update(cls.tactic_kinds())
            self._read = (classes, kinds)
        return self._read[1]

    def __getitem__(self, name: str) -> TacticKind:
        return self._kinds()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds())

    def __len__(self) -> int:
        return len(self._kinds())


#: every kind of tactic by name
TACTICS: Mapping[str, TacticKind] = _EveryGamesTactics()

__all__ = ["TACTICS", "Answer", "TacticKind", "either", "hand_built_kind"]
