"""Seconds a student waits for ``grader check`` on real notebooks, and where they go: this grader against another
installation of it, side by side.

    python benchmarks/check_time.py DIR [--assignment connect4] [--baseline PATH/TO/bin/grader] [--only N] [--save DIR]

Each notebook in ``DIR`` is checked by ``grader check --json`` (a fresh process, as a student runs it), by
the baseline first when one is given, then by this checkout, notebook after notebook, so both see the same
machine load. Per notebook: wall seconds, the CPU seconds its result says were spent in the student's code
(this checkout counts CPU time; an older baseline counted wall time there), and the load average at the
time. Then the median and the slowest of each column, the figures the issue's goals name (15 s median,
30 s at worst). The tactic positions are found once per class and kept on disk, so the first notebook
may pay for them (run once before measuring, or read the second and later rows). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def check(grader: list[str], notebook: Path, assignment: str | None,
          save: Path | None = None) -> tuple[float, float | None, float | None]:
    """Wall seconds of one ``grader check``, the student seconds and points its result records (None if unknown);
    the JSON result is written to ``save`` when given."""
    argv = [*grader, "check", str(notebook.resolve()), "--json"] + (["--assignment", assignment] if assignment else [])
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, cwd=tempfile.gettempdir(), check=False)
    seconds = time.perf_counter() - start
    if save is not None:
        save.write_text(done.stdout)
    try:
        result = json.loads(done.stdout)
        result = result.get("result") or result
        return seconds, result.get("student_seconds"), sum(c["points"] for c in result["checks"])
    except (ValueError, KeyError, TypeError):
        return seconds, None, None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", type=Path)
    parser.add_argument("--assignment", help="grade every notebook as this (default: detected)")
    parser.add_argument("--baseline", help="another installation's grader executable, timed alongside")
    parser.add_argument("--only", type=int, help="the first N notebooks only")
    parser.add_argument("--save", type=Path, help="a folder to keep each JSON result in (NAME.now.json, "
                        "NAME.baseline.json), and print the seconds per check summed over the notebooks")
    args = parser.parse_args(argv)
    now = [sys.executable, "-m", "grader.cli"]
    notebooks = sorted(p for p in args.notebooks.iterdir() if p.suffix in (".ipynb", ".py"))[: args.only]
    columns = ["baseline s", "baseline pts"] if args.baseline else []
    print(f"{'notebook':24s} {'load':>5s} " + " ".join(f"{c:>12s}" for c in columns)
          + f" {'now s':>8s} {'student s':>9s} {'now pts':>8s}")
    rows = []
    for notebook in notebooks:
        load = os.getloadavg()[0]
        saved = (lambda side: args.save / f"{notebook.stem}.{side}.json") if args.save else (lambda side: None)
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
        base = check([args.baseline], notebook, args.assignment, saved("baseline")) if args.baseline else None
        seconds, student, points = check(now, notebook, args.assignment, saved("now"))
        rows.append((base[0] if base else None, seconds))
        shown = f"{base[0]:12.1f} {base[2] if base[2] is not None else float('nan'):12.2f} " if base else ""
        print(f"{notebook.stem[:24]:24s} {load:5.1f} {shown}{seconds:8.1f} {student or 0:9.1f} "
              f"{points if points is not None else float('nan'):8.2f}", flush=True)
    now_times = [r[1] for r in rows]
    print(f"\nnow: median {statistics.median(now_times):.1f} s, slowest {max(now_times):.1f} s "
          f"over {len(rows)} notebooks")
    if args.baseline:
        base_times = [r[0] for r in rows]
        print(f"baseline: median {statistics.median(base_times):.1f} s, slowest {max(base_times):.1f} s; "
              f"now / baseline in all: {sum(now_times) / sum(base_times):.2f}x")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    if args.save:
        print_per_check(args.save, ["baseline", "now"] if args.baseline else ["now"])


def print_per_check(folder: Path, sides: list[str]) -> None:
    """Wall seconds per check, summed over the saved results of each side, slowest first."""
    totals: dict[str, dict[str, float]] = {}
    for side in sides:
        for path in folder.glob(f"*.{side}.json"):
            try:
                result = json.loads(path.read_text())
                result = result.get("result") or result
                checks = result["checks"]
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
            for c in checks:
                name = f"{c['task'].split(':')[0]}: {c['check']}"
                totals.setdefault(name, {}).setdefault(side, 0.0)
                totals[name][side] += c.get("seconds") or 0.0
    print("\nseconds per check, summed over the notebooks: " + " ".join(f"{s:>9s}" for s in sides))
    for name, by_side in sorted(totals.items(), key=lambda kv: -max(kv[1].values())):
        if max(by_side.values()) >= 1.0:
            print(f"  {name[:60]:60s} " + " ".join(f"{by_side.get(s, 0.0):9.1f}" for s in sides))


if __name__ == "__main__":
    main()
