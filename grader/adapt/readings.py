"""Judging a student by their own reading of rules the assignment's text leaves open.

Some rules can be read more than one way (Mean Connect 4: may the moved disc go back into its own
column? whose colour is it?). Each reading the text allows is a reference game of its own
(``game.readings()``, the reference's reading first). The student's functions are bound under the
reference's reading; only when some of them match the reference nowhere are the other readings
tried, and the one under which the fewest functions miss is the one graded (ties keep the
reference's). Which reading was graded is said in the feedback, so a reading the text allows is
never charged as a bug, and a real bug is still charged under every reading.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from grader.adapt.infer import Caller, Interface, infer_interface, misses
from grader.sandbox.results import NameInfo
from reference.games.base import Game


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
    if best.game == readings[0]:
        best.adaptations.append(f"graded by the reference's reading of the rule: {game.reading_words()}")
    else:
        best.adaptations.append(f"graded by your reading of the rule, which the assignment allows: "
                                f"{best.game.reading_words()} (the reference reads: {readings[0].reading_words()})")
    return best
