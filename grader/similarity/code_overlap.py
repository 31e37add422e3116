"""Pairwise code overlap with copydetect: the winnowed fingerprints of MOSS over a token stream in
which every name becomes ``V``/``F``/``O`` and every string ``S`` (pygments' Python lexer), so that
renamed identifiers and rewritten comments still match.

The template's given code is boilerplate: its k-grams are removed from every submission's
fingerprints, so two students who both kept ``empty_board()`` as given do not look alike.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np
from copydetect import CodeFingerprint, compare_files
from copydetect.utils import highlight_overlap

from grader.load import load_submission

#: k-gram length in filtered characters (copydetect's noise threshold): shorter matches are noise
NOISE_CHARACTERS = 25
#: every k-gram is kept (winnowing window 1): class-sized inputs are small, and keeping all hashes
#: makes the figures independent of Python's per-process string hash salt
WINDOW = 1
#: lines of context kept around a highlighted passage
CONTEXT_LINES = 4


@dataclass
class CodeText:
    """The code one submission contributes: its code cells joined, as the student wrote them."""

    submission: str
    code: str


@dataclass
class CodePair:
    """How much of each of two submissions' code (template set aside) the other contains."""

    first: str
    second: str
    first_share: float  # of the first's fingerprinted code, the part found in the second
    second_share: float
    overlap_tokens: int
    first_html: str = ""  # the first's code, escaped, matching passages in <mark>
    second_html: str = ""

    @property
    def similarity(self) -> float:
        """The larger share: a short copy inside a longer notebook still counts in full."""
        return max(self.first_share, self.second_share)


def submission_code(path: str | Path) -> str:
    """The code cells of a submission file or folder, joined ("" when it has none: a PDF, a broken file)."""
    loaded = load_submission(path)
    return "\n\n".join(cell.source.rstrip() for cell in loaded.cells if cell.source.strip())


def _fingerprint(code: str, boilerplate: np.ndarray | None = None, window: int = WINDOW) -> CodeFingerprint:
    return CodeFingerprint("code.py", NOISE_CHARACTERS, window, boilerplate, language="python",
                           fp=io.StringIO(code))


def template_hashes(template_code: str) -> np.ndarray:
    """Every k-gram hash of the template's code, the boilerplate to remove from submissions."""
    if not template_code.strip():
        return np.array([], dtype=np.int64)
    return np.unique(np.array(list(_fingerprint(template_code, window=1).hashes)))


def compare_class(texts: Sequence[CodeText], template_code: str = "", *,
                  highlight_above: float = 1.0) -> list[CodePair]:
    """Every pair of ``texts`` with its overlap, most similar first; the matching passages are
    highlighted for pairs whose similarity reaches ``highlight_above``."""
    boilerplate = template_hashes(template_code)
    prints = [_fingerprint(t.code, boilerplate) if t.code.strip() else None for t in texts]
    pairs = []
    for i in range(len(texts)):
        for j in range(i + 1, len(texts)):
            if prints[i] is None or prints[j] is None:
                continue
            overlap, (share_i, share_j), (slices_i, slices_j) = compare_files(prints[i], prints[j])
            pair = CodePair(texts[i].submission, texts[j].submission, round(float(share_i), 4),
                            round(float(share_j), 4), int(overlap))
            if overlap and pair.similarity >= highlight_above:
                pair.first_html = _highlighted(texts[i].code, slices_i)
                pair.second_html = _highlighted(texts[j].code, slices_j)
            pairs.append(pair)
    return sorted(pairs, key=lambda p: (-p.similarity, p.first, p.second))


def _highlighted(code: str, slices: np.ndarray) -> str:
    """``code`` escaped for HTML, the copied passages in ``<mark>``, long unmatched stretches elided.

    The elision is done here: copydetect's own ``truncate`` drops lines between two passages without
    a mark when the stretch is short, so a reader saw lines run together."""
    html, _ = highlight_overlap(code, slices, "<mark>", "</mark>", truncate=-1, escape_html=True)
    lines = html.split("\n")
    marked, inside = [], False
    for line in lines:  # a line is part of a passage if a mark opens, closes or stays open on it
        opens, closes = line.count("<mark>"), line.count("</mark>")
        marked.append(inside or opens > 0 or closes > 0)
        inside = (inside or opens > 0) and not (closes > 0 and line.rfind("</mark>") > line.rfind("<mark>"))
    keep = [any(marked[max(0, i - CONTEXT_LINES):i + CONTEXT_LINES + 1]) for i in range(len(lines))]
    out: list[str] = []
    for line, kept in zip(lines, keep):
        if kept:
            out.append(line)
        elif not out or out[-1] != "...":
            out.append("...")
    return "\n".join(out)
