"""One submission graded in a process of its own, wherever an executor runs it (:mod:`grader.executors`).

:class:`GradingJob` is what a grading process needs; :func:`grade_job` grades it there and returns the
result as JSON text. Locally each job runs in a watched process of its own
(:class:`grader.executors.WatchedProcesses`). Anywhere else (a Dask cluster's worker, which may be another
machine and may not fork children of its own) the job travels as a :class:`GradingTask`, with the
submission's bytes rather than its path: :func:`grade_task` writes the files to a private temporary folder
at the same relative path and grades them in a child process, killed with its process group at the
per-submission cap, exactly as locally. The worker's temporary path is put back to the instructor's in
everything the result says, so a result is the same wherever it was graded. Saving, resuming and the
reports stay with the caller: executors only grade.
"""

from __future__ import annotations

import json
import os
import pickle
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

from grader.bindings_yaml import InstructorBinding
from grader.executors import Failed

#: the child's job, in the file the worker writes for it
_JOB_FILE = "job.pickle"


@dataclass(frozen=True)
class GradingJob:
    """Everything a grading process needs to grade one submission."""

    path: str  # as the instructor gave it (relative or absolute)
    name: str  # the assignment's key in the rubric
    assignment_json: str
    seed: int = 0
    public_only: bool = False
    isolation: str | None = None
    require_isolation: str | None = None
    bindings: Mapping[str, InstructorBinding] | None = None  # the roles bound by hand for this submission
    shared: Mapping[str, Any] | None = None  # what the checks prepared once for the batch


def grade_job(job: GradingJob) -> str:
    """Grade one submission in this process (a grading process) and return its result as JSON text."""
    from grader.grading import grade_submission
    from grader.rubric import Assignment

    assignment = Assignment.model_validate_json(job.assignment_json)
    result = grade_submission(job.path, job.name, assignment, seed=job.seed, public_only=job.public_only,
                              isolation=job.isolation, require_isolation=job.require_isolation,
                              shared=dict(job.shared or {}), bindings=job.bindings)
    return json.dumps(result.to_dict(), ensure_ascii=False)


@dataclass(frozen=True)
class GradingTask:
    """A job with the submission's bytes, for a worker that may not see the instructor's files."""

    job: GradingJob
    files: dict[str, bytes]  # relative to ``job.path`` for a folder; {"": bytes} for a file
    seconds: float  # the per-submission cap


def grading_task(job: GradingJob, seconds: float) -> GradingTask:
    """The task for ``job`` (a file or a folder), its bytes read now."""
    path = Path(job.path)
    if path.is_dir():
        files = {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}
    else:
        files = {"": path.read_bytes()}
    return GradingTask(job, files, seconds)


def grade_task(task: GradingTask) -> str | Failed:
    """Grade one task on this machine (a Dask worker runs this) in a child process of its own: the result's
    JSON text, or :class:`~grader.executors.Failed` when the child died or ran past the cap."""
    with tempfile.TemporaryDirectory(prefix="grader-") as scratch:
        root = Path(scratch)
        given = Path(task.job.path)  # mirrored inside the scratch folder, never above it
        here = root / "files" / Path(*[part for part in given.parts if part not in ("..", given.anchor)])
        for relative, data in task.files.items():
            target = here / relative if relative else here
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        out = root / "result.json"
        (root / _JOB_FILE).write_bytes(pickle.dumps((replace(task.job, path=str(here)), str(out))))
        # A child, not multiprocessing: Dask's workers are daemonic processes, which may not have children.
        child = subprocess.Popen([sys.executable, "-m", "grader.cluster_grading", str(root / _JOB_FILE)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            exitcode = child.wait(timeout=task.seconds)
        except subprocess.TimeoutExpired:
            return Failed(overran=True)
        finally:  # over the cap, or this process stopped: the child and its sandboxes go now
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()
        if not out.is_file():
            return Failed(exitcode)
        text = out.read_text(encoding="utf-8")
        return text.replace(_json_text(str(here)), _json_text(task.job.path))


def _json_text(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)[1:-1]


def _main(job_file: str) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent ends this process
    job, out = pickle.loads(Path(job_file).read_bytes())
    Path(out).write_text(grade_job(job), encoding="utf-8")


if __name__ == "__main__":
    _main(sys.argv[1])
