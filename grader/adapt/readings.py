"""Judging a student by their own reading of rules the assignment's text leaves open.

Some rules can be read more than one way (Mean Connect 4: may the moved disc go back into its own column?).
Each reading the text allows is a reference game of its own (``game.readings()``, the reference's first). Only
when some functions match the reference nowhere are the other readings tried, and the one under which the fewest
miss is graded (ties keep the reference's); where readings differ only on positions the probes never show, the
student's ``actions`` and ``terminal`` decide there. The reading graded is said in the feedback, so a reading the
text allows is never charged as a bug, and a real bug is still charged under every reading.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from typing import Any, Mapping, Sequence

from grader.adapt.infer import Caller, Interface, infer_interface, misses
from grader.adapt.student_game import StudentGame
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
        best = min(best, trial, key=misses)  # a tie keeps the reading before
    best = replace(best, game=_reading_by_answers(caller, best, readings, timeout))
    if best.game == readings[0]:
        best.adaptations.append(f"graded by the reference's reading of the rule: {game.reading_words()}")
    else:
        best.adaptations.append(f"graded by your reading of the rule, which the assignment allows: "
                                f"{best.game.reading_words()} (the reference reads: {readings[0].reading_words()})")
    return best


def _reading_by_answers(caller: Caller, iface: Interface, readings: Sequence[Game], timeout: float) -> Game:
    """The reading the student's ``terminal`` and ``actions`` agree with where it and the graded one
    differ, if they agree there more often than with the graded one and on at least half of them."""
    chosen, student = iface.game, StudentGame(caller, iface, timeout=timeout)
    for other in readings:
        if other == chosen:
            continue
        theirs = ours = asked = 0
        for state in _positions_where_readings_differ(chosen, other):
            board, mover = chosen.to_course(state), chosen.to_move(state)
            answers = _student_answers(student, board, mover)
            there = other.from_course(board, to_move=mover)
            by_end = chosen.terminal(state) != other.terminal(there)
            mine, yours = _agrees(chosen, state, answers, by_end), _agrees(other, there, answers, by_end)
            if mine is None:
                continue
            asked, ours, theirs = asked + 1, ours + mine, theirs + yours
        if theirs > ours and 2 * theirs >= asked:
            chosen = other
    return chosen


def _agrees(reading: Game, state: State, answers: tuple[bool | None, list[str] | None], by_end: bool) -> bool | None:
    """Whether the student's (over?, moves) on ``state`` are ``reading``'s, or None when they do not tell. Where
    the game is over under one reading only (``by_end``), ``terminal`` decides (and a game that goes on must list
    the reading's moves); without it that position tells nothing, as many ``actions`` list moves on a finished
    board. Elsewhere ``actions`` decides."""
    over, moves = answers
    if not by_end:
        return None if moves is None else moves == listing(reading.actions(state))
    if over is None:
        return None
    if over != reading.terminal(state):
        return False
    return over or moves is None or moves == listing(reading.actions(state))


@lru_cache(maxsize=64)
def _positions_where_readings_differ(game: Game, other: Game, count: int = 6, seed: int = 17) -> tuple[State, ...]:
    """Up to ``count`` seeded positions where ``game`` and ``other`` differ on whether the game is
    over or on its moves: from random play, and from the positions random play seldom reaches."""
    rng, out = random.Random(seed), []
    rare = [s for s in game.rare_positions() if _differ(game, other, s)]
    for _ in range(800):
        if len(out) + len(rare) >= count:
            break
        _, state = random_line(game, rng, plies=rng.randint(4, 4 * game.rows * game.cols // 3))
        if _differ(game, other, state):
            out.append(state)
    return tuple(rare + out)[:max(count, len(rare))]


def _differ(game: Game, other: Game, state: State) -> bool:
    board, mover = game.to_course(state), game.to_move(state)
    there = other.from_course(board, to_move=mover)
    return game.terminal(state) != other.terminal(there) or \
        (not game.terminal(state) and listing(game.actions(state)) != listing(other.actions(there)))


def _student_answers(student: StudentGame, board: Any, player: int) -> tuple[bool | None, list[str] | None]:
    """The student's ``terminal`` and ``actions`` answers on a course board, read as grading reads them (None
    where not bound as the reference's or not readable)."""
    iface = student.interface

    def confirmed(role: str) -> bool:
        return role in iface.bindings and not iface.bindings[role].note and iface.representation is not None

    over = student.terminal(board) if confirmed("terminal") else None
    moves = student.actions(board, player) if confirmed("actions") else None
    return over.value if over and over.ok else None, listing(moves.value) if moves and moves.ok else None


def listing(moves: Any) -> list[str]:
    """Moves in an order that compares listings whatever order they came in."""
    return sorted(map(repr, moves))
