"""Gradescope autograder results: ``results.json`` in the format Gradescope's autograder reads.

Format (Gradescope autograder specification): a top-level ``score``, ``execution_time`` (seconds),
``output`` (text for the whole submission), ``visibility`` and ``stdout_visibility``, a list of
``tests`` with ``name``, ``number``, ``score``, ``max_score``, ``status`` ("passed"/"failed"),
``output`` and ``visibility``, and an optional ``leaderboard`` of ``{name, value, order}``.

Choices made here:

- Public checks are ``"visible"``. Hidden checks default to ``"after_published"``: a student learns
  which hidden checks cost points once the grades are published, when resubmitting can no longer
  fit the hidden boards. Pass ``hidden_visibility="hidden"`` to keep them from students for good.
  Their boards and expected answers are left out unless ``reveal_hidden=True`` (as in every report).
- Checks graded by hand (status ``manual``) are tests at 0 points of their maximum, with a note that a
  person grades them (on Gradescope, as questions of their own): the student sees every item the
  rubric has, and ``score``, the sum of the tests, is the automatic points until then. They carry no
  ``status``, which would call a placeholder a failure. They are also named in the top-level ``output``.
- Any status other than ``passed`` (partial credit included) is ``"failed"``; the test's own
  ``output`` starts with the grader's status word, so "PARTIAL" and "TIMEOUT" stay visible. A check in
  ``review`` (a person must confirm how the grader read the code) is ``"passed"`` at full points and
  ``"failed"`` below; its output starts with "REVIEW" and ends with the evidence, and the top-level
  ``output`` names every such check with its provisional points.
- ``stdout_visibility`` defaults to ``"hidden"``: the grader's log may mention hidden boards.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Literal, Mapping, Sequence

from grader.report.check_text import FLAG_HEADLINE, STATUS_LABELS, check_detail_text, printable
from grader.report.files import submission_filename, write_text
from grader.report.tally import (NEEDS_A_PERSON, format_points, in_review, ordered_tasks, score_split, score_text,
                                 status_counts)
from grader.results import CheckResult, SubmissionResult

GradescopeVisibility = Literal["visible", "hidden", "after_due_date", "after_published"]
GRADESCOPE_VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")
LEADERBOARD_ORDERS = ("asc", "desc")


def _check_visibility(value: str, argument: str) -> None:
    if value not in GRADESCOPE_VISIBILITIES:
        raise ValueError(f"{argument}={value!r} is not a Gradescope visibility; use one of {GRADESCOPE_VISIBILITIES}")


def validate_leaderboard(leaderboard: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Leaderboard entries as Gradescope wants them: ``name`` (text), ``value`` (number or text), ``order``.

    ``order`` is optional (Gradescope sorts ``"desc"`` by default); anything else is refused with
    the entry's position named.
    """
    entries = []
    for position, entry in enumerate(leaderboard):
        unknown = set(entry) - {"name", "value", "order"}
        if unknown:
            raise ValueError(f"leaderboard entry {position} has unknown keys {sorted(unknown)}; allowed: name, value, order")
        if not isinstance(entry.get("name"), str) or not entry["name"]:
            raise ValueError(f"leaderboard entry {position} needs a non-empty text 'name', got {entry.get('name')!r}")
        value = entry.get("value")
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError(f"leaderboard entry {position} ({entry['name']!r}) needs a number or text 'value', got {value!r}")
        cleaned = {"name": entry["name"], "value": value}
        if "order" in entry:
            if entry["order"] not in LEADERBOARD_ORDERS:
                raise ValueError(f"leaderboard entry {position} ({entry['name']!r}) has order {entry['order']!r}; use 'asc' or 'desc'")
            cleaned["order"] = entry["order"]
        entries.append(cleaned)
    return entries


#: what a hand-graded item's test says until a person has graded it
MANUAL_TEST_NOTE = ("Graded by hand: a person grades this item (on Gradescope, as a question of its own). "
                    "The 0 here holds its place; it is not a grade.")


def _test_output(check: CheckResult, reveal_hidden: bool) -> str:
    if check.status == "manual":
        return f"{STATUS_LABELS['manual']}: 0 / {format_points(check.max_points)} points\n\n{MANUAL_TEST_NOTE}" + (
            f"\n{printable(check.message)}" if check.message and check.message != "graded by hand" else "")
    head = f"{STATUS_LABELS[check.status]}: {format_points(check.points)} / {format_points(check.max_points)} points"
    detail = check_detail_text(check, reveal_hidden)
    return head + ("\n\n" + detail if detail else "")


def _summary_output(result: SubmissionResult, tests: list[dict[str, Any]], manual: list[CheckResult]) -> str:
    score = sum(t["score"] for t in tests)
    max_score = sum(t["max_score"] for t in tests)
    counts = status_counts(c for c in result.checks if c.status != "manual")
    lines = [f"{result.assignment}: {score_text(result)}." if score_split(result).items
             else f"{result.assignment}: {format_points(score)} / {format_points(max_score)} autograded points."]
    lines += [f"{FLAG_HEADLINE}: this submission {printable(flag)}." for flag in result.flags]
    if counts:
        lines.append("Checks: " + ", ".join(f"{n} {s}" for s, n in counts.items()) + ".")
    if result.status != "graded":
        lines.append(f"Status: {result.status}." + (f" {printable(result.message)}" if result.message else ""))
    elif result.message:
        lines.append(printable(result.message))
    review = in_review(result)
    if review:
        lines.append(f"Provisional, {NEEDS_A_PERSON} (the grader is unsure it read your code as you meant it): "
                     + "; ".join(f"{printable(c.check)} ({format_points(c.points)} / {format_points(c.max_points)})"
                                 for c in review) + ".")
    if manual:
        lines.append("Graded by hand: " + "; ".join(
            f"{printable(c.task)}: {printable(c.check)} ({format_points(c.max_points)} points)" for c in manual) + ".")
    if result.adaptations:
        lines.append("How the grader adapted to your code:")
        lines += [f"- {printable(a)}" for a in result.adaptations]
    if result.load_notes:
        lines.append("While loading your notebook:")
        lines += [f"- {printable(n)}" for n in result.load_notes]
    if result.isolation:
        lines.append(f"Isolation: {printable(result.isolation)}.")
    return "\n".join(lines)


def gradescope_results(
    result: SubmissionResult,
    tasks: Sequence[str] = (),
    leaderboard: Sequence[Mapping[str, Any]] | None = None,
    *,
    visibility: GradescopeVisibility = "visible",
    hidden_visibility: GradescopeVisibility = "after_published",
    stdout_visibility: GradescopeVisibility = "hidden",
    reveal_hidden: bool = False,
) -> dict[str, Any]:
    """The ``results.json`` content for one submission (a dict ready for :func:`json.dumps`).

    Tests are numbered ``"<task>.<check>"`` by the task's place in ``tasks`` (rubric order) and the
    check's place within its task.
    """
    for value, argument in ((visibility, "visibility"), (hidden_visibility, "hidden_visibility"),
                            (stdout_visibility, "stdout_visibility")):
        _check_visibility(value, argument)
    task_numbers = {task: i for i, task in enumerate(ordered_tasks([result], tasks), start=1)}
    within_task: dict[str, int] = {}
    tests: list[dict[str, Any]] = []
    manual: list[CheckResult] = []
    for check in result.checks:
        within_task[check.task] = within_task.get(check.task, 0) + 1
        test = {
            "name": f"{check.task} - {check.check}",
            "number": f"{task_numbers[check.task]}.{within_task[check.task]}",
            "score": round(check.points, 4),
            "max_score": round(check.max_points, 4),
            "status": "passed" if check.status == "passed" or (check.status == "review"
                                                               and check.points >= check.max_points) else "failed",
            "output": _test_output(check, reveal_hidden),
            "visibility": "visible" if check.visibility == "public" else hidden_visibility,
        }
        if check.status == "manual":
            manual.append(check)
            del test["status"]
        tests.append(test)
    payload: dict[str, Any] = {
        "score": round(sum(t["score"] for t in tests), 4),
        "execution_time": round(result.seconds, 2),
        "output": _summary_output(result, tests, manual),
        "visibility": visibility,
        "stdout_visibility": stdout_visibility,
        "tests": tests,
    }
    if leaderboard:
        payload["leaderboard"] = validate_leaderboard(leaderboard)
    return payload


def write_gradescope(
    result: SubmissionResult,
    out_dir: str | os.PathLike[str],
    tasks: Sequence[str] = (),
    leaderboard: Sequence[Mapping[str, Any]] | None = None,
    **options: Any,
) -> Path:
    """Write ``out_dir/gradescope/<submission>/results.json``; return its path (same input, same bytes).

    ``options`` are those of :func:`gradescope_results`. Inside a Gradescope container, write
    ``gradescope_results(...)`` to ``/autograder/results/results.json`` instead.
    """
    payload = gradescope_results(result, tasks, leaderboard, **options)
    path = Path(out_dir) / "gradescope" / submission_filename(result.submission) / "results.json"
    return write_text(path, json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
