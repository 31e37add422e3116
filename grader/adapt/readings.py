"""Judging a student by their own reading of rules the assignment's text leaves open.

Some rules can be read more than one way (Mean Connect 4: may the moved disc go back into its own
column? whose colour is it?). Each reading the text allows is a reference game of its own
(``game.readings()``, the reference's reading first). The student's functions are bound under the
reference's reading; only when some of them match the reference nowhere are the other readings
tried, and the one under which the fewest functions miss is the one graded (ties keep the
reference's). Some readings differ only on rare positions the binding probes never show (a disc
taken from a full column): there the student's ``actions`` on positions where the readings differ
decide. Which reading was graded is said in the feedback, so a reading the text allows is never
charged as a bug, and a real bug is still charged under every reading.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from typing import Any, Mapping, Sequence

from grader.adapt.infer import Caller, Interface, decode_actions, infer_interface, misses
from grader.adapt.representations.base import NotThisRepresentation
from grader.sandbox.calls import NameInfo
from reference.games.base import Game, State
from reference.positions import random_line


def infer_reading(caller: Caller, names: Mapping[str, NameInfo], game: Game, aliases: Mapping[str, Sequence[str]],
                  timeout: float = 2.0, source: str = "") -> Interface:
    """The interface (see :func:`infer_interface`) under the reading of ``game`` the student's code shows."""
    best = infer_interface(caller, names, game, aliases, timeout=timeout, source=source)
    readings = game.readings()
    if len(readings) == 1:
        return best
    for other in readings[1:]:
        if not misses(best):
            break
        trial = infer_interface(caller, names, other, aliases, timeout=timeout, source=source)
        if misses(trial) < misses(best):
            best = trial
    best = replace(best, game=_reading_by_actions(caller, best, readings, timeout))
    if best.game == readings[0]:
        best.adaptations.append(f"graded by the reference's reading of the rule: {game.reading_words()}")
    else:
        best.adaptations.append(f"graded by your reading of the rule, which the assignment allows: "
                                f"{best.game.reading_words()} (the reference reads: {readings[0].reading_words()})")
    return best


def _reading_by_actions(caller: Caller, iface: Interface, readings: Sequence[Game], timeout: float) -> Game:
    """The reading the student's ``actions`` agrees with where it and the graded one differ in their
    moves, if it agrees there more often than with the graded one and on at least half of them."""
    binding = iface.bindings.get("actions")
    if binding is None or binding.note or iface.representation is None:
        return iface.game
    chosen = iface.game
    for other in readings:
        if other == chosen:
            continue
        cases = _positions_where_moves_differ(chosen, other)
        said = [_student_actions(caller, iface, chosen.to_course(s), chosen.to_move(s), timeout) for s in cases]
        theirs = sum(got == _listing(other.actions(s)) for got, s in zip(said, cases))
        ours = sum(got == _listing(chosen.actions(s)) for got, s in zip(said, cases))
        if theirs > ours and 2 * theirs >= len(cases):
            chosen = other
    return chosen


@lru_cache(maxsize=64)
def _positions_where_moves_differ(game: Game, other: Game, count: int = 6, seed: int = 17) -> tuple[State, ...]:
    """Up to ``count`` seeded positions reached by random play where ``game`` and ``other`` list other moves."""
    rng, out = random.Random(seed), []
    for _ in range(800):
        _, state = random_line(game, rng, plies=rng.randint(4, 4 * game.rows * game.cols // 3))
        if game.terminal(state):
            continue
        board, mover = game.to_course(state), game.to_move(state)
        there = other.from_course(board, to_move=mover)
        if not other.terminal(there) and _listing(game.actions(state)) != _listing(other.actions(there)):
            out.append(state)
            if len(out) == count:
                break
    return tuple(out)


def _student_actions(caller: Caller, iface: Interface, board: Any, player: int, timeout: float) -> list[str] | None:
    """The student's moves on a course board as a sorted listing of course moves, or None."""
    binding, rep = iface.bindings["actions"], iface.representation
    reply = caller.call(binding.name, *iface.arguments("actions", board, player), timeout=timeout)
    try:
        return _listing(decode_actions(rep, reply.value, board)) if reply.ok else None
    except (NotThisRepresentation, TypeError, ValueError):
        return None


def _listing(moves: Any) -> list[str]:
    return sorted(map(repr, moves))
