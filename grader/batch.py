"""Grading a whole class: submissions in parallel, each in its own grading process, results saved
as each one finishes, so a killed batch resumes where it stopped and one bad submission never
costs another its grade.

Layout under the output folder: ``results/<submission>.json`` (the saved result and the
fingerprint of what was graded) beside the report files of :mod:`grader.report`.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from grader.bindings_yaml import BindingsFile, InstructorBinding, fingerprint_part
from grader.checks.kinds import prepare_shared
from grader.cluster_grading import GradingJob, grade_job, grade_task, grading_task
from grader.executors import DaskCluster, Executor, Failed, WatchedProcesses
from grader.grading import ungraded
from grader.load import submission_name
from grader.report import write_submission
from grader.report.files import submission_filename, write_text
from grader.report.hand_grades import apply_hand_grades, read_hand_grades
from grader.results import SubmissionResult
from grader.rubric import Assignment

GRADER_VERSION = "1"


@dataclass
class BatchOptions:
    seed: int = 0
    jobs: int = 0  # 0: the number of cores
    isolation: str | None = None
    require_isolation: str | None = None
    submission_seconds: float = 900.0  # wall-clock cap for grading one submission
    public_only: bool = False
    progress: bool = True
    scheduler: str | None = None  # a Dask scheduler's address: grade there instead of in local processes
    bindings: BindingsFile | None = None  # the instructor's bindings.yaml, read


@dataclass
class BatchResult:
    results: list[SubmissionResult]
    out_dir: Path
    graded_now: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    seconds: float = 0.0
    canvas_problems: list[str] = field(default_factory=list)  # what to check before importing canvas.csv
    manual_sheet: Path | None = None  # manual.csv, when the assignment has items graded by hand
    # (both filled in by grader.pipeline.write_reports, which writes the class-wide files)


def fingerprint(path: Path, assignment: Assignment, options: BatchOptions) -> str:
    """What the result depends on: the submission's bytes, the assignment's rubric, the seed, our version,
    and the roles the instructor bound for it (so that only submissions whose bindings changed are graded
    again; one without any keeps the fingerprint it had before bindings existed).

    The ``detect`` phrases are left out: they choose the rubric, they do not change the grade.
    """
    h = hashlib.sha256()
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    for p in files:
        h.update(str(p.relative_to(path) if path.is_dir() else p.name).encode())
        h.update(p.read_bytes())
    h.update(assignment.model_dump_json(exclude={"detect"}).encode())
    h.update(f"{options.seed}:{options.public_only}:{GRADER_VERSION}".encode())
    h.update(fingerprint_part(submission_bindings(path, assignment, options)).encode())
    return h.hexdigest()


def submission_bindings(path: Path, assignment: Assignment, options: BatchOptions) -> dict[str, InstructorBinding]:
    """The roles the instructor bound for the submission at ``path`` (of the assignment's roles and agents)."""
    if options.bindings is None:
        return {}
    return options.bindings.for_submission(submission_name(path), {*assignment.functions, *assignment.agents})


def saved_result_path(out_dir: Path, submission: str) -> Path:
    return out_dir / "results" / f"{submission_filename(submission)}.json"


def load_saved(out_dir: Path, submission: str, fp: str) -> SubmissionResult | None:
    """A result saved by an earlier run for exactly this submission and rubric, else None."""
    path = saved_result_path(out_dir, submission)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("fingerprint") != fp:
            return None
        return SubmissionResult.from_dict(data["result"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def saved_results(out_dir: str | Path) -> list[SubmissionResult]:
    """Every result saved under ``out_dir/results/`` (whatever rubric it was graded with), by submission."""
    results = []
    for path in sorted((Path(out_dir) / "results").glob("*.json")):
        try:
            results.append(SubmissionResult.from_dict(json.loads(path.read_text(encoding="utf-8"))["result"]))
        except (OSError, ValueError, KeyError, TypeError):
            continue  # half-written by a killed run: grading again rewrites it
    return results


def save(out_dir: Path, result: SubmissionResult, fp: str) -> None:
    write_text(saved_result_path(out_dir, result.submission),
               json.dumps({"fingerprint": fp, "result": result.to_dict()}, ensure_ascii=False, indent=1))


#: imported once in the fork server rather than in every grading process (IPython's cell
#: transformer alone costs ~0.2 s, a fifth of the grader's own time per submission)
PRELOADED = ("grader.grading", "grader.cluster_grading", "IPython.core.inputtransformer2")


def grade_batch(paths: Sequence[Path], name: str, assignment: Assignment, out_dir: str | Path,
                options: BatchOptions | None = None,
                on_result: Callable[[SubmissionResult], None] | None = None,
                flags: Mapping[Path, Sequence[str]] | None = None,
                executor: Executor | None = None) -> BatchResult:
    """Grade ``paths`` in parallel into ``out_dir``; reuse saved results whose fingerprint matches. Each
    submission's own files (feedback, Gradescope) are written here; the class-wide ones are
    :func:`grader.pipeline.write_reports`'.

    Each submission is graded in a process of its own, capped at ``options.submission_seconds``, on
    ``executor`` (default: :func:`grading_executor` of the options: local watched processes, or the Dask
    cluster at ``options.scheduler``).

    ``flags`` are warnings per path (see :func:`grader.detect.place`), put on the results whether
    graded now or reused: they come from the whole rubric, which the fingerprint does not cover.
    Points typed into ``out_dir/manual.csv`` are merged into every report, the saved results staying
    the grader's own; an invalid cell there raises :class:`ManualSheetError` before anything is written.
    """
    options = options or BatchOptions()
    flags = flags or {}
    out_dir = Path(out_dir)
    hand_grades = read_hand_grades(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    batch = BatchResult([], out_dir)
    todo: list[tuple[Path, str]] = []
    by_path: dict[Path, SubmissionResult] = {}
    for path in paths:
        fp = fingerprint(path, assignment, options)
        saved = load_saved(out_dir, submission_name(path), fp)
        if saved is not None:
            saved.flags = _with_flags(flags.get(path, ()), saved.flags)
            by_path[path] = apply_hand_grades(saved, hand_grades)
            batch.reused.append(saved.submission)
        else:
            todo.append((path, fp))

    tasks = assignment.task_names
    bar = _progress(len(paths), len(by_path), options.progress)

    def finish(path: Path, fp: str, result: SubmissionResult) -> None:
        save(out_dir, result, fp)  # with grading's own flags only: placement flags are added each run
        result.flags = _with_flags(flags.get(path, ()), result.flags)
        result = apply_hand_grades(result, hand_grades)
        write_submission(result, out_dir, tasks)
        by_path[path] = result
        batch.graded_now.append(result.submission)
        if on_result:
            on_result(result)
        bar.update(1)
        bar.set_postfix_str(_summary(list(by_path.values())), refresh=True)

    if todo:
        _grade_all(todo, name, assignment, options, executor or grading_executor(options), finish)
    bar.close()
    batch.results = [by_path[p] for p in paths if p in by_path]
    for result in batch.results:
        if result.submission in batch.reused:  # hand grades may have been typed since their files were written
            write_submission(result, out_dir, tasks)
    batch.seconds = time.perf_counter() - start
    return batch


def _with_flags(placed: Iterable[str], graded: Iterable[str]) -> list[str]:
    """The placement's flags (which assignment it looks like), then grading's own (packages it lacked)."""
    return list(dict.fromkeys([*placed, *graded]))


def grading_executor(options: BatchOptions) -> Executor:
    """Where ``options`` say to grade: on the Dask cluster at ``scheduler``, else in at most ``jobs`` local
    processes, one per submission, each watched and killed at the cap."""
    if options.scheduler:
        return DaskCluster(options.scheduler, name="grade")
    return WatchedProcesses(options.jobs, options.submission_seconds, PRELOADED)


def _grade_all(todo: list[tuple[Path, str]], name: str, assignment: Assignment, options: BatchOptions,
               executor: Executor, finish: Callable[[Path, str, SubmissionResult], None]) -> None:
    """Grade ``todo`` (path, fingerprint) on ``executor``, calling ``finish`` as each one comes back. Local
    watched processes run the job itself; any other executor runs a task that carries the submission's
    bytes and watches a child process of its own (:func:`grader.cluster_grading.grade_task`), so that no
    executor lets a hung or crashing submission cost another its grade."""
    shared = prepare_shared(assignment, options.seed)
    assignment_json = assignment.model_dump_json()
    jobs = {str(path): (path, fp, GradingJob(str(path), name, assignment_json, options.seed, options.public_only,
                                             options.isolation, options.require_isolation,
                                             submission_bindings(path, assignment, options), shared))
            for path, fp in todo}
    if isinstance(executor, WatchedProcesses):
        done = executor.map(grade_job, [job for _, _, job in jobs.values()])
    else:
        tasks = [grading_task(job, options.submission_seconds) for _, _, job in jobs.values()]
        done = ((task.job, outcome) for task, outcome in executor.map(grade_task, tasks))
    for job, outcome in done:
        path, fp, _ = jobs[job.path]
        finish(path, fp, _collected(outcome, path, name, assignment, options))


def _collected(outcome: str | Failed, path: Path, name: str, assignment: Assignment,
               options: BatchOptions) -> SubmissionResult:
    """The result a grading process gave, or an error result that says why there is none."""
    if isinstance(outcome, Failed) and outcome.overran:
        return ungraded(path, name, assignment, "error", f"grading took longer than {options.submission_seconds:g} s "
                        "and was stopped", public_only=options.public_only)
    try:
        return SubmissionResult.from_dict(json.loads(outcome if isinstance(outcome, str) else ""))
    except (ValueError, KeyError, TypeError):
        exitcode = outcome.exitcode if isinstance(outcome, Failed) else None
        return ungraded(path, name, assignment, "error", f"the grader failed on this submission (exit code "
                        f"{exitcode}); please report it", public_only=options.public_only)


def _summary(results: Iterable[SubmissionResult]) -> str:
    results = list(results)
    graded = [r for r in results if r.status == "graded"]
    errors = sum(r.status == "error" for r in results)
    manual = sum(r.status == "manual" for r in results)
    mean = sum(r.total / r.max_total for r in graded if r.max_total) / len(graded) * 100 if graded else 0.0
    return f"graded {len(graded)}, errors {errors}, manual {manual}, mean {mean:.0f}%"


def _progress(total: int, done: int, enabled: bool):
    from tqdm import tqdm

    return tqdm(total=total, initial=done, unit="submission", disable=not enabled, dynamic_ncols=True)
