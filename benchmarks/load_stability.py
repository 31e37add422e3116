"""Does a class get the same points on a busy machine? Grade a folder as the machine is, then again beside busy
processes, and compare the points of every check.

    python benchmarks/load_stability.py DIR [--assignment connect4] [--busy 4] [--jobs 1] [--grader PATH/TO/bin/grader]

Both runs use the same seed and the same grader (``--grader``: another installation's, to see how an older
commit fares). The busy processes spin in pure Python (``while True: pass``), four by default: on a 2-core
machine that leaves the grader well under half a core. Prints the load average during each run, the wall
time of each, and every check whose points differ (none is the goal). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def grade(grader: list[str], folder: Path, assignment: str | None, jobs: int, out: Path) -> tuple[float, dict]:
    """Wall seconds, and {(submission, check): points}."""
    shutil.rmtree(out, ignore_errors=True)
    argv = [*grader, "grade", str(folder.resolve()), "--out", str(out), "--jobs", str(jobs), "--no-progress",
            "--seed", "0"]
    if assignment:
        argv += ["--assignment", assignment]
    start = time.perf_counter()
    subprocess.run(argv, cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    seconds = time.perf_counter() - start
    points = {}
    for path in sorted(out.rglob("results/*.json")):
        data = json.loads(path.read_text())
        result = data.get("result") or data
        for check in result.get("checks", []):
            points[(result["submission"], check["check"])] = (check["points"], check["message"])
    return seconds, points


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", type=Path)
    parser.add_argument("--assignment")
    parser.add_argument("--busy", type=int, default=4, help="busy processes beside the second run")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--grader", help="the grader executable to measure (default: this checkout's)")
    args = parser.parse_args(argv)
    grader = [args.grader] if args.grader else [sys.executable, "-m", "grader.cli"]
    work = Path(tempfile.mkdtemp(prefix="load-stability-"))

    print(f"as it is: load {os.getloadavg()[0]:.2f} at the start", flush=True)
    quiet_seconds, quiet = grade(grader, args.notebooks, args.assignment, args.jobs, work / "quiet")
    print(f"  {quiet_seconds:.0f} s, load {os.getloadavg()[0]:.2f} at the end", flush=True)
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    try:
        time.sleep(5)
        print(f"beside {args.busy} busy processes: load {os.getloadavg()[0]:.2f} at the start", flush=True)
        busy_seconds, busy = grade(grader, args.notebooks, args.assignment, args.jobs, work / "busy")
        print(f"  {busy_seconds:.0f} s, load {os.getloadavg()[0]:.2f} at the end", flush=True)
    finally:
        for p in spinners:
            p.kill()
            p.wait()
    differ = [key for key in sorted(set(quiet) | set(busy)) if quiet.get(key, (None,))[0] != busy.get(key, (None,))[0]]
    print(f"\n{len(quiet)} checks graded; {len(differ)} with different points")
    for submission, check in differ:
        q, b = quiet.get((submission, check), (None, "")), busy.get((submission, check), (None, ""))
        print(f"  {submission} / {check}: {q[0]} as it is, {b[0]} beside busy processes")
        print(f"      as it is: {q[1][:160]!r}\n      busy:     {b[1][:160]!r}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
