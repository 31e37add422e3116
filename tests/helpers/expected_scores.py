"""The sample class's recorded scores (submissions/expected_scores.csv)."""

from __future__ import annotations

import csv

from tests.paths import ROOT

SAMPLES = ROOT / "submissions"
RECORD = SAMPLES / "expected_scores.csv"


def expected_scores() -> dict[str, dict[str, str]]:
    """submission -> {'assignment', 'score', 'max'} as recorded."""
    with open(RECORD, encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
    assert reader.fieldnames == ["submission", "assignment", "score", "max"], f"{RECORD.name}: unexpected columns"
    return {row["submission"]: row for row in rows}
