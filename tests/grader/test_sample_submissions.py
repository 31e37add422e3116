"""The sample submissions in submissions/ are what the README says they are (light checks, no grading).

Every sample parses (notebooks are valid nbformat v4, code cells are valid IPython, the .py export
and the HTML export hold valid code, the PDF is well formed), defines the names listed in the
README's "defines" column, and shows the hazard it is there for. Nothing here runs student code.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest
from bs4 import BeautifulSoup
from IPython.core.inputtransformer2 import TransformerManager

from tests.paths import ROOT

SAMPLES = ROOT / "submissions"
README = SAMPLES / "README.md"
ASSIGNMENTS = ("connect4", "dots_and_boxes", "tictactoe", "mean_connect4")


def readme_rows() -> dict[str, dict]:
    """file -> {'folder', 'defines'} for every table row of submissions/README.md."""
    rows, folder = {}, None
    for line in README.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## .*\(`(\w+)/`\)", line)
        if heading:
            folder = heading.group(1)
        cols = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cols) == 4 and cols[0].startswith("`"):
            name = cols[0].strip("`")
            rows[name] = {"folder": folder, "defines": re.findall(r"`([A-Za-z_]\w*)`", cols[2])}
    return rows


ROWS = readme_rows()


def sample_files() -> list[Path]:
    return sorted(p for a in ASSIGNMENTS for p in (SAMPLES / a).iterdir() if not p.name.startswith("."))


def python_sources(path: Path) -> list[str]:
    """The code cells of a sample (a .py file is one source), as plain Python (magics transformed)."""
    if path.suffix == ".ipynb":
        cells = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
    elif path.suffix == ".py":
        cells = [path.read_text(encoding="utf-8")]
    elif path.suffix == ".html":
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        cells = [div.select_one("div.jp-InputArea div.highlight").get_text()
                 for div in soup.select("div.jp-CodeCell")]
    else:
        return []
    transform = TransformerManager().transform_cell
    return [transform(cell) for cell in cells]


def top_level_names(sources: list[str]) -> set[str]:
    names = set()
    for source in sources:
        for node in ast.parse(source).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def test_readme_lists_every_sample_and_only_existing_ones():
    on_disk = {p.name: p.parent.name for p in sample_files()}
    listed = {name: row["folder"] for name, row in ROWS.items()}
    assert listed == on_disk


def test_there_are_notebooks_for_every_assignment_and_the_other_kinds():
    kinds = {p.suffix for p in sample_files()}
    assert {".ipynb", ".py", ".pdf", ".html"} <= kinds
    for assignment in ASSIGNMENTS:
        assert list((SAMPLES / assignment).glob("*.ipynb")), assignment


@pytest.mark.parametrize("path", [p for p in sample_files() if p.suffix == ".ipynb"], ids=lambda p: p.name)
def test_notebook_is_valid_nbformat_v4_with_markdown_and_code(path):
    nb = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    assert nb.nbformat == 4
    nbformat.validate(nb)
    kinds = {c.cell_type for c in nb.cells}
    assert kinds == {"markdown", "code"}


@pytest.mark.parametrize("path", [p for p in sample_files() if p.suffix in (".ipynb", ".py", ".html")],
                         ids=lambda p: p.name)
def test_sample_parses_and_defines_what_the_readme_says(path):
    sources = python_sources(path)
    assert sources, f"{path.name}: no code found"
    names = top_level_names(sources)  # raises SyntaxError for a cell that does not parse
    expected = ROWS[path.name]["defines"]
    assert expected, f"README lists no names for {path.name}"
    assert set(expected) <= names, f"{path.name} lacks {sorted(set(expected) - names)}"


def test_pdf_report_is_a_well_formed_pdf_without_code():
    data = (SAMPLES / "connect4" / "noah_report.pdf").read_bytes()
    assert data.startswith(b"%PDF-1.") and data.rstrip().endswith(b"%%EOF")
    assert b"(Report) Tj" in data
    startxref = int(re.search(rb"startxref\s+(\d+)", data).group(1))
    assert data[startxref:].startswith(b"xref")
    offsets = [int(m) for m in re.findall(rb"(\d{10}) 00000 n", data)]
    for number, offset in enumerate(offsets, start=1):
        assert data[offset:].startswith(b"%d 0 obj" % number)
    assert not ROWS["noah_report.pdf"]["defines"]


def test_html_export_is_a_real_nbconvert_page():
    html = (SAMPLES / "connect4" / "pat_connect4.html").read_text(encoding="utf-8")
    soup = BeautifulSoup(html, "html.parser")
    assert soup.find("meta", attrs={"name": "generator"}) is not None or "jp-Notebook" in html
    assert len(soup.select("div.jp-MarkdownCell")) >= 3


def test_percent_script_has_code_and_markdown_cells():
    text = (SAMPLES / "connect4" / "olivia_connect4.py").read_text(encoding="utf-8")
    assert text.count("# %% [markdown]") >= 2
    assert len(re.findall(r"^# %%$", text, flags=re.M)) >= 3


def code_of(name: str) -> str:
    path = next(p for p in sample_files() if p.name == name)
    return "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")


def test_hostile_sample_has_every_hazard_and_its_shell_command_is_inert():
    code = code_of("henry_hostile.ipynb")
    for hazard in ("while True:", "time.sleep(30)", "sys.exit()", "/etc/passwd", "('127.0.0.1', 9)",
                   "10 * 1024 * 1024"):
        assert hazard in code, hazard
    commands = re.findall(r"os\.system\((['\"])(.*?)\1\)", code)
    assert commands, "the os.system cell is missing"
    for _, command in commands:
        assert command.startswith("echo ") and "/nonexistent/" in command, command
    assert "subprocess" not in code and "shutil.rmtree" not in code and "os.remove" not in code


def test_incomplete_sample_still_has_the_template_placeholders():
    code = code_of("grace_incomplete.ipynb")
    assert code.count("raise NotImplementedError()") == 2 and "# YOUR CODE HERE" in code
    assert "heuristic_player" not in code


def test_slow_sample_has_input_loops_a_missing_module_and_a_redefined_helper():
    code = code_of("ivan_slow_and_input.ipynb")
    assert 'if __name__ == "__main__":' in code and code.count("input(") >= 3
    assert "import tabulate" in code and "minimax(empty_board(), 8" in code
    assert code.count("def check_win(") == 2

