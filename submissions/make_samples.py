"""Rebuild the sample submissions: `python submissions/make_samples.py [--out DIR] [--nbconvert CMD]`.

The samples are student work written by us to look like real submissions (see submissions/README.md
for what each one shows and the score it should get). Their cells live in the ``_cells_*.py``
modules next to this script; this script turns them into nbformat v4 notebooks, a ``# %%`` script,
a hand-written PDF and (when ``jupyter nbconvert`` is available) an HTML export.

Cell ids are derived from the file name and the cell position so that a rebuild gives the same
files byte for byte (the HTML export aside, which nbconvert writes).
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _cells_connect4_a import ALICE, BOB, CHEN, DANA, EVE  # noqa: E402
from _cells_connect4_b import FRANK, GRACE, HENRY, IVAN  # noqa: E402
from _cells_dots_and_boxes import JULIA, KIM, LIAM  # noqa: E402
from _cells_mean_connect4 import RUTH, SAM, TARA  # noqa: E402
from _cells_other import MIA, OLIVIA, PAT  # noqa: E402

#: file (relative to submissions/) -> cells: ("md" | "code", source[, recorded stdout])
NOTEBOOKS = {
    "connect4/alice_complete.ipynb": ALICE,
    "connect4/bob_renamed_and_reordered.ipynb": BOB,
    "connect4/chen_old_char_board.ipynb": CHEN,
    "connect4/dana_agent_objects.ipynb": DANA,
    "connect4/eve_bugs.ipynb": EVE,
    "connect4/frank_bottom_row_zero.ipynb": FRANK,
    "connect4/grace_incomplete.ipynb": GRACE,
    "connect4/henry_hostile.ipynb": HENRY,
    "connect4/ivan_slow_and_input.ipynb": IVAN,
    "dots_and_boxes/julia_dab_complete.ipynb": JULIA,
    "dots_and_boxes/kim_dab_old_layout.ipynb": KIM,
    "dots_and_boxes/liam_dab_no_extra_turn.ipynb": LIAM,
    "tictactoe/mia_tictactoe.ipynb": MIA,
    "mean_connect4/ruth_mean_complete.ipynb": RUTH,
    "mean_connect4/sam_mean_stolen_disc.ipynb": SAM,
    "mean_connect4/tara_mean_bugs.ipynb": TARA,
}

SCRIPTS = {"connect4/olivia_connect4.py": OLIVIA}

#: HTML exports: file -> cells of the notebook that nbconvert turns into it
HTML_EXPORTS = {"connect4/pat_connect4.html": PAT}

PDF_REPORTS = {"connect4/noah_report.pdf": "Report"}

METADATA = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {
        "codemirror_mode": {"name": "ipython", "version": 3},
        "file_extension": ".py",
        "mimetype": "text/x-python",
        "name": "python",
        "nbconvert_exporter": "python",
        "pygments_lexer": "ipython3",
        "version": "3.10.12",
    },
}


def cell_id(name: str, index: int) -> str:
    """A stable 8-character id, like the random ones Jupyter writes."""
    return hashlib.sha1(f"{name}:{index}".encode()).hexdigest()[:8]


def build_notebook(name: str, cells: list[tuple]) -> nbformat.NotebookNode:
    """An nbformat v4 notebook; a cell with recorded stdout gets an execution count and a stream output."""
    nb = new_notebook(metadata=METADATA)
    count = 0
    for i, (kind, source, *recorded) in enumerate(cells):
        if kind == "md":
            cell = new_markdown_cell(source)
        elif kind == "code":
            cell = new_code_cell(source)
            if recorded:
                count += 1
                cell.execution_count = count
                cell.outputs = [new_output("stream", name="stdout", text=recorded[0])]
        else:
            raise ValueError(f"{name}: cell {i} has unknown kind {kind!r} (expected 'md' or 'code')")
        cell.id = cell_id(name, i)
        nb.cells.append(cell)
    nbformat.validate(nb)
    return nb


def write_notebook(path: Path, nb: nbformat.NotebookNode) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        nbformat.write(nb, f)


def minimal_pdf(text: str) -> bytes:
    """A one-page PDF showing `text`, with a correct cross-reference table (as a PDF reader checks)."""
    stream = f"BT /F1 24 Tf 72 720 Td ({text}) Tj ET".encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def find_nbconvert(given: str | None) -> list[str] | None:
    """The command that runs nbconvert: the one given, else `jupyter-nbconvert` on PATH, else None."""
    if given:
        return given.split()
    found = shutil.which("jupyter-nbconvert")
    return [found] if found else None


def export_html(path: Path, nb: nbformat.NotebookNode, nbconvert: list[str]) -> None:
    """Write `nb` to a temporary .ipynb named like `path` and let nbconvert make the HTML next to it."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / (path.stem + ".ipynb")
        write_notebook(source, nb)
        subprocess.run([*nbconvert, "--to", "html", "--output-dir", str(path.parent), str(source)],
                       check=True, capture_output=True)


def build(out: Path, nbconvert: list[str] | None) -> list[Path]:
    """Write every sample under `out`; returns the files written."""
    written = []
    for name, cells in NOTEBOOKS.items():
        write_notebook(out / name, build_notebook(name, cells))
        written.append(out / name)
    for name, text in SCRIPTS.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(text, encoding="utf-8")
        written.append(out / name)
    for name, text in PDF_REPORTS.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(minimal_pdf(text))
        written.append(out / name)
    for name, cells in HTML_EXPORTS.items():
        if nbconvert is None:
            print(f"skipped {name}: no jupyter-nbconvert (pass --nbconvert CMD)", file=sys.stderr)
            continue
        export_html(out / name, build_notebook(name, cells), nbconvert)
        written.append(out / name)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE), help="folder to write into (default: this folder)")
    parser.add_argument("--nbconvert", help="command that runs nbconvert, e.g. 'jupyter nbconvert'")
    args = parser.parse_args(argv)
    for path in build(Path(args.out), find_nbconvert(args.nbconvert)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
