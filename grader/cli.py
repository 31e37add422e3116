"""The ``grader`` command: ``grade`` a class, ``report`` on it, ``check`` one notebook, ``tournament``, ``play``,
``rubric``, ``export`` (a Gradescope or PrairieLearn bundle).

Exit codes: 0 when the job finished (whatever the students' results), 2 for a usage error or an
invalid rubric, 1 for anything else that stopped the job, and for ``grader check`` when an automatic
check lost points (``--exit-zero`` keeps 0); 130 and 143 when interrupted (SIGINT, SIGTERM).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

from grader.export.cli import add_export_parser
from grader.stopping import Stopped, exit_code, stop_on_signals, survive_a_closed_stdout
from grader.text import LISTED_LINES, clip, cut_lines
from grader.tournament.cli import add_tournament_parser
from grader.usage import SECTIONS, RubricError, UsageError
from reference.games import game_names

DEFAULT_SUBMISSIONS = "submissions"


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    stop_on_signals()
    survive_a_closed_stdout()
    try:
        return args.run(args)
    except (UsageError, RubricError) as e:
        print(f"grader {args.command}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as e:  # Ctrl-C, SIGINT or SIGTERM: everything started has been ended on the way here
        how = f"stopped by {e.args[0]}" if isinstance(e, Stopped) else "interrupted"
        print(f"\n{how}: {RESUME.get(args.command, 'nothing was saved; run the same command again')}", file=sys.stderr)
        return exit_code(e)


#: what a stopped command kept, and how to go on (the one line it prints)
RESUME = {
    "grade": "the results saved so far are kept; run the same command again to resume (finished submissions "
             "are not graded again)",
    "tournament": "the games played so far are kept in games.jsonl; run the same command again to resume",
    "check": "nothing is saved by a check; run grader check again",
}


def load_rubric(path: str | Path | None = None):  # noqa: ANN201 - a Rubric, imported only when a command runs
    """The rubric at ``path`` (default: the bundled one); imported here so that building the parser stays light."""
    from grader.rubric import load_rubric as load

    return load(path)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="grader", description="Autograder and tournament harness for "
                                "adversarial-search game assignments (tic-tac-toe, Connect 4, Dots and Boxes).")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    g = sub.add_parser("grade", help="grade a folder of submissions into score sheets and feedback",
                       description="Grade every submission in a folder. With no --assignment, a folder whose "
                       "sub-folders are named after assignments (submissions/connect4, ...) is graded per assignment.")
    g.add_argument("submissions", nargs="?", default=DEFAULT_SUBMISSIONS, help="folder of submissions (default: %(default)s)")
    g.add_argument("--assignment", "-a", help="assignment name in the rubric (e.g. connect4)")
    g.add_argument("--rubric", help="rubric file (default: the bundled rubric.yaml)")
    g.add_argument("--out", "-o", default="grades", help="output folder (default: %(default)s)")
    g.add_argument("--jobs", "-j", type=int, default=0, help="submissions graded at once (default: number of cores)")
    g.add_argument("--seed", type=int, default=0, help="seed of every random choice (default: %(default)s)")
    _section_argument(g)
    g.add_argument("--roster", help="class list CSV to match submissions to students (columns in docs/instructors.md); "
                   "without one, canvas.csv names students by their file names")
    g.add_argument("--canvas-title", help="Canvas assignment column title (default: the assignment's title)")
    g.add_argument("--canvas-assignment-id", help="Canvas assignment id, for the column header")
    g.add_argument("--isolation", choices=["bubblewrap", "landlock", "rlimits"], help="sandbox level to use")
    g.add_argument("--require-isolation", choices=["bubblewrap", "landlock", "rlimits"],
                   help="refuse to grade below this sandbox level")
    g.add_argument("--submission-seconds", type=float, default=900.0,
                   help="wall-clock cap for grading one submission (default: %(default)s)")
    g.add_argument("--no-progress", action="store_true", help="no progress bar")
    g.add_argument("--bindings", metavar="FILE", help="roles bound by hand (default: bindings.yaml in the "
                   "submissions folder, if there is one); see docs/instructors.md")
    _similarity_arguments(g)
    g.add_argument("--scheduler", help="grade on a Dask cluster: the scheduler's address, e.g. tcp://10.0.0.5:8786 "
                   "(--jobs is then the cluster's business)")
    g.set_defaults(run=_grade)

    c = sub.add_parser("check", help="self-check one notebook (public checks only, in seconds)")
    c.add_argument("notebook", help=".ipynb, .py or nbconvert .html file")
    c.add_argument("--assignment", "-a", help="assignment name (default: detected from the notebook)")
    c.add_argument("--rubric", help="rubric file (default: the bundled rubric.yaml)")
    _section_argument(c)
    c.add_argument("--json", action="store_true", help="print the result as JSON")
    c.add_argument("--no-color", action="store_true", help="no colours")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--exit-zero", action="store_true", help="exit 0 even when a check lost points (for scripts "
                   "that read --json); by default the exit code is 1 then")
    c.add_argument("--bindings", metavar="FILE", help="roles bound by hand for this notebook (a bindings.yaml)")
    c.set_defaults(run=_check)

    rp = sub.add_parser("report", help="write the class report from a graded folder's saved results (no regrading)",
                        description="Write class.html and item_analysis.csv beside the score sheets of a folder "
                        "that `grader grade` wrote (or of each of its assignment sub-folders).")
    rp.add_argument("graded", nargs="?", default="grades", help="output folder of `grader grade` (default: %(default)s)")
    rp.add_argument("--rubric", help="rubric file (default: the bundled rubric.yaml)")
    _similarity_arguments(rp)
    rp.set_defaults(run=_report)

    r = sub.add_parser("rubric", help="validate a rubric and list its assignments, tasks and points")
    r.add_argument("rubric", nargs="?", help="rubric file (default: the bundled rubric.yaml)")
    r.add_argument("--docs", action="store_true", help="print the reference of every check kind and its parameters "
                   "(docs/check-kinds.md) instead")
    r.set_defaults(run=_rubric)

    pl = sub.add_parser("play", help="play one game between two reference agents and show it")
    pl.add_argument("game", choices=game_names())
    pl.add_argument("first", nargs="?", default="alphabeta:4", help="agent spec (default: %(default)s)")
    pl.add_argument("second", nargs="?", default="random", help="agent spec (default: %(default)s)")
    pl.add_argument("--rows", type=int)
    pl.add_argument("--cols", type=int)
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                    help="a reading of a rule the assignment leaves open, as the game's option (Mean Connect 4: "
                         "same_column=false, keeps_colour=false, returns_to_full_column=false, "
                         "plays_on_full_board=true); default: the reference's reading")
    pl.set_defaults(run=_play)

    add_tournament_parser(sub)  # a broken tournament module fails loudly, never drops the subcommand
    add_export_parser(sub)
    return p


def _section_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--section", choices=SECTIONS, help="the class's section: undergraduate leaves out the tasks "
                        "the rubric marks graduate-only (their points too); default: every task counts")


def _similarity_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--template", help="the assignment's template notebook: the code it gives students is left "
                        "out of the similarity report")
    parser.add_argument("--similarity-threshold", type=float, default=0.5,
                        help="code overlap from which similarity.html flags a pair (default: %(default)s)")


def _template(args: argparse.Namespace) -> str | None:
    if args.template and not Path(args.template).is_file():
        raise UsageError(f"--template {args.template}: no such file; give the assignment's template notebook")
    return args.template


def _grade(args: argparse.Namespace) -> int:
    from grader import pipeline
    from grader.batch import BatchOptions

    rubric = load_rubric(args.rubric)
    folder = Path(args.submissions)
    if not folder.is_dir():
        raise UsageError(f"{folder} is not a folder; give the folder that holds the submissions")
    plan = pipeline.plan(folder, rubric, args.assignment, section=args.section, bindings=args.bindings)
    for warning in plan.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    options = BatchOptions(seed=args.seed, jobs=args.jobs, isolation=args.isolation,
                           require_isolation=args.require_isolation, submission_seconds=args.submission_seconds,
                           progress=not args.no_progress, scheduler=args.scheduler)
    reports = pipeline.ReportOptions(roster=args.roster, canvas_title=args.canvas_title,
                                     canvas_assignment_id=args.canvas_assignment_id, template=_template(args),
                                     similarity_threshold=args.similarity_threshold)
    out = Path(args.out)

    def starting(group: pipeline.Group) -> None:
        print(f"{group.assignment.title}: {len(group.placements)} submission(s) {group.source} -> {out / group.name}",
              file=sys.stderr)
        if group.bindings is not None:
            print(f"  roles bound by hand: {group.bindings.path}", file=sys.stderr)

    graded = pipeline.grade_class(plan, out, options, reports, on_group=starting,
                                  on_batch=lambda group, batch: _print_batch(batch, group.assignment))
    for r in graded.undetected:
        print(f"  {Path(r.path).name}: {_own_message(r)}")
    for r in graded.undetected:  # said for these as for the graded ones: a file beside it under the same name
        for flag in r.flags:
            print(f"  ! {Path(r.path).name} {flag}")
    print(f"  -> {graded.sheet}: all {len(graded.results)} submission(s) with their assignment")
    return 0


def _own_message(result) -> str:
    """A result's message for a line that already names its file: without the file's path in front."""
    head, sep, rest = result.message.partition(": ")
    return rest if sep and " " not in head and Path(head).name == Path(result.path).name else result.message


def _print_batch(batch, assignment) -> None:
    from grader.report.tally import NEEDS_A_PERSON, in_review, score_text

    for r in batch.results:
        marker = {"graded": "", "error": "  [error]", "manual": "  [manual]"}.get(r.status, "")
        review = in_review(r)
        marker += (f"  [1 check {NEEDS_A_PERSON}]" if len(review) == 1 else
                   f"  [{len(review)} checks need a person]" if review else "")
        print(f"  {r.submission:<32} {score_text(r):<40}{marker} {clip(_own_message(r), 60)}".rstrip())
    for r in batch.results:
        for flag in r.flags:
            print(f"  ! {Path(r.path).name} {flag}")
    reused = f", {len(batch.reused)} reused from an earlier run" if batch.reused else ""
    manual = ", manual.csv (hand-graded items: fill in points and run again)" if batch.manual_sheet else ""
    print(f"  -> {batch.out_dir}/scores.csv, details.csv, canvas.csv{manual}, feedback/, gradescope/ "
          f"({len(batch.graded_now)} graded in {batch.seconds:.1f} s{reused})")
    if batch.canvas_problems:
        print(f"  canvas.csv: {len(batch.canvas_problems)} thing(s) to check before importing:")
        print("\n".join(f"    - {line}" for line in cut_lines(batch.canvas_problems, LISTED_LINES)))


def _report(args: argparse.Namespace) -> int:
    from grader.batch import saved_results
    from grader.pipeline import ReportOptions, write_pages
    from grader.report.hand_grades import ManualSheetError, apply_hand_grades, read_hand_grades

    rubric = load_rubric(args.rubric)
    options = ReportOptions(template=_template(args), similarity_threshold=args.similarity_threshold)
    folder = Path(args.graded)
    folders = [folder] if (folder / "results").is_dir() else sorted(p.parent for p in folder.glob("*/results"))
    if not folders:
        raise UsageError(f"{folder} holds no saved results (results/); give the --out folder of `grader grade`")
    for graded in folders:
        try:
            hand_grades = read_hand_grades(graded)
        except ManualSheetError as e:
            raise UsageError(str(e)) from None
        results = [apply_hand_grades(r, hand_grades) for r in saved_results(graded)]
        name = next((r.assignment for r in results if r.assignment in rubric.assignments), None)
        page, items, similar, _ = write_pages(results, graded, rubric.assignments.get(name) if name else None, options)
        print(f"{graded}: {len(results)} result(s) -> {page}, {items}, {similar}")
    return 0


def _check(args: argparse.Namespace) -> int:
    from grader import pipeline
    from grader.load import submission_name
    from grader.report.terminal import LiveCheckReport

    rubric = load_rubric(args.rubric)
    path = Path(args.notebook)
    _refuse_unreadable_notebook(path)
    plan = pipeline.plan([path], rubric, args.assignment, section=args.section, bindings=args.bindings)
    live = None
    if not args.json and plan.groups:
        [group] = plan.groups
        flags = [p.flag for p in group.placements if p.flag]
        live = LiveCheckReport(group.name, submission_name(path), flags, tasks=group.assignment.task_names,
                               color=not args.no_color and sys.stdout.isatty())
    result = pipeline.check(plan, seed=args.seed, on_check=live.check_done if live else None,
                            on_check_start=live.check_started if live else None)
    if live:
        live.finish(result)
    else:
        print(json.dumps(result.to_dict(), indent=1, ensure_ascii=False))
    return 0 if args.exit_zero or not lost_points(result) else 1


def lost_points(result) -> bool:
    """Whether an automatic check lost points (items a person grades are not counted: they wait)."""
    return any(c.points < c.max_points and c.status != "manual" and not c.by_hand for c in result.checks)


def _refuse_unreadable_notebook(path: Path) -> None:
    """One clear error, before any grading, for a path ``grader check`` cannot check: missing, a folder,
    empty, not a notebook, or a notebook with no code."""
    from grader.load import LOADED, MANUAL, load_submission

    if not path.exists():
        raise UsageError(f"{path} does not exist")
    if path.is_dir():
        inside = sorted(p.name for p in path.iterdir() if p.suffix in (".ipynb", ".py", ".html"))
        hint = f" such as {path / inside[0]}" if inside else ""
        raise UsageError(f"{path} is a folder; give one notebook file (.ipynb, .py or nbconvert .html){hint}")
    submission = load_submission(path)
    if submission.status == MANUAL:
        raise UsageError(f"{path} is not a notebook: grader check takes one .ipynb, .py or nbconvert .html file")
    if submission.status != LOADED:
        raise UsageError("; ".join(submission.problems) or f"{path} cannot be checked ({submission.status})")
    if not any(cell.source.strip() for cell in submission.cells):
        raise UsageError(f"{path} holds no code: is it the notebook you meant to submit?")


def _rubric(args: argparse.Namespace) -> int:
    if args.docs:
        from grader.check_params import kinds_markdown

        print(kinds_markdown(), end="")
        return 0
    rubric = load_rubric(args.rubric)
    for name, a in rubric.assignments.items():
        print(f"{name}: {a.title} ({a.game} {a.board or ''}) - {a.max_points:g} points")
        for task in a.tasks:
            print(f"  {task.name}: {sum(c.points for c in task.checks):g}")
            for c in task.checks:
                print(f"    {c.points:>5g}  {c.title}  [{c.kind}, {c.visibility}]")
    return 0


def _play(args: argparse.Namespace) -> int:
    import time

    from reference.agents import make_agent
    from reference.games import load_game

    from grader.tournament.cli import parse_rule

    size = {k: v for k, v in (("rows", args.rows), ("cols", args.cols)) if v}
    try:
        rules = {k: v for text in args.rule for k, v in parse_rule(text).items()}
        game = load_game(args.game, **size, **rules)
    except TypeError as e:
        raise UsageError(f"{args.game} has no such rule: {e}") from None
    except ValueError as e:
        raise UsageError(str(e)) from None
    agents = {1: make_agent(args.first, seed=args.seed), -1: make_agent(args.second, seed=args.seed + 1)}
    names = {1: args.first, -1: args.second}
    state = game.initial_state()
    while not game.terminal(state):
        player = game.to_move(state)
        start = time.perf_counter()
        action = agents[player].choose(game, state)
        print(f"{names[player]} ({'first' if player == 1 else 'second'}) plays {action!r} "
              f"({agents[player].nodes} nodes, {time.perf_counter() - start:.2f} s)")
        state = game.result(state, action)
    print(game.text(state))
    winner = game.winner(state)
    print("draw" if winner is None else f"{names[winner]} ({'first' if winner == 1 else 'second'}) wins")
    return 0


if __name__ == "__main__":
    sys.exit(main())
