"""PrairieLearn external-grader results: ``results.json`` in the format PrairieLearn reads.

Format (PrairieLearn's external grading documentation): ``gradable`` (false: the input could not be
graded, the student spends no attempt on it and ``format_errors`` says why), ``score`` between 0 and 1,
a ``message`` and an ``output`` for the whole submission, and ``tests``, each with ``name``,
``description``, ``points``, ``max_points``, ``message`` and ``output``. The file must stay under 1 MB.

Choices made here:

- ``score`` is the automatic points over the automatic maximum. Items graded by hand belong to the
  question's manual points in PrairieLearn: they are tests at 0 of their maximum with a note, as on
  Gradescope, and do not lower the score.
- A submission whose code never ran (nothing uploaded, an empty or broken file, a PDF report) or whose
  grading failed is ``gradable: false``: the student loses nothing and reads why in ``format_errors``.
- PrairieLearn shows every test as soon as grading ends, so hidden checks are tests too, with their
  points but without their boards and expected answers (as in every report).
- Each test's ``output`` is the same text as the Gradescope test's: the status, points, message and
  boards. Outputs are cut so that the whole file fits PrairieLearn's limit.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Sequence

from grader.report.check_text import check_text
from grader.report.files import write_text
from grader.report.summary_text import summary_text
from grader.report.tally import is_hand_graded, ordered_tasks
from grader.results import SubmissionResult

#: PrairieLearn refuses a results file above 1 MB; test outputs are cut to keep well under it
MAX_RESULTS_BYTES = 1_000_000
_CUT = "\n... (cut: the full text is in the instructor's report)"
#: a test's one-line message by the check's status (others: the status itself)
TEST_MESSAGES = {"review": "needs a person: the points are provisional", "manual": "graded by hand"}


def prairielearn_results(result: SubmissionResult, tasks: Sequence[str] = (), *,
                         reveal_hidden: bool = False) -> dict[str, Any]:
    """The ``results.json`` content for one submission (a dict ready for :func:`json.dumps`)."""
    automatic = [c for c in result.checks if not is_hand_graded(c)]
    automatic_max = sum(c.max_points for c in automatic)
    task_order = {task: i for i, task in enumerate(ordered_tasks([result], tasks))}
    tests = [{
        "name": f"{check.task} - {check.check}",
        "description": check.task,
        "points": round(check.points, 4),
        "max_points": round(check.max_points, 4),
        "message": TEST_MESSAGES.get(check.status, check.status),
        "output": check_text(check, reveal_hidden),
    } for check in sorted(result.checks, key=lambda c: task_order[c.task])]
    summary = summary_text(result)
    payload: dict[str, Any] = {"gradable": result.status == "graded"}
    if payload["gradable"]:
        score = sum(c.points for c in automatic) / automatic_max if automatic_max else 1.0
        payload["score"] = round(min(1.0, max(0.0, score)), 6)
    else:
        payload["format_errors"] = [result.message or f"the submission could not be graded ({result.status})"]
    payload.update(message=summary.split("\n", 1)[0], output=summary, tests=tests)
    return _fitted(payload)


def _fitted(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with its longest test outputs cut until the JSON fits :data:`MAX_RESULTS_BYTES`."""
    while len(json.dumps(payload, ensure_ascii=False).encode()) > MAX_RESULTS_BYTES:
        longest = max(payload["tests"], key=lambda t: len(t["output"]), default=None)
        if longest is None or len(longest["output"]) <= 2000:
            payload["output"] = payload["output"][:100_000] + _CUT
            break
        longest["output"] = longest["output"][:len(longest["output"]) // 2] + _CUT
    return payload


def write_prairielearn(result: SubmissionResult, path: str | os.PathLike[str], tasks: Sequence[str] = (),
                       **options: Any) -> Path:
    """Write ``prairielearn_results(...)`` to ``path`` (``/grade/results/results.json`` in the container)."""
    payload = prairielearn_results(result, tasks, **options)
    return write_text(path, json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
