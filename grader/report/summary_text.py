"""A submission told in a few plain lines: the top-level text of the platforms' results (Gradescope's
``output``, PrairieLearn's ``message``), the same words on both."""

from __future__ import annotations

from grader.report.check_text import FLAG_HEADLINE, printable
from grader.report.tally import NEEDS_A_PERSON, format_points, in_review, score_split, score_text, status_counts
from grader.results import SubmissionResult


def summary_text(result: SubmissionResult) -> str:
    """The score, flags, check counts, status, checks in review, items graded by hand, adaptations, load
    notes and isolation of ``result``, one line (or list) each."""
    manual = [c for c in result.checks if c.status == "manual"]
    counts = status_counts(c for c in result.checks if c.status != "manual")
    lines = [f"{result.assignment}: {score_text(result)}." if score_split(result).items
             else f"{result.assignment}: {format_points(result.total)} / {format_points(result.max_total)} "
                  "autograded points."]
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
    if manual and len(manual) == len(result.checks):
        lines.append(f"Graded by hand: every item of the rubric ({format_points(result.max_total)} points).")
    elif manual:
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
