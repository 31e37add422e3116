"""Grading the folder a platform hands over (Gradescope's ``/autograder/submission/``, PrairieLearn's
``/grade/student/``) as ``grader grade`` grades a student's folder: the same file picked (a notebook
before a ``.py`` before an HTML export, the most recently modified of a kind), and the result says which
file was graded and which were not. Nothing here raises for what a student uploads."""

from __future__ import annotations

from pathlib import Path

from grader.grading import grade_submission, ungraded
from grader.load import choose_file
from grader.results import SubmissionResult
from grader.rubric import Assignment

#: what a student should upload, said when they uploaded nothing gradable
WHAT_TO_UPLOAD = "upload your notebook (.ipynb; a .py file or the HTML of `jupyter nbconvert --to html` also work)"


def grade_submission_folder(folder: str | Path, assignment_name: str, assignment: Assignment, *,
                            seed: int = 0) -> SubmissionResult:
    """Grade the submission in ``folder`` against ``assignment``; an empty or missing folder is an error
    result that says nothing was submitted."""
    folder = Path(folder)
    chosen, others = choose_file(folder) if folder.is_dir() else (None, [])
    if chosen is None:
        return ungraded(folder, assignment_name, assignment, "error",
                        f"nothing was submitted ({folder} holds no file): {WHAT_TO_UPLOAD}")
    result = grade_submission(folder, assignment_name, assignment, seed=seed)
    picked = picked_words(folder, chosen, others)
    if result.status == "manual":  # a report, not code: the student should know nothing ran, and what to do
        result.message = (f"{picked}. It is not a notebook, a .py file or the HTML of `jupyter nbconvert --to html`, "
                          f"so no check could run; it is listed for a person to grade. To be graded automatically, "
                          f"{WHAT_TO_UPLOAD}.")
    else:
        result.message = f"{picked}; {result.message}" if result.message else picked
    return result


def picked_words(folder: Path, chosen: Path, others: list[Path]) -> str:
    """Which file was picked to grade and which were not, in a sentence (paths relative to ``folder``)."""
    words = f"Submission file: {chosen.relative_to(folder)}"
    if others:
        names = ", ".join(str(p.relative_to(folder)) for p in others)
        words += (f"; not graded: {names} (a notebook is picked before a .py file before an HTML export, and of "
                  "several of a kind the most recently modified)")
    return words
