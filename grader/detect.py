"""Which assignment a submission is, from its words: the rubric's ``detect`` phrases found in its
markdown and code (not its outputs), a phrase in the title or a heading counting most.

Scoring, and why: the course's templates all link to the tic-tac-toe examples and students name
helpers freely (a Connect 4 ``draw_line`` that draws the board, ``np.mean``), so raw counts mislead.
A phrase in the title or a heading is the notebook saying what it is (:data:`TITLE_WEIGHT`,
:data:`HEADING_WEIGHT`); repeats in prose and code add up to :data:`BODY_CAP` only, so a helper called
a hundred times cannot outvote the title; links are dropped (they name other notebooks). A file is
*detected* only with a clear margin (:data:`MARGIN` times the runner-up, at least :data:`MIN_SCORE`);
otherwise the grader says it could not tell rather than guess.

Variants (:func:`variants`) are games the course gives that the rubric may not define, like Mean
Connect 4. Their text always also names their base game, so they are told apart in two steps: first the
game family (a variant's phrases count for its base), then the variant if its own phrases are there.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

from grader.rubric import Rubric
from reference.games import game_names, load_game

TITLE_WEIGHT = 10.0  # a phrase in the title: the notebook says what it is
HEADING_WEIGHT = 5.0  # a phrase in another heading (a section may compare with another game)
BODY_CAP = 3.0  # at most this much from one phrase's repeats in prose and code
MARGIN = 2.0  # the winner must score at least this many times the runner-up...
MIN_SCORE = 3.0  # ...and at least this much (a single passing mention is not a detection)
VARIANT_MIN = 2.0  # a variant's own phrases must score this much to be told from its base
MAX_BYTES = 64_000_000  # read no more of one file (a notebook is read whole: its JSON must parse)


@dataclass(frozen=True)
class Variant:
    """A game the course gives whose rubric entry may not exist yet: a name for messages, the rubric
    assignment it is a variant of, and the phrases that tell it from that base."""

    title: str
    base: str
    detect: tuple[str, ...]


@lru_cache(maxsize=1)
def variants() -> dict[str, Variant]:
    """Variants known without a rubric entry: the reference games that extend another game's class,
    with their own title and phrases. They come from the games rather than a ``detect:`` list in
    rubric.yaml because the rubric describes how to *grade* an assignment (its schema refuses an entry
    with no tasks), while these are only recognised, to warn that a notebook is graded under its base's
    rubric. When the rubric defines an assignment of the same name, the rubric's phrases and title are used."""
    games = [load_game(name) for name in game_names()]
    return {game.name: Variant(game.title, base, game.variant_phrases)
            for game in games if (base := game.variant_of()) is not None}


# Where a phrase has a space, hyphen or underscore, the text may have any run of these, or none:
# '"Mean" Connect 4', 'connect-4', 'connect4' and 'dots_and_boxes' all read as the words they spell.
_SEPARATORS = r"""[\s\-_"'*`]*"""
_LINK = re.compile(r"\[[^\]\n]*\]\([^)\n]*\)|https?://\S+|www\.\S+")
_MARKDOWN_HEADING = re.compile(r"^\s{0,3}#{1,6}\s.*$|<h[1-6][^>]*>.*?</h[1-6]>", re.MULTILINE | re.IGNORECASE)
_PY_HEADING = re.compile(r"^#\s*#{1,6}\s.*$", re.MULTILINE)
_PY_DOCSTRING = re.compile(r"(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*[rRuU]?(?:\"{3}|'{3})\s*([^\n]*?)\s*(?:\"{3}|'{3}|\n)")
_HTML_HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.IGNORECASE | re.DOTALL)
_HTML_DROP = re.compile(r"<(style|script)[^>]*>.*?</\1>", re.IGNORECASE | re.DOTALL)
_HTML_LINK = re.compile(r"<a\b[^>]*>.*?</a>", re.IGNORECASE | re.DOTALL)
_HTML_TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class SubmissionText:
    """The words of a submission, lower-case: its title (the first line of its first markdown cell, or
    its first heading), its other headings, and the rest (markdown prose and code)."""

    title: str = ""
    headings: str = ""
    body: str = ""


@dataclass(frozen=True)
class Detection:
    """What a submission's words say it is.

    ``name`` is the clear winner (a rubric assignment or a variant), None when no name is clearly
    ahead; ``scores`` has every candidate's own score, highest first; ``reason`` says why there is
    no winner.
    """

    name: str | None
    scores: dict[str, float] = field(default_factory=dict)
    reason: str = ""


@dataclass(frozen=True)
class Placement:
    """Where one submission is graded: under which rubric assignment, with the flag to show when its
    words say something else; ``assignment`` None when it could not be told, and ``reason`` says why."""

    path: Path
    assignment: str | None
    flag: str = ""
    reason: str = ""


def submission_text(path: str | Path) -> SubmissionText:
    """The title, headings and body of a notebook, .py, nbconvert HTML or other file (a folder: the
    file the grader would grade in it). Outputs and links are left out: they are not the student's
    words about this notebook (the course's templates link to the tic-tac-toe examples)."""
    path = Path(path)
    if path.is_dir():
        from grader.load import choose_file

        path = choose_file(path)[0]
        if path is None:
            return SubmissionText()
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES).decode("utf-8", "replace")
    except OSError:
        return SubmissionText()
    suffix = path.suffix.lower()
    if suffix == ".ipynb":
        headings, body = _notebook_text(raw)
    elif suffix == ".py":
        docstring = _PY_DOCSTRING.match(raw)  # a module's docstring opens with what the file is
        headings, body = _PY_HEADING.findall(raw), _PY_HEADING.sub(" ", raw)
        if docstring:
            headings.insert(0, docstring.group(1))
    elif suffix in (".html", ".htm"):
        headings, body = _html_text(raw)
    else:
        headings, body = [], raw
    words = [_LINK.sub(" ", h).strip().lower() for h in headings]
    words = [h for h in words if h]
    return SubmissionText(words[0] if words else "", "\n".join(words[1:]), _LINK.sub(" ", body).lower())


def _notebook_text(raw: str) -> tuple[list[str], str]:
    try:
        notebook = json.loads(raw)
        cells = notebook.get("cells") or [c for ws in notebook.get("worksheets", []) for c in ws.get("cells", [])]
    except (ValueError, AttributeError):  # a truncated or hand-edited notebook: its raw words still count
        return _MARKDOWN_HEADING.findall(raw), _MARKDOWN_HEADING.sub(" ", raw)
    headings, body = [], []
    for cell in cells if isinstance(cells, list) else []:
        if not isinstance(cell, dict):
            continue
        source = cell.get("source", cell.get("input", ""))
        source = "".join(source) if isinstance(source, list) else str(source)
        if cell.get("cell_type") == "heading":  # nbformat 3
            headings.append(source)
        elif cell.get("cell_type") == "markdown":
            if not headings and source.strip():  # the first line is the title, '#' or not
                title, _, source = source.strip().partition("\n")
                headings.append(title)
            headings += _MARKDOWN_HEADING.findall(source)
            body.append(_MARKDOWN_HEADING.sub(" ", source))
        else:
            body.append(source)
    return headings, "\n".join(body)


def _html_text(raw: str) -> tuple[list[str], str]:
    raw = _HTML_LINK.sub(" ", _HTML_DROP.sub(" ", raw))
    headings = [html.unescape(_HTML_TAG.sub(" ", h)) for h in _HTML_HEADING.findall(raw)]
    return headings, html.unescape(_HTML_TAG.sub(" ", _HTML_HEADING.sub(" ", raw)))


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """The regular expression a detect phrase matches: case-insensitive, whole words, any separator
    run (or none) where the phrase has a space, hyphen or underscore; other punctuation as written."""
    pieces = [_SEPARATORS if re.fullmatch(r"[\s\-_]+", part) else re.escape(part)
              for part in re.split(r"([\s\-_]+)", phrase.strip().lower()) if part]
    pattern = "".join(pieces)
    if phrase.strip()[:1].isalnum():
        pattern = r"(?<![a-z0-9])" + pattern
    if phrase.strip()[-1:].isalnum():
        pattern += r"(?![a-z0-9])"
    return re.compile(pattern)


def candidates(rubric: Rubric) -> dict[str, tuple[str, ...]]:
    """Every name a submission can be detected as, with its phrases: the rubric's assignments, then
    the variants the rubric does not define."""
    names = {name: tuple(a.detect) for name, a in rubric.assignments.items()}
    names.update({name: v.detect for name, v in variants().items() if name not in names})
    return names


def display_name(name: str, rubric: Rubric) -> str:
    """How messages name an assignment: the first phrase of its ``detect`` list ('Connect 4'), a
    variant's title, else its rubric key."""
    if name in rubric.assignments:
        detect = rubric.assignments[name].detect
        return detect[0] if detect else name
    return variants()[name].title if name in variants() else name


def family(name: str, rubric: Rubric) -> str:
    """The rubric assignment a name belongs to: a variant's base (when the rubric has it), else itself."""
    variant = variants().get(name)
    return variant.base if variant and variant.base in rubric.assignments and variant.base != name else name


def score_text(text: SubmissionText, phrases: dict[str, Sequence[str]]) -> dict[str, float]:
    """Each name's score in ``text``: per phrase, :data:`TITLE_WEIGHT` if the title has it,
    :data:`HEADING_WEIGHT` if another heading does, plus its body repeats up to :data:`BODY_CAP`.
    Where phrases overlap the longer one counts ('Mean Connect 4' is not also 'Connect 4')."""
    patterns = [(name, phrase, phrase_pattern(phrase)) for name, group in phrases.items() for phrase in group]
    scores = {name: 0.0 for name in phrases}
    for part, weigh in ((text.title, lambda n: TITLE_WEIGHT), (text.headings, lambda n: HEADING_WEIGHT),
                        (text.body, lambda n: min(float(n), BODY_CAP))):
        hits: dict[tuple[str, str], int] = {}
        for name, phrase in _longest_matches(part, patterns):
            hits[name, phrase] = hits.get((name, phrase), 0) + 1
        for (name, _), n in hits.items():
            scores[name] += weigh(n)
    return dict(sorted(scores.items(), key=lambda item: -item[1]))


def _longest_matches(text: str, patterns: Iterable[tuple[str, str, re.Pattern[str]]]) -> list[tuple[str, str]]:
    # left to right; at one start the longest match wins, and whatever it covers is not matched again
    found = [(m.start(), -(m.end() - m.start()), order, name, phrase)
             for order, (name, phrase, pattern) in enumerate(patterns) for m in pattern.finditer(text)]
    chosen, end = [], -1
    for start, negative_length, _, name, phrase in sorted(found):
        if start >= end:
            chosen.append((name, phrase))
            end = start - negative_length
    return chosen


def detect(path: str | Path, rubric: Rubric) -> Detection:
    """What ``path`` looks like: a rubric assignment or a known variant, when its words say so clearly."""
    scores = score_text(submission_text(path), candidates(rubric))
    families: dict[str, float] = {}
    for name, score in scores.items():
        families[family(name, rubric)] = families.get(family(name, rubric), 0.0) + score
    ranked = sorted(families.items(), key=lambda item: -item[1])
    best, top = ranked[0] if ranked else (None, 0.0)
    runner_up, second = ranked[1] if len(ranked) > 1 else (None, 0.0)
    if best is None or top < MIN_SCORE:
        return Detection(None, scores, "it names none of the assignments clearly")
    if top < MARGIN * second:
        return Detection(None, scores, f"it names {display_name(best, rubric)} and "
                         f"{display_name(runner_up, rubric)} about as often")
    variants = [name for name in scores if name != best and family(name, rubric) == best
                and scores[name] >= VARIANT_MIN]
    return Detection(variants[0] if variants else best, scores)


def detect_assignment(path: str | Path, rubric: Rubric) -> str | None:
    """The rubric assignment to grade ``path`` as (see :func:`place`); None when its words do not say clearly."""
    return place([Path(path)], rubric)[0].assignment


def mismatch_flag(detection: Detection, graded_as: str, rubric: Rubric) -> str:
    """The warning for a submission graded as ``graded_as`` whose words clearly say something else
    ('looks like Dots and Boxes, graded as Connect 4'); '' when they agree or say nothing clearly."""
    seen = detection.name
    if seen is None or seen == graded_as:
        return ""
    undefined = ", which this rubric does not define:" if seen not in rubric.assignments else ","
    return f"looks like {display_name(seen, rubric)}{undefined} graded as {display_name(graded_as, rubric)}"


def place(paths: Iterable[str | Path], rubric: Rubric, assignment: str | None = None) -> list[Placement]:
    """Where each submission is graded: under ``assignment`` when given (flagged if its words clearly say
    otherwise), else under the assignment detected; a variant the rubric does not define goes under its
    base, flagged. A submission that cannot be told gets ``assignment=None`` and the reason."""
    placements = []
    for path in paths:
        found = detect(path, rubric)
        graded_as = assignment
        if graded_as is None and found.name is not None:
            graded_as = found.name if found.name in rubric.assignments else family(found.name, rubric)
        if graded_as not in rubric.assignments:
            placements.append(Placement(Path(path), None, reason=undetected_message(found, rubric, path)))
        else:
            placements.append(Placement(Path(path), graded_as, mismatch_flag(found, graded_as, rubric)))
    return placements


def undetected_message(detection: Detection, rubric: Rubric, path: str | Path | None = None) -> str:
    """The error message of a submission whose assignment could not be told, with the reason and what was
    found in it; a file that cannot be read (empty, truncated) says that alone, under any assignment."""
    from grader.load import UNREADABLE, load_submission
    from grader.load.submission import contents_in_words

    submission = load_submission(path) if path is not None else None
    if submission is not None and submission.status == UNREADABLE:
        return contents_in_words(submission)
    reason = detection.reason or f"it looks like {display_name(detection.name, rubric)}, which this rubric does not define"
    found = f"; found {contents_in_words(submission)}" if submission is not None else ""
    return f"could not tell which assignment this is; pass --assignment ({', '.join(rubric.assignments)}): {reason}{found}"
