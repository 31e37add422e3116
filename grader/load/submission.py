"""One student's submission (a file or a folder) -> plain data: who, what kind, which code cells.

:func:`load_submission` never raises for a student's file: a PDF, a broken notebook or an empty
folder comes back as a :class:`Submission` whose ``status`` says why it needs a human.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from grader.bindings_yaml import BINDINGS_FILE
from grader.load.definitions import CodeCell, defined_names, definitions_only
from grader.load.sources import CODE_KINDS, NoCodeFound, UnreadableSubmission, has_code, read_source_cells

LOADED = "loaded"
MANUAL = "not automatically gradable"
UNREADABLE = "unreadable"

#: in a folder, the first kind present is graded: a notebook says most, an HTML export least
KIND_PREFERENCE = ("ipynb", "py", "html")
_IGNORED_DIRS = {".ipynb_checkpoints", "__pycache__", "__MACOSX", ".git"}


@dataclass(frozen=True)
class Submission:
    """What the load step hands on: the chosen file, its kind, its code cells, and notes.

    ``status`` is :data:`LOADED` (cells are ready), :data:`MANUAL` (a PDF, text, Word file, zip or
    an HTML page without code: a human grades it) or :data:`UNREADABLE` (a notebook, script or
    HTML file that is broken; ``problems`` says what is wrong). ``other_files`` are the rest of a
    folder's files (a notebook may import a helper module from them); ``same_name`` the files beside
    this one with the same name (``alice.pdf`` beside ``alice.ipynb``), not graded but listed.
    """

    path: Path
    student: str
    kind: str
    status: str
    cells: list[CodeCell] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    other_files: tuple[Path, ...] = ()
    same_name: tuple[Path, ...] = ()

    @property
    def gradable(self) -> bool:
        return self.status == LOADED


#: files in a submissions folder that are never submissions
IGNORED_NAMES = {"readme.md", "readme.txt", "readme", "roster.csv", "thumbs.db", BINDINGS_FILE}


def load_submission(path: Path | str) -> Submission:
    """Load a student's file or folder in definitions mode (see :mod:`grader.load.definitions`).

    The student's name is the file stem, or the folder name for a folder.
    """
    path = Path(path)
    loaded = _load_folder(path) if path.is_dir() else _load_file(path, student=path.stem)
    return dataclasses.replace(loaded, same_name=same_name_files(path))


def submission_name(path: Path | str) -> str:
    """The name a submission goes by in every sheet: the file's stem, or the folder's name."""
    path = Path(path)
    return path.name if path.is_dir() else path.stem


def choose_file(folder: Path) -> tuple[Path | None, list[Path]]:
    """The file to grade in a student's folder, and the others.

    The first kind in :data:`KIND_PREFERENCE` wins (.ipynb > .py > .html); among several files of
    that kind the most recently modified one (then the first by name). Hidden files and
    checkpoint folders are ignored. With no file of a code kind, the first other file is returned
    (it will be graded by hand).
    """
    files = sorted(
        p
        for p in folder.rglob("*")
        if p.is_file()
        and not p.name.startswith(".")
        and not any(part in _IGNORED_DIRS or part.startswith(".") for part in p.relative_to(folder).parts[:-1])
    )
    chosen = preferred(files)
    return chosen, [p for p in files if p != chosen]


def preferred(paths: Sequence[Path]) -> Path | None:
    """The one of ``paths`` to grade: the first kind of :data:`KIND_PREFERENCE` present, the most recently
    modified of that kind (ties: the first by name); an empty file only when nothing else is there,
    then a folder, then any other file (a PDF, graded by hand)."""
    paths = sorted(paths)
    filled = [p for p in paths if p.is_dir() or not _empty(p)]
    for pool in (filled, paths):
        for kind in KIND_PREFERENCE:
            candidates = [p for p in pool if p.is_file() and CODE_KINDS.get(p.suffix.lower()) == kind]
            if candidates:
                return max(candidates, key=lambda p: p.stat().st_mtime)
        folders = [p for p in pool if p.is_dir()]
        if folders or pool:
            return (folders or pool)[0]
    return None


def discover(folder: str | Path) -> list[Path]:
    """The submissions in ``folder``: each file or sub-folder, minus hidden files, READMEs and rosters.

    Files that share a name (``alice.ipynb`` beside ``alice.pdf``) are one student's: one of them is
    graded (see :func:`grader.load.submission.preferred`) and its result lists the others, so no
    result, feedback page or Gradescope file of one ever overwrites another's."""
    folder = Path(folder)
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder} is not a folder of submissions")
    entries = sorted(p for p in folder.iterdir()
                     if not p.name.startswith((".", "_")) and p.name.lower() not in IGNORED_NAMES
                     and p.name != "__pycache__")
    by_name: dict[str, list[Path]] = {}
    for path in entries:  # names that differ only in case are one name too: on macOS and Windows they are one file
        by_name.setdefault(submission_name(path).casefold(), []).append(path)
    return sorted(preferred(group) for group in by_name.values())


def _empty(path: Path) -> bool:
    try:
        return path.stat().st_size == 0 or (path.stat().st_size < 4096 and not path.read_bytes().strip())
    except OSError:
        return True


def same_name_files(path: Path | str) -> tuple[Path, ...]:
    """The other files and folders beside ``path`` that go by its submission name (``alice.pdf``,
    ``Alice.py`` and ``alice/`` beside ``alice.ipynb``): one student's, so one row, with these listed beside
    it (names that differ only in case would be one file, one result, on a case-insensitive disk)."""
    path = Path(path)
    try:
        siblings = sorted(p for p in path.parent.iterdir() if p != path and not p.name.startswith(".")
                          and submission_name(p).casefold() == submission_name(path).casefold())
    except OSError:
        return ()
    return tuple(siblings)


def _load_folder(folder: Path) -> Submission:
    chosen, others = choose_file(folder)
    if chosen is None:
        return Submission(folder, folder.name, "folder", MANUAL, problems=[f"{folder}: the folder has no files"])
    submission = _load_file(chosen, student=folder.name)
    notes = []
    if others:
        notes.append(
            f"{folder.name}: graded {chosen.relative_to(folder)} (preferring .ipynb > .py > .html);"
            f" also found {', '.join(str(p.relative_to(folder)) for p in others)}"
        )
    return Submission(
        submission.path,
        submission.student,
        submission.kind,
        submission.status,
        submission.cells,
        notes + submission.problems,
        tuple(others),
    )


def contents_in_words(submission: Submission) -> str:
    """What a submission holds, in a few words, for a message that must say what was found in it."""
    if submission.status == UNREADABLE:
        return "; ".join(submission.problems) or "nothing readable"
    if submission.status == MANUAL:
        article = "an" if submission.kind[:1] in tuple("aeiou") else "a"
        return f"{article} {submission.kind} file, for a person to grade"
    names = list(dict.fromkeys(name for cell in submission.cells for name in defined_names(cell.kept)))
    shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    code = f"{len(submission.cells)} code cell{'s' if len(submission.cells) != 1 else ''}"
    return f"{code} defining {shown}" if names else f"{code}, defining no function or class"


def _load_file(path: Path, student: str) -> Submission:
    kind = CODE_KINDS.get(path.suffix.lower())
    if not path.exists():
        return Submission(path, student, kind or "missing", UNREADABLE, problems=[f"{path}: no such file"])
    if kind is None:
        what = path.suffix.lower() or "a file without a suffix"
        return Submission(
            path, student, path.suffix.lower().lstrip(".") or "unknown", MANUAL,
            problems=[f"{path}: {what} is not a notebook, .py or nbconvert .html file; grade it by hand"],
        )
    try:
        read = read_source_cells(path)
    except NoCodeFound as err:
        return Submission(path, student, kind, MANUAL, problems=[str(err)])
    except UnreadableSubmission as err:
        return Submission(path, student, kind, UNREADABLE, problems=[str(err)])
    problems = list(read.problems)
    if not any(has_code(cell.source) for cell in read.cells):
        # nothing to run: an error row that says so, never a grade for an empty file
        size = path.stat().st_size
        what = ("is empty (0 bytes)" if size == 0 else "holds no code cells" if not read.cells
                else "holds no code (only blank lines and comments)")
        return Submission(path, student, kind, UNREADABLE, problems=problems + [f"{path}: the file {what}"])
    cells = definitions_only(read.cells)
    for cell in cells:
        if cell.syntax_error is not None:
            where = f"line {cell.syntax_error.line}" if cell.syntax_error.line else "somewhere"
            lost = "the statement with the error is missing" if cell.kept.strip() else "its definitions are missing"
            problems.append(f"{path.name}: cell {cell.index} is not valid Python ({cell.syntax_error.message} "
                            f"at {where}); {lost}")
    return Submission(path, student, kind, LOADED, cells, problems)
