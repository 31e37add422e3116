"""Playing one game between two seats: the referee, and the records of finished games.

The layer below both the strength check (``grader.checks.agent_strength``) and tournaments
(``grader.tournament``): each plays its games through :func:`grader.play.referee.play_game` and keeps
what happened as :class:`grader.play.records.GameRecord`. Nothing here knows a rubric, a check or a
schedule of many games.

A leaf at package level: the tournament's command-line parser reads :data:`FAULT_POLICIES` without
loading the referee.
"""

from __future__ import annotations

#: what happens to a game when an agent faults (an illegal move, an exception, a timeout): the faulty
#: side loses it, or a random legal move is played in its place
FAULT_POLICIES = ("forfeit", "random")

__all__ = ["FAULT_POLICIES"]
