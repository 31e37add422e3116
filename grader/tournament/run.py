"""A whole tournament: participants -> schedule -> games (resumable) -> standings and leaderboard.

Follow a run top to bottom in :func:`run_tournament`. Every finished game is appended to
``OUT_DIR/games.jsonl`` by this process as it arrives, so a killed run loses at most the games in
flight; running the same command again plays only the games not yet recorded, and a participant
added later meets everyone without any earlier game being replayed.
"""

from __future__ import annotations

import csv
import sys
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from grader.rubric import Assignment
from grader.tournament.executors import GameTask, execute
from grader.tournament.leaderboard_page import svg_positions, write_leaderboard_html
from grader.play import FAULT_POLICIES
from grader.tournament.options import TournamentOptions
from grader.tournament.participants import RANDOM, Exclusion, Participant
from grader.play.records import GameRecord, GameStore, ScheduledGame
from grader.tournament.schedule import balanced_openings, openings_for, round_robin
from grader.tournament.standings import Standings, compute_standings, write_standings

@dataclass
class TournamentResult:
    records: list[GameRecord]
    standings: Standings | None
    played_now: int
    skipped: int  # already in games.jsonl
    excluded: list[Exclusion] = field(default_factory=list)


def schedule_games(participants: Sequence[Participant], assignment: Assignment,
                   options: TournamentOptions) -> list[ScheduledGame]:
    """The full schedule for these participants (openings depend only on the game and the seed)."""
    game = assignment.make_game()
    openings = balanced_openings(game, openings_for(options.games_per_pair), options.seed, options.opening_plies)
    return round_robin([p.name for p in participants], openings)


def run_tournament(participants: Sequence[Participant], assignment: Assignment, out_dir: str | Path,
                   options: TournamentOptions = TournamentOptions(), *, excluded: Sequence[Exclusion] = (),
                   limit: int | None = None, progress: Callable[[GameRecord, int, int], None] | None = None,
                   ) -> TournamentResult:
    """Play every scheduled game not yet in ``out_dir/games.jsonl``, then write standings and the leaderboard.

    ``limit`` plays at most that many new games (a partial run, as if killed); standings are then
    still written from what is recorded. ``progress(record, done, total)`` is told of each game.
    """
    if options.on_fault not in FAULT_POLICIES:
        raise ValueError(f"unknown fault policy {options.on_fault!r}; choose one of {', '.join(FAULT_POLICIES)}")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_excluded(excluded, out / "excluded.csv")
    if len(participants) < 2:
        raise ValueError(f"a tournament needs at least 2 participants, got {len(participants)}: "
                         f"{', '.join(p.name for p in participants) or 'none'}")
    store = GameStore(out / "games.jsonl")
    done = store.done_ids()
    schedule = schedule_games(participants, assignment, options)
    todo = [g for g in schedule if g.game_id not in done]
    skipped = len(schedule) - len(todo)
    if limit is not None:
        todo = todo[:limit]
    by_name = {p.name: p for p in participants}
    move_seconds = options.move_seconds or assignment.limits.move_seconds
    tasks = [GameTask(g, by_name[g.first], by_name[g.second], assignment, move_seconds, options.on_fault,
                      options.seed, options.isolation) for g in todo]
    played = 0
    with closing(execute(tasks, jobs=options.jobs, scheduler=options.scheduler)) as games:  # stopped: workers end
        for record in games:
            store.append(record)
            played += 1
            if progress is not None:
                progress(record, played, len(tasks))
    names = set(by_name)
    records = [r for r in store.load() if r.first in names and r.second in names]
    baselines = [p.name for p in participants if p.is_reference]
    standings = write_outputs(records, assignment, out, bootstrap=options.bootstrap, seed=options.seed,
                              baselines=baselines) if records else None
    return TournamentResult(records, standings, played, skipped, list(excluded))


def write_outputs(records: Sequence[GameRecord], assignment: Assignment, out: Path, *, bootstrap: int = 200,
                  seed: int = 0, baselines: Sequence[str] = ()) -> Standings:
    """Standings files and the leaderboard page for ``records``; ``baselines`` get no bonus."""
    anchor = RANDOM if any(RANDOM in r.players for r in records) else None
    standings = compute_standings(records, anchor=anchor, bootstrap=bootstrap, seed=seed, baselines=baselines)
    write_standings(standings, out)
    write_leaderboard_html(records, standings, out / "leaderboard.html",
                           render_board=svg_positions(assignment.make_game()), title=f"{assignment.title}: tournament")
    return standings


def write_excluded(excluded: Sequence[Exclusion], path: Path) -> None:
    """``excluded.csv``: the submissions that took no part and why (header only when none)."""
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["player", "path", "reason"])
        for e in excluded:
            writer.writerow([e.name, e.path, e.reason])


def print_leaderboard(standings: Standings, file=None) -> None:
    """The leaderboard as a text table (on standard output by default)."""
    table = standings.leaderboard.copy()
    for column in ("rating", "rating_low", "rating_high"):
        table[column] = table[column].round(0).astype(int)
    print(table.to_string(index=False), file=file or sys.stdout)
