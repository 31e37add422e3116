"""Similarity: disguised copies are flagged, independent solutions and shared template code are not,
and agents that choose the same moves are a second signal."""

from __future__ import annotations

import csv
from itertools import combinations

import pytest

from grader.report.similarity_page import CODE_THRESHOLD, pair_flag, similarity_pairs, write_similarity_report
from grader.results import CheckResult, SubmissionResult
from grader.similarity.behaviour import MoveAgreement, agreement, class_agreement
from grader.similarity.code_overlap import CodePair, CodeText, compare_class, submission_code
from tests.paths import TESTS

HERE = TESTS / "similarity"
TEMPLATE = HERE / "template.py"
HONEST = ["honest_loops", "honest_numpy", "honest_oop"]
COPIES = {f"copy_of_{name}": name for name in HONEST}


def _texts(names) -> list[CodeText]:
    return [CodeText(name, submission_code(HERE / f"{name}.py")) for name in names]


@pytest.fixture(scope="module")
def class_pairs():
    pairs = compare_class(_texts(HONEST + list(COPIES)), submission_code(TEMPLATE))
    return {frozenset((p.first, p.second)): p for p in pairs}


@pytest.mark.parametrize("copy", sorted(COPIES))
def test_a_copy_with_renamed_identifiers_and_rewritten_comments_is_flagged(class_pairs, copy):
    assert class_pairs[frozenset((copy, COPIES[copy]))].similarity >= CODE_THRESHOLD


def test_independent_solutions_are_not_flagged(class_pairs):
    for pair in combinations(HONEST, 2):
        assert class_pairs[frozenset(pair)].similarity < CODE_THRESHOLD / 2, pair


def test_code_kept_from_the_template_is_not_counted_as_similar():
    kept = submission_code(TEMPLATE)
    texts = [CodeText("a", kept + "\n\ndef actions(b):\n    return [c for c in range(7) if b[0][c] == 0]\n"),
             CodeText("b", kept + "\n\ndef utility(s, p):\n    w = winner(s)\n    return 0 if w is None else 1\n")]
    assert compare_class(texts)[0].similarity >= CODE_THRESHOLD  # the template alone makes them look alike
    assert compare_class(texts, kept)[0].similarity < CODE_THRESHOLD


def test_matching_passages_are_highlighted_and_escaped():
    texts = [CodeText("a", "def f(x):\n    return x < 3 and '<b>' or [i * i for i in range(x) if i % 2]\n" * 3),
             CodeText("b", "def g(y):\n    return y < 3 and '<i>' or [j * j for j in range(y) if j % 2]\n" * 3)]
    pair = compare_class(texts, highlight_above=0.5)[0]
    assert "<mark>" in pair.first_html and "&lt;" in pair.first_html and "<b>" not in pair.first_html


def _agent_result(name: str, moves: list[str], random_moves: list[str] = ()) -> SubmissionResult:
    checks = [CheckResult("Task 3", "alpha_beta_player: legal moves in time", 5, 5, "passed", moves=moves),
              CheckResult("Task 2", "random_player: legal moves in time", 3, 3, "passed", moves=list(random_moves))]
    return SubmissionResult(name, str(HERE / f"{name}.py"), "connect4", checks=checks)


def test_agents_are_compared_where_both_answered_and_random_agents_not_at_all():
    a = _agent_result("a", ["3", "2", "", "4"], random_moves=["1", "1"])
    b = _agent_result("b", ["3", "5", "1", "4"], random_moves=["1", "1"])
    assert class_agreement([a, b])[("a", "b")].same == 2
    assert agreement({"x": ["1", ""]}, {"x": ["1", "0"]}).compared == 1


def test_same_moves_everywhere_flag_a_pair_with_some_code_overlap_but_never_alone():
    same = [str(i % 7) for i in range(12)]
    results = [_agent_result("honest_loops", same), _agent_result("honest_oop", same)]
    assert [p.flag for p in similarity_pairs(results, TEMPLATE)] == [""]  # independent code, agents alike
    alike, apart = MoveAgreement(12, 12), MoveAgreement(6, 12)
    partly_copied = CodePair("a", "b", 0.3, 0.2, 200)
    assert pair_flag(partly_copied, alike) == "code overlap 30% and same moves on 12 of 12 positions"
    assert pair_flag(partly_copied, apart) == ""
    assert pair_flag(CodePair("a", "b", 0.9, 0.8, 900), apart) == "code overlap 90%"


def test_report_lists_flagged_pairs_side_by_side_and_every_pair_in_the_csv(tmp_path):
    names = HONEST + list(COPIES)
    results = [SubmissionResult(n, str(HERE / f"{n}.py"), "connect4") for n in names]
    page, sheet = write_similarity_report(results, tmp_path, TEMPLATE, title="Connect 4")
    rows = list(csv.DictReader(sheet.open(encoding="utf-8")))
    assert len(rows) == len(names) * (len(names) - 1) // 2
    flagged = {frozenset((r["first"], r["second"])) for r in rows if r["flag"]}
    assert flagged == {frozenset(pair) for pair in COPIES.items()}
    html = page.read_text(encoding="utf-8")
    assert "Flagged pairs (3)" in html and html.count("<mark>") > 4 and "template.py" in html


def test_highlighted_code_keeps_every_line_between_two_passages():
    """copydetect's own truncation dropped short stretches between passages without a mark."""
    import numpy as np

    from grader.similarity.code_overlap import CONTEXT_LINES, _highlighted
    code = "\n".join(f"line {i}" for i in range(40))
    first = (code.index("line 5"), code.index("line 7") + len("line 7"))
    second = (code.index("line 12"), code.index("line 13") + len("line 13"))
    html = _highlighted(code, np.array([[first[0], second[0]], [first[1], second[1]]]))
    shown = html.replace("<mark>", "").replace("</mark>", "").split("\n")
    assert [f"line {i}" for i in range(5 - CONTEXT_LINES, 14 + CONTEXT_LINES)] == [s for s in shown if s != "..."]
    assert shown[0] == "..." and shown[-1] == "..."
