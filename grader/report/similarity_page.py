"""The similarity report, ``similarity.html`` and ``similarity.csv``: which submissions look copied.

Every pair of submissions with its code overlap (:mod:`grader.similarity.code_overlap`, template
code set aside) and the agreement of their agents' moves on the probe positions
(:mod:`grader.similarity.behaviour`). Pairs whose code overlap reaches the threshold are shown with
the matching passages highlighted side by side; agents that chose alike almost everywhere flag a
pair whose code overlap reaches half the threshold. A flag is a reason for a person to read both
notebooks, never a verdict.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import pandas as pd
from markupsafe import Markup

from grader.report.feedback import page_environment
from grader.report.files import write_text
from grader.report.sheets import frame_to_csv_text, latest_by_submission, neutralize_formulas
from grader.results import SubmissionResult
from grader.similarity.behaviour import MoveAgreement, class_agreement
from grader.similarity.code_overlap import CodePair, CodeText, compare_class, submission_code

#: code overlap from which a pair is flagged (measured on tests/similarity: disguised copies 0.99 and
#: more, independent solutions under 0.1 once the template is set aside)
CODE_THRESHOLD = 0.5
#: move agreement from which agents count as choosing alike, on at least this many positions
MOVES_THRESHOLD = 0.95
MOVES_AT_LEAST = 10
#: pairs listed in the page's table (all pairs are in the CSV)
PAIRS_LISTED = 30

SIMILARITY_COLUMNS = ["first", "second", "code_similarity", "first_share", "second_share", "overlap_tokens",
                      "same_moves", "moves_compared", "flag"]


@dataclass
class PairView:
    code: CodePair
    moves: MoveAgreement
    flag: str  # why a person should look ("" when nothing stands out)
    first_html: Markup = Markup("")
    second_html: Markup = Markup("")


def pair_flag(code: CodePair, moves: MoveAgreement, threshold: float = CODE_THRESHOLD) -> str:
    """Why a person should read both submissions ("" when nothing stands out).

    Agents alone do not flag a pair: correct agents of the same depth agree on most probe positions
    (on the sample class, 7 of 55 pairs agree on all 14). Agreement everywhere flags a pair whose code
    overlap reaches half the threshold: a copy rewritten past the token match but still playing alike."""
    same_moves = moves.compared >= MOVES_AT_LEAST and moves.share >= MOVES_THRESHOLD
    moves_text = f"same moves on {moves.same} of {moves.compared} positions"
    if code.similarity >= threshold:
        return f"code overlap {code.similarity:.0%}" + (f"; {moves_text}" if same_moves else "")
    if same_moves and code.similarity >= threshold / 2:
        return f"code overlap {code.similarity:.0%} and {moves_text}"
    return ""


def similarity_pairs(results: Iterable[SubmissionResult], template: str | os.PathLike[str] | None = None,
                     threshold: float = CODE_THRESHOLD) -> list[PairView]:
    """Every pair of submissions with code overlap and move agreement, flagged pairs first."""
    results = latest_by_submission(results)
    template_code = submission_code(template) if template else ""
    texts = [CodeText(r.submission, submission_code(r.path) if r.path and Path(r.path).exists() else "")
             for r in results]
    agreements = class_agreement(results)
    views = []
    for code in compare_class(texts, template_code, highlight_above=threshold / 2):  # see pair_flag
        moves = agreements.get(tuple(sorted((code.first, code.second))), MoveAgreement(0, 0))
        views.append(PairView(code, moves, pair_flag(code, moves, threshold),
                              Markup(code.first_html), Markup(code.second_html)))
    return sorted(views, key=lambda v: (not v.flag, -v.code.similarity, -v.moves.share))


def similarity_frame(pairs: Iterable[PairView]) -> pd.DataFrame:
    """One row per pair: the code shares both ways, the move agreement and the flag."""
    rows = [{"first": p.code.first, "second": p.code.second, "code_similarity": p.code.similarity,
             "first_share": p.code.first_share, "second_share": p.code.second_share,
             "overlap_tokens": p.code.overlap_tokens, "same_moves": p.moves.same,
             "moves_compared": p.moves.compared, "flag": p.flag} for p in pairs]
    return pd.DataFrame(rows, columns=SIMILARITY_COLUMNS)


def write_similarity_report(results: Iterable[SubmissionResult], out_dir: str | os.PathLike[str],
                            template: str | os.PathLike[str] | None = None, threshold: float = CODE_THRESHOLD,
                            title: str = "") -> tuple[Path, Path]:
    """Write ``out_dir/similarity.html`` and ``out_dir/similarity.csv``; return both paths."""
    results = list(results)
    pairs = similarity_pairs(results, template, threshold)
    html = page_environment().get_template("similarity.html.j2").render(
        title=title or next((r.assignment for r in results if r.assignment), ""), pairs=pairs,
        flagged=[p for p in pairs if p.flag], listed=pairs[:PAIRS_LISTED], submissions=len(results),
        template=Path(template).name if template else "", threshold=threshold,
        moves_threshold=MOVES_THRESHOLD, moves_at_least=MOVES_AT_LEAST)
    page = write_text(Path(out_dir) / "similarity.html", html)
    sheet = write_text(Path(out_dir) / "similarity.csv", frame_to_csv_text(neutralize_formulas(similarity_frame(pairs))))
    return page, sheet
