"""A Canvas gradebook import file, ``canvas.csv``, with students identified from a roster.

Follows Canvas's gradebook importer: the header is ``Student, ID, SIS User ID, SIS Login ID,
Section`` then the assignment column, titled ``"Title (12345)"`` when the Canvas assignment id is
known (Canvas then updates that assignment; a bare title creates a new one). Canvas finds each
student by ``ID`` (its user id), then SIS User ID, then SIS Login ID, then by name.

Choices made here:

- A ``Points Possible`` row (Canvas's importer reads it as the assignment's points) is written
  only when no assignment id is given, i.e. when the import creates the assignment; for an
  existing assignment it is left out so the import cannot change the assignment's settings.
- Only submissions with status ``graded`` get a row: a blank or zero score for a submission the
  grader could not grade would overwrite a grade in Canvas. The others are reported.
- Roster students with no submission are left out by default (Canvas leaves their grade alone);
  ``missing="zero"`` gives them 0.
- Two submissions for one student: the higher total is kept, and both are reported.
- A submission with checks in review (a person must confirm how its code was read) is exported with its
  provisional score and listed among the things to check.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Literal, Sequence

import pandas as pd

from grader.report.files import write_text
from grader.report.sheets import frame_to_csv_text, latest_by_submission
from grader.report.tally import format_points, in_review, review_text, score_split, score_text
from grader.results import SubmissionResult

IDENTITY_COLUMNS = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]

# Roster headers we understand, keyed by the header with case, spaces and punctuation removed.
_ROSTER_ALIASES = {
    "name": ("student", "name", "studentname", "fullname", "sortablename", "displayname"),
    "canvas_id": ("id", "canvasid", "canvasuserid", "userid"),
    "sis_user_id": ("sisuserid", "sisid", "studentid", "studentnumber", "matriculationnumber"),
    "sis_login_id": ("sisloginid", "login", "loginid", "username", "netid", "uni"),
    "section": ("section", "sections"),
    "email": ("email", "emailaddress", "mail"),
    "first": ("firstname", "first", "givenname"),
    "last": ("lastname", "last", "surname", "familyname"),
}
# Canvas's "Download Submissions" names files  name_[LATE_]userid_submissionid_original-name.
_CANVAS_DOWNLOAD = re.compile(r"^(?P<name>[^_]+)_(?:late_)?(?P<user_id>\d+)_(?P<submission_id>\d+)(?:_|$)", re.IGNORECASE)
_TITLE_WITH_ID = re.compile(r"\(\d+\)\s*$")


@dataclass(frozen=True)
class RosterStudent:
    """One student of a course roster, with the identities Canvas can match on."""

    name: str
    canvas_id: str = ""
    sis_user_id: str = ""
    sis_login_id: str = ""
    section: str = ""
    email: str = ""

    def id_keys(self) -> set[str]:
        """Identifiers a file name may contain, case-folded: ids, login, e-mail and its local part."""
        keys = {self.canvas_id, self.sis_user_id, self.sis_login_id, self.email}
        if "@" in self.email:
            keys.add(self.email.split("@", 1)[0])
        return {k.casefold() for k in keys if k}

    def name_keys(self) -> set[str]:
        """The name as file names spell it: letters and digits only, first-last and last-first."""
        if "," in self.name:
            last, first = (part.strip() for part in self.name.split(",", 1))
        else:
            words = self.name.split()
            first, last = " ".join(words[:-1]), (words[-1] if words else "")
        keys = {_letters(first + last), _letters(last + first), _letters(self.name)}
        return {k for k in keys if len(k) >= 3}


def _letters(text: str) -> str:
    """Lower-case letters and digits of ``text``, accents removed (``"Nguyễn Văn"`` -> ``"nguyenvan"``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch)).replace("đ", "d")


def _header_key(header: str) -> str:
    return re.sub(r"[^a-z0-9]", "", header.casefold())


def read_roster(path: str | os.PathLike[str]) -> list[RosterStudent]:
    """Students from a roster CSV: a Canvas gradebook export, or any sheet with name/id/login/e-mail columns.

    The ``Points Possible`` row and Canvas's test student are skipped. A roster with no column
    that identifies a student is refused, with the columns it does have.
    """
    table = pd.read_csv(path, dtype=str, keep_default_na=False)
    columns: dict[str, str] = {}
    for header in table.columns:
        key = _header_key(str(header))
        for role, aliases in _ROSTER_ALIASES.items():
            if key in aliases and role not in columns:
                columns[role] = header
    if not set(columns) & {"name", "canvas_id", "sis_user_id", "sis_login_id", "email", "last"}:
        raise ValueError(
            f"roster {os.fspath(path)!r} has no column naming or identifying a student; it has {list(table.columns)}. "
            "Use a Canvas gradebook export or add a column such as Student, ID, SIS Login ID or Email."
        )
    students = []
    for _, row in table.iterrows():
        value = {role: str(row[header]).strip() for role, header in columns.items()}
        name = value.get("name") or ", ".join(p for p in (value.get("last", ""), value.get("first", "")) if p)
        if re.search(r"points possible", name, re.IGNORECASE) or _letters(name) in ("studenttest", "teststudent"):
            continue
        student = RosterStudent(
            name=name,
            canvas_id=value.get("canvas_id", ""),
            sis_user_id=value.get("sis_user_id", ""),
            sis_login_id=value.get("sis_login_id", ""),
            section=value.get("section", ""),
            email=value.get("email", ""),
        )
        if student.name or student.id_keys():
            students.append(student)
    return students


def match_submission(submission: str, roster: Sequence[RosterStudent]) -> list[RosterStudent]:
    """The roster students ``submission`` (a file stem) names: one when matched, several when ambiguous.

    Tried in order, the first rule that finds anyone deciding: Canvas's download name (its user
    id), the whole stem as an id/login/e-mail, the whole stem as a name, then the stem's words
    (split at ``_``, ``-``, ``.``, spaces; adjacent words joined for names) as ids or names.
    """
    canvas = _CANVAS_DOWNLOAD.match(submission)
    if canvas:
        found = [s for s in roster if s.canvas_id == canvas["user_id"]]
        if found:
            return found
    stem = submission.casefold()
    found = [s for s in roster if stem in s.id_keys()]
    if found:
        return found
    found = [s for s in roster if _letters(submission) in s.name_keys()]
    if found:
        return found
    written = {id(s): spans for s in roster if (spans := [span for key in s.id_keys()
                                                          for span in _written_in(key, stem)])}
    # a login written inside a longer one (lee in lee-kim_connect4) is that longer login's, not a second match
    within = {i for i, spans in written.items() if all(
        any(o[0] <= a and b <= o[1] and (o[1] - o[0]) > (b - a) for j, other in written.items() if j != i
            for o in other) for a, b in spans)}
    words = [w for w in re.split(r"[\s_.\-]+", stem) if w]
    tokens = set(words) | {_letters("".join(words[i:i + n])) for n in (2, 3) for i in range(len(words) - n + 1)}
    tokens |= {_letters(w) for w in words}
    return [s for s in roster if id(s) in written and id(s) not in within or s.name_keys() & tokens
            or _unpunctuated(s) & tokens]


def _unpunctuated(student: RosterStudent) -> set[str]:
    """The student's logins and ids that hold punctuation, written without it (``nguyenvan`` for
    ``nguyen-van``), as a file name may spell them."""
    return {bare for key in student.id_keys() if (bare := _letters(key)) != key and len(bare) >= 3}


def _written_in(identity: str, stem: str) -> list[tuple[int, int]]:
    """Where ``identity`` (a login, id or e-mail, case-folded) appears in ``stem`` as written, its
    punctuation included (``nguyen-van`` in ``nguyen-van_connect4``), not as part of a longer word."""
    return [m.span() for m in re.finditer(rf"(?<![^\W_]){re.escape(identity)}(?![^\W_])", stem)]


def canvas_column_header(title: str, assignment_id: int | str | None = None) -> str:
    """The assignment column title: ``"Connect 4 (12345)"`` when the Canvas assignment id is known."""
    if not title.strip():
        raise ValueError("the Canvas assignment column needs a title, e.g. 'Connect 4'")
    return f"{title.strip()} ({assignment_id})" if assignment_id not in (None, "") else title.strip()


@dataclass
class CanvasExport:
    """The import table and everything an instructor must know about who was (not) matched."""

    frame: pd.DataFrame
    matched: dict[str, RosterStudent] = field(default_factory=dict)  # submission -> student
    unmatched_submissions: list[str] = field(default_factory=list)
    ambiguous: dict[str, list[str]] = field(default_factory=dict)  # submission -> candidate names
    students_without_submission: list[str] = field(default_factory=list)
    duplicates: dict[str, list[str]] = field(default_factory=dict)  # student -> submissions, kept one first
    not_exported: dict[str, str] = field(default_factory=dict)  # submission -> why it has no row
    flagged: dict[str, str] = field(default_factory=dict)  # submission -> its flags (canvas.csv has no comment column)
    pending: dict[str, str] = field(default_factory=dict)  # submission -> its score in words, items graded by hand unfilled
    in_review: dict[str, str] = field(default_factory=dict)  # submission -> its checks that need a person (provisional points)

    def problems(self) -> list[str]:
        """One readable line per thing to look at before importing (empty when there is none)."""
        lines = [f"submission {s!r} matches no roster student" for s in self.unmatched_submissions]
        lines += [f"submission {s!r} matches several students: {', '.join(names)}" for s, names in self.ambiguous.items()]
        lines += [f"student {n!r} has no submission" for n in self.students_without_submission]
        lines += [f"student {n!r} has several submissions {subs}; kept {subs[0]!r} (highest total)"
                  for n, subs in self.duplicates.items()]
        lines += [f"submission {s!r} has no row: {why}" for s, why in self.not_exported.items()]
        lines += [f"submission {s!r} {flags}" for s, flags in self.flagged.items()]
        lines += [f"submission {s!r} is not fully graded ({text}): its score lacks the hand-graded points until "
                  "manual.csv is filled and grader grade is run again" for s, text in self.pending.items()]
        lines += [f"submission {s!r} has checks in review: {checks}; its score is provisional until a person "
                  "confirms how its code was read" for s, checks in self.in_review.items()]
        return lines


def _score_cell(result: SubmissionResult) -> str:
    return format_points(result.total)


def canvas_frame(
    results: Iterable[SubmissionResult],
    column_title: str,
    assignment_id: int | str | None = None,
    roster: Sequence[RosterStudent] | None = None,
    *,
    missing: Literal["omit", "zero"] = "omit",
    points_possible: float | None = None,
    points_possible_row: bool | None = None,
) -> CanvasExport:
    """The Canvas import table (every cell text) and the matching report.

    Without a roster a row's identity comes from the file name: Canvas download names give the
    Canvas user id, any other stem is used as the student's name. ``points_possible`` defaults to
    the largest ``max_total`` of the graded submissions; ``points_possible_row`` defaults to
    "only when ``assignment_id`` is not given".
    """
    if missing not in ("omit", "zero"):
        raise ValueError(f"missing={missing!r}: use 'omit' (leave Canvas's grade alone) or 'zero'")
    header = canvas_column_header(column_title, assignment_id)
    results = latest_by_submission(results)
    export = CanvasExport(frame=pd.DataFrame())
    graded = []
    for result in results:
        if result.flags:
            export.flagged[result.submission] = "; ".join(result.flags)
        if result.status == "graded":
            graded.append(result)
            if score_split(result).pending:
                export.pending[result.submission] = score_text(result)
            if in_review(result):
                export.in_review[result.submission] = review_text(result)
        else:
            export.not_exported[result.submission] = f"status {result.status}" + (f": {result.message}" if result.message else "")

    rows: list[dict[str, str]] = []
    if roster is None:
        for result in graded:
            canvas = _CANVAS_DOWNLOAD.match(result.submission)
            rows.append({
                "Student": canvas["name"] if canvas else result.submission,
                "ID": canvas["user_id"] if canvas else "",
                "SIS User ID": "", "SIS Login ID": "", "Section": "",
                header: _score_cell(result),
            })
    else:
        chosen: dict[RosterStudent, list[SubmissionResult]] = {}
        for result in graded:
            found = match_submission(result.submission, roster)
            if not found:
                export.unmatched_submissions.append(result.submission)
            elif len(found) > 1:
                export.ambiguous[result.submission] = [s.name for s in found]
            else:
                export.matched[result.submission] = found[0]
                chosen.setdefault(found[0], []).append(result)
        for student, candidates in chosen.items():
            if len(candidates) > 1:
                candidates.sort(key=lambda r: (-r.total, r.submission))
                export.duplicates[student.name] = [r.submission for r in candidates]
        for student in roster:
            if student in chosen:
                score = _score_cell(chosen[student][0])
            else:
                export.students_without_submission.append(student.name)
                if missing == "omit":
                    continue
                score = "0"
            rows.append({
                "Student": student.name, "ID": student.canvas_id, "SIS User ID": student.sis_user_id,
                "SIS Login ID": student.sis_login_id, "Section": student.section, header: score,
            })

    if points_possible_row is None:
        points_possible_row = assignment_id in (None, "") and not _TITLE_WITH_ID.search(column_title)
    if points_possible_row:
        maximum = points_possible if points_possible is not None else max((r.max_total for r in graded), default=None)
        if maximum is not None:
            rows.insert(0, {"Student": "Points Possible", "ID": "", "SIS User ID": "", "SIS Login ID": "",
                            "Section": "", header: format_points(maximum)})
    export.frame = pd.DataFrame(rows, columns=[*IDENTITY_COLUMNS, header], dtype=str)
    return export


def write_canvas(
    results: Iterable[SubmissionResult],
    out_dir: str | os.PathLike[str],
    column_title: str,
    assignment_id: int | str | None = None,
    roster: str | os.PathLike[str] | Sequence[RosterStudent] | None = None,
    **options,
) -> tuple[Path, CanvasExport]:
    """Write ``out_dir/canvas.csv``; return its path and the matching report (``export.problems()``).

    ``roster`` is a CSV path (see :func:`read_roster`) or students already read; ``options`` are
    those of :func:`canvas_frame`.
    """
    if isinstance(roster, (str, os.PathLike)):
        roster = read_roster(roster)
    export = canvas_frame(results, column_title, assignment_id, roster, **options)
    return write_text(Path(out_dir) / "canvas.csv", frame_to_csv_text(export.frame)), export
