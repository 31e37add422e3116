"""A check told in plain text: the words shared by the terminal, Gradescope and Markdown reports.

Student-derived text (messages quote returned values) may hold control characters, such as
terminal escape sequences that recolour or clear a screen; :func:`printable` shows them as
escapes instead of obeying them.
"""

from __future__ import annotations

import re

from typing import Sequence

from grader.report.tally import format_points
from grader.results import BoardShown, CheckResult

STATUS_LABELS = {
    "passed": "PASSED",
    "partial": "PARTIAL",
    "failed": "FAILED",
    "error": "ERROR",
    "timeout": "TIMEOUT",
    "review": "REVIEW",
    "manual": "MANUAL",
    "skipped": "SKIPPED",
}
HIDDEN_DETAILS_NOTE = "Details of hidden checks (their boards and expected answers) are not shown."

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` with control characters (ANSI escapes, bidi overrides, ...) shown as ``\\x1b``-style escapes.

    Newlines and tabs are kept: messages and boards are multi-line.
    """
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def shows_details(check: CheckResult, reveal_hidden: bool) -> bool:
    """Whether the boards, calls and expected answers of ``check`` may be shown."""
    return check.visibility == "public" or reveal_hidden


#: the mark after a line of a returned drawing that differs from the expected one (text reports)
DIFFERS = "   <- differs"


def board_lines(board: BoardShown) -> list[str]:
    """A board as plain lines: caption, drawing, call, expected and returned (whichever are known)."""
    lines = [printable(board.caption)] if board.caption else []
    lines += printable(board.text).splitlines()
    for label, value in (("call", board.call), ("expected", board.expected), ("returned", marked_returned(board))):
        if value:
            first, *rest = printable(value).split("\n")
            lines.append(f"{label + ':':<9} {first}".rstrip())
            lines += [" " * 10 + line for line in rest]  # a drawing's lines under the value column
    return lines


def differing_lines(expected: str, returned: str) -> set[int]:
    """The lines of a returned drawing that differ from the same line of the expected one (by index);
    none unless both are drawings of several lines (a Dots and Boxes board, a Connect 4 board)."""
    wanted, got = expected.splitlines(), returned.splitlines()
    if len(wanted) < 3 or len(got) < 3:
        return set()
    return {i for i, line in enumerate(got) if i >= len(wanted) or line.rstrip() != wanted[i].rstrip()}


def marked_returned(board: BoardShown) -> str:
    """The returned value, each line of its drawing that differs from the expected drawing marked."""
    differs = differing_lines(board.expected, board.returned)
    if not differs:
        return board.returned
    return "\n".join(line + DIFFERS if i in differs else line for i, line in enumerate(board.returned.splitlines()))


def check_detail_text(check: CheckResult, reveal_hidden: bool = False) -> str:
    """The message of ``check`` and, unless withheld, its boards, as plain text (boards separated by a blank line)."""
    blocks = [printable(check.message)] if check.message else []
    if check.boards:
        if shows_details(check, reveal_hidden):
            blocks += ["\n".join(board_lines(board)) for board in check.boards]
        else:
            blocks.append(HIDDEN_DETAILS_NOTE)
    return "\n\n".join(blocks)


#: what an item graded by hand says until a person has graded it
MANUAL_NOTE = "Graded by hand: a person grades this item. The 0 here holds its place; it is not a grade."


def check_text(check: CheckResult, reveal_hidden: bool = False) -> str:
    """One check as a test of a platform's results shows it: ``STATUS: points / max points``, then its
    message and boards (:func:`check_detail_text`); an item graded by hand says so instead."""
    if check.status == "manual":
        note = printable(check.message) if check.message and check.message != "graded by hand" else ""
        return f"{STATUS_LABELS['manual']}: 0 / {format_points(check.max_points)} points\n\n{MANUAL_NOTE}" + (
            f"\n{note}" if note else "")
    head = f"{STATUS_LABELS[check.status]}: {format_points(check.points)} / {format_points(check.max_points)} points"
    detail = check_detail_text(check, reveal_hidden)
    return head + ("\n\n" + detail if detail else "")


def same_message_groups(checks: Sequence[CheckResult]) -> list[list[CheckResult]]:
    """``checks`` in order, those without boards that say the same thing (an agent that was not found,
    for each of its checks) gathered under the first, so that a report tells it once."""
    groups: list[list[CheckResult]] = []
    by_message: dict[tuple[str, str], list[CheckResult]] = {}
    for check in checks:
        key = (check.status, check.message)
        if check.boards or not check.message:
            groups.append([check])
        elif key in by_message:
            by_message[key].append(check)
        else:
            by_message[key] = [check]
            groups.append(by_message[key])
    return groups


#: how a flag is introduced ("For a person to check: this submission looks like Dots and Boxes, graded as Connect 4.")
FLAG_HEADLINE = "For a person to check"
