"""Tactics: positions where the right move is clear, and which moves are right there, found with the
reference games and the exact solvers. A game names the tactics it has (``Game.tactics``, and
``Game.depth_tactics`` for those a one-ply look-ahead cannot see); :data:`TACTICS` finds each by name.

A position shows a tactic only when its answer set is clearly right and some legal move lies
outside it (else there is nothing to miss); each kind's module says what "clearly" takes.
"""

from __future__ import annotations

from reference.tactics import connect4, dots_and_boxes, in_a_row, mean_connect4
from reference.tactics.base import Answer, TacticKind, either

#: every kind of tactic by name
TACTICS: dict[str, TacticKind] = {
    "win": in_a_row.WIN,
    "block": in_a_row.BLOCK,
    "double_threat": connect4.DOUBLE_THREAT,
    "avoid_trap": connect4.AVOID_TRAP,
    "avoid_double_threat": connect4.AVOID_DOUBLE_THREAT,
    "free_box": dots_and_boxes.FREE_BOX,
    "safe_move": dots_and_boxes.SAFE_MOVE,
    "decline": dots_and_boxes.DECLINE,
    "sacrifice": dots_and_boxes.SACRIFICE,
    "take_win": mean_connect4.TAKE_WIN,
    "stop_win": mean_connect4.STOP_WIN,
    "mean_win": mean_connect4.MEAN_WIN,
    "mean_block": mean_connect4.MEAN_BLOCK,
}

__all__ = ["Answer", "TACTICS", "TacticKind", "either"]
