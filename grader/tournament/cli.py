"""``grader tournament``: play every submission's agent against every other and the reference baselines."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.play import FAULT_POLICIES
from grader.tournament.options import DEFAULT_BASELINES, TournamentOptions
from grader.usage import UsageError


def add_tournament_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``tournament`` command to the ``grader`` command's subparsers."""
    t = subparsers.add_parser(
        "tournament", help="play a round robin between the students' agents and reference baselines",
        description="Every pair of agents meets in colour-swapped games from balanced openings. Games are "
        "appended to OUT/games.jsonl as they end: run the same command again to resume, or with more "
        "submissions to play only the new pairs. Writes the standings and OUT/leaderboard.html.")
    t.add_argument("submissions", nargs="?", help="folder of submissions (default: submissions/<assignment>)")
    t.add_argument("--assignment", "-a", required=True, help="assignment name in the rubric (e.g. connect4)")
    t.add_argument("--out", "-o", required=True, help="output folder (games.jsonl, standings, leaderboard.html)")
    t.add_argument("--agent-name", help="the rubric's agent label to play (default: each submission's strongest: "
                   "heuristic, then alpha-beta/minimax, then others, then random)")
    t.add_argument("--baselines", default=",".join(DEFAULT_BASELINES),
                   help="reference agents, comma-separated; '' for none (default: %(default)s)")
    t.add_argument("--games-per-pair", type=int, default=2, help="an even number: each opening is played with "
                   "both colours (default: %(default)s)")
    t.add_argument("--move-time", type=float, help="seconds per move (default: the rubric's move_seconds)")
    t.add_argument("--board", help="board size ROWSxCOLS (default: the rubric's)")
    t.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="a reading of a rule the assignment leaves open, as the game's option (Mean Connect 4: "
                        "same_column=false, keeps_colour=false, returns_to_full_column=false, "
                        "plays_on_full_board=true); "
                        "default: the reference's reading")
    t.add_argument("--on-fault", choices=FAULT_POLICIES, default="forfeit",
                   help="an illegal move, crash or timeout: forfeit the game, or play a random move for the "
                   "offender and go on (the fault is recorded either way; default: %(default)s)")
    t.add_argument("--jobs", "-j", type=int, default=1, help="local worker processes (default: %(default)s)")
    t.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://10.0.0.5:8786 (needs dask[distributed])")
    t.add_argument("--seed", type=int, default=0, help="seed of the openings and of every random choice")
    t.add_argument("--rubric", help="rubric file (default: the bundled rubric.yaml)")
    t.add_argument("--isolation", choices=["bubblewrap", "landlock", "rlimits"], help="sandbox level to use")
    t.set_defaults(run=run_command)
    return t


def parse_board(text: str) -> dict[str, int]:
    """``"4x5"`` -> ``{"rows": 4, "cols": 5}``; a ValueError that shows the expected form otherwise."""
    rows, sep, cols = text.lower().partition("x")
    if not sep or not rows.strip().isdigit() or not cols.strip().isdigit():
        raise ValueError(f"--board {text!r} is not ROWSxCOLS, e.g. 6x7")
    return {"rows": int(rows), "cols": int(cols)}


def parse_rule(text: str) -> dict[str, bool | int]:
    """``"keeps_colour=false"`` -> ``{"keeps_colour": False}``; a ValueError that shows the expected form otherwise."""
    name, sep, value = text.partition("=")
    words = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
    if not sep or not name.strip().isidentifier() or value.strip().lower() not in words and not value.strip().isdigit():
        raise ValueError(f"--rule {text!r} is not NAME=VALUE with a value true, false or a number, "
                         "e.g. keeps_colour=false")
    value = value.strip().lower()
    return {name.strip(): words[value] if value in words else int(value)}


def run_command(args: argparse.Namespace) -> int:
    from grader.load.submission import discover
    from grader.rubric import load_rubric
    from grader.tournament.participants import Exclusion, Participant, reference_participants
    from grader.tournament.qualification import QUALIFIED_FILE, qualify
    from grader.tournament.run import print_leaderboard, run_tournament
    from grader.tournament.schedule import openings_for

    assignment = load_rubric(args.rubric).assignment(args.assignment)
    try:
        if args.board or args.rule:
            rules = {k: v for text in args.rule for k, v in parse_rule(text).items()}
            board = {**assignment.board, **(parse_board(args.board) if args.board else {}), **rules}
            assignment = assignment.model_copy(update={"board": board})
            try:  # a board or a rule the game rejects fails here, with the game's message
                assignment.make_game()
            except TypeError as e:
                raise ValueError(f"{assignment.game} has no such rule: {e}") from None
        baselines = reference_participants(b for b in args.baselines.split(",") if b.strip())
        openings_for(args.games_per_pair)
        if args.agent_name and args.agent_name not in assignment.agents:
            raise ValueError(f"--agent-name {args.agent_name!r} is not an agent of {args.assignment}; "
                             f"its agents: {', '.join(assignment.agents)}")
    except ValueError as e:
        raise UsageError(str(e)) from None
    folder = Path(args.submissions or Path("submissions") / args.assignment)
    if not folder.is_dir():
        raise UsageError(f"{folder} is not a folder; give the folder that holds the submissions")

    def told(verdict: Participant | Exclusion, reused: bool) -> None:
        earlier = f" (as in {QUALIFIED_FILE})" if reused else ""
        if isinstance(verdict, Exclusion):
            print(f"  excluded {verdict.name}: {verdict.reason}{earlier}", file=sys.stderr)
        else:
            print(f"  {verdict.name}: plays {verdict.label}{earlier}", file=sys.stderr)

    qualification = qualify(discover(folder), assignment, args.out, args.agent_name, isolation=args.isolation,
                            on_verdict=told)
    players, excluded = qualification.players, qualification.excluded
    clash = sorted({p.name for p in players} & {b.name for b in baselines})
    if clash:
        raise UsageError(f"submissions named like baselines: {clash}; rename them or drop those baselines")
    options = TournamentOptions(games_per_pair=args.games_per_pair, move_seconds=args.move_time,
                                on_fault=args.on_fault, seed=args.seed, jobs=args.jobs, scheduler=args.scheduler,
                                isolation=args.isolation)

    def progress(record, done, total):
        if not sys.stderr.isatty():
            return
        print(f"\r  game {done}/{total}: {record.game_id} {record.result:+d} ({record.reason[:50]})"
              .ljust(100), end="", file=sys.stderr, flush=True)

    try:
        result = run_tournament([*players, *baselines], assignment, args.out, options, excluded=excluded,
                                progress=progress)
    except ValueError as e:
        raise UsageError(str(e)) from None
    print(file=sys.stderr)
    print(f"{assignment.title}: {len(players)} submission(s), {len(baselines)} baseline(s), "
          f"{len(excluded)} excluded; {result.played_now} game(s) played now, {result.skipped} already recorded")
    if result.standings is not None:
        print_leaderboard(result.standings)
    print(f"-> {args.out}/games.jsonl, leaderboard.csv, crosstable.csv, bonus.csv, leaderboard.html, excluded.csv, "
          f"{QUALIFIED_FILE} (who qualified: delete it to qualify everyone again)")
    if result.standings is not None:
        print(result.standings.bonus_rule)
    return 0
