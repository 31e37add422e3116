"""Graded results written by hand, for the tests of the reporting edge: a partial grade with boards, an
error and a manual-only report."""

from __future__ import annotations

from grader.results import BoardShown, CheckResult, SubmissionResult

TASKS = ["Task 1: search problem", "Task 2: environment", "Task 3: minimax"]
T1, T2, T3 = TASKS


def grid_svg(marks: str) -> str:
    """A 3x3 grid of circles, filled where ``marks`` (9 characters) has an ``x``: our own test board."""
    circles = "".join(
        f'<circle cx="{15 + 30 * (i % 3)}" cy="{15 + 30 * (i // 3)}" r="11" fill="{"#d62728" if m == "x" else "#fff"}" stroke="#444"/>'
        for i, m in enumerate(marks)
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90" viewBox="0 0 90 90">{circles}</svg>'


def grid_text(marks: str) -> str:
    return "\n".join(" ".join(marks[r * 3:r * 3 + 3]) for r in range(3)).replace("_", ".")


FULL_COLUMN = BoardShown(
    caption="result(board, 1, 2) on a board with column 2 full",
    text=grid_text("__x__x__x"),
    svg=grid_svg("__x__x__x"),
    call="result(board, 1, 2)",
    expected="IllegalAction",
    returned="array([[0, 0, 1], [0, 0, 1], [0, 0, 1]])",
)
HIDDEN_BOARD = BoardShown(
    caption="utility on a hidden board", text=grid_text("xxx______"), svg=grid_svg("xxx______"),
    call="utility(board, 1)", expected="1", returned="-1",
)


def alice() -> SubmissionResult:
    """Graded with partial credit: a manual task, a pass, a failure with a board, a partial, a hidden miss, a timeout."""
    return SubmissionResult(
        submission="alice_connect4", path="/subs/alice_connect4.ipynb", assignment="Connect 4",
        checks=[
            CheckResult(T1, "search problem: written answer", 0, 10, "manual", "Graded by the course staff."),
            CheckResult(T2, "actions: canned boards", 5, 5, "passed", seconds=0.01),
            CheckResult(T2, "result: full column", 0, 5, "failed", "result accepted a move into a full column.",
                        boards=[FULL_COLUMN]),
            CheckResult(T2, "terminal: wins", 2.5, 5, "partial", "4 of 8 winning boards recognised."),
            CheckResult(T2, "utility: hidden boards", 0, 5, "failed", "utility disagrees on 1 hidden board.",
                        visibility="hidden", boards=[HIDDEN_BOARD]),
            CheckResult(T3, "minimax: first moves", 0, 10, "timeout", "minimax took longer than 10 s."),
        ],
        adaptations=["result(board, action, player): arguments reordered to result(board, player, action)"],
        load_notes=["cell 14 skipped: input() loop for human play"],
        isolation="bubblewrap", seconds=12.5,
    )


def bob() -> SubmissionResult:
    return SubmissionResult(submission="bob", path="/subs/bob.ipynb", assignment="Connect 4", status="error",
                            message="notebook is not valid JSON (line 3)")


def carol() -> SubmissionResult:
    return SubmissionResult(
        submission="carol", path="/subs/carol.pdf", assignment="Connect 4", status="manual",
        message="a PDF report: nothing to run",
        checks=[CheckResult(T1, "search problem: written answer", 0, 10, "manual")],
    )
