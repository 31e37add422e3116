"""Seconds per notebook when a class is graded on one core, and which checks spend them: this grader against
another installation of it, side by side.

    python benchmarks/class_time.py DIR ASSIGNMENT [--baseline PATH/TO/bin/grader] [--jobs 1] [--alternate]

The folder is graded with ``grader grade --jobs 1`` (one core), by the baseline first when one is given,
then by this checkout (the load average is printed before each; the machine's load may drift between the
two). With ``--alternate`` each notebook is graded alone, by the baseline then by this checkout, notebook
after notebook, so both see the same load; each run then pays the batch's one-off work (an older grader
finds the tactic positions again every run, this one reads them from disk). Prints the wall seconds per notebook, then per check (summed over the class) the
seconds the checks took and the seconds spent in the students' code (CPU time in this checkout; an older
baseline counted wall time), so a slow check shows where to look. The tactic positions are kept on disk
once found: the first run of a rubric pays for them. Asserts nothing.
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
from collections import defaultdict
from pathlib import Path


def grade(grader: list[str], folder: Path, assignment: str, jobs: int, out: Path) -> tuple[float, list[dict]]:
    """Wall seconds to grade ``folder``, and the saved results."""
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([*grader, "grade", str(folder.resolve()), "--assignment", assignment, "--out", str(out),
                    "--jobs", str(jobs), "--no-progress"], cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    seconds = time.perf_counter() - start
    results = []
    for path in sorted(out.rglob("results/*.json")):
        data = json.loads(path.read_text())
        results.append(data.get("result") or data)
    return seconds, results


def by_check(results: list[dict]) -> dict[str, list[float]]:
    """Per check title: [seconds, student seconds, points] summed over the class."""
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for result in results:
        for check in result.get("checks", []):
            row = sums[check["check"]]
            row[0] += check.get("seconds", 0.0)
            row[1] += check.get("student_seconds", 0.0)
            row[2] += check.get("points", 0.0)
    return sums


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", type=Path)
    parser.add_argument("assignment")
    parser.add_argument("--baseline", help="another installation's grader executable, timed alongside")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--alternate", action="store_true", help="grade notebook by notebook, both graders in turn")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="class-time-"))
    graders = {"baseline": [args.baseline]} if args.baseline else {}
    graders["now"] = [sys.executable, "-m", "grader.cli"]
    runs: dict[str, tuple[float, list[dict]]] = {name: (0.0, []) for name in graders}
    if not args.alternate:
        for name, grader in graders.items():
            print(f"{name}: load {os.getloadavg()[0]:.2f}", flush=True)
            runs[name] = grade(grader, args.notebooks, args.assignment, args.jobs, work / name)
    else:
        notebooks = sorted(p for p in args.notebooks.iterdir() if p.suffix in (".ipynb", ".py", ".html"))
        print(f"{'notebook':24s} {'load':>5s} " + " ".join(f"{name + ' s':>12s}" for name in graders))
        for notebook in notebooks:
            folder = work / "in" / notebook.stem
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copy(notebook, folder)
            load, times = os.getloadavg()[0], []
            for name, grader in graders.items():
                seconds, results = grade(grader, folder, args.assignment, args.jobs, work / name)
                runs[name] = (runs[name][0] + seconds, runs[name][1] + results)
                times.append(seconds)
            print(f"{notebook.stem[:24]:24s} {load:5.1f} " + " ".join(f"{t:12.1f}" for t in times), flush=True)
    print()
    for name, (seconds, results) in runs.items():
        n = max(1, len(results))
        student = sum(r.get("student_seconds", 0.0) for r in results)
        print(f"{name}: {seconds:.1f} s for {len(results)} notebooks on {args.jobs} core(s): {seconds / n:.1f} s per "
              f"notebook ({student / n:.1f} s of it in the students' code)")
    checks = {name: by_check(results) for name, (_, results) in runs.items()}
    titles = list(dict.fromkeys(t for sums in checks.values() for t in sums))
    print(f"\n{'check (summed over the class)':52s} " + "  ".join(f"{n + ' s':>10s} {'student':>8s} {'points':>7s}"
                                                              for n in checks))
    for title in titles:
        cells = "  ".join(f"{checks[n][title][0]:10.1f} {checks[n][title][1]:8.1f} {checks[n][title][2]:7.2f}"
                          if title in checks[n] else f"{'-':>10s} {'-':>8s} {'-':>7s}" for n in checks)
        print(f"{title[:52]:52s} {cells}")
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
