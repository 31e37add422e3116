"""Grading a class, in the order it happens: :func:`plan` (which file is which assignment, and its
flags), :func:`grade` (each assignment's submissions, on an executor), :func:`write_reports` (the
files instructors and students read).

``grader grade``, ``grader check``, ``grader report`` and the library's :func:`grader.grade` and
:func:`grader.check` are thin adapters over these functions, so they place, grade and report alike:
``grader.grade("submissions")`` gives exactly the command's scores.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Sequence

from grader.usage import UsageError

if TYPE_CHECKING:
    from grader.batch import BatchOptions, BatchResult
    from grader.bindings_yaml import BindingsFile
    from grader.detect import Placement
    from grader.executors import Executor
    from grader.results import CheckResult, SubmissionResult
    from grader.rubric import Assignment, Rubric


@dataclass(frozen=True)
class Group:
    """The submissions graded under one assignment: where they were found, and the roles bound by hand
    for them (a bindings.yaml)."""

    name: str  # the assignment's key in the rubric; also the output sub-folder
    assignment: Assignment  # already cut to the plan's section
    placements: tuple[Placement, ...]
    source: str  # where the files came from, in words ("in submissions/connect4")
    bindings: BindingsFile | None = None

    @property
    def paths(self) -> list[Path]:
        return [p.path for p in self.placements]

    @property
    def flags(self) -> dict[Path, list[str]]:
        """The placement's warning per path (its words say another assignment)."""
        return {p.path: [p.flag] for p in self.placements if p.flag}


@dataclass(frozen=True)
class Plan:
    """What to grade: one :class:`Group` per assignment, the submissions whose assignment could not be
    told, and warnings to show before grading (a bindings.yaml key that names no submission)."""

    rubric: Rubric
    groups: tuple[Group, ...]
    undetected: tuple[Placement, ...] = ()
    section: str | None = None
    warnings: tuple[str, ...] = ()


def plan(paths: str | Path | Iterable[str | Path], rubric: Rubric, assignment: str | None = None, *,
         section: str | None = None, bindings: str | Path | None = None) -> Plan:
    """Which assignment each submission is graded as.

    ``paths`` is a folder of submissions, or the submissions themselves (files, or folders that are one
    student's). Of a folder: with ``assignment``, every submission in it is graded as that; else a folder
    whose sub-folders are named after assignments (``submissions/connect4``, ...) is graded per
    sub-folder; else each file goes to the assignment its words name (:func:`grader.detect.place`), and
    those that name none clearly are left ``undetected``. Submissions given one by one are placed the same
    way. Roles bound by hand come from ``bindings``, else (for a folder) from the first bindings.yaml
    found in the sub-folder or the folder.
    """
    from grader.load.submission import discover
    from grader.detect import place

    if assignment is not None:
        rubric.assignment(assignment)  # an unknown name is a rubric error that lists the known ones
    given = [Path(paths)] if isinstance(paths, (str, Path)) else [Path(p) for p in paths]
    read = _bindings_reader(rubric, bindings)
    cut = functools.partial(_assignment, rubric, section)
    groups: list[Group] = []
    undetected: list[Placement] = []
    if len(given) == 1 and given[0].is_dir():
        folder = given[0]
        if assignment:
            groups = [Group(assignment, cut(assignment), tuple(place(discover(folder), rubric, assignment)),
                            f"in {folder}", read(folder))]
        elif any((folder / name).is_dir() for name in rubric.assignments):
            groups = [Group(name, cut(name), tuple(place(discover(folder / name), rubric, name)), f"in {folder / name}",
                            read(folder / name, folder))
                      for name in rubric.assignments if (folder / name).is_dir()]
        else:  # one folder, perhaps of several assignments: each file goes to its own rubric
            placements = place(discover(folder), rubric)
            if not placements:
                raise UsageError(f"{folder} holds no submissions (nor sub-folders named after the assignments "
                                 f"{', '.join(rubric.assignments)})")
            groups = _by_assignment(placements, rubric, cut, f"detected in {folder}", read(folder))
            undetected = [p for p in placements if p.assignment is None]
    else:
        missing = [p for p in given if not p.exists()]
        if missing:
            raise UsageError(f"{missing[0]} does not exist")
        placements = place(given, rubric, assignment)
        source = "given" if assignment else "detected"
        groups = _by_assignment(placements, rubric, cut, source, read())  # a bindings.yaml only when named
        undetected = [p for p in placements if p.assignment is None]
    return Plan(rubric, tuple(groups), tuple(undetected), section, tuple(_unknown_submissions(groups)))


def _assignment(rubric: Rubric, section: str | None, name: str) -> Assignment:
    return rubric.assignment(name).for_section(section)


def _by_assignment(placements: Sequence[Placement], rubric: Rubric, cut: Callable[[str], Assignment], source: str,
                   bindings: BindingsFile | None) -> list[Group]:
    return [Group(name, cut(name), tuple(p for p in placements if p.assignment == name), source, bindings)
            for name in rubric.assignments if any(p.assignment == name for p in placements)]


def _bindings_reader(rubric: Rubric, path: str | Path | None) -> Callable[..., BindingsFile | None]:
    """Where each folder's roles bound by hand come from: ``path`` for all, else the first of the folders
    given that holds a bindings.yaml (a sub-folder's own, then the submissions folder's); each file read once."""
    from grader.bindings_yaml import BINDINGS_FILE

    read = functools.cache(lambda found: read_bindings_file(found, rubric))

    def bindings_in(*folders: Path) -> BindingsFile | None:
        if path is not None:
            return read(Path(path))
        found = next((f / BINDINGS_FILE for f in folders if (f / BINDINGS_FILE).is_file()), None)
        return read(found) if found else None
    return bindings_in


def read_bindings_file(path: Path, rubric: Rubric) -> BindingsFile:
    """A bindings file checked against every role and agent label of the rubric; a mistake in it is a usage
    error naming its line."""
    from grader.bindings_yaml import BindingsError, read_bindings

    if not path.is_file():
        raise UsageError(f"--bindings {path}: no such file")
    roles = {role for a in rubric.assignments.values() for role in (*a.functions, *a.agents)}
    try:
        return read_bindings(path, roles)
    except BindingsError as e:
        raise UsageError(str(e)) from None


def _unknown_submissions(groups: Sequence[Group]) -> list[str]:
    """The keys of each bindings file that name no submission graded with it (a typo binds nothing)."""
    from grader.load import submission_name

    names: dict[str, set[str]] = {}
    files: dict[str, BindingsFile] = {}
    for group in groups:
        if group.bindings is not None:
            files[group.bindings.path] = group.bindings
            names.setdefault(group.bindings.path, set()).update(submission_name(p) for p in group.paths)
    return [warning for path, found in files.items() for warning in found.unknown_submissions(names[path])]


def grade(plan: Plan, out: str | Path, options: BatchOptions | None = None, executor: Executor | None = None
          ) -> Iterator[BatchResult]:
    """Grade each group of ``plan`` into ``out/<assignment>/``, one :class:`BatchResult` per group as it
    finishes (results saved as each submission finishes; see :func:`grader.batch.grade_batch`), on
    ``executor`` (default: as ``options.jobs`` and ``options.scheduler`` say, :func:`grader.batch.grading_executor`).

    A person's manual.csv holding a cell that cannot be a grade stops this before anything is graded.
    """
    from grader.batch import BatchOptions, grade_batch
    from grader.report.hand_grades import ManualSheetError, read_hand_grades

    options = options or BatchOptions()
    out = Path(out)
    for group in plan.groups:
        try:
            read_hand_grades(out / group.name)
        except ManualSheetError as e:
            raise UsageError(str(e)) from None
    for group in plan.groups:
        yield grade_batch(group.paths, group.name, group.assignment, out / group.name,
                          replace(options, bindings=group.bindings), flags=group.flags, executor=executor)


@dataclass
class ReportOptions:
    """How the reports are written: the class list for Canvas, its column, and what similarity ignores."""

    roster: str | None = None
    canvas_title: str | None = None  # default: the assignment's title
    canvas_assignment_id: str | None = None
    template: str | None = None  # the assignment's template notebook: its code is not counted as similar
    similarity_threshold: float = 0.5


@dataclass
class Reports:
    """What :func:`write_reports` wrote that a person acts on."""

    canvas_problems: list[str] = field(default_factory=list)  # to check before importing canvas.csv
    manual_sheet: Path | None = None  # manual.csv, when the assignment has items graded by hand


def write_reports(results: Sequence[SubmissionResult], out: str | Path, assignment: Assignment,
                  options: ReportOptions | None = None) -> Reports:
    """Every class-wide file of one assignment's folder ``out``: scores.csv, details.csv, the pages
    (:func:`write_pages`), manual.csv for items graded by hand, and canvas.csv (without a roster, students
    are named by their file names). Each submission's own files were written as it finished."""
    from grader.report import write_canvas, write_sheets
    from grader.report.hand_grades import write_manual_sheet

    options = options or ReportOptions()
    tasks = assignment.task_names
    write_sheets(results, out, tasks)
    write_pages(results, out, assignment, options)
    manual = write_manual_sheet(results, out)
    _, export = write_canvas(results, out, options.canvas_title or assignment.title, options.canvas_assignment_id,
                             options.roster)
    return Reports(export.problems(), manual)


def write_pages(results: Sequence[SubmissionResult], out: str | Path, assignment: Assignment | None,
                options: ReportOptions | None = None) -> tuple[Path, ...]:
    """The class page (class.html, item_analysis.csv) and the similarity page (similarity.html, .csv):
    the files ``grader report`` writes again from saved results."""
    from grader.report.class_page import write_class_report
    from grader.report.similarity_page import write_similarity_report

    options = options or ReportOptions()
    title = assignment.title if assignment else ""
    page, items = write_class_report(results, out, assignment.task_names if assignment else (), title)
    similar, pairs = write_similarity_report(results, out, options.template, options.similarity_threshold, title)
    return page, items, similar, pairs


def write_class_scores(results: Iterable[SubmissionResult], plan: Plan, out: str | Path) -> Path:
    """``out/scores.csv`` over every assignment graded: every submission with its ``assignment`` (the
    per-assignment sheets are in ``out/<assignment>/``), task columns of every assignment graded."""
    from grader.report import write_scores

    results = list(results)
    names = list(dict.fromkeys(r.assignment for r in results if r.assignment in plan.rubric.assignments))
    tasks = [t for name in names for t in plan.rubric.assignments[name].for_section(plan.section).task_names]
    return write_scores(results, out, list(dict.fromkeys(tasks)), assignment_column=True)


def undetected_results(plan: Plan) -> list[SubmissionResult]:
    """The error rows of the submissions whose assignment could not be told: no checks (no rubric to list
    them from), the reason as their message."""
    from grader.grading import same_name_flags
    from grader.load import submission_name
    from grader.load.submission import same_name_files
    from grader.results import SubmissionResult

    return [SubmissionResult(submission=submission_name(p.path), path=str(p.path), assignment="", status="error",
                             message=p.reason, flags=same_name_flags(p.path, same_name_files(p.path)))
            for p in plan.undetected]


@dataclass
class ClassGrades:
    """A class graded: one batch per assignment, the rows of submissions no assignment was told for, and
    the class-wide score sheet."""

    batches: list[BatchResult]
    undetected: list[SubmissionResult]
    sheet: Path

    @property
    def results(self) -> list[SubmissionResult]:
        return [r for b in self.batches for r in b.results] + self.undetected


def grade_class(plan: Plan, out: str | Path, options: BatchOptions | None = None,
                reports: ReportOptions | None = None, executor: Executor | None = None, *,
                on_group: Callable[[Group], None] | None = None,
                on_batch: Callable[[Group, BatchResult], None] | None = None) -> ClassGrades:
    """:func:`grade` each group, :func:`write_reports` as each finishes, then the class-wide scores.csv.

    ``on_group`` is called as a group starts and ``on_batch`` once its reports are written (the command
    line prints both)."""
    batches = []
    graded = grade(plan, out, options, executor)
    for group in plan.groups:
        if on_group:
            on_group(group)
        batch = next(graded)
        written = write_reports(batch.results, batch.out_dir, group.assignment, reports)
        batch.canvas_problems, batch.manual_sheet = written.canvas_problems, written.manual_sheet
        if on_batch:
            on_batch(group, batch)
        batches.append(batch)
    undetected = undetected_results(plan)
    return ClassGrades(batches, undetected, write_class_scores([r for b in batches for r in b.results] + undetected,
                                                               plan, out))


def check(plan: Plan, *, seed: int = 0, on_check: Callable[[CheckResult], None] | None = None,
          on_check_start: Callable[[str, str], None] | None = None) -> SubmissionResult:
    """Self-check the one submission of ``plan``: its public checks only, within the rubric's quick budget of
    student time per task (a quick verdict, said so where it was stopped), in this process, with the
    placement's flag first. A submission whose assignment could not be told is a usage error that says why."""
    from grader.grading import grade_submission
    from grader.load import submission_name

    if plan.undetected:
        placed = plan.undetected[0]
        raise UsageError(f"{placed.path.name}: {placed.reason}")
    [group] = plan.groups
    [placed] = group.placements
    roles = {*group.assignment.functions, *group.assignment.agents}
    bound = group.bindings.for_submission(submission_name(placed.path), roles) if group.bindings else None
    result = grade_submission(placed.path, group.name, group.assignment, seed=seed, public_only=True,
                              on_check=on_check, on_check_start=on_check_start, bindings=bound, quick=True)
    result.flags = ([placed.flag] if placed.flag else []) + result.flags
    return result


__all__ = ["ClassGrades", "Group", "Plan", "ReportOptions", "Reports", "check", "grade", "grade_class", "plan",
           "read_bindings_file", "undetected_results", "write_class_scores", "write_pages", "write_reports"]
