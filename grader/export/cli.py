"""``grader export gradescope|prairielearn``: a bundle that grades on the platform the class already uses."""

from __future__ import annotations

import argparse

from grader.usage import SECTIONS, UsageError

#: what an instructor does next with each export (printed after it is written)
NEXT_STEPS = {
    "gradescope": "upload it as the autograder of a Gradescope programming assignment (docs/gradescope.md)",
    "prairielearn": "build and push the image, copy tests/ into the question (docs/prairielearn.md, or the README "
                    "inside)",
}


def add_export_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``export`` command to the ``grader`` command's subparsers."""
    e = subparsers.add_parser("export", help="write a Gradescope autograder or a PrairieLearn external grader",
                              description="Write a bundle that grades one assignment on Gradescope or PrairieLearn "
                              "exactly as `grader grade` grades it here: the grader as a wheel, the rubric and the "
                              "settings, with the platform's scripts.")
    platforms = e.add_subparsers(dest="platform", metavar="PLATFORM", required=True)

    g = platforms.add_parser("gradescope", help="autograder.zip for a Gradescope programming assignment",
                             description="Write autograder.zip: setup.sh installs the grader from the wheel inside, "
                             "run_autograder grades /autograder/submission/ into /autograder/results/results.json, "
                             "with a leaderboard entry from a short round robin against reference agents.")
    _common(g, default_out="autograder.zip")
    g.add_argument("--baselines", default=None, help="reference agents the leaderboard's round robin plays, "
                   "comma-separated; '' for no leaderboard (default: random,alphabeta:2,mcts:200)")
    g.add_argument("--games-per-pair", type=int, default=2, help="games against each baseline, an even number: "
                   "each opening is played with both colours (default: %(default)s)")
    g.add_argument("--hidden-visibility", choices=["after_published", "after_due_date", "hidden"],
                   default="after_published", help="when students see the rubric's hidden checks (default: "
                   "%(default)s, when the instructor publishes the grades)")
    g.set_defaults(run=_gradescope)

    p = platforms.add_parser("prairielearn", help="an external-grader directory for a PrairieLearn question",
                             description="Write a directory: tests/ (the entrypoint run_grader, the rubric and the "
                             "settings) for the question, image/ (Dockerfile and wheel) for the grading image, "
                             "info.json and question.html to start the question from.")
    _common(p, default_out="prairielearn")
    p.add_argument("--image", help="the name the grading image is pushed as, for info.json (default: "
                   "adversarial-grader:<version>; push it under your Docker Hub account)")
    p.add_argument("--timeout", type=int, default=300, help="seconds a grading job may take, at most 600 "
                   "(default: %(default)s)")
    p.set_defaults(run=_prairielearn)
    return e


def _common(parser: argparse.ArgumentParser, default_out: str) -> None:
    parser.add_argument("--assignment", "-a", required=True, help="assignment name in the rubric (e.g. connect4)")
    parser.add_argument("--rubric", help="rubric file (default: the bundled rubric.yaml); it travels in the bundle")
    parser.add_argument("--out", "-o", default=default_out, help="where to write it (default: %(default)s)")
    parser.add_argument("--section", choices=SECTIONS, help="grade as this section: undergraduate leaves out the "
                        "graduate-only tasks (default: every task)")
    parser.add_argument("--seed", type=int, default=0, help="seed of every random choice (default: %(default)s)")
    parser.add_argument("--wheel", help="ship this wheel of the grader instead of building one from the sources")


def _gradescope(args: argparse.Namespace) -> int:
    from grader.export.gradescope import export_gradescope
    from grader.export.settings import LeaderboardSettings
    from grader.export.wheel import WheelError
    from grader.tournament.participants import reference_participants

    leaderboard: LeaderboardSettings | None = LeaderboardSettings(games_per_pair=_even(args.games_per_pair))
    if args.baselines is not None:
        specs = tuple(s.strip().lower() for s in args.baselines.split(",") if s.strip())
        try:
            reference_participants(specs)
        except ValueError as e:
            raise UsageError(f"--baselines: {e}") from None
        leaderboard = leaderboard.model_copy(update={"baselines": specs}) if specs else None
    try:
        bundle = export_gradescope(args.assignment, args.out, rubric=args.rubric, section=args.section, seed=args.seed,
                                   leaderboard=leaderboard, hidden_visibility=args.hidden_visibility,
                                   wheel=args.wheel)
    except WheelError as e:
        raise UsageError(str(e)) from None
    print(f"{bundle.path}: Gradescope autograder for {args.assignment} (grader {bundle.settings.grader_version}, "
          f"{bundle.wheel})")
    if leaderboard is not None:
        baselines = len(leaderboard.baselines)
        print(f"  leaderboard: {baselines * leaderboard.games_per_pair} games per submission against "
              f"{', '.join('ref:' + b for b in leaderboard.baselines)} ({bundle.baseline_games} baseline games "
              "played now, inside the bundle)")
    else:
        print("  leaderboard: none")
    print(f"  next: {NEXT_STEPS['gradescope']}")
    return 0


def _prairielearn(args: argparse.Namespace) -> int:
    from grader.export.prairielearn import export_prairielearn
    from grader.export.wheel import WheelError

    try:
        made = export_prairielearn(args.assignment, args.out, rubric=args.rubric, section=args.section,
                                   seed=args.seed, image=args.image, timeout=args.timeout, wheel=args.wheel)
    except (WheelError, ValueError) as e:
        raise UsageError(str(e)) from None
    print(f"{made.path}/: PrairieLearn external grader for {args.assignment} (grader "
          f"{made.settings.grader_version}, image {made.image})")
    print(f"  next: {NEXT_STEPS['prairielearn']}")
    return 0


def _even(games: int) -> int:
    if games < 2 or games % 2:
        raise UsageError(f"--games-per-pair {games}: an even number of at least 2 (each opening with both colours)")
    return games
