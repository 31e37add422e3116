"""Grade composed transformations and print what lost points.

    python -m tests.metamorphic.run [--games connect4,...] [--size 1|2|3] [--sample N] [--jobs 2] [--only NAME]

Prints one line per face that lost points (the checks and the grader's first words), then the share
that kept full points per game. Asserts nothing: the tests do (tests/metamorphic/test_metamorphic.py).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tests.metamorphic.grading import grade_face, lost
from tests.metamorphic.transformations import combinations, compose, sample

GAMES = ("connect4", "mean_connect4", "tictactoe", "dots_and_boxes")


def _one(job: tuple[str, tuple[str, ...], str]) -> tuple[str, tuple[str, ...], dict[str, str], float]:
    assignment, names, folder = job
    face = compose(assignment, names)
    start = time.perf_counter()
    try:
        result = grade_face(face, Path(folder))
        losses = lost(result, face.expected_losses)
    except Exception as exc:  # a generator or grader crash is a finding too
        losses = {"(crash)": f"{type(exc).__name__}: {exc}"}
    return assignment, names, losses, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--size", type=int, default=1)
    parser.add_argument("--sample", type=int, default=0, help="a seeded sample of this many per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="only sets that contain this transformation")
    args = parser.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="metamorphic-")
    jobs = []
    for game in args.games.split(","):
        combos = sample(game, args.size, args.sample, args.seed) if args.sample else list(combinations(game, args.size))
        jobs += [(game, c, folder) for c in combos if not args.only or args.only in c]
    kept: dict[str, list[int]] = {}  # game -> [full points, in review (not full), total]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for game, names, losses, seconds in pool.map(_one, jobs):
            tally = kept.setdefault(game, [0, 0, 0])
            tally[2] += 1
            if not losses:
                tally[0] += 1
                continue
            review = all("[review]" in why.split(":", 1)[0] for why in losses.values())
            tally[1] += review
            print(f"{game} {'+'.join(names)} ({seconds:.1f} s){' [review]' if review else ''}:", flush=True)
            for check, why in losses.items():
                print(f"    {check}: {' '.join(why.split())[:300]}", flush=True)
    for game, (ok, review, total) in kept.items():
        print(f"{game}: {ok}/{total} kept full points; {review} more lost points only in review (a person decides)")
    print(f"{len(jobs)} faces in {time.perf_counter() - start:.0f} s ({args.jobs} jobs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
