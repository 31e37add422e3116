"""A check told in plain text: the words shared by the terminal, Gradescope and Markdown reports.

Student-derived text (messages quote returned values) may hold control characters, such as
terminal escape sequences that recolour or clear a screen; :func:`printable` shows them as
escapes instead of obeying them.
"""

from __future__ import annotations

import re

from typing import Sequence

from grader.results import BoardShown, CheckResult

STATUS_LABELS = {
    "passed": "PASSED",
    "partial": "PARTIAL",
    "failed": "FAILED",
    "error": "ERROR",
    "timeout": "TIMEOUT",
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


def board_lines(board: BoardShown) -> list[str]:
    """A board as plain lines: caption, drawing, call, expected and returned (whichever are known)."""
    lines = [printable(board.caption)] if board.caption else []
    lines += printable(board.text).splitlines()
    for label, value in (("call", board.call), ("expected", board.expected), ("returned", board.returned)):
        if value:
            lines.append(f"{label + ':':<9} {printable(value)}")
    return lines


def check_detail_text(check: CheckResult, reveal_hidden: bool = False) -> str:
    """The message of ``check`` and, unless withheld, its boards, as plain text (boards separated by a blank line)."""
    blocks = [printable(check.message)] if check.message else []
    if check.boards:
        if shows_details(check, reveal_hidden):
            blocks += ["\n".join(board_lines(board)) for board in check.boards]
        else:
            blocks.append(HIDDEN_DETAILS_NOTE)
    return "\n\n".join(blocks)


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
