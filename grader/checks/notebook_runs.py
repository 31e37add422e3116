"""The notebook runs top to bottom in a fresh kernel, as nbgrader and otter run it.

Every code cell is executed in order under a per-cell and a total time cap; an error or a timeout
does not stop the run, so the message can list every cell that failed. Credit is all or nothing, or
with ``params.partial: true`` the share of code cells that ran ok.

The kernel runs confined (:mod:`grader.sandbox.kernel`), in a fresh working folder.

Params: ``cell_seconds`` (60), ``total_seconds`` (300), ``partial`` (false), ``memory_mb`` (the
assignment's limit). Only .ipynb submissions are run: a .py or .html file is not the notebook the
course asks for, so it scores 0 with status "skipped" and a message saying why.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from grader.check_params import NotebookRunsParams
from grader.checks.base import FileCheck, Outcome, share
from grader.checks.context import CheckContext
from grader.load.full_run import ERROR, NOT_RUN, OK, TIMEOUT, FullRun, run_notebook
from grader.load.sources import UnreadableSubmission

if TYPE_CHECKING:
    from grader.load.submission import Submission
    from grader.rubric import CheckSpec

_SHOWN_FAILURES = 5


class NotebookRuns(FileCheck):
    """The notebook runs top to bottom in a confined kernel."""

    Params = NotebookRunsParams
    uses_file_to = "run"

    def judge_file(self, ctx: CheckContext, spec: CheckSpec, submission: Submission) -> Outcome:
        path = Path(submission.path)
        if submission.kind != "ipynb" or path.suffix.lower() != ".ipynb":
            return Outcome(0.0, f"{path.name} is not a Jupyter notebook (.ipynb), so it was not run top to bottom;"
                                " submit the .ipynb file to earn these points", status="skipped")
        params = spec.settings
        cell_seconds, total_seconds = params.cell_seconds, params.total_seconds
        memory_mb = ctx.assignment.limits.memory_mb if params.memory_mb is None else params.memory_mb
        try:
            full = run_notebook(path, cell_timeout=cell_seconds, total_timeout=total_seconds, memory_mb=memory_mb)
        except UnreadableSubmission as err:
            return Outcome(0.0, str(err), status="error")
        except Exception as err:  # the kernel did not start: our problem or the machine's, not the student's
            return Outcome(0.0, f"the notebook could not be run: {type(err).__name__}: {err}", status="error")
        return judge_run(full, cell_seconds=cell_seconds, partial=params.partial)


def judge_run(full: FullRun, *, cell_seconds: float, partial: bool) -> Outcome:
    """Credit and a message from a finished run: the first failing cell first, then the others."""
    cells = full.cells
    if not cells:
        return Outcome(0.0, "the notebook has no code cells to run")
    ok = sum(c.status == OK for c in cells)
    if ok == len(cells):
        return Outcome(1.0, f"all {len(cells)} code cells ran without an error in {full.elapsed:.1f} s")
    failed = [c for c in cells if c.status in (ERROR, TIMEOUT)]
    not_run = [c for c in cells if c.status == NOT_RUN]
    parts = [f"{ok} of {len(cells)} code cells ran ok"]
    for c in failed[:_SHOWN_FAILURES]:
        if c.status == TIMEOUT:
            parts.append(f"cell {c.index} was stopped at the {cell_seconds:g} s limit per cell")
        else:
            detail = _first_line(c.evalue)
            parts.append(f"cell {c.index} raised {c.ename}" + (f": {detail}" if detail else ""))
    if len(failed) > _SHOWN_FAILURES:
        parts.append(f"and {len(failed) - _SHOWN_FAILURES} more cell(s) failed")
    if not_run:
        parts.append(f"{len(not_run)} cell(s) were not run (from cell {not_run[0].index})")
    parts.extend(full.problems)
    fraction = share(ok, len(cells)) if partial else 0.0
    any_timeout = any(c.status == TIMEOUT for c in cells) or bool(not_run)
    status = "timeout" if any_timeout and not partial else None
    return Outcome(fraction, "; ".join(parts), status=status)


def _first_line(text: str, limit: int = 200) -> str:
    line = (text or "").strip().splitlines()[0] if (text or "").strip() else ""
    return line if len(line) <= limit else line[: limit - 3] + "..."
