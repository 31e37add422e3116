"""Time to grade each real notebook alone: this grader against another installation of it, side by side.

    python benchmarks/real_notebook_time.py DIR ASSIGNMENT --baseline PATH/TO/bin/grader [--only N]

A baseline is any commit installed in a venv of its own (``git worktree add /tmp/base REV`` then
``python -m venv /tmp/venv-base && /tmp/venv-base/bin/pip install -e /tmp/base``). Each notebook in
``DIR`` is graded alone (``grader grade --jobs 1``) by the baseline, then by this checkout's grader,
notebook after notebook, so both see the same machine load; the ratio of the totals is the figure
to quote. Per notebook it also prints this grader's think time (seconds inside the student's code:
cells, probes, agent moves) and its own overhead (the rest). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def grade_alone(grader: list[str], notebook: Path, assignment: str, work: Path) -> tuple[float, float | None]:
    """Wall seconds to grade ``notebook`` alone, and the think time its result records (None if unknown)."""
    folder = work / "in" / notebook.stem
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(notebook, folder)
    out = work / "out"
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([*grader, "grade", str(folder), "--assignment", assignment, "--out", str(out), "--jobs", "1",
                    "--no-progress"], cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    seconds = time.perf_counter() - start
    think = None
    for path in out.rglob("results/*.json"):
        data = json.loads(path.read_text())
        think = (data.get("result") or data).get("student_seconds")
    return seconds, think


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", type=Path)
    parser.add_argument("assignment")
    parser.add_argument("--baseline", required=True, help="the baseline installation's grader executable")
    parser.add_argument("--only", type=int, help="the first N notebooks only")
    args = parser.parse_args(argv)
    now = [sys.executable, "-m", "grader.cli"]
    notebooks = sorted(p for p in args.notebooks.iterdir() if p.suffix in (".ipynb", ".py"))[: args.only]
    work = Path(tempfile.mkdtemp(prefix="notebook-time-"))
    rows = []
    print(f"{'notebook':24s} {'baseline s':>10s} {'now s':>8s} {'think s':>8s} {'overhead s':>10s}")
    for notebook in notebooks:
        base, _ = grade_alone([args.baseline], notebook, args.assignment, work / "base")
        seconds, think = grade_alone(now, notebook, args.assignment, work / "now")
        rows.append((base, seconds, think or 0.0))
        print(f"{notebook.stem[:24]:24s} {base:10.1f} {seconds:8.1f} {think or 0:8.1f} {seconds - (think or 0):10.1f}",
              flush=True)
    base, seconds, think = (sum(column) for column in zip(*rows))
    print(f"{'total':24s} {base:10.1f} {seconds:8.1f} {think:8.1f} {seconds - think:10.1f}")
    print(f"\nnow / baseline: {seconds / base:.2f}x in all; the grader's own overhead alone: "
          f"{(seconds - think) / base:.2f}x the baseline's whole time")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
