"""Feedback a person reads to the end: a failure repeated word for word is said once with its count, and
a long list of skipped statements is cut to a few lines and a count."""

from __future__ import annotations

from grader.checks.base import Check, Outcome
from grader.checks.context import CheckContext
from grader.checks.kinds import KINDS
from grader.grading import grade_submission, run_check
from grader.rubric import Assignment, CheckSpec
from grader.text import LISTED_LINES, cut_lines, fold_repeats


def test_lines_repeated_word_for_word_are_said_once_with_their_count():
    lines = ["raised NotImplementedError"] * 20 + ["returned 9"]
    assert fold_repeats(lines) == ["raised NotImplementedError (20 times)", "returned 9"]
    assert fold_repeats(["a", "b"]) == ["a", "b"]


def test_a_long_list_is_cut_to_a_few_lines_and_a_count():
    assert cut_lines([str(i) for i in range(363)], 5, "skipped") == ["0", "1", "2", "3", "4", "... and 358 more skipped"]
    assert cut_lines(["0", "1"], 5) == ["0", "1"]


def test_a_checks_repeated_failure_lines_are_folded(monkeypatch):
    class Repeating(Check):
        words = "repeats"

        def run(self, ctx, spec):
            return Outcome(0.0, "\n".join(["position: raised NotImplementedError"] * 20))

    monkeypatch.setitem(KINDS, "repeating", Repeating())
    result = run_check(CheckContext.__new__(CheckContext), "Task", CheckSpec(kind="repeating", points=1))
    assert result.message == "position: raised NotImplementedError (20 times)"


def test_the_same_placeholder_in_twenty_cells_is_said_once(tmp_path):
    path = tmp_path / "stubs.py"
    path.write_text("".join(f"# %%\ndef step_{i}(board):\n    raise NotImplementedError\n" for i in range(20))
                    + "# %%\ndef actions(board):\n    return []\n", encoding="utf-8")
    only = Assignment.model_validate({"title": "Connect 4", "game": "connect4", "tasks": [
        {"name": "Task 2", "checks": [{"kind": "answers_filled", "points": 2}]}]})
    message = grade_submission(path, "connect4", only).checks[0].message
    assert message.count("NotImplementedError") == 1
    assert "20 cells (code: raise NotImplementedError): 0, 1, 2" in message


def test_hundreds_of_skipped_statements_are_cut_to_a_few_lines_and_a_count_by_reason(tmp_path):
    path = tmp_path / "chatty.py"
    path.write_text("def actions(board):\n    return []\n" + "print('move')\n" * 360 + "for i in range(3):\n"
                    "    pass\n", encoding="utf-8")
    only = Assignment.model_validate({"title": "Connect 4", "game": "connect4", "tasks": [
        {"name": "Task 2", "checks": [{"kind": "answers_filled", "points": 2}]}]})
    notes = grade_submission(path, "connect4", only).load_notes
    skipped = [n for n in notes if "skipped" in n]
    assert len(skipped) == LISTED_LINES + 1
    assert skipped[-1] == f"... and {361 - LISTED_LINES} more statements skipped (experiment call print(): " \
                          f"{360 - LISTED_LINES}, for loop: 1)"
