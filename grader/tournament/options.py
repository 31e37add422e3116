"""How a tournament is played: the knobs of ``grader tournament``, with the choices they allow.

A leaf module (no other grader module), so that the command's parser is built without loading the
referee, the sandbox or the leaderboard page (``grader --help`` starts in a fraction of a second).
"""

from __future__ import annotations

from dataclasses import dataclass

#: the reference agents every tournament includes unless told otherwise
DEFAULT_BASELINES = ("random", "alphabeta:2", "mcts:200")


@dataclass(frozen=True)
class TournamentOptions:
    """How games are played and where: the knobs of ``grader tournament``."""

    games_per_pair: int = 2
    move_seconds: float | None = None  # default: the assignment's limits.move_seconds
    on_fault: str = "forfeit"
    seed: int = 0
    jobs: int = 1
    scheduler: str | object | None = None  # a Dask address or Client
    opening_plies: int | None = None
    isolation: str | None = None
    bootstrap: int = 200  # resamples for the rating intervals
