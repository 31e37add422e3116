"""Hand-graded items: ``manual.csv``, written for people to fill in and merged back into every report.

``grader grade`` writes one row per submission and hand-graded rubric item (``points`` left blank)
beside the score sheets, and reads it back on every run: a filled row becomes that item's points in
every report, its comment the item's message. Grading is not repeated for it; the merge works on
saved results as well as on fresh ones.

The file belongs to the people who fill it: rows already there keep what was typed (only ``max``
follows the rubric), new submissions add rows, rows whose submission is gone stay at the end, and
columns someone added are kept. A cell that cannot be a grade stops the run before anything is
written, with the file, row and column named.
"""

from __future__ import annotations

import csv
import dataclasses
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

import pandas as pd

from grader.report.files import write_text
from grader.report.sheets import frame_to_csv_text, latest_by_submission, neutralize_formulas, unneutralized
from grader.report.tally import format_points, is_hand_graded
from grader.results import CheckResult, SubmissionResult

MANUAL_SHEET = "manual.csv"
COLUMNS = ["submission", "task", "item", "points", "max", "comment"]
#: what a hand-graded item's message says when the person left no comment
NO_COMMENT = "graded by hand"

ItemKey = tuple[str, str, str]  # (submission, task, item)


class ManualSheetError(ValueError):
    """``manual.csv`` holds a cell that cannot be a grade; the message names the file, row and column."""


@dataclass(frozen=True)
class HandGrade:
    """What a person typed for one item: its points (None while blank) and a comment."""

    points: float | None
    comment: str = ""


def manual_sheet_path(out_dir: str | os.PathLike[str]) -> Path:
    return Path(out_dir) / MANUAL_SHEET


def read_hand_grades(out_dir: str | os.PathLike[str]) -> dict[ItemKey, HandGrade]:
    """The items of ``out_dir/manual.csv`` (empty when there is no such file), every typed cell checked.

    Raises :class:`ManualSheetError` listing each cell that is not a number, is negative or is above
    the row's ``max``.
    """
    path = manual_sheet_path(out_dir)
    if not path.exists():
        return {}
    header, rows = _read_rows(path)
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise ManualSheetError(f"{path}: the header lacks the column(s) {', '.join(missing)}; it needs "
                               f"{', '.join(COLUMNS)} (delete the file to have it written again)")
    grades: dict[ItemKey, HandGrade] = {}
    problems = []
    for line, row in rows:
        where = f"{path}, row {line}"
        maximum = _number(row["max"])
        if maximum is None or maximum < 0:
            problems.append(f"{where}, column 'max': {row['max']!r} is not a maximum (grader grade writes it)")
            continue
        text = row["points"].strip()
        points = _number(text) if text else None
        if text and points is None:
            problems.append(f"{where}, column 'points': {text!r} is not a number")
        elif points is not None and points < 0:
            problems.append(f"{where}, column 'points': {text} is negative")
        elif points is not None and points > maximum:
            problems.append(f"{where}, column 'points': {text} is above the maximum {format_points(maximum)}")
        else:
            grades[_key(row)] = HandGrade(points, row["comment"].strip())
    if problems:
        raise ManualSheetError("\n".join(problems) + "\nNothing was changed: correct the cell(s) and run the "
                               "same command again.")
    return grades


def write_manual_sheet(results: Iterable[SubmissionResult], out_dir: str | os.PathLike[str]) -> Path | None:
    """Write ``out_dir/manual.csv``: a row for every hand-graded item of ``results``, typed cells kept.

    Nothing is written when no result has a hand-graded item and there is no file yet.
    """
    path = manual_sheet_path(out_dir)
    header, rows = _read_rows(path)
    typed = {_key(row): row for _, row in rows}
    wanted: dict[ItemKey, dict[str, str]] = {}
    for result in latest_by_submission(results):
        for check in result.checks:
            if is_hand_graded(check):
                key = (result.submission, check.task, check.check)
                row = dict(typed.get(key) or {"points": "", "comment": ""})
                row.update(submission=key[0], task=key[1], item=key[2], max=format_points(check.max_points))
                wanted[key] = row
    if not wanted and not path.exists():
        return None
    kept = [row for key, row in typed.items() if key not in wanted]  # a submission no longer graded here
    columns = COLUMNS + [c for c in header if c not in COLUMNS]
    frame = pd.DataFrame([*wanted.values(), *kept], columns=columns, dtype=str).fillna("")
    return write_text(path, frame_to_csv_text(neutralize_formulas(frame)))


def apply_hand_grades(result: SubmissionResult, grades: Mapping[ItemKey, HandGrade]) -> SubmissionResult:
    """``result`` with the filled items of ``grades`` counted (a copy; ``result`` is left as it was).

    A filled item becomes passed, partial or failed by its points, marked ``by_hand``; a submission
    graded only by hand (a PDF report) becomes ``graded`` once every item is filled.
    """
    checks = [_filled(check, grades.get((result.submission, check.task, check.check))) for check in result.checks]
    merged = dataclasses.replace(result, checks=checks)
    if merged.status == "manual" and merged.checks and not any(c.status == "manual" for c in merged.checks):
        merged.status = "graded"
    return merged


def _filled(check: CheckResult, grade: HandGrade | None) -> CheckResult:
    if check.status != "manual" or grade is None or grade.points is None:
        return check
    points = min(grade.points, check.max_points)
    status = "passed" if points >= check.max_points else ("failed" if points == 0 else "partial")
    return dataclasses.replace(check, points=points, status=status, message=grade.comment or NO_COMMENT,
                               by_hand=True)


def _read_rows(path: Path) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """The header and the rows (with their spreadsheet row number) of ``path``; nothing when it is absent."""
    try:
        handle = open(path, encoding="utf-8-sig", newline="")  # a spreadsheet may save a byte-order mark
    except FileNotFoundError:
        return [], []
    with handle:
        reader = csv.DictReader(handle)
        header = list(reader.fieldnames or [])
        rows = []
        for raw in reader:
            row = {h: unneutralized(raw.get(h) or "") for h in header}
            if any(v.strip() for v in row.values()):
                rows.append((reader.line_num, row))
    return header, rows


def _key(row: Mapping[str, str]) -> ItemKey:
    return row.get("submission", ""), row.get("task", ""), row.get("item", "")


def _number(text: str) -> float | None:
    try:
        value = float(text.strip())
    except ValueError:
        return None
    return value if math.isfinite(value) else None
