"""Grading a class on a Dask cluster: one task per submission, the same grading as on this machine.

A worker may be another machine, so a task carries the submission's bytes (a file, or a folder's
files) rather than its path. On the worker the files are written to a private temporary folder at
the same relative path, and graded in a child process of their own, killed with its process group
at the per-submission cap, exactly as :mod:`grader.batch` does locally. The worker's temporary path
is put back to the instructor's in everything the result says, so a result is the same wherever
it was graded. Saving, resuming and the reports stay with the caller: the cluster only grades.
"""

from __future__ import annotations

import json
import os
import pickle
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from grader.tournament.executors import dask_client

if TYPE_CHECKING:
    from grader.batch import BatchOptions

#: the child's arguments, in the file the worker writes for it
_JOB_FILE = "job.pickle"


@dataclass(frozen=True)
class GradingTask:
    """Everything a worker needs to grade one submission."""

    path: str  # as the instructor gave it (relative or absolute)
    files: dict[str, bytes]  # relative to ``path`` for a folder; {"": bytes} for a file
    name: str
    assignment_json: str
    options: BatchOptions
    shared: dict


@dataclass(frozen=True)
class GradingOutcome:
    """What came back: the result as JSON text, or why there is none."""

    result_json: str | None
    exitcode: int | None
    overran: bool


def grading_task(path: Path, name: str, assignment_json: str, options: BatchOptions, shared: dict) -> GradingTask:
    """The task for the submission at ``path`` (a file or a folder), its bytes read now."""
    if path.is_dir():
        files = {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}
    else:
        files = {"": path.read_bytes()}
    return GradingTask(str(path), files, name, assignment_json, options, shared)


def grade_task(task: GradingTask) -> GradingOutcome:
    """Grade one task on this machine (a Dask worker runs this) in a child process of its own."""
    with tempfile.TemporaryDirectory(prefix="grader-") as scratch:
        root = Path(scratch)
        given = Path(task.path)  # mirrored inside the scratch folder, never above it
        here = root / "files" / Path(*[part for part in given.parts if part not in ("..", given.anchor)])
        for relative, data in task.files.items():
            target = here / relative if relative else here
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        out = root / "result.json"
        (root / _JOB_FILE).write_bytes(pickle.dumps(
            (str(here), task.name, task.assignment_json, task.options, str(out), task.shared)))
        # A child, not multiprocessing: Dask's workers are daemonic processes, which may not have children.
        child = subprocess.Popen([sys.executable, "-m", "grader.cluster_grading", str(root / _JOB_FILE)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            exitcode = child.wait(timeout=task.options.submission_seconds)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            return GradingOutcome(None, None, overran=True)
        if not out.is_file():
            return GradingOutcome(None, exitcode, overran=False)
        text = out.read_text(encoding="utf-8")
        return GradingOutcome(text.replace(_json_text(str(here)), _json_text(task.path)), exitcode, overran=False)


def _json_text(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)[1:-1]


def grade_on_dask(tasks: Sequence[tuple[object, GradingTask]], scheduler: str | object) -> Iterator[tuple[object, GradingOutcome]]:
    """``(key, outcome)`` for each ``(key, task)`` as the cluster finishes them.

    ``scheduler`` is an address such as ``tcp://10.0.0.5:8786`` or a ``distributed.Client``. A
    worker that dies while grading is retried by Dask on another one.
    """
    if not tasks:
        return
    from distributed import as_completed

    with dask_client(scheduler) as client:
        futures = {client.submit(grade_task, task, pure=False, key=f"grade-{i}-{task.name}"): key
                   for i, (key, task) in enumerate(tasks)}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            client.cancel(list(futures))


def run_on_dask(todo: Sequence[tuple[Path, str]], make_task: Callable[[Path], GradingTask], scheduler: str | object,
                finish: Callable[[Path, str, GradingOutcome], None]) -> None:
    """Grade ``todo`` (path, fingerprint) on the cluster, calling ``finish`` as each one comes back."""
    keyed = [((path, fp), make_task(path)) for path, fp in todo]
    for (path, fp), outcome in grade_on_dask(keyed, scheduler):
        finish(path, fp, outcome)


def _main(job_file: str) -> None:
    from grader.batch import grade_in_child

    grade_in_child(*pickle.loads(Path(job_file).read_bytes()))


if __name__ == "__main__":
    _main(sys.argv[1])
