"""PrairieLearn's results.json from a graded result: the score is the automatic points over their maximum, the
items a person grades wait at 0 without lowering it, a submission whose code never ran is not gradable and
says why, and the file stays under PrairieLearn's 1 MB whatever a check's feedback holds."""

from __future__ import annotations

import dataclasses
import json

import jsonschema

from grader.report.prairielearn import MAX_RESULTS_BYTES, prairielearn_results
from grader.results import CheckResult
from tests.grader.report.test_report import HIDDEN_BOARD, TASKS, alice, bob, carol
from tests.paths import TESTS

SCHEMA = json.loads((TESTS / "schemas" / "prairielearn_results.schema.json").read_text(encoding="utf-8"))


def test_score_is_the_automatic_points_over_their_maximum_and_hand_graded_items_wait_at_zero():
    payload = prairielearn_results(alice(), TASKS)
    jsonschema.validate(payload, SCHEMA)
    assert payload["gradable"] is True and payload["score"] == 0.25  # 7.5 of 30: the 10 graded by hand wait
    by_hand = payload["tests"][0]
    assert (by_hand["points"], by_hand["max_points"], by_hand["message"]) == (0, 10, "graded by hand")
    assert [t["points"] for t in payload["tests"]] == [0, 5, 0, 2.5, 0, 0]
    assert payload["message"] == "Connect 4: automatic 7.5/30, manual 0/10 pending."


def test_a_hidden_check_is_a_test_with_its_points_and_without_its_boards():
    hidden = [t for t in prairielearn_results(alice(), TASKS)["tests"] if "hidden boards" in t["name"]][0]
    assert hidden["max_points"] == 5 and HIDDEN_BOARD.text not in hidden["output"] and "not shown" in hidden["output"]


def test_a_submission_whose_code_never_ran_is_not_gradable_and_says_why():
    for result, words in ((bob(), "notebook is not valid JSON"), (carol(), "a PDF report: nothing to run")):
        payload = prairielearn_results(result, TASKS)
        jsonschema.validate(payload, SCHEMA)
        assert payload["gradable"] is False and "score" not in payload and words in payload["format_errors"][0]


def test_the_file_stays_under_prairielearns_limit_however_long_the_feedback():
    flood = "x" * 400_000
    result = dataclasses.replace(alice(), checks=[CheckResult(TASKS[1], f"check {i}", 0, 1, "failed", flood)
                                                  for i in range(5)])
    payload = prairielearn_results(result, TASKS)
    assert len(json.dumps(payload, ensure_ascii=False).encode()) <= MAX_RESULTS_BYTES
    assert all(t["output"].startswith("FAILED: 0 / 1 points") for t in payload["tests"])
    assert any("(cut:" in t["output"] for t in payload["tests"])
