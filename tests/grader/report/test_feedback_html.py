"""Feedback pages and Markdown: complete, readable, and safe whatever the student's code returned."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from grader.report import feedback_html, feedback_markdown, write_feedback
from grader.report.feedback import code_block, markdown_text
from grader.report.svg import safe_svg
from grader.results import BoardShown, CheckResult, SubmissionResult

TASKS = ["Task 1: search problem", "Task 2: environment"]
EVIL = '<script>alert("pwned")</script>'


def circles_svg(filled: str, extra: str = "") -> str:
    """Our own board: a 3x3 grid of circles, red where ``filled`` has an ``x``."""
    body = "".join(
        f'<circle cx="{15 + 30 * (i % 3)}" cy="{15 + 30 * (i // 3)}" r="11" fill="{"#d62728" if ch == "x" else "#ffffff"}"/>'
        for i, ch in enumerate(filled)
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90" viewBox="0 0 90 90">{body}{extra}</svg>'


BOARD = BoardShown(
    caption="result(board, 1, 2) on a board with column 2 full",
    text="x . x\n. . x\n. . x",
    svg=circles_svg("x_x__x__x"),
    call="result(board, 1, 2)",
    expected="IllegalAction",
    returned="array([[1, 0, 1], [0, 0, 1], [0, 0, 1]])",
)


def result_with(**changes) -> SubmissionResult:
    result = SubmissionResult(
        submission="alice_connect4", path="/home/grader/subs/alice_connect4.ipynb", assignment="Connect 4",
        checks=[
            CheckResult("Task 1: search problem", "search problem: written answer", 0, 10, "manual"),
            CheckResult("Task 2: environment", "actions: canned boards", 5, 5, "passed", "All 12 boards right.",
                        boards=[BoardShown("the empty board", ". . .\n. . .\n. . .", circles_svg("_" * 9))]),
            CheckResult("Task 2: environment", "result: full column", 0, 5, "failed",
                        "result accepted a move into a full column.", boards=[BOARD]),
            CheckResult("Task 2: environment", "utility: hidden boards", 1, 5, "partial", "1 of 5 hidden boards right.",
                        visibility="hidden", boards=[BoardShown("secret board", "SECRET-TEXT", circles_svg("xxx______"),
                                                                 expected="SECRET-EXPECTED")]),
        ],
        adaptations=["result(board, action, player): arguments reordered"],
        load_notes=["cell 14 skipped: input() loop for human play"],
        isolation="bubblewrap (user namespaces)", seconds=3.25,
    )
    for key, value in changes.items():
        setattr(result, key, value)
    return result


def hostile_result() -> SubmissionResult:
    board = BoardShown(
        caption=EVIL, text="```\n" + EVIL, call=EVIL, expected="'<b>bold</b>'", returned=EVIL + "\x1b[2J",
        svg=circles_svg("x" * 9, extra='<script>alert(1)</script><foreignObject><iframe src="javascript:x"/></foreignObject>')
        .replace("<svg ", '<svg onload="alert(2)" '),
    )
    return result_with(
        submission="evil" + EVIL, message=EVIL, adaptations=[EVIL], load_notes=[EVIL], isolation=EVIL,
        checks=[CheckResult("Task 2: environment" + EVIL, "check " + EVIL, 0, 5, "error", EVIL, boards=[board])],
    )


class _Structure(HTMLParser):
    """Collects elements, checks that every non-void element is closed in order, and keeps the text."""

    VOID = {"meta", "br", "img", "hr", "input", "link"}
    SVG_SELF_CLOSING = {"circle", "rect", "line", "polygon", "path", "ellipse", "polyline"}

    def __init__(self):
        super().__init__()
        self.stack, self.tags, self.errors, self.text, self.attrs = [], [], [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend(attrs)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend(attrs)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parse(html: str) -> _Structure:
    parser = _Structure()
    parser.feed(html)
    parser.close()
    return parser


def test_page_is_well_formed_and_self_contained():
    html = feedback_html(result_with(), TASKS)
    page = parse(html)
    assert page.errors == [] and page.stack == []
    assert html.startswith("<!DOCTYPE html>")
    assert "script" not in page.tags and "link" not in page.tags and "img" not in page.tags
    assert not any(name in ("src", "href") and not value.startswith("#") for name, value in page.attrs)
    assert page.tags.count("style") == 1


def test_page_shows_summary_checks_boards_and_the_notes_sections():
    html = feedback_html(result_with(), TASKS)
    text = " ".join(" ".join(parse(html).text).split())
    assert "6 / 25" in text and "automatic 6/15, manual 0/10 pending" in text  # total
    assert "Task 2: environment" in text and "6 / 15" in text  # task row
    assert "result: full column" in text and "result accepted a move into a full column." in text
    assert BOARD.svg in html  # our board, drawn inline
    assert "result(board, 1, 2)" in text and "IllegalAction" in text and "array([[1, 0, 1], [0, 0, 1], [0, 0, 1]])" in text
    assert "How the grader read your notebook" in text and "arguments reordered" in text and "cell 14 skipped" in text
    assert "Isolation: bubblewrap (user namespaces)" in text
    assert "alice_connect4.ipynb" in text and "/home/grader" not in html  # the file name, not the grader's paths


def test_passed_checks_keep_their_boards_folded_away():
    html = feedback_html(result_with(), TASKS)
    before_failure = html.split("result: full column")[0]
    assert "<details>" in before_failure and circles_svg("_" * 9) in before_failure


def test_hidden_check_boards_are_withheld_unless_revealed():
    html = feedback_html(result_with(), TASKS)
    assert "SECRET-TEXT" not in html and "SECRET-EXPECTED" not in html and "hidden check" in html
    assert "not shown" in html
    revealed = feedback_html(result_with(), TASKS, reveal_hidden=True)
    assert "SECRET-EXPECTED" in revealed


def test_every_student_string_is_escaped_in_the_page():
    html = feedback_html(hostile_result(), TASKS)
    page = parse(html)
    assert page.errors == [] and page.stack == []
    assert "script" not in page.tags and "iframe" not in page.tags and "foreignobject" not in page.tags
    assert not any(name.startswith("on") for name, _ in page.attrs)
    assert "<script>" not in html and "&lt;script&gt;alert(&#34;pwned&#34;)&lt;/script&gt;" in html
    assert "\x1b" not in html and "\\x1b[2J" in html  # a terminal escape is shown, not sent
    assert circles_svg("x" * 9) in html  # the drawing itself survives the filter


@pytest.mark.parametrize("svg, kept, dropped", [
    (circles_svg("x________"), "<circle", None),
    ('<svg viewBox="0 0 9 9"><a href="javascript:alert(1)"><rect width="9" height="9"/></a></svg>', "<svg", "javascript"),
    ('<svg><rect style="fill:url(http://evil/x)" width="1"/><use href="#a"/></svg>', "<rect", "evil"),
    ('<svg><image href="http://x/y.png"/><text x="1">a &lt; b</text></svg>', "a &lt; b", "image"),
    ('<p onclick="x">not a drawing</p>', None, "onclick"),
])
def test_safe_svg_keeps_drawing_and_drops_everything_active(svg, kept, dropped):
    cleaned = safe_svg(svg)
    if kept:
        assert kept in cleaned
    else:
        assert cleaned == ""
    if dropped:
        assert dropped not in cleaned
    assert "viewbox" not in cleaned  # SVG's own spelling, viewBox, is restored


def test_markdown_has_the_same_content_with_boards_in_code_fences():
    md = feedback_markdown(result_with(), TASKS)
    assert md.startswith("# Connect 4: feedback for alice\\_connect4")
    assert "**Score: 6 / 25** (status: graded; automatic 6/15, manual 0/10 pending)" in md
    assert "| Task 2: environment | 1 passed, 1 partial, 1 failed | 6 / 15 |" in md
    assert "```text\nx . x\n. . x\n. . x\n```" in md
    assert "```python\ncall:     result(board, 1, 2)\nexpected: IllegalAction\n" in md
    assert "SECRET-TEXT" not in md and "## How the grader read your notebook" in md
    assert "Isolation: bubblewrap (user namespaces)" in md


def test_markdown_keeps_hostile_text_literal():
    md = feedback_markdown(hostile_result(), TASKS)
    prose = re.sub(r"(`{3,})[a-z]*\n.*?\n\1", "", md, flags=re.DOTALL)
    assert "```" not in prose and "<script>" not in prose  # outside code blocks, never raw HTML
    assert "\\<script\\>" in md
    assert "````text\n```\n<script>" in md  # a longer fence around text holding a fence
    assert "\x1b" not in md
    assert markdown_text("a | b\nc") == "a \\| b c"
    assert code_block("x ```` y").startswith("`````text")


def test_error_submission_page_says_why(tmp_path):
    result = SubmissionResult(submission="bob", path="bob.ipynb", assignment="Connect 4", status="error",
                              message="notebook is not valid JSON (line 3)")
    html_path, md_path = write_feedback(result, tmp_path, TASKS)
    html = html_path.read_text(encoding="utf-8")
    assert "could not grade this submission" in html and "not valid JSON" in html
    assert parse(html).errors == []
    assert "not valid JSON" in md_path.read_text(encoding="utf-8")


def test_writing_feedback_twice_gives_the_same_bytes(tmp_path):
    first = [p.read_bytes() for p in write_feedback(result_with(), tmp_path, TASKS)]
    second = [p.read_bytes() for p in write_feedback(result_with(), tmp_path, TASKS)]
    assert first == second
