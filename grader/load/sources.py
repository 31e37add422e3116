"""Submission files -> raw code cells: .ipynb (nbformat), .py (cell markers), nbconvert HTML.

Each reader returns the code cells in notebook order with their cell number, and the problems it
worked around (a stray byte, a schema mismatch). A file that cannot be read at all raises
:class:`UnreadableSubmission` with a message naming the file and what is wrong with it.
"""

from __future__ import annotations

import codecs
import json
import re
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

#: file kinds we can turn into code, best first (a directory offers the first kind it has)
CODE_KINDS = {".ipynb": "ipynb", ".py": "py", ".html": "html", ".htm": "html"}


class UnreadableSubmission(ValueError):
    """A submission file of a gradable kind whose content cannot be read; the message says why."""


class NoCodeFound(UnreadableSubmission):
    """A readable file with no code to run (an HTML page that is not an nbconvert export, ...)."""


@dataclass(frozen=True)
class RawCell:
    """One code cell as the student wrote it.

    ``index`` is the cell's position among all cells of the notebook (markdown included, 0-based, as
    nbformat and nbclient count), so feedback can point at "cell 12". ``first_line`` is the file
    line where the cell starts (1 for a notebook; a .py file's cells start further down).
    """

    index: int
    source: str
    first_line: int = 1


@dataclass(frozen=True)
class SourceCells:
    """The code cells read from one file, plus the notes a grader should see."""

    cells: list[RawCell]
    problems: list[str] = field(default_factory=list)


def read_source_cells(path: Path) -> SourceCells:
    """Read the code cells of a .ipynb, .py or nbconvert .html file (dispatch on the suffix)."""
    kind = CODE_KINDS.get(path.suffix.lower())
    if kind == "ipynb":
        return read_ipynb(path)
    if kind == "py":
        return read_py(path)
    if kind == "html":
        return read_html(path)
    raise UnreadableSubmission(f"{path}: {path.suffix or 'no suffix'} is not a notebook, .py or .html file")


# --- .ipynb ---------------------------------------------------------------------------------


def read_ipynb(path: Path) -> SourceCells:
    """Code cells of a notebook; tolerates schema slips (Colab, hand edits) but not broken JSON."""
    data = _read_bytes(path)
    if not data.strip():
        raise UnreadableSubmission(f"{path}: the notebook file is empty ({len(data)} bytes); was the upload interrupted?")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise UnreadableSubmission(
            f"{path}: not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start}); a notebook is UTF-8 JSON"
        ) from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:
        hint = ""
        if text.lstrip().startswith("<"):
            hint = " (it looks like HTML: submit the .ipynb itself, or rename an nbconvert export to .html)"
        elif err.pos >= len(text.rstrip()) - 1 or err.msg.startswith("Unterminated string"):
            # a string left open runs to the end of the file: that is a truncated file too
            hint = " (the file ends early: it was probably truncated while saving or uploading)"
        what = err.msg.removesuffix(" at")  # json's "Unterminated string starting at" is followed by the place
        raise UnreadableSubmission(
            f"{path}: not valid notebook JSON ({what[:1].lower() + what[1:]} at line {err.lineno}, "
            f"column {err.colno}){hint}"
        ) from None
    if not isinstance(raw, dict) or "cells" not in raw and "worksheets" not in raw:
        found = type(raw).__name__ if not isinstance(raw, dict) else f"keys {sorted(raw)[:6]}"
        raise UnreadableSubmission(f"{path}: JSON but not a notebook (no 'cells' list; found {found})")
    version = raw.get("nbformat")
    if not isinstance(version, int) or version not in (3, 4):
        raise UnreadableSubmission(
            f"{path}: unsupported notebook format version {version!r} (nbformat 3 and 4 can be read)"
        )
    problems: list[str] = []
    try:
        nb = nbformat.reads(text, as_version=4)
        cells = [(c.get("cell_type"), c.get("source", "")) for c in nb.cells]
    except Exception as err:  # nbformat raises jsonschema errors, KeyError, ... for schema slips
        if version != 4 or not isinstance(raw.get("cells"), list):
            raise UnreadableSubmission(f"{path}: notebook does not follow nbformat {version}: {_first_line(err)}") from None
        problems.append(f"{path.name}: notebook does not follow the nbformat schema ({_first_line(err)}); code read anyway")
        cells = [(c.get("cell_type"), c.get("source", "")) for c in raw["cells"] if isinstance(c, dict)]
    code = []
    for index, (cell_type, source) in enumerate(cells):
        if cell_type != "code":
            continue
        if isinstance(source, list):  # the on-disk form: a list of lines
            source = "".join(str(s) for s in source)
        code.append(RawCell(index, str(source)))
    return SourceCells(code, problems)


def _first_line(err: BaseException) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0]


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as err:
        raise UnreadableSubmission(f"{path}: cannot read the file: {err.strerror or err}") from None


# --- .py ------------------------------------------------------------------------------------

# `# %%` (VS Code, Spyder, jupytext percent format) and `# In[12]:` (nbconvert --to script)
_CELL_MARKER = re.compile(r"^#\s*(%%(?P<title>.*)|In\s*\[[\s\d]*\]\s*:?\s*)$")


def read_py(path: Path) -> SourceCells:
    """Code cells of a Python script: split on cell markers when there are any, else one cell."""
    text, problems = decode_python_source(_read_bytes(path), path.name)
    lines = text.splitlines(keepends=True)
    markers = [n for n, line in enumerate(lines) if _CELL_MARKER.match(line.strip())]
    if not markers:
        return SourceCells([RawCell(0, text)], problems)
    cells: list[RawCell] = []
    # What precedes the first marker (shebang, coding line, imports) is a cell of its own if it has code.
    bounds = [(0, markers[0], None)] + [
        (m + 1, next_m, lines[m].strip()) for m, next_m in zip(markers, markers[1:] + [len(lines)])
    ]
    index = 0
    for start, stop, marker in bounds:
        source = "".join(lines[start:stop])
        if marker is None and not has_code(source):
            continue
        if marker and re.search(r"\[(markdown|md)\]", marker):
            index += 1  # a markdown cell still counts as a cell, as in the notebook
            continue
        if marker and marker.startswith("# In"):
            source = _without_trailing_markdown(source)
        cells.append(RawCell(index, source, first_line=start + 1))
        index += 1
    return SourceCells(cells, problems)


def _without_trailing_markdown(source: str) -> str:
    """nbconvert's script export writes markdown cells as comments after a code cell: drop them."""
    lines = source.splitlines()
    while lines and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
        lines.pop()
    return "\n".join(lines)


def has_code(source: str) -> bool:
    """Whether ``source`` holds any line that is not blank or a comment."""
    return any(line.strip() and not line.lstrip().startswith("#") for line in source.splitlines())


def _latin1_for_bad_bytes(err: UnicodeError) -> tuple[str, int]:
    assert isinstance(err, UnicodeDecodeError)
    return err.object[err.start : err.end].decode("latin-1"), err.end


codecs.register_error("grader-latin1-fallback", _latin1_for_bad_bytes)


def decode_python_source(data: bytes, name: str) -> tuple[str, list[str]]:
    """Decode a .py file as Python would (PEP 263 cookie, BOM, else UTF-8).

    Bytes that are not valid in that encoding are read as latin-1 one by one, so a single stray
    byte (an 'é' saved by an old editor) neither fails the file nor garbles the UTF-8 around it.
    """
    problems: list[str] = []
    try:
        encoding, _ = tokenize.detect_encoding(iter(data.splitlines(keepends=True)).__next__)
    except SyntaxError as err:  # an unknown or contradictory coding cookie
        problems.append(f"{name}: {err.msg if hasattr(err, 'msg') else err}; read as UTF-8")
        encoding = "utf-8"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        text = data.decode(encoding, errors="grader-latin1-fallback")
        bad = _undecodable_lines(data, encoding)
        problems.append(
            f"{name}: bytes that are not valid {encoding} on line(s) {', '.join(map(str, bad))}; read them as latin-1"
        )
    if text.startswith("\ufeff"):
        text = text[1:]
    return text, problems


def _undecodable_lines(data: bytes, encoding: str) -> list[int]:
    bad = []
    for number, line in enumerate(data.splitlines(), start=1):
        try:
            line.decode(encoding)
        except UnicodeDecodeError:
            bad.append(number)
    return bad


# --- nbconvert HTML -------------------------------------------------------------------------


def read_html(path: Path) -> SourceCells:
    """Code cells of an HTML page made by ``jupyter nbconvert --to html`` (lab or classic template).

    Cells are ``div.jp-Cell`` (lab) or ``div.cell`` (classic); a code cell's input is the
    Pygments ``div.highlight pre`` inside ``div.jp-InputArea`` / ``div.input_area``. Pygments drops
    a cell's leading and trailing blank lines, so those are the only text that does not survive.
    """
    from bs4 import BeautifulSoup  # the parser costs ~0.1 s to import; only HTML needs it

    data = _read_bytes(path)
    if not data.strip():
        raise UnreadableSubmission(f"{path}: the HTML file is empty ({len(data)} bytes)")
    soup = BeautifulSoup(data, "html.parser")
    cell_divs = [  # top-level cells only: an output can itself contain HTML with such classes
        div for div in soup.select("div.jp-Cell, div.cell") if div.find_parent("div", class_=["jp-Cell", "cell"]) is None
    ]
    cells: list[RawCell] = []
    for index, div in enumerate(cell_divs):
        classes = set(div.get("class", []))
        if not classes & {"jp-CodeCell", "code_cell"}:
            continue
        area = div.select_one("div.jp-InputArea, div.input_area")
        if area is None:  # exported with --no-input: the code is not there
            continue
        pre = area.select_one("div.highlight pre") or area.find("pre")
        source = pre.get_text() if pre is not None else ""
        cells.append(RawCell(index, source[:-1] if source.endswith("\n") else source))
    if not cells:
        what = "cells but no code inputs (exported with --no-input?)" if cell_divs else "no nbconvert notebook cells"
        raise NoCodeFound(f"{path}: HTML with {what}; grade it by hand or ask for the .ipynb")
    return SourceCells(cells)
