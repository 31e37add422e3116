"""The load step: submission files -> code cells (definitions mode) and full notebook runs."""

from __future__ import annotations

import ast
import dataclasses
import json
import shutil
import time
import traceback

import nbformat
import pytest

from grader.load import (
    LOADED,
    MANUAL,
    UNREADABLE,
    NoCodeFound,
    RawCell,
    UnreadableSubmission,
    choose_file,
    definitions_only,
    filter_cell,
    load_submission,
    read_source_cells,
    run_notebook,
)
from grader.load.definitions import DefinitionContext
from tests.helpers.loading import run_kept
from tests.paths import TESTS

NOTEBOOKS = TESTS / "notebooks"


def skipped_of(cell):
    return [(s.line, s.source, s.reason) for s in cell.skipped]


def defined_names(code: str) -> list[str]:
    return [n.name for n in ast.parse(code).body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]


# --- reading files -----------------------------------------------------------------------------


def test_truncated_notebook_error_names_the_file_and_says_it_was_cut():
    with pytest.raises(UnreadableSubmission, match=r"truncated\.ipynb: not valid notebook JSON \(.* at line \d+, "
                                                   r"column \d+\) \(the file ends early.*truncated"):
        read_source_cells(NOTEBOOKS / "truncated.ipynb")
    submission = load_submission(NOTEBOOKS / "truncated.ipynb")
    assert submission.status == UNREADABLE and submission.cells == []
    assert "truncated.ipynb" in submission.problems[0]


def test_a_notebook_cut_inside_a_string_says_where_and_that_it_ends_early(tmp_path):
    """json's message ends 'starting at', its place given apart: the sentence says it whole."""
    path = tmp_path / "cut.ipynb"
    path.write_text('{"cells": [ {"cell_type": "code", "sourc', encoding="utf-8")
    with pytest.raises(UnreadableSubmission) as raised:
        read_source_cells(path)
    assert str(raised.value) == (f"{path}: not valid notebook JSON (unterminated string starting at line 1, column 35)"
                                 " (the file ends early: it was probably truncated while saving or uploading)")


def test_empty_notebook_file_is_unreadable_and_says_empty():
    submission = load_submission(NOTEBOOKS / "empty.ipynb")
    assert (submission.status, submission.student, submission.kind) == (UNREADABLE, "empty", "ipynb")
    assert "empty.ipynb: the notebook file is empty (0 bytes)" in submission.problems[0]


def test_wrong_nbformat_version_is_named(tmp_path):
    path = tmp_path / "future.ipynb"
    path.write_text(json.dumps({"nbformat": 99, "nbformat_minor": 0, "metadata": {}, "cells": []}))
    with pytest.raises(UnreadableSubmission, match=r"future\.ipynb: unsupported notebook format version 99"):
        read_source_cells(path)


def test_json_that_is_not_a_notebook_is_named(tmp_path):
    path = tmp_path / "list.ipynb"
    path.write_text("[1, 2]")
    with pytest.raises(UnreadableSubmission, match=r"list\.ipynb: JSON but not a notebook"):
        read_source_cells(path)


def test_html_saved_as_ipynb_gets_a_hint(tmp_path):
    path = tmp_path / "page.ipynb"
    path.write_text("<html><body>notebook</body></html>")
    with pytest.raises(UnreadableSubmission, match="looks like HTML"):
        read_source_cells(path)


def test_notebook_with_schema_slips_is_read_with_a_note(tmp_path):
    # code cells without 'metadata' and 'outputs' (hand-edited or exported by another tool)
    raw = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "code", "source": ["X = 1\n", "Y = 2"]}]}
    path = tmp_path / "sloppy.ipynb"
    path.write_text(json.dumps(raw))
    read = read_source_cells(path)
    assert [(c.index, c.source) for c in read.cells] == [(0, "X = 1\nY = 2")]
    assert "does not follow the nbformat schema" in read.problems[0]


def test_nbformat_3_notebook_is_converted(tmp_path):
    raw = {"nbformat": 3, "nbformat_minor": 0, "metadata": {},
           "worksheets": [{"cells": [{"cell_type": "code", "input": "ROWS = 6", "outputs": [], "language": "python"}]}]}
    path = tmp_path / "old.ipynb"
    path.write_text(json.dumps(raw))
    assert [c.source for c in read_source_cells(path).cells] == ["ROWS = 6"]


@pytest.mark.parametrize("name", ["report.pdf", "report.txt"])
def test_reports_are_not_automatically_gradable(name):
    submission = load_submission(NOTEBOOKS / name)
    assert submission.status == MANUAL and not submission.gradable
    assert submission.cells == [] and "grade it by hand" in submission.problems[0]


@pytest.mark.parametrize("name", ["answers.docx", "notebook.zip", "README"])
def test_other_files_are_not_automatically_gradable(tmp_path, name):
    (tmp_path / name).write_bytes(b"PK\x03\x04 not really")
    assert load_submission(tmp_path / name).status == MANUAL


def test_missing_file_is_unreadable_not_an_exception(tmp_path):
    submission = load_submission(tmp_path / "ghost.ipynb")
    assert submission.status == UNREADABLE and "no such file" in submission.problems[0]


def test_stray_latin1_byte_in_utf8_script_is_read_as_latin1():
    read = read_source_cells(NOTEBOOKS / "latin1_byte.py")
    (cell,) = read.cells
    assert "# résumé of the agent" in cell.source and "# Tác nhân ngẫu nhiên" in cell.source
    assert read.problems == ["latin1_byte.py: bytes that are not valid utf-8 on line(s) 4; read them as latin-1"]


def test_coding_cookie_is_honoured():
    (cell,) = load_submission(NOTEBOOKS / "coding_cookie_latin1.py").cells
    assert 'PLAYER_NAME = "Joueur élève"' in cell.kept
    assert defined_names(cell.kept) == ["terminal"]


def test_percent_markers_split_cells_and_markdown_cells_count():
    cells = read_source_cells(NOTEBOOKS / "percent_cells.py").cells
    assert [(c.index, c.first_line) for c in cells] == [(0, 1), (2, 8), (3, 12), (4, 16)]
    assert cells[1].source.startswith("def actions(s):")


def test_nbconvert_script_export_has_the_notebooks_code_cells():
    notebook = read_source_cells(NOTEBOOKS / "connect4_clean.ipynb").cells
    script = read_source_cells(NOTEBOOKS / "connect4_clean.script.py").cells
    assert [c.source.strip() for c in script] == [c.source.strip() for c in notebook]


@pytest.mark.parametrize(
    "html, notebook", [("connect4_clean.html", "connect4_clean.ipynb"), ("vietnamese_text.classic.html", "vietnamese_text.ipynb")]
)
def test_code_extracted_from_nbconvert_html_equals_the_notebooks(html, notebook):
    from_html = read_source_cells(NOTEBOOKS / html).cells
    from_notebook = read_source_cells(NOTEBOOKS / notebook).cells
    assert [(c.index, c.source) for c in from_html] == [(c.index, c.source) for c in from_notebook]


def test_html_unescapes_markup_characters_and_keeps_tabs():
    cells = read_source_cells(NOTEBOOKS / "vietnamese_text.classic.html").cells
    assert "TÊN = 'Cờ bốn — \"Connect 4\" <6x7> & khác'" in cells[0].source
    assert "\n\t# tab-indented" in cells[1].source


def test_lab_html_outputs_are_not_taken_for_code():
    cells = read_source_cells(NOTEBOOKS / "connect4_clean.html").cells
    assert "jp-OutputArea" in (NOTEBOOKS / "connect4_clean.html").read_text()  # the export has outputs
    assert all("[[0 0 0" not in c.source for c in cells)  # the printed board is an output, not code


def test_html_that_is_not_an_nbconvert_export_is_manual(tmp_path):
    path = tmp_path / "essay.html"
    path.write_text("<html><body><h1>My report</h1><pre>def f(): pass</pre></body></html>")
    with pytest.raises(NoCodeFound):
        read_source_cells(path)
    assert load_submission(path).status == MANUAL


# --- choosing a file in a folder ---------------------------------------------------------------


def test_folder_prefers_ipynb_then_py_then_html_and_ignores_checkpoints(tmp_path):
    student = tmp_path / "nguyen_van_a"
    (student / ".ipynb_checkpoints").mkdir(parents=True)
    shutil.copy(NOTEBOOKS / "connect4_clean.html", student / "connect4.html")
    shutil.copy(NOTEBOOKS / "percent_cells.py", student / "helpers.py")
    shutil.copy(NOTEBOOKS / "redefined_helper.ipynb", student / ".ipynb_checkpoints" / "c4-checkpoint.ipynb")
    assert choose_file(student)[0] == student / "helpers.py"
    shutil.copy(NOTEBOOKS / "connect4_clean.ipynb", student / "connect4.ipynb")
    submission = load_submission(student)
    assert (submission.student, submission.path, submission.status) == ("nguyen_van_a", student / "connect4.ipynb", LOADED)
    assert set(submission.other_files) == {student / "connect4.html", student / "helpers.py"}
    assert "graded connect4.ipynb" in submission.problems[0]


def test_folder_with_only_a_pdf_is_manual(tmp_path):
    (tmp_path / "s1").mkdir()
    shutil.copy(NOTEBOOKS / "report.pdf", tmp_path / "s1" / "report.pdf")
    submission = load_submission(tmp_path / "s1")
    assert (submission.student, submission.kind, submission.status) == ("s1", "pdf", MANUAL)


# --- definitions mode ---------------------------------------------------------------------------


def test_clean_connect4_keeps_every_definition_and_skips_the_experiments():
    submission = load_submission(NOTEBOOKS / "connect4_clean.ipynb")
    assert submission.status == LOADED and submission.problems == []
    assert [c.index for c in submission.cells] == [1, 3, 4, 6, 7, 8]
    kept = "\n".join(c.kept for c in submission.cells)
    assert defined_names(kept) == ["empty_board", "actions", "result", "winner", "terminal", "utility", "random_player", "alpha_beta_search"]
    assert [skipped_of(c) for c in submission.cells[:3]] == [[], [], []]
    experiments = {c.index: skipped_of(c) for c in submission.cells[3:]}
    assert experiments[6] == [
        (1, "board = empty_board()", "assignment calls empty_board(): may be an experiment"),
        (2, "board[5, 3] = 1", "uses board, which only a skipped statement defines"),
        (3, "print(board)", "experiment call print()"),
    ]
    assert experiments[7] == [
        (1, "move = alpha_beta_search(board, -1, depth=2)", "assignment calls alpha_beta_search(): may be an experiment"),
        (2, "move", "bare expression: only displays a value"),
    ]
    assert [(line, reason) for line, _, reason in experiments[8]] == [(2, "for loop"), (9, "experiment call print()")]
    assert submission.cells[5].kept.strip() == "wins = 0"


def test_kept_connect4_code_plays_a_move():
    namespace = run_kept(load_submission(NOTEBOOKS / "connect4_clean.ipynb").cells)
    board = namespace["empty_board"]()
    assert namespace["actions"](board) == list(range(7))
    assert namespace["alpha_beta_search"](board, 1, depth=1) in range(7)


def test_magics_and_shell_lines_are_skipped_with_their_reason():
    cells = load_submission(NOTEBOOKS / "magics.ipynb").cells
    assert [skipped_of(c) for c in cells] == [
        [(1, "!pip install tabulate", "shell command !pip install tabulate"), (2, "%matplotlib inline", "IPython magic %matplotlib")],
        [],
        [(2, "%time moves = actions(board)", "IPython magic %time"), (3, "?actions", "help request ?actions")],
        [(1, "%%time", "cell magic %%time (its body is filtered like any cell)"), (4, "slow_count(10_000)", "experiment call slow_count()")],
        [
            (1, "files = !ls", "shell command !ls"),
            (2, "get_ipython().run_line_magic('load_ext', 'autoreload')", "IPython magic %load_ext"),
        ],
        [(1, "%%bash\necho hello", "cell magic %%bash")],
    ]
    assert [c.kept.strip() for c in cells] == [
        "import numpy as np",
        cells[1].source,
        "board = np.zeros((6, 7), dtype=int)",
        "def slow_count(n):\n    return sum(range(n))",
        "LIMIT = 3",
        "",
    ]


def test_kept_code_has_the_cells_line_numbers():
    cell = filter_cell("%time x = f()\n\nprint('hi')\ndef g():\n    return 1 / 0\n")
    assert cell.kept.splitlines()[3:5] == ["def g():", "    return 1 / 0"]
    namespace: dict = {}
    exec(compile(cell.kept, "<cell 2>", "exec"), namespace)
    with pytest.raises(ZeroDivisionError) as info:
        namespace["g"]()
    assert traceback.extract_tb(info.tb)[-1].lineno == 5


def test_leading_blank_lines_keep_their_numbers():
    cell = filter_cell("\n\n%matplotlib inline\nROWS = 6")
    assert cell.skipped[0].line == 3 and cell.kept_statements[0].line == 4
    assert cell.kept.splitlines()[3] == "ROWS = 6"


def test_input_loop_and_main_guard_are_skipped():
    cells = load_submission(NOTEBOOKS / "input_main_loop.ipynb").cells
    assert [[(line, reason) for line, _, reason in skipped_of(c)] for c in cells] == [
        [],
        [],
        [(1, "if __name__ == '__main__' block")],
        [(1, "while loop reading input()")],
        [],
    ]
    assert defined_names("\n".join(c.kept for c in cells)) == ["actions", "human_player", "after_loop"]
    assert "board = np.zeros((6, 7), dtype=int)" in cells[0].kept


def test_a_cell_that_raises_does_not_stop_later_cells_loading():
    cells = load_submission(NOTEBOOKS / "raising_cell.ipynb").cells
    assert [reason for _, _, reason in skipped_of(cells[1])] == [
        "assignment calls actions(): may be an experiment",
        "experiment call print()",
    ]
    assert set(run_kept(cells)) >= {"actions", "utility"}


def test_a_redefined_helper_keeps_both_and_the_last_wins():
    cells = load_submission(NOTEBOOKS / "redefined_helper.ipynb").cells
    assert [defined_names(c.kept) for c in cells] == [["utility"], ["is_terminal"], ["utility"]]
    namespace = run_kept(cells)
    assert namespace["utility"](None, 1) == 1 and namespace["is_terminal"](None) is True


def test_syntax_error_cell_is_recorded_and_later_cells_load():
    submission = load_submission(NOTEBOOKS / "syntax_error_cell.ipynb")
    broken = submission.cells[1]
    assert (broken.syntax_error.line, broken.syntax_error.message) == (1, "'(' was never closed")
    assert broken.kept == "" and broken.kept_statements == ()
    assert [defined_names(c.kept) for c in submission.cells] == [["actions"], [], ["terminal"]]
    assert submission.problems == [
        "syntax_error_cell.ipynb: cell 1 is not valid Python ('(' was never closed at line 1); its definitions are missing"
    ]


def test_vietnamese_identifiers_comments_and_tabs_are_kept():
    cells = load_submission(NOTEBOOKS / "vietnamese_text.ipynb").cells
    assert "SỐ_HÀNG, SỐ_CỘT = 6, 7  # kích thước bàn cờ" in cells[0].kept
    assert "# Trả về các cột còn trống" in cells[1].kept
    assert cells[2].kept.strip() == "bàn_cờ = np.zeros((SỐ_HÀNG, SỐ_CỘT), dtype=int)"
    assert skipped_of(cells[2]) == [(2, "print('Các nước đi:', actions(bàn_cờ))", "experiment call print()")]
    namespace = run_kept(cells)
    assert namespace["terminal"](namespace["bàn_cờ"]) is False


@pytest.mark.parametrize(
    "statement",
    [
        "ROWS = 6",
        "EMPTY, RED, YELLOW = 0, 1, -1",
        "SIZE = ROWS * COLS",
        "board = np.zeros((6, 7), dtype=np.int8)",
        "board = np.full((6, 7), ' ')",
        "grid = [[0] * 7 for _ in range(6)]",
        "DIRECTIONS = {'h': (0, 1), 'v': (1, 0)}",
        "score = lambda s: play_game(s)",
        "INF = math.inf",
        "INF = float('inf')",
        "PATTERN = re.compile(r'\\d+')",
        "Move = namedtuple('Move', 'row col')",
        "counts = defaultdict(int)",
        "rng = random.Random(42)",
        "random.seed(0)",
        "np.random.seed(0)",
        "sys.setrecursionlimit(10_000)",
        "CENTER_FIRST = sorted(range(7), key=lambda c: abs(c - 3))",
        "copy = board.copy() if False else None",
        "agent: int = 3",
        "'''a string used as a comment'''",
    ],
)
def test_cheap_statements_are_kept(statement):
    ctx = DefinitionContext()
    filter_cell("import math, random, re, sys\nimport numpy as np\nROWS, COLS = 6, 7\nboard = np.zeros((6, 7))", ctx)
    cell = filter_cell(statement, ctx)
    assert cell.skipped == () and cell.kept.strip() == statement


@pytest.mark.parametrize(
    "statement, reason",
    [
        ("result = play_game(agent1, agent2)", "assignment calls play_game(): may be an experiment"),
        ("t = timeit.timeit(lambda: 1, number=10)", "assignment calls timeit.timeit(): may be an experiment"),
        ("scores = [play(a, b) for a in range(3)]", "assignment calls play(): may be an experiment"),
        ("start = time.time()", "assignment calls time.time(): may be an experiment"),
        ("move = agent.act(board)", "assignment calls agent.act(): may be an experiment"),
        ("play(random_player, random_player)", "experiment call play()"),
        ("display(board)", "experiment call display()"),
        ("plt.plot([1, 2])", "experiment call plt.plot()"),
        ("random.seed(get_seed())", "experiment call random.seed()"),
        ("board", "bare expression: only displays a value"),
        ("for i in range(3):\n    play()", "for loop"),
        ("while True:\n    move = input()", "while loop reading input()"),
        ("with open('log.txt') as f:\n    f.write('x')", "with block"),
        ("assert terminal(board)", "assert statement (a test)"),
        ("if play() > 0:\n    def f(): pass", "if condition calls play()"),
        ("if True:\n    print(1)", "if block that defines nothing"),
        ("get_ipython().system('ls')", "shell command !ls"),
    ],
)
def test_experiments_are_skipped_with_their_reason(statement, reason):
    cell = filter_cell(statement)
    assert [(s.line, s.reason) for s in cell.skipped] == [(1, reason)]
    assert cell.kept == ""


def test_a_class_defined_in_an_earlier_cell_is_a_cheap_constructor():
    cells = [
        RawCell(0, "class MinimaxAgent:\n    def __init__(self, depth):\n        self.depth = depth"),
        RawCell(1, "agent = MinimaxAgent(3)\nother = RandomAgent()"),
    ]
    second = definitions_only(cells)[1]
    assert second.kept.strip() == "agent = MinimaxAgent(3)"
    assert [s.reason for s in second.skipped] == ["assignment calls RandomAgent(): may be an experiment"]


def test_try_import_keeps_imports_and_blanks_the_pip_fallback():
    cell = filter_cell("try:\n    import tabulate\nexcept ImportError:\n    !pip install tabulate\n    import tabulate\nprint('ok')")
    assert cell.kept.splitlines()[:5] == ["try:", "    import tabulate", "except ImportError:", "    pass", "    import tabulate"]
    assert [(s.line, s.reason) for s in cell.skipped] == [(4, "shell command !pip install tabulate"), (6, "experiment call print()")]
    compile(cell.kept, "<cell>", "exec")


def test_statements_sharing_a_line_are_split():
    cell = filter_cell("import numpy as np; print(np.zeros(3)); ROWS = 6")
    assert cell.kept == "import numpy as np; pass; ROWS = 6"
    assert [(s.source, s.reason) for s in cell.skipped] == [("print(np.zeros(3))", "experiment call print()")]
    assert len(cell.kept_statements) == 1


def test_a_kept_statement_that_fails_does_not_lose_the_rest_of_the_cell():
    cell = filter_cell("import no_such_module_xyz\n\ndef after():\n    return 'loaded'")
    namespace: dict = {}
    errors = []
    for statement in cell.kept_statements:
        try:
            exec(compile("\n" * (statement.line - 1) + statement.source, "<cell>", "exec"), namespace)
        except ImportError as err:
            errors.append(err)
    assert len(errors) == 1 and namespace["after"]() == "loaded"


def test_compile_time_errors_are_reported_as_syntax_problems():
    cell = filter_cell("nonlocal x")
    assert cell.syntax_error.message == "nonlocal declaration not allowed at module level"


# --- full mode (each test starts a kernel: ~1-2 s) ------------------------------------------------


def test_full_mode_interrupts_a_looping_cell_and_runs_the_next():
    run = run_notebook(NOTEBOOKS / "looping_cell.ipynb", cell_timeout=1.5, total_timeout=60)
    assert [(c.index, c.status) for c in run.cells] == [(0, "ok"), (1, "timeout"), (2, "ok")]
    assert 1.5 <= run.cells[1].elapsed < 30 and not run.ran_top_to_bottom
    assert run.elapsed >= run.kernel_start > 0


def test_full_mode_total_cap_stops_the_run_and_leaves_later_cells_not_run():
    started = time.monotonic()
    run = run_notebook(NOTEBOOKS / "looping_cell.ipynb", cell_timeout=600, total_timeout=4)
    assert [(c.index, c.status) for c in run.cells] == [(0, "ok"), (1, "timeout"), (2, "not run")]
    assert time.monotonic() - started < 60  # far below the 600 s cell limit: the cap did stop it
    assert "total time cap of 4 s reached before cell 2" in run.problems[0]


def test_full_mode_input_raises_instead_of_hanging():
    run = run_notebook(NOTEBOOKS / "input_main_loop.ipynb", cell_timeout=30, total_timeout=120)
    assert [(c.index, c.status, c.ename) for c in run.cells] == [
        (0, "ok", ""),
        (1, "ok", ""),
        (2, "error", "StdinNotImplementedError"),
        (3, "error", "StdinNotImplementedError"),
        (4, "ok", ""),
    ]


def test_full_mode_reports_errors_and_a_clean_run(tmp_path):
    run = run_notebook(NOTEBOOKS / "raising_cell.ipynb", cell_timeout=30)
    assert [(c.status, c.ename, c.evalue) for c in run.cells] == [
        ("ok", "", ""), ("error", "IndexError", "list index out of range"), ("ok", "", "")
    ]


def test_full_mode_kernel_sees_its_working_dir_but_not_the_graders_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("GRADER_SECRET", "token")
    (tmp_path / "data.txt").write_text("board")
    script = tmp_path / "student.py"
    script.write_text(
        "import os\n# %%\nassert 'GRADER_SECRET' not in os.environ\n"
        "# %%\nassert os.environ['MPLBACKEND'] == 'Agg'\n# %%\nassert open('data.txt').read() == 'board'\n"
    )
    run = run_notebook(script, cell_timeout=30, working_dir=tmp_path)
    assert [(c.index, c.status, c.evalue) for c in run.cells] == [(0, "ok", ""), (1, "ok", ""), (2, "ok", ""), (3, "ok", "")]
    assert run.ran_top_to_bottom


def test_full_mode_refuses_an_unreadable_notebook():
    with pytest.raises(UnreadableSubmission, match="truncated.ipynb"):
        run_notebook(NOTEBOOKS / "truncated.ipynb")


def test_fixture_notebooks_are_valid_nbformat():
    for path in NOTEBOOKS.glob("*.ipynb"):
        if path.name not in ("truncated.ipynb", "empty.ipynb"):
            nbformat.validate(nbformat.read(path, as_version=4))


def test_a_broken_function_loses_only_itself_not_the_rest_of_its_cell():
    from grader.load.definitions import filter_cell

    source = ("def before(x):\n    return x\n\n"
              "def broken(y):\n    return (y + 1\n\n"
              "def after(z):\n    return z\n")
    cell = filter_cell(source)
    assert cell.syntax_error is not None and cell.syntax_error.line == 5
    assert "def before" in cell.kept and "def after" in cell.kept and "def broken" not in cell.kept
    compile(cell.kept, "<cell>", "exec")


def test_definitions_lost_to_a_syntax_error_are_named_with_where_and_why():
    from grader.load.definitions import lost_definitions

    cells = definitions_only([
        RawCell(1, "def before(x):\n    return x\n\ndef terminal(y):\n    return (y + 1\n\ndef after(z):\n    return z\n"),
        RawCell(2, "def winner(board):\n    return (0\n"),
        RawCell(3, "def winner(board):\n    return 0\n"),  # defined again by code that runs: not lost
    ])
    lost = lost_definitions(cells)
    assert lost == {"terminal": "cell 1 is not valid Python at line 5: '(' was never closed"}


def test_a_role_written_in_a_broken_cell_is_said_to_be_broken_not_missing(tmp_path):
    """The student wrote terminal(); a syntax error keeps it from being defined. The check says that,
    with the cell and the error, instead of 'no function named terminal'."""
    from grader.grading import grade_submission
    from grader.rubric import load_rubric
    from reference.solutions import reference_cells, write_notebook

    cells = [dataclasses.replace(c, source=c.source.replace("return winner(board) != 0 or", "return (winner(board) != 0 or"))
             for c in reference_cells("connect4")]
    path = write_notebook(cells, tmp_path / "broken_terminal.ipynb")
    assignment = load_rubric().assignments["connect4"]
    environment = next(t for t in assignment.tasks if any(c.kind == "canned_boards" for c in t.checks))
    assignment = assignment.model_copy(update={"tasks": [environment]})
    result = grade_submission(path, "connect4", assignment, public_only=True)
    terminal = next(c for c in result.checks if c.check.startswith("terminal"))
    assert terminal.points == 0
    assert "terminal() is written but never defined" in terminal.message and "'(' was never closed" in terminal.message
    others = [c for c in result.checks if c.check.startswith(("actions", "result", "utility"))]
    assert others and all(c.points == c.max_points for c in others)
