"""Grading one submission: load -> sandbox -> adapt -> checks -> :class:`SubmissionResult`.

Follow one submission from file to result here, top to bottom. Nothing in it raises for a
student's file: every failure becomes a graded result that says what happened.
"""

from __future__ import annotations

import time
import traceback
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from grader.bindings_yaml import InstructorBinding
from grader.checks._budget import TaskBudgets
from grader.checks.base import Outcome
from grader.checks.context import CheckContext
from grader.checks.kinds import KINDS
from grader.load import LOADED, MANUAL, Submission, load_submission, numpy_attributes, submission_name
from grader.load.definitions import lost_definitions
from grader.results import CheckResult, CheckStatus, SubmissionResult
from grader.rubric import Assignment, CheckSpec
from grader.sandbox import SandboxError
from grader.session import Session
from grader.text import LISTED_LINES, cut_lines, fold_repeats


def grade_submission(path: str | Path, assignment_name: str, assignment: Assignment, *, seed: int = 0,
                     public_only: bool = False, isolation: str | None = None,
                     require_isolation: str | None = None,
                     on_check: Callable[[CheckResult], None] | None = None,
                     on_check_start: Callable[[str, str], None] | None = None,
                     shared: dict[str, Any] | None = None,
                     bindings: Mapping[str, InstructorBinding] | None = None,
                     quick: bool = False) -> SubmissionResult:
    """Grade one file or folder against ``assignment``; public checks only when ``public_only``, and within
    the rubric's tighter ``quick_task_seconds`` of student time per task when ``quick`` (``grader check``).

    ``on_check_start(task, title)`` is called as each check starts and ``on_check`` with the check as
    it finishes (``grader check`` shows both at once). ``shared`` is what the checks prepared once
    for a whole batch (:func:`grader.checks.kinds.prepare_shared`). ``bindings`` are the roles the
    instructor bound by hand for this submission (``grader.bindings_yaml``).
    """
    start = time.perf_counter()
    path = Path(path)
    submission = load_submission(path)
    if submission.status != LOADED:
        status = "manual" if submission.status == MANUAL else "error"
        result = ungraded(path, assignment_name, assignment, status, "; ".join(submission.problems) or
                          submission.status, public_only=public_only)
        result.flags = same_name_flags(path, submission.same_name)
        result.seconds = time.perf_counter() - start
        return result

    result = SubmissionResult(submission=submission_name(path), path=str(path), assignment=assignment_name,
                              flags=same_name_flags(path, submission.same_name))
    specs = _specs(assignment, public_only)
    result.load_notes = _load_notes(submission)
    session: Session | None = None
    try:
        with Session(assignment, seed=seed, isolation=isolation, require=require_isolation,
                     bindings=bindings) as session:
            result.isolation = session.isolation
            session.open([cell.kept for cell in submission.cells], [cell.index for cell in submission.cells],
                         lost=lost_definitions(submission.cells))
            for cell, outcome in zip(submission.cells, session.load_report.cells):
                if not outcome.ok:
                    result.load_notes.append(f"cell {cell.index}: {outcome.kind}: {outcome.error_type} "
                                             f"{outcome.message}".strip())
            result.load_notes += _repair_notes(session, submission)
            if session.student is None:
                result.load_notes.append(f"could not inspect the submission: {session.problem}")
            else:
                result.adaptations.extend(session.student.interface.adaptations)
            ctx = CheckContext(assignment, session.game, session.student, sandbox=session.sandbox,
                               submission=submission, seed=seed, shared=shared or {},
                               budget=TaskBudgets.for_grading(assignment.limits, specs, quick=quick))
            reached: dict[str, list[str]] = {}  # package -> the checks whose calls reached its stand-in
            for task, spec in specs:
                if on_check_start:
                    on_check_start(task, spec.title)
                before = dict(session.sandbox.stand_ins_called)
                result.checks.append(run_check(ctx, task, spec))
                for package in stand_ins_reached(session.sandbox, before):
                    reached.setdefault(package, []).append(spec.title)
                if on_check:
                    on_check(result.checks[-1])
            result.flags += stand_in_flags(reached, session.sandbox.stand_ins_called)
            for agent in ctx.agents_found():
                result.adaptations.extend(n for n in agent.notes if n not in result.adaptations)
    except SandboxError as e:
        result.status, result.message = "error", f"the sandbox failed: {e}"
        done = {(c.task, c.check) for c in result.checks}
        result.checks += [_unrun(t, s, "error", result.message) for t, s in specs if (t, s.title) not in done]
    result.seconds = time.perf_counter() - start
    result.student_seconds = round(session.sandbox.student_seconds, 3) if session is not None else 0.0
    return result


def ungraded(path: str | Path, assignment_name: str, assignment: Assignment, status: str, message: str, *,
             public_only: bool = False) -> SubmissionResult:
    """A result whose checks could not run (a PDF, a broken file, a grading process that died):
    every check listed with 0 points and the reason, so that ``max_total`` stays right."""
    result = SubmissionResult(submission=submission_name(path), path=str(path), assignment=assignment_name,
                              status=status, message=message)
    check_status = "manual" if status == "manual" else "error"
    result.checks = [_unrun(task, spec, check_status, message) for task, spec in _specs(assignment, public_only)]
    return result


def _specs(assignment: Assignment, public_only: bool) -> list[tuple[str, CheckSpec]]:
    return [(task.name, spec) for task in assignment.tasks for spec in task.checks
            if not (public_only and spec.visibility == "hidden")]


def run_check(ctx: CheckContext, task: str, spec: CheckSpec) -> CheckResult:
    """Run one check; a bug in a check is reported as an error of that check, never a crash.

    A check whose calls reached the stand-in of a package the grader lacks says so, naming the
    package: its points rest on that refusal, not on the student's code, so a person should look."""
    start = time.perf_counter()
    thought = getattr(ctx.sandbox, "student_seconds", 0.0)
    called_before = dict(getattr(ctx.sandbox, "stand_ins_called", None) or {})
    try:
        outcome: Outcome = KINDS[spec.kind].run(ctx, spec)
    except Exception as e:  # noqa: BLE001 - a grader bug must not cost the other checks
        outcome = Outcome(0.0, f"internal error in the {spec.kind} check: {type(e).__name__}: {e}", status="error")
        outcome.message += "\n" + "".join(traceback.format_exc(limit=3))
    points = round(spec.points * max(0.0, min(1.0, outcome.fraction)), 2)
    outcome.message = "\n".join(fold_repeats(outcome.message.split("\n")))  # one line per failure, with its count
    spent = getattr(ctx.sandbox, "student_seconds", 0.0) - thought
    budget = getattr(ctx, "budget", None)
    if budget is not None:
        budget.charge(spec, spent)
    status, message = in_doubt(outcome.resolved_status(), outcome.message, ctx, spec.target)
    packages = stand_ins_reached(ctx.sandbox, called_before)
    if packages and status not in ("manual", "skipped"):  # its points rest on a package the grader lacks
        status, message = "review", f"{message}\n{_stand_in_words(packages)}: a person should grade this check".lstrip()
    return CheckResult(task=task, check=spec.title, points=points, max_points=spec.points,
                       status=status, message=message, visibility=spec.visibility,
                       boards=outcome.boards, moves=outcome.moves, seconds=round(time.perf_counter() - start, 3),
                       student_seconds=round(spent, 3))


def same_name_flags(graded: str | Path, same_name: Sequence[Path]) -> list[str]:
    """A flag listing the files handed in beside ``graded`` under its name: not graded, never lost."""
    if not same_name:
        return []
    names = ", ".join(p.name + ("/" if p.is_dir() else "") for p in same_name)
    other = "the other is" if len(same_name) == 1 else "the others are"
    return [f"has {names} beside it under the same name (one student's: {Path(graded).name} was graded, "
            f"{other} listed here for a person)"]


def stand_ins_reached(sandbox: object, before: dict[str, int]) -> list[str]:
    """The packages whose stand-in the sandbox's calls reached since ``before`` (its earlier counts)."""
    now = getattr(sandbox, "stand_ins_called", None) or {}
    return sorted(name for name, count in now.items() if count > before.get(name, 0))


def _stand_in_words(packages: list[str]) -> str:
    names = ", ".join(f"`{p}`" for p in packages)
    verb = "is" if len(packages) == 1 else "are"
    return f"your code called {names}, which {verb} not installed for grading (an inert stand-in answered)"


def stand_in_flags(reached: dict[str, list[str]], called: dict[str, int]) -> list[str]:
    """Flags for the instructor: each package the grader lacks that graded code called, with the checks
    whose points rest on it (or, when only probing reached it, the roles that may be missing)."""
    flags = []
    for package in sorted(called):
        checks = reached.get(package)
        where = (f"in {len(checks)} check(s): {', '.join(checks[:4])}{', ...' if len(checks) > 4 else ''}"
                 if checks else "while its functions were probed, so a role that uses it may be missing")
        flags.append(f"calls `{package}`, not installed for grading, {where}: a person should grade "
                     f"{'them' if checks else 'it'} (install `{package}` and grade again)")
    return flags


#: what a check in review adds to its message: the binder's evidence, and what its points mean
REVIEW_NOTE = "Needs a person: {evidence}. The points are provisional until a person confirms how your code was read."


def in_doubt(status: CheckStatus, message: str, ctx: CheckContext, target: str) -> tuple[CheckStatus, str]:
    """The status and message of a check whose target the binder is unsure of (``StudentGame.doubts``), or
    that lost points another role may have lost (``StudentGame.doubts_if_lost``), or failed outright where the
    grader's own guess may be why (``StudentGame.doubts_if_failed``): ``review``, the evidence appended; the
    points stay what the evidence gave. Hand-graded and skipped checks stay as they are: a person grades those
    already, or nothing was asked."""
    student = getattr(ctx, "student", None)
    evidence = student.doubts.get(target) if student is not None and target else None
    if not evidence and student is not None and target and status != "passed":
        evidence = getattr(student, "doubts_if_lost", {}).get(target)
    if not evidence and student is not None and target and status in ("failed", "error", "timeout"):
        evidence = getattr(student, "doubts_if_failed", {}).get(target)
    if not evidence or status in ("manual", "skipped"):
        return status, message
    note = REVIEW_NOTE.format(evidence=evidence.rstrip("."))
    return "review", f"{message}\n{note}" if message else note


def _unrun(task: str, spec: CheckSpec, status: str, message: str) -> CheckResult:
    return CheckResult(task=task, check=spec.title, points=0.0, max_points=spec.points, status=status,
                       message=message, visibility=spec.visibility)


def _load_notes(submission: Submission) -> list[str]:
    """What loading did, in words: problems, syntax errors, assignments kept alone, then the skipped
    statements, cut to a few lines and a count by reason (a notebook may skip hundreds of print() calls)."""
    notes = list(submission.problems)
    skipped: list[tuple[str, str]] = []
    for cell in submission.cells:
        if cell.syntax_error is not None:
            notes.append(f"cell {cell.index}: syntax error on line {cell.syntax_error.line}: "
                         f"{cell.syntax_error.message}")
        for s in cell.skipped:
            first = s.source.strip().splitlines()[0] if s.source.strip() else ""
            skipped.append((f"cell {cell.index}, line {s.line}: skipped `{first[:60]}` ({s.reason})", s.reason))
        for k in cell.kept_statements:
            if k.reason:  # an assignment kept out of a skipped statement
                notes.append(f"cell {cell.index}: kept `{k.source.strip().splitlines()[0][:60]}` alone: {k.reason}")
    shown = cut_lines([note for note, _ in skipped], LISTED_LINES)
    if len(shown) < len(skipped):
        reasons: dict[str, int] = {}
        for _, reason in skipped[LISTED_LINES:]:
            reasons[reason] = reasons.get(reason, 0) + 1
        common = sorted(reasons.items(), key=lambda item: -item[1])
        said = ", ".join(f"{reason}: {count}" for reason, count in common[:3]) + (", ..." if len(common) > 3 else "")
        shown[-1] = f"... and {len(skipped) - LISTED_LINES} more statements skipped ({said})"
    return notes + shown


def _repair_notes(session: Session, submission: Submission) -> list[str]:
    """What the worker repaired while loading: packages it replaced by stand-ins, and numpy 1
    names (``np.Inf``) it restored that the kept code uses."""
    report = session.repairs  # from the student's process: trust nothing
    notebook_index = dict(session.sandbox.cell_numbers or {})
    notes = []
    for stand_in in report.get("stand_ins") or ():
        if type(stand_in) is not dict or type(stand_in.get("module")) is not str:
            continue
        cell = stand_in.get("cell")
        where = notebook_index.get(cell) if type(cell) is int else None
        module, needs, given = stand_in["module"], stand_in.get("needs"), stand_in.get("textbook")
        why = f"cannot be imported (it needs `{needs}`)" if needs else "is not installed"
        if type(given) is list and given:
            names = ", ".join(str(n) for n in given[:6]) + (", ..." if len(given) > 6 else "")
            notes.append(f"{f'cell {where}: ' if where is not None else ''}`{module}` {why} for grading: it is the "
                         f"textbook's module, so the grader gave it the textbook's {names} for your code to build "
                         "on; anything else taken from it is not your code, and graded code that calls it fails")
            continue
        notes.append(f"{f'cell {where}: ' if where is not None else ''}`{module}` {why} for grading: the grader "
                     "replaced it with a stand-in so the rest of the cell loads; graded code that calls it fails")
    restored = report.get("numpy_restored")
    restored = restored if type(restored) is dict else {}
    for name, where in sorted(numpy_attributes(submission.cells).items(), key=lambda item: item[1]):
        if type(restored.get(name)) is str:
            notes.append(f"cell {where}: uses np.{name}, removed in numpy 2: restored for grading "
                         f"(today's spelling: {restored[name]})")
    return notes

