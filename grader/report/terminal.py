"""What ``grader check`` prints for a student: pytest's shape, with the boards.

One line per check (status, name, points), then a section per check that did not pass with its
message, the board as text, the call, expected and returned, then adaptations and load notes,
and a final line that counts checks and points. Colour is ANSI, only when asked for; student text
is made printable first, so a returned string cannot move the cursor or recolour the terminal.
"""

from __future__ import annotations

from typing import Sequence

from grader.report.check_text import HIDDEN_DETAILS_NOTE, STATUS_LABELS, board_lines, printable, shows_details
from grader.report.tally import format_points, score_split, score_text, status_counts, tally_tasks
from grader.results import SubmissionResult

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
STATUS_COLORS = {
    "passed": "\x1b[32m",  # green
    "partial": "\x1b[33m",  # yellow
    "failed": "\x1b[31m",  # red
    "error": "\x1b[31m",
    "timeout": "\x1b[31m",
    "manual": "\x1b[36m",  # cyan
    "skipped": "\x1b[2m",  # dim
}
GREEN, YELLOW, RED = STATUS_COLORS["passed"], STATUS_COLORS["partial"], STATUS_COLORS["failed"]


def format_check_report(
    result: SubmissionResult,
    color: bool = False,
    *,
    tasks: Sequence[str] = (),
    reveal_hidden: bool = False,
    width: int = 80,
) -> str:
    """The self-check report for one submission, lines of at most about ``width`` characters."""

    def paint(text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if color and code else text

    def rule(title: str, char: str, code: str = "") -> str:
        title = f" {title} " if title else ""
        left = max(3, (width - len(title)) // 2)
        right = max(3, width - len(title) - left)
        return paint(char * left + title + char * right, code)

    def spaced(left: str, right: str, indent: int = 0) -> str:
        return left + " " * max(1, width - indent - len(left) - len(right)) + right

    lines = [rule(f"{printable(result.assignment)}: {printable(result.submission)}", "=", BOLD)]
    lines += [paint("check the assignment: ", YELLOW) + f"this notebook {printable(flag)}" for flag in result.flags]
    if result.status != "graded" or result.message:
        label = {"graded": "note", "error": "ERROR", "manual": "graded by hand"}[result.status]
        code = RED if result.status == "error" else ""
        lines.append(paint(f"{label}: ", code) + printable(result.message))
    tallies = tally_tasks(result, tasks)
    for tally in tallies:
        points = "by hand" if tally.manual_only else f"{format_points(tally.points)} / {format_points(tally.max_points)}"
        lines.append("")
        lines.append(paint(spaced(printable(tally.task), points), BOLD))
        for check in tally.checks:
            label = f"{STATUS_LABELS[check.status]:<8}"
            name = printable(check.check) + (" (hidden)" if check.visibility == "hidden" else "")
            name += " (graded by hand)" if check.by_hand else ""
            score = (f"- / {format_points(check.max_points)}" if check.status == "manual"
                     else f"{format_points(check.points)} / {format_points(check.max_points)}")
            row = spaced(f"  {label} {name}", score)
            lines.append(row.replace(label, paint(label, STATUS_COLORS[check.status]), 1))

    troubles = [c for t in tallies for c in t.checks if c.status not in ("passed", "manual")]
    if troubles:
        lines += ["", rule("what to fix", "-", RED)]
        for check in troubles:
            lines += ["", rule(f"{printable(check.task)} :: {printable(check.check)}", "_", STATUS_COLORS[check.status])]
            lines.append(paint(STATUS_LABELS[check.status], STATUS_COLORS[check.status])
                         + f"  {format_points(check.points)} / {format_points(check.max_points)} points")
            if check.message:
                lines += printable(check.message).splitlines()
            if check.boards and not shows_details(check, reveal_hidden):
                lines.append(HIDDEN_DETAILS_NOTE)
            elif check.boards:
                for board in check.boards:
                    lines.append("")
                    for line in board_lines(board):
                        if color and line.startswith("expected:"):
                            line = paint("expected:", GREEN) + line[len("expected:"):]
                        elif color and line.startswith("returned:"):
                            line = paint("returned:", RED) + line[len("returned:"):]
                        lines.append("    " + line)

    if result.adaptations:
        lines += ["", paint("How the grader adapted to your code:", BOLD)]
        lines += [f"  - {printable(a)}" for a in result.adaptations]
    if result.load_notes:
        lines += ["", paint("While loading your notebook:", BOLD)]
        lines += [f"  - {printable(n)}" for n in result.load_notes]
    if result.isolation:
        lines += ["", f"isolation: {printable(result.isolation)}"]

    counts = status_counts(result.checks)
    summary = ", ".join(f"{n} {s}" for s, n in counts.items()) or "no checks"
    summary += f": {score_text(result)}" + ("" if score_split(result).items else " points")
    if any(s in counts for s in ("failed", "error", "timeout")) or result.status == "error":
        final = RED
    elif "partial" in counts or "skipped" in counts:
        final = YELLOW
    else:
        final = GREEN
    lines += ["", rule(summary, "=", final + BOLD)]
    return "\n".join(lines) + "\n"
