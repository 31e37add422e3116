"""Agents compared by what they do: the moves two submissions' agents chose on the same probe
positions (the ``agent_legal`` checks ask every submission on the same seeded positions and keep the
answers in :attr:`grader.results.CheckResult.moves`).

Renaming, reformatting and rewriting comments leave an agent's choices as they were; two honest
agents of the same depth agree on forced moves but part ways where several moves are equally good,
because each breaks ties its own way. Random agents are left out: their moves say nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from grader.results import SubmissionResult

#: rubric agent roles whose moves are random by design
RANDOM_ROLES = ("random",)


@dataclass(frozen=True)
class MoveAgreement:
    """On how many probe positions both agents answered, and on how many they chose the same move."""

    same: int
    compared: int

    @property
    def share(self) -> float:
        return self.same / self.compared if self.compared else 0.0


def probe_moves(result: SubmissionResult) -> dict[str, list[str]]:
    """The recorded moves of ``result``'s non-random agents, by check title."""
    return {c.check: list(c.moves) for c in result.checks
            if c.moves and not c.check.lower().startswith(RANDOM_ROLES)}


def agreement(first: dict[str, Sequence[str]], second: dict[str, Sequence[str]]) -> MoveAgreement:
    """How often two submissions' agents chose the same move where both answered."""
    same = compared = 0
    for check in first.keys() & second.keys():
        for a, b in zip(first[check], second[check]):
            if a and b:
                compared += 1
                same += a == b
    return MoveAgreement(same, compared)


def class_agreement(results: Iterable[SubmissionResult]) -> dict[tuple[str, str], MoveAgreement]:
    """Move agreement of every pair of submissions that both recorded moves, keyed by sorted names."""
    moves = {r.submission: probe_moves(r) for r in results}
    names = sorted(name for name, recorded in moves.items() if recorded)
    return {(a, b): agreement(moves[a], moves[b]) for i, a in enumerate(names) for b in names[i + 1:]}
