"""Feedback a student reads: one HTML page and one Markdown file per submission.

Both say the same things in the same order: the score, a table of tasks, every check with its
status, message and (for checks that did not pass) the boards with the call, the expected and the
returned value, then how the grader adapted to the code and what loading skipped, and the
isolation level. The HTML page is self-contained (inline CSS, boards as inline SVG, no scripts).

Everything a student's code could have influenced is escaped: the page is rendered by Jinja2
with autoescaping, and board drawings pass through :func:`grader.report.svg.safe_svg`. Boards of
hidden checks are withheld unless ``reveal_hidden=True``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePath
from typing import Sequence

import jinja2
from markupsafe import Markup

from grader.report.check_text import (FLAG_HEADLINE, HIDDEN_DETAILS_NOTE, STATUS_LABELS, differing_lines,
                                     marked_returned, printable, same_message_groups, shows_details)
from grader.report.files import submission_filename, write_text
from grader.report.svg import safe_svg
from grader.report.tally import (STATUS_ORDER, format_points, in_review, review_text, score_split, score_text,
                                 status_counts, tally_tasks)
from grader.results import BoardShown, SubmissionResult

#: what a check says instead of repeating an earlier check's message
SAME_AS = "The same problem as “{}” above."
#: how checks in review are introduced, and what is said of them
REVIEW_HEADLINE = "Needs a person"
REVIEW_WORDS = ("The grader is not sure of its verdict for {count} check{s}: {checks} (it may have read your code "
                "otherwise than you meant, or your code called a package the grader lacks). "
                "{their} points are provisional until a person confirms; {each} says why.")
STATUS_HEADLINES = {
    "graded": "Note from the grader",
    "error": "The grader could not grade this submission completely",
    "manual": "This submission is graded by hand",
}


@dataclass
class _BoardView:
    svg: Markup
    text: str
    caption: str
    call: str
    expected: str
    returned: str
    returned_lines: list[tuple[str, bool]]  # (line, differs from the expected drawing's), when both are drawings


@dataclass
class _CheckView:
    check: str
    status: str
    label: str
    points: str
    max_points: str
    message: str
    hidden: bool
    by_hand: bool
    same_as: str  # the earlier check that says the same thing (its message is not repeated)
    withheld: bool
    collapse: bool
    boards: list[_BoardView] = field(default_factory=list)


@dataclass
class _TaskView:
    task: str
    points: str
    max_points: str
    percent: float
    manual_only: bool
    counts: dict[str, int]
    checks: list[_CheckView]


def _percent(points: float, max_points: float) -> float:
    return round(100 * max(0.0, min(1.0, points / max_points)), 1) if max_points > 0 else 0.0


def _board_view(board: BoardShown) -> _BoardView:
    differs = differing_lines(board.expected, board.returned)
    lines = [(line, i in differs) for i, line in enumerate(board.returned.splitlines())] if differs else []
    return _BoardView(Markup(safe_svg(board.svg)), board.text, board.caption, board.call, board.expected,
                      board.returned, lines)


def _repeats(result: SubmissionResult) -> dict[int, str]:
    """Checks that did not pass and say what an earlier one says (an agent that was not found, for each
    of its checks), by ``id``, with the earlier check's name."""
    troubles = [c for c in result.checks if c.status not in ("passed", "manual")]
    return {id(c): group[0].check for group in same_message_groups(troubles) for c in group[1:]}


def _task_views(result: SubmissionResult, tasks: Sequence[str], reveal_hidden: bool) -> list[_TaskView]:
    views = []
    repeats = _repeats(result)
    for tally in tally_tasks(result, tasks):
        checks = []
        for c in tally.checks:
            details = shows_details(c, reveal_hidden)
            checks.append(_CheckView(
                check=c.check, status=c.status, label=STATUS_LABELS[c.status],
                points=format_points(c.points), max_points=format_points(c.max_points), message=c.message,
                hidden=c.visibility == "hidden", by_hand=c.by_hand, same_as=repeats.get(id(c), ""),
                withheld=bool(c.boards) and not details,
                collapse=c.status == "passed", boards=[_board_view(b) for b in c.boards] if details else [],
            ))
        auto = [c for c in tally.checks if c.status != "manual"]
        views.append(_TaskView(
            task=tally.task, points=format_points(tally.points), max_points=format_points(tally.max_points),
            percent=_percent(sum(c.points for c in auto), sum(c.max_points for c in auto)),
            manual_only=tally.manual_only, counts=status_counts(tally.checks), checks=checks,
        ))
    return views


def _breakdown(result: SubmissionResult) -> str:
    """The score split into automatic and hand-graded points ('' when nothing is graded by hand)."""
    return score_text(result) if score_split(result).items else ""


def review_notice(result: SubmissionResult) -> str:
    """What the feedback says of the checks in review, before the tasks ('' when none)."""
    review = in_review(result)
    if not review:
        return ""
    one = len(review) == 1
    return REVIEW_WORDS.format(count=len(review), s="" if one else "s", checks=review_text(result),
                               their="Its" if one else "Their", each="the check" if one else "each check")


def _bar_class(percent: float) -> str:
    return "" if percent >= 80 else ("mid" if percent >= 50 else "low")


@lru_cache(maxsize=1)
def page_environment() -> jinja2.Environment:
    """The Jinja environment of every report page (feedback, class, similarity): autoescaping, and
    control characters in student text shown as escapes."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).with_name("templates")),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # Control characters (terminal escapes, bidi overrides) are shown as \x1b-style text.
        finalize=lambda value: value if isinstance(value, Markup) or not isinstance(value, str) else printable(value),
    )


def feedback_html(result: SubmissionResult, tasks: Sequence[str] = (), *, reveal_hidden: bool = False) -> str:
    """The feedback page for ``result``: a complete, self-contained HTML document."""
    template = page_environment().get_template("feedback.html.j2")
    return template.render(
        r=result,
        file_name=PurePath(result.path.replace("\\", "/")).name if result.path else "",
        total=format_points(result.total),
        max_total=format_points(result.max_total),
        percent=_percent(result.total, result.max_total),
        bar_class=_bar_class,
        status_headline=STATUS_HEADLINES[result.status],
        flag_headline=FLAG_HEADLINE,
        review_headline=REVIEW_HEADLINE,
        review=review_notice(result),
        tasks=_task_views(result, tasks, reveal_hidden),
        statuses=STATUS_ORDER,
        hidden_note=HIDDEN_DETAILS_NOTE,
        seconds=format_points(result.seconds),
        breakdown=_breakdown(result),
        n_checks=len(result.checks),
        same_as=SAME_AS,
    )


# --- Markdown -------------------------------------------------------------------------------

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def markdown_text(text: str) -> str:
    """``text`` as literal Markdown prose: characters Markdown would act on are backslash-escaped.

    A backslash before ``<`` stops a renderer from reading ``<script>`` as HTML; ``|`` keeps
    table cells intact. Newlines become spaces (prose lines in tables and lists).
    """
    return _MARKDOWN_SPECIAL.sub(r"\\\1", printable(text)).replace("\n", " ").strip()


def code_block(text: str, info: str = "text") -> str:
    """A fenced code block holding ``text`` literally, its fence longer than any backtick run inside."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{info}\n{printable(text).rstrip()}\n{fence}"


def _markdown_board(board: BoardShown) -> list[str]:
    lines = []
    if board.caption:
        lines.append(f"*{markdown_text(board.caption)}*")
        lines.append("")
    lines.append(code_block(board.text))
    io = "\n".join(f"{label + ':':<9} {value}" for label, value in
                   (("call", board.call), ("expected", board.expected), ("returned", marked_returned(board))) if value)
    if io:
        lines += ["", code_block(io, "python")]
    return lines + [""]


def feedback_markdown(result: SubmissionResult, tasks: Sequence[str] = (), *, reveal_hidden: bool = False) -> str:
    """The feedback for ``result`` as Markdown: the page's content, boards as text in code fences."""
    md = markdown_text
    out = [f"# {md(result.assignment)}: feedback for {md(result.submission)}", ""]
    note = f"; {_breakdown(result)}" if _breakdown(result) else ""
    out.append(f"**Score: {format_points(result.total)} / {format_points(result.max_total)}** (status: {result.status}{note})")
    out.append("")
    for flag in result.flags:
        out += [f"> **{FLAG_HEADLINE}:** this submission {md(flag)}.", ""]
    if review_notice(result):
        out += [f"> **{REVIEW_HEADLINE}:** {md(review_notice(result))}", ""]
    if result.status != "graded" or result.message:
        out += [f"> **{STATUS_HEADLINES[result.status]}.** {md(result.message)}".rstrip(), ""]
    tallies = tally_tasks(result, tasks)
    if tallies:
        out += ["| Task | Checks | Points |", "| --- | --- | ---: |"]
        for t in tallies:
            counts = ", ".join(f"{n} {s}" for s, n in status_counts(t.checks).items())
            points = "by hand" if t.manual_only else f"{format_points(t.points)} / {format_points(t.max_points)}"
            out.append(f"| {md(t.task)} | {counts} | {points} |")
        out += [f"| **Total** | | **{format_points(result.total)} / {format_points(result.max_total)}** |", ""]
    repeats = _repeats(result)
    for t in tallies:
        out += [f"## {md(t.task)}", ""]
        for c in t.checks:
            points = (f"{format_points(c.max_points)} points, graded by hand" if c.status == "manual"
                      else f"{format_points(c.points)} / {format_points(c.max_points)}"
                      + (", graded by hand" if c.by_hand else ""))
            hidden = " (hidden check)" if c.visibility == "hidden" else ""
            out += [f"### {STATUS_LABELS[c.status]}: {md(c.check)}{hidden} ({points})", ""]
            if id(c) in repeats:
                out += [f"*{SAME_AS.format(md(repeats[id(c)]))}*", ""]
            elif c.message:
                out += [md(c.message), ""]
            if c.boards and c.status != "passed":
                if shows_details(c, reveal_hidden):
                    for board in c.boards:
                        out += _markdown_board(board)
                else:
                    out += [f"*{HIDDEN_DETAILS_NOTE}*", ""]
    if result.adaptations or result.load_notes:
        out += ["## How the grader read your notebook", ""]
        if result.adaptations:
            out += ["**Adaptations to your code**", ""] + [f"- {md(a)}" for a in result.adaptations] + [""]
        if result.load_notes:
            out += ["**Loading notes**", ""] + [f"- {md(n)}" for n in result.load_notes] + [""]
    out += ["---", "", f"Isolation: {md(result.isolation) or 'not recorded'} · grading time: "
            f"{format_points(result.seconds)} s (wall clock) · {len(result.checks)} checks", ""]
    return "\n".join(out)


def write_feedback(
    result: SubmissionResult, out_dir: str | os.PathLike[str], tasks: Sequence[str] = (), *, reveal_hidden: bool = False
) -> tuple[Path, Path]:
    """Write ``out_dir/feedback/<submission>.html`` and ``.md``; return both paths (same input, same bytes)."""
    folder = Path(out_dir) / "feedback"
    name = submission_filename(result.submission)
    html_path = write_text(folder / f"{name}.html", feedback_html(result, tasks, reveal_hidden=reveal_hidden))
    md_path = write_text(folder / f"{name}.md", feedback_markdown(result, tasks, reveal_hidden=reveal_hidden))
    return html_path, md_path
