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
  person grades them (on Gradescope, as questions of their own, or by the instructor's own means): the
  student sees every item the rubric has, and ``score``, the sum of the tests, is the automatic points until then. They carry no
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

from grader.report.check_text import check_text
from grader.report.files import submission_filename, write_text
from grader.report.summary_text import summary_text
from grader.report.tally import ordered_tasks
from grader.results import SubmissionResult

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
    for check in result.checks:
        within_task[check.task] = within_task.get(check.task, 0) + 1
        test = {
            "name": f"{check.task} - {check.check}",
            "number": f"{task_numbers[check.task]}.{within_task[check.task]}",
            "score": round(check.points, 4),
            "max_score": round(check.max_points, 4),
            "status": "passed" if check.status == "passed" or (check.status == "review"
                                                               and check.points >= check.max_points) else "failed",
            "output": check_text(check, reveal_hidden),
            "visibility": "visible" if check.visibility == "public" else hidden_visibility,
        }
        if check.status == "manual":
            del test["status"]
        tests.append(test)
    payload: dict[str, Any] = {
        "score": round(sum(t["score"] for t in tests), 4),
        "execution_time": round(result.seconds, 2),
        "output": summary_text(result),
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
