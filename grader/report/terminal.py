"""What ``grader check`` prints for a student: pytest's shape, with the boards.

One line per check (status, name, points), then a section per check that did not pass with its
message, the board as text, the call, expected and returned (checks in review, which a person must
confirm, under "needs a person" rather than "what to fix"; those the quick budget of ``grader check``
stopped, under "quick verdict"), then adaptations and load notes, and a
final line that counts checks and points. Colour is ANSI, only when asked for; student text
is made printable first, so a returned string cannot move the cursor or recolour the terminal.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Sequence, TextIO

from grader.report.check_text import (HIDDEN_DETAILS_NOTE, STATUS_LABELS, board_lines, printable,
                                     same_message_groups, shows_details)
from grader.report.tally import NEEDS_A_PERSON, format_points, score_split, score_text, status_counts, tally_tasks
from grader.results import CheckResult, SubmissionResult

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
STATUS_COLORS = {
    "passed": "\x1b[32m",  # green
    "partial": "\x1b[33m",  # yellow
    "failed": "\x1b[31m",  # red
    "error": "\x1b[31m",
    "timeout": "\x1b[31m",
    "review": "\x1b[35m",  # magenta
    "manual": "\x1b[36m",  # cyan
    "skipped": "\x1b[2m",  # dim
}
GREEN, YELLOW, RED = STATUS_COLORS["passed"], STATUS_COLORS["partial"], STATUS_COLORS["failed"]


@dataclass(frozen=True)
class _Style:
    """How lines are drawn: colour or not, and the width to fill."""

    color: bool = False
    width: int = 80

    def paint(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.color and code else text

    def rule(self, title: str, char: str, code: str = "") -> str:
        title = f" {title} " if title else ""
        left = max(3, (self.width - len(title)) // 2)
        right = max(3, self.width - len(title) - left)
        return self.paint(char * left + title + char * right, code)

    def spaced(self, left: str, right: str) -> str:
        return left + " " * max(1, self.width - len(left) - len(right)) + right


def format_check_report(
    result: SubmissionResult,
    color: bool = False,
    *,
    tasks: Sequence[str] = (),
    reveal_hidden: bool = False,
    width: int = 80,
) -> str:
    """The self-check report for one submission, lines of at most about ``width`` characters."""
    style = _Style(color, width)
    lines = _heading(style, result.assignment, result.submission, result.flags) + _status_lines(style, result)
    for tally in tally_tasks(result, tasks):
        points = "by hand" if tally.manual_only else f"{format_points(tally.points)} / {format_points(tally.max_points)}"
        lines += ["", style.paint(style.spaced(printable(tally.task), points), BOLD)]
        lines += [_check_row(style, check) for check in tally.checks]
    return "\n".join(lines + _ending(style, result, tasks, reveal_hidden)) + "\n"


class LiveCheckReport:
    """The self-check report printed as grading goes: the heading at once, each check as it finishes
    (a slow agent no longer looks like a hung program), what to fix and the summary at the end.

    On a terminal the check being run is shown too, on the line its result then replaces."""

    def __init__(self, assignment: str, submission: str, flags: Sequence[str] = (), *, color: bool = False,
                 tasks: Sequence[str] = (), reveal_hidden: bool = False, width: int = 80,
                 out: TextIO | None = None) -> None:
        self.style, self.tasks, self.reveal_hidden = _Style(color, width), tasks, reveal_hidden
        self.out = out or sys.stdout
        self.task: str | None = None
        self.running = ""  # the line saying which check runs, while it is on the screen
        self._print(_heading(self.style, assignment, submission, flags))

    def check_started(self, task: str, title: str) -> None:
        """Say which check runs (on a terminal only: elsewhere the line would stay in the log)."""
        self._task_heading(task)
        if self.out.isatty():
            self.running = f"  {'running':<8} {printable(title)}"[: self.style.width]
            self.out.write(self.running)
            self.out.flush()

    def check_done(self, check: CheckResult) -> None:
        """Print one finished check (and its task's name when it is the task's first)."""
        self._task_heading(check.task)
        if self.running:
            self.out.write("\r" + " " * len(self.running) + "\r")
            self.running = ""
        self._print([_check_row(self.style, check)])

    def _task_heading(self, task: str) -> None:
        if task != self.task:
            self.task = task
            self._print(["", self.style.paint(printable(task), BOLD)])

    def finish(self, result: SubmissionResult) -> None:
        """Print the submission's status, what to fix, the notes and the summary line."""
        status = _status_lines(self.style, result)
        self._print(([""] + status if status else []) + _ending(self.style, result, self.tasks, self.reveal_hidden))

    def _print(self, lines: list[str]) -> None:
        self.out.write("".join(line + "\n" for line in lines))
        self.out.flush()


def _heading(style: _Style, assignment: str, submission: str, flags: Sequence[str]) -> list[str]:
    lines = [style.rule(f"{printable(assignment)}: {printable(submission)}", "=", BOLD)]
    return lines + [style.paint("check the assignment: ", YELLOW) + f"this notebook {printable(flag)}" for flag in flags]


def _status_lines(style: _Style, result: SubmissionResult) -> list[str]:
    if result.status == "graded" and not result.message:
        return []
    label = {"graded": "note", "error": "ERROR", "manual": "graded by hand"}[result.status]
    return [style.paint(f"{label}: ", RED if result.status == "error" else "") + printable(result.message)]


def _check_row(style: _Style, check: CheckResult) -> str:
    label = f"{STATUS_LABELS[check.status]:<8}"
    name = printable(check.check) + (" (hidden)" if check.visibility == "hidden" else "")
    name += " (graded by hand)" if check.by_hand else ""
    name += f" ({_review_words(check)})" if check.status == "review" else ""
    row = style.spaced(f"  {label} {name}", _points(check))
    return row.replace(label, style.paint(label, STATUS_COLORS[check.status]), 1)


#: what a check in review is called in the row and its section when ``grader check``'s quick budget stopped it
QUICK = "quick verdict"


def _review_words(check: CheckResult) -> str:
    """Why a check is in review, in the row: its quick budget ran out, or a person must confirm it."""
    return QUICK if check.quick else NEEDS_A_PERSON


def _points(check: CheckResult) -> str:
    if check.status == "manual":
        return f"- / {format_points(check.max_points)}"
    return f"{format_points(check.points)} / {format_points(check.max_points)}"


def _ending(style: _Style, result: SubmissionResult, tasks: Sequence[str], reveal_hidden: bool) -> list[str]:
    """What to fix, then what needs a person (checks in review), each check with the same message and no
    board told once; the notes; the summary."""
    checks = [c for t in tally_tasks(result, tasks) for c in t.checks]
    lines = _cards(style, "what to fix", RED, [c for c in checks if c.status not in ("passed", "manual", "review")],
                   reveal_hidden)
    lines += _cards(style, f"{NEEDS_A_PERSON}: provisional points", STATUS_COLORS["review"],
                    [c for c in checks if c.status == "review" and not c.quick], reveal_hidden)
    lines += _cards(style, f"{QUICK}: provisional points, grading may ask more", STATUS_COLORS["review"],
                    [c for c in checks if c.status == "review" and c.quick], reveal_hidden)
    if result.adaptations:
        lines += ["", style.paint("How the grader adapted to your code:", BOLD)]
        lines += [f"  - {printable(a)}" for a in result.adaptations]
    if result.load_notes:
        lines += ["", style.paint("While loading your notebook:", BOLD)]
        lines += [f"  - {printable(n)}" for n in result.load_notes]
    if result.isolation:
        lines += ["", f"isolation: {printable(result.isolation)}"]

    counts = status_counts(result.checks)
    summary = ", ".join(f"{n} {s}" for s, n in counts.items()) or "no checks"
    summary += f": {score_text(result)}" + ("" if score_split(result).items else " points")
    if any(s in counts for s in ("failed", "error", "timeout")) or result.status == "error":
        final = RED
    elif "partial" in counts or "skipped" in counts or "review" in counts:
        final = YELLOW
    else:
        final = GREEN
    return lines + ["", style.rule(summary, "=", final + BOLD)]


def _cards(style: _Style, title: str, colour: str, checks: Sequence[CheckResult], reveal_hidden: bool) -> list[str]:
    """A section of ``checks`` under ``title``: one card per distinct message, with its boards."""
    lines = ["", style.rule(title, "-", colour)] if checks else []
    for group in same_message_groups(checks):
        check = group[0]
        more = f" (and {len(group) - 1} more, same message)" if len(group) > 1 else ""
        lines += ["", style.rule(f"{printable(check.task)} :: {printable(check.check)}{more}", "_",
                                 STATUS_COLORS[check.status])]
        lines.append(style.paint(STATUS_LABELS[check.status], STATUS_COLORS[check.status]) + f"  {_points(check)} points")
        if check.message:
            lines += printable(check.message).splitlines()
        if check.boards and not shows_details(check, reveal_hidden):
            lines.append(HIDDEN_DETAILS_NOTE)
        elif check.boards:
            for board in check.boards:
                lines.append("")
                for line in board_lines(board):
                    if style.color and line.startswith("expected:"):
                        line = style.paint("expected:", GREEN) + line[len("expected:"):]
                    elif style.color and line.startswith("returned:"):
                        line = style.paint("returned:", RED) + line[len("returned:"):]
                    lines.append("    " + line)
        lines += [f"  the same for {printable(c.task)} :: {printable(c.check)}: {STATUS_LABELS[c.status]} "
                  f"{_points(c)} points" for c in group[1:]]
    return lines
