"""What the tactics checks cost: finding their positions (once per batch) and playing them (per submission).

    python benchmarks/tactic_positions.py [--seeds 3] [--rubric rubric.yaml]

(a) For every ``agent_tactics`` entry of the rubric, the seconds ``AgentTactics.prepare`` takes
    to find its positions with the reference game and the exact solvers (a batch does this once, in
    the parent process, and every grading process gets the result in its check context), over ``--seeds`` run seeds,
    and how many positions of each kind it found. The tactics that need depth come from
    separate entries, so their cost is printed on its own line.
(b) The reference submission of each assignment graded once: the seconds each tactics check takes
    per submission (the moves of the reference's agents in the sandbox included).

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.checks import agent_tactics  # noqa: E402
from grader.checks.kinds import KINDS, prepare_shared  # noqa: E402
from grader.checks.context import CheckContext  # noqa: E402
from grader.grading import grade_submission  # noqa: E402
from grader.rubric import load_rubric  # noqa: E402
from reference.solutions import SOLUTIONS, write_reference_submission  # noqa: E402


def finding_costs(rubric, seeds: int) -> None:
    print("(a) finding the positions, once per batch: seconds per run seed, entries in rubric order as a batch")
    print("    prepares them (an entry asking for positions already found costs nothing)")
    print(f"{'assignment':<16}{'check':<46}{'mean s':>8}{'max s':>8}  positions found (last seed)")
    for name in SOLUTIONS:
        assignment = rubric.assignment(name)
        game = assignment.make_game()
        specs = [spec for task in assignment.tasks for spec in task.checks if spec.kind == "agent_tactics"]
        times: dict[str, list[float]] = {spec.title: [] for spec in specs}
        found: dict[str, Counter] = {}
        for seed in range(seeds):
            agent_tactics.tactic_positions.cache_clear()  # a fresh batch: nothing found yet
            ctx = CheckContext(assignment, game, None, seed=seed)
            for spec in specs:
                start = time.perf_counter()
                shared = KINDS["agent_tactics"].prepare(ctx, spec)
                times[spec.title].append(time.perf_counter() - start)
                found[spec.title] = Counter(t.kind for tactics in shared.values() for t in tactics)
        for spec in specs:
            print(f"{name:<16}{spec.title:<46}{statistics.mean(times[spec.title]):>8.2f}{max(times[spec.title]):>8.2f}  "
                  f"{', '.join(f'{k} {n}' for k, n in found[spec.title].items())}")


def playing_costs(rubric) -> None:
    print("\n(b) playing them, per submission (the reference submission, seed 0, positions found beforehand)")
    with tempfile.TemporaryDirectory() as tmp:
        for name in SOLUTIONS:
            assignment = rubric.assignment(name)
            shared = prepare_shared(assignment, 0)  # found beforehand, as a batch does for its grading processes
            path = write_reference_submission(name, Path(tmp) / f"reference_{name}.ipynb")
            result = grade_submission(path, name, assignment, seed=0, shared=shared)
            for check in result.checks:
                if "tactics" in check.check:
                    print(f"{name:<16}{check.check:<46}{check.seconds:>8.2f} s  "
                          f"({check.student_seconds:.2f} s in the agent)  {check.points:g}/{check.max_points:g}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rubric", default=None)
    args = parser.parse_args()
    rubric = load_rubric(args.rubric) if args.rubric else load_rubric()
    finding_costs(rubric, args.seeds)
    playing_costs(rubric)


if __name__ == "__main__":
    main()
