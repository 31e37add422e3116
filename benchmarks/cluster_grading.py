"""Grading a class on 2 local processes against a 2-worker Dask LocalCluster, side by side in one run
(prints; asserts nothing).

    python benchmarks/cluster_grading.py [FOLDER] [--assignment connect4] [--workers 2]

Both runs grade the same folder (default: ``submissions/connect4``) from scratch into temporary
folders; the figures are the wall time of each and whether every submission got the same points
on every check. The cluster pays for starting its workers and for a fresh Python per submission (no
fork server with the grader preloaded); what it buys is machines beyond this one.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.batch import BatchOptions, grade_batch  # noqa: E402
from grader.load.submission import discover  # noqa: E402
from grader.rubric import load_rubric  # noqa: E402


def points(batch) -> dict[str, list[tuple[str, float, str]]]:
    return {r.submission: [(c.check, c.points, c.status) for c in r.checks] for r in batch.results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "submissions" / "connect4"))
    parser.add_argument("--assignment", default="connect4")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rubric")
    args = parser.parse_args()
    import distributed

    assignment = load_rubric(args.rubric).assignment(args.assignment)
    paths = discover(args.folder)
    with tempfile.TemporaryDirectory() as scratch:
        start = time.perf_counter()
        local = grade_batch(paths, args.assignment, assignment, Path(scratch) / "local",
                            BatchOptions(jobs=args.workers, progress=False))
        local_seconds = time.perf_counter() - start
        start = time.perf_counter()
        with distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster:
            ready = time.perf_counter() - start
            dask = grade_batch(paths, args.assignment, assignment, Path(scratch) / "dask",
                               BatchOptions(scheduler=cluster.scheduler_address, progress=False))
            dask_seconds = time.perf_counter() - start
    same = points(local) == points(dask)
    print(f"{len(paths)} submissions of {args.assignment} in {args.folder}")
    print(f"  {args.workers} local processes:       {local_seconds:7.1f} s")
    print(f"  {args.workers}-worker LocalCluster:    {dask_seconds:7.1f} s (of which {ready:.1f} s starting the cluster)")
    print(f"  same points on every check: {'yes' if same else 'NO'}")
    if not same:
        for name in points(local):
            if points(local)[name] != points(dask).get(name):
                print(f"    differs: {name}")


if __name__ == "__main__":
    main()
