"""The class page, the feedback pages and the similarity page fit a 1366 px window in a real browser: no
horizontal scrolling of the page, long tables scroll inside their own box, and no table cell is squeezed to
a word per line. Needs Playwright and a Chromium (Debian's ``chromium``; Playwright's own download is not
used): skipped when either is missing. ``.ci/run`` installs both."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.report import write_submission
from grader.report.class_page import write_class_report
from grader.report.similarity_page import write_similarity_report
from grader.results import BoardShown, CheckResult, SubmissionResult

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

WIDTH, HEIGHT = 1366, 768
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: a cell narrower than this holding a sentence reads a word per line
NARROWEST_TEXT_CELL = 110

pytestmark = pytest.mark.timeout(120)


def chromium() -> str | None:
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser():
    executable = chromium()
    if executable is None:
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


# --- a class that stresses every page: long names, long messages, many packages and reasons --------

LONG_NAME = "nguyen-van-an_1234567_7654321_connect4_final_submission_v2_really_final"
TASKS = ["Task 1: search problem", "Task 2: environment and random agent", "Task 3: minimax with alpha-beta",
         "Task 4: heuristic alpha-beta with a depth cutoff", "Graduate task: Monte Carlo search"]
WIDE_RETURN = repr([[0] * 7 for _ in range(6)]).replace(" ", "") * 3
PACKAGES = [f"package_number_{i}_with_a_long_name.submodule" for i in range(12)]


def board(i: int) -> BoardShown:
    return BoardShown(caption=f"+1 (red) won on the diagonal touching the left edge and the bottom: utility for -1 "
                              f"(yellow), case {i}", text=("x o . . . . .\n" * 6).strip(),
                      svg='<svg viewBox="0 0 700 600" width="700" height="600"><rect width="700" height="600"/></svg>',
                      call=f"utility_function_with_a_long_name(board_{i}, -1, depth=4, alpha=-inf, beta=inf)",
                      expected="-1", returned=WIDE_RETURN)


def student(i: int, code: Path) -> SubmissionResult:
    name = f"{LONG_NAME}_{i}" if i % 2 else f"student{i}"
    checks = []
    for t, task in enumerate(TASKS):
        for c in range(6):
            failed = (i + c + t) % 3 == 0
            checks.append(CheckResult(
                task, f"{['actions', 'result', 'terminal', 'utility', 'alpha_beta_player', 'heuristic_player'][c]}: "
                      f"check number {c} with a long title that says what it judges", 1.0 - failed, 1.0,
                "failed" if failed else "passed",
                message=(f"0 of 46 boards right; first problem: {WIDE_RETURN}\nraised ModuleNotFoundError: "
                         f"`{PACKAGES[c]}` is not installed for grading (in winner, cell 3, line 12)") if failed else "",
                boards=[board(k) for k in range(3)] if failed else []))
    notes = [f"cell {k}: `{PACKAGES[k]}` is not installed for grading: the grader replaced it with a stand-in so the "
             "rest of the cell loads; graded code that calls it fails" for k in range(len(PACKAGES))]
    notes += [f"cell 9, line {k}: skipped `print(play_game(alpha_beta_player, random_player, {'x' * 80}))` "
              "(experiment call print())" for k in range(6)]
    flags = [f"has {name}.pdf beside it under the same name (one student's: {name}.ipynb was graded, the other is "
             "listed here for a person)", "looks like Dots and Boxes, graded as Connect 4",
             "calls `scipy_signal_convolution_helpers`, not installed for grading, in 4 check(s): terminal: canned "
             "boards, terminal: random positions, utility: canned boards, utility: random positions: a person "
             "should grade them"]
    return SubmissionResult(name, str(code), "connect4", checks=checks, load_notes=notes, flags=flags,
                            isolation="rlimits" if i % 4 == 0 else "bubblewrap", seconds=12.0 + i,
                            student_seconds=3.0, status="error" if i == 5 else "graded",
                            message=f"the grader failed on this submission: {WIDE_RETURN}" if i == 5 else "",
                            adaptations=[f"reads your boards as: {WIDE_RETURN}"])


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pages")
    code = "".join(f"def helper_{k}(board, player):\n    return [{', '.join(['board[0][0]'] * 40)}]\n\n"
                   for k in range(6))
    results = []
    for i in range(36):  # more rows than a window holds
        path = out / "class" / f"{i}.py"
        path.parent.mkdir(exist_ok=True)
        path.write_text(code + f"RESULT_{i} = {i}\n", encoding="utf-8")
        results.append(student(i, path))
    for r in results:
        write_submission(r, out, TASKS)
    class_page, _ = write_class_report(results, out, TASKS, "Adversarial Search: Playing Connect 4")
    similarity, _ = write_similarity_report(results, out, None, 0.5, "Adversarial Search: Playing Connect 4")
    return {"class": class_page, "feedback": out / "feedback" / f"{results[1].submission}.html",
            "similarity": similarity}


def overflow(browser, page_file: Path) -> dict:
    """What of ``page_file`` does not fit a 1366 px window: the page's own width, and cells squeezed narrow."""
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    try:
        page.goto(page_file.as_uri())
        return page.evaluate("""(narrowest) => {
            const root = document.documentElement;
            const squeezed = [...document.querySelectorAll('td, th')]
                .filter(cell => cell.innerText.trim().length >= 30 && cell.getBoundingClientRect().width < narrowest)
                .map(cell => cell.innerText.trim().slice(0, 60));
            const unboxed = [...document.querySelectorAll('table')].filter(table => {
                let box = table.parentElement;
                while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
                return table.getBoundingClientRect().right > root.clientWidth && !box;
            }).length;
            return {page: root.scrollWidth - root.clientWidth, squeezed, unboxed};
        }""", NARROWEST_TEXT_CELL)
    finally:
        page.close()


@pytest.mark.parametrize("name", ["class", "feedback", "similarity"])
def test_a_page_fits_a_1366_px_window_with_long_tables_scrolling_in_their_box(browser, pages, name):
    found = overflow(browser, pages[name])
    assert found == {"page": 0, "squeezed": [], "unboxed": 0}, f"{pages[name]}: {found}"


@pytest.mark.parametrize("name", ["class", "similarity"])
def test_a_table_longer_than_the_window_scrolls_inside_its_box(browser, pages, name):
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    try:
        page.goto(pages[name].as_uri())
        boxes = page.evaluate("""() => [...document.querySelectorAll('table')].map(table => {
            let box = table.parentElement;
            while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
            return {rows: table.rows.length, height: box ? box.getBoundingClientRect().height : null};
        })""")
    finally:
        page.close()
    long_tables = [b for b in boxes if b["rows"] > 30]
    assert long_tables and all(b["height"] is not None and b["height"] <= HEIGHT for b in long_tables), boxes
