"""A leaderboard entry for one submission: its agent in a short seeded round robin against the reference
baselines, rated as ``grader tournament`` rates (Bradley-Terry, ``ref:random`` at 1000), so that ratings
made one submission at a time rank a whole class on Gradescope's leaderboard.

The baselines' games among themselves are the same for every student: :func:`play_baseline_games` plays
them once, when the bundle is made, and they travel in it. On the platform :func:`rate_submission` plays
only the student's games (a tournament skips the games already recorded), so every student is rated
against the same games, and the platform's time goes to the student's agent.
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grader.export.settings import LeaderboardSettings
from grader.report.tally import format_points
from grader.rubric import Assignment
from grader.tournament.options import TournamentOptions
from grader.tournament.participants import RANDOM, Exclusion, reference_participants, student_participant
from grader.tournament.run import run_tournament
from grader.tournament.standings import gradescope_leaderboard

GAMES_FILE = "games.jsonl"  # where a tournament's folder keeps its games (grader.tournament.run)
#: the submission's name in its round robin: game ids, and so the seeds of each game, come from names, so one
#: name for every submission makes a rating independent of how the platform names the submission's folder
PLAYER = "student"


@dataclass(frozen=True)
class LeaderboardOutcome:
    """The Gradescope ``leaderboard`` entries (none when the agent could not play) and a line saying why."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    words: str = ""


def _options(settings: LeaderboardSettings, seed: int) -> TournamentOptions:
    return TournamentOptions(games_per_pair=settings.games_per_pair, move_seconds=settings.move_seconds, seed=seed,
                             jobs=1, bootstrap=0)


def play_baseline_games(assignment: Assignment, settings: LeaderboardSettings, out_file: str | Path, *,
                        seed: int = 0) -> int:
    """Play the baselines' round robin among themselves into ``out_file`` (a tournament's ``games.jsonl``);
    return the number of games (none with fewer than two baselines)."""
    baselines = reference_participants(settings.baselines)
    out_file = Path(out_file)
    if len(baselines) < 2:
        out_file.write_text("", encoding="utf-8")
        return 0
    with tempfile.TemporaryDirectory(prefix="grader-baselines-") as work:
        result = run_tournament(baselines, assignment, work, _options(settings, seed))
        shutil.copy2(Path(work) / GAMES_FILE, out_file)
    return len(result.records)


def rate_submission(path: str | Path, assignment: Assignment, settings: LeaderboardSettings, *, seed: int = 0,
                    baseline_games: str | Path | None = None) -> LeaderboardOutcome:
    """Rate the strongest agent of the submission at ``path`` against the baselines.

    ``baseline_games`` are the baselines' own games (:func:`play_baseline_games`, same settings and seed):
    they are not played again. A submission with no agent that makes a legal move gets no entry.
    """
    verdict = student_participant(path, assignment)
    if isinstance(verdict, Exclusion):
        return LeaderboardOutcome(words=f"Leaderboard: not rated, {verdict.reason}.")
    verdict = dataclasses.replace(verdict, name=PLAYER)
    baselines = reference_participants(settings.baselines)
    with tempfile.TemporaryDirectory(prefix="grader-leaderboard-") as work:
        if baseline_games is not None and Path(baseline_games).is_file():
            shutil.copy2(baseline_games, Path(work) / GAMES_FILE)
        result = run_tournament([verdict, *baselines], assignment, work, _options(settings, seed))
    assert result.standings is not None  # the student played every baseline
    table = result.standings.leaderboard
    row = table[table.player == verdict.name].iloc[0]
    anchor = f"{RANDOM} = 1000" if RANDOM in table.player.values else "the players' mean = 1000"
    faults = f", {int(row['forfeits'])} forfeited" if row["forfeits"] else ""
    words = (f"Leaderboard: your {verdict.label} played {int(row['games'])} games against "
             f"{', '.join(b.name for b in baselines)}: {int(row['wins'])} won, {int(row['draws'])} drawn, "
             f"{int(row['losses'])} lost{faults}, {format_points(float(row['points']))} points; rating "
             f"{float(row['rating']):.0f} ({anchor}). The class is ranked by this rating.")
    return LeaderboardOutcome(gradescope_leaderboard(row, rank=False), words)
