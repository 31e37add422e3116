"""Definitions mode vs full execution: time to turn a notebook into loaded code, side by side.

    python benchmarks/load.py [NOTEBOOK ...]    (default: tests/notebooks/connect4_clean.ipynb)

For each notebook it prints the median of several definitions-mode loads (parse + filter), the
exec of the kept code in a plain namespace (an in-process stand-in for the sandbox worker), and
one or more full nbclient runs (kernel start included), then the ratio. The one-time imports
(IPython's transformer, ~0.4 s, used only by cells with magics) are measured apart.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.load import load_submission, run_notebook  # noqa: E402

DEFAULT = [ROOT / "tests" / "notebooks" / "connect4_clean.ipynb"]


def exec_kept(cells) -> None:
    namespace: dict = {}
    for cell in cells:
        for statement in cell.kept_statements:
            try:
                exec(compile("\n" * (statement.line - 1) + statement.source, f"<cell {cell.index}>", "exec"), namespace)
            except Exception:  # a missing module, ...: the sandbox records it and goes on
                pass


def median_time(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main(paths: list[Path]) -> None:
    started = time.perf_counter()
    from IPython.core.inputtransformer2 import TransformerManager  # noqa: F401

    print(f"one-time import of IPython's transformer (only for cells with magics): {time.perf_counter() - started:.3f} s")
    print(f"{'notebook':32} {'load':>9} {'exec kept':>10} {'defs total':>11} {'full run':>9} {'kernel':>8} {'ratio':>7}")
    for path in paths:
        load_submission(path)  # warm: imports, file cache
        load = median_time(lambda: load_submission(path), 20)
        cells = load_submission(path).cells
        exec_time = median_time(lambda: exec_kept(cells), 20)
        runs = [run_notebook(path, cell_timeout=120, total_timeout=600) for _ in range(3)]
        full = statistics.median(r.elapsed for r in runs)
        kernel = statistics.median(r.kernel_start for r in runs)
        definitions = load + exec_time
        print(
            f"{path.name:32} {load:9.4f} {exec_time:10.4f} {definitions:11.4f} {full:9.3f} {kernel:8.3f}"
            f" {full / definitions:6.0f}x"
        )
        status = "ran top to bottom" if all(r.ran_top_to_bottom for r in runs) else "did not run clean"
        print(f"  (seconds; medians of 20 loads and 3 full runs; full run {status})")


if __name__ == "__main__":
    main([Path(p) for p in sys.argv[1:]] or DEFAULT)
