"""How long a ``grader`` command takes to start: ``grader --help`` and ``import grader.rubric``, each the median
of several fresh interpreters, with the load at the time.

    python benchmarks/startup.py [--runs 7] [--baseline PATH/TO/bin/grader]

With ``--baseline`` (another installation's ``grader``, e.g. of an earlier commit) both are timed alternately in
one run, so they see the same load. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def seconds(argv: list[str], runs: int) -> float:
    """Median wall seconds of ``argv`` over ``runs`` fresh processes."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--baseline", help="another installation's grader executable, timed alongside")
    args = parser.parse_args(argv)
    here = shutil.which("grader", path=str(Path(sys.executable).parent)) or "grader"
    commands = {"grader --help": [here, "--help"],
                "import grader.rubric": [sys.executable, "-c", "import grader.rubric"],
                "python -c pass (the floor)": [sys.executable, "-c", "pass"]}
    if args.baseline:
        python = str(Path(args.baseline).parent / "python")
        commands["baseline: grader --help"] = [args.baseline, "--help"]
        commands["baseline: import grader.rubric"] = [python, "-c", "import grader.rubric"]
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores, median of {args.runs} runs")
    for name, command in commands.items():
        print(f"  {name:34s} {seconds(command, args.runs):6.3f} s")


if __name__ == "__main__":
    main()
