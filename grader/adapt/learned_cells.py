"""A reading learned from the student's own states: which value in their state holds each square of the
course's board (a cell, a line, a box) and how it is written there.

Lining up every plain value of each replayed state (its *leaves*: dict keys, indices, attributes, set members;
see :mod:`grader.adapt.replayed_states`) with the course's squares at the same moment shows where each square
lives: the leaf that is empty exactly when the square is. A square's owner is read by the student's own ids,
never as the replay made it, so a ``result`` that hands a box to the wrong player is read as doing so. With the
cells known, each position's squares are written into the replayed state (a bug of ``result`` no longer spreads
to the functions asked there) and the state ``result`` returns is read (a wrong square is charged to it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from grader.adapt.representations.base import NotThisRepresentation, same_mark

Path = tuple[tuple[str, Any], ...]

#: a course square or a leaf of the student's state that is not there (an undrawn line not in the dict)
ABSENT = ("<absent>",)

#: how often a leaf must be empty exactly when its square is, over the replayed positions
AGREEMENT = 0.9


def course_leaves(board: Any) -> dict[Path, Any]:
    """The squares of a course board by path (a numpy board as its rows)."""
    out: dict[Path, Any] = {}

    def walk(x: Any, path: Path) -> None:
        if hasattr(x, "tolist"):
            x = x.tolist()
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, path + (("k", k),))
        elif isinstance(x, (list, tuple)):
            for i, v in enumerate(x):
                walk(v, path + (("i", i),))
        else:
            out[path] = x
    walk(board, ())
    return out


def student_leaves(raw: Iterable[Sequence]) -> dict[Path, Any]:
    """The worker's leaves (``grader.sandbox.helpers.leaves``) by path."""
    return {tuple((kind, key) for kind, key in path): value for path, value in raw}


def _tag(value: Any) -> tuple:
    """A value compared with its type: True is not 1, and 0 is not False."""
    return value if value is ABSENT else (type(value).__name__, value)


@dataclass(frozen=True)
class Cell:
    """One square of the course's board and the leaf of the student's state that holds it."""

    square: Path
    leaf: Path
    empty: Any  # the square's value when empty (0, or ABSENT for a line not drawn)
    blank: Any  # the leaf's value then (ABSENT: not in the state)
    table: Mapping[Any, Any]  # the square's other values -> the leaf's
    by_ids: bool  # the leaf holds the student's player ids, read as such
    #: the square takes one value, no player's mark, but the leaf was seen to hold several (a line keeps who
    #: drew it, which the course's board does not): any value but the blank reads as that one
    any_value: bool = False

    def read(self, value: Any) -> Any:
        if _tag(value) == _tag(self.blank):
            return self.empty
        if self.any_value:
            return next(iter(self.table))
        for square, leaf in self.table.items():
            if _tag(leaf) == _tag(value):
                return square
        raise NotThisRepresentation(f"{value!r} at {place(self.leaf)} is no value this square takes")

    def write(self, value: Any) -> list | None:
        """The worker's assignment ``[path, present, value]`` that puts ``value`` in the leaf."""
        leaf = self.blank if _tag(value) == _tag(self.empty) else self.table.get(value, ABSENT)
        if leaf is ABSENT and _tag(value) != _tag(self.empty):
            return None
        return [[list(step) for step in self.leaf], leaf is not ABSENT, None if leaf is ABSENT else leaf]


@dataclass(frozen=True)
class Count:
    """A leaf that counts the filled squares (of one group: the lines, not the boxes), plus a constant: the
    number of moves made."""

    leaf: Path
    group: tuple  # the first step of the squares counted; () for every square
    offset: int

    def of(self, squares: Mapping[Path, Any], empty: Mapping[Path, Any]) -> int:
        return self.offset + sum(_tag(v) != _tag(empty.get(p, ABSENT)) for p, v in squares.items()
                                 if not self.group or p[:1] == self.group)


@dataclass(frozen=True)
class LearnedCells:
    """Where the student's state keeps every square the replays reached."""

    cells: tuple[Cell, ...]
    empty_board: Mapping[Path, Any]  # the empty board's squares
    counts: tuple[Count, ...]
    marks: Mapping[Any, int]  # the course's mark of each player
    #: every varying value of the state is a square's (or the turn), every square reached: a written position is whole
    whole: bool
    #: squares no replayed position filled (a top corner random games never reach): where they live is unknown
    unreached: tuple[Path, ...] = ()
    #: a varying value of the state that is no square's, count or turn: a position written, not replayed, gets it wrong
    loose: bool = False

    def writes(self, board: Any) -> list | None:
        """The assignments that make a replayed state hold ``board``'s squares; None when ``board`` fills a
        square no replay reached or a value the state was never seen to hold."""
        if any(cell.blank is ABSENT and cell.leaf[-1][0] == "i" for cell in self.cells):
            return None  # a list that grows as squares fill (a column's stack of discs): only play reaches it
        squares = course_leaves(board)
        known = {cell.square for cell in self.cells}
        if any(p not in known and _tag(v) != _tag(self.empty_board.get(p, ABSENT)) for p, v in squares.items()):
            return None
        out = [cell.write(squares.get(cell.square, ABSENT)) for cell in self.cells]
        out += [[[list(step) for step in count.leaf], True, count.of(squares, self.empty_board)] for count in self.counts]
        return None if any(w is None for w in out) else out

    def board(self, raw_leaves: Iterable[Sequence], empty: Any) -> Any:
        """The course board a state (its worker leaves) holds, written into ``empty`` (the course's empty board);
        raises NotThisRepresentation on a value no square takes."""
        leaves = student_leaves(raw_leaves)
        for cell in self.cells:
            value = cell.read(leaves.get(cell.leaf, ABSENT))
            *parents, (_, key) = cell.square
            holder = empty
            for _, step in parents:
                holder = holder[step]
            if value is ABSENT:
                holder.pop(key, None)
            else:
                holder[key] = value
        return empty

    def differences(self, raw_leaves: Iterable[Sequence], board: Any) -> list[str]:
        """Where the state (its worker leaves) holds other squares than ``board``, in words."""
        leaves, squares = student_leaves(raw_leaves), course_leaves(board)
        out = []
        for cell in self.cells:
            got, want = leaves.get(cell.leaf, ABSENT), squares.get(cell.square, ABSENT)
            try:
                read = cell.read(got)
            except NotThisRepresentation as e:
                out.append(str(e))
                continue
            if _tag(read) != _tag(want):
                shown = "nothing" if got is ABSENT else repr(got)
                out.append(f"{place(cell.leaf)} holds {shown}, read as {self._square(read, cell)}, where the position has "
                           f"it {self._square(want, cell)}")
        return out

    def _square(self, value: Any, cell: Cell) -> str:
        player = {_tag(mark): who for mark, who in self.marks.items()}.get(_tag(value))
        if player is not None:
            return "the first player's" if player == 1 else "the second player's"
        return "empty" if _tag(value) == _tag(cell.empty) else "drawn" if value is True else repr(value)


def place(path: Path) -> str:
    """A leaf's place in the state, as code would write it."""
    return "state" + "".join(f".{key}" if kind == "a" else f" ∋ {key!r}" if kind == "m" else f"[{key!r}]"
                             for kind, key in path)


def course_marks(empty: Mapping[Path, Any], lines: Iterable[Sequence[tuple[dict[Path, Any], int]]]) -> dict[Any, int]:
    """The course's mark of each player (1, -1), from lines of play from the ``empty`` board as (squares after each
    move, the mover): a value that a move puts in a square is mostly its mover's (a disc dropped, a box closed)."""
    votes: dict[tuple, Counter] = {}
    for line in lines:
        before = empty
        for after, mover in line:
            changed = [(square, value) for square, value in after.items()
                       if _tag(before.get(square, ABSENT)) != _tag(value)]
            if all(_tag(before.get(square, ABSENT)) == _tag(empty.get(square, ABSENT)) for square, _ in changed):
                for _, value in changed:  # a move that only fills empty squares (a mean move slides a column)
                    votes.setdefault(_tag(value), Counter())[mover] += 1
            before = after
    marks = {tag: mover for tag, count in votes.items() for mover, n in count.items() if n >= 2 / 3 * count.total()}
    if sorted(marks.values()) != [-1, 1]:  # no value is one player's alone (a line drawn by either)
        return {}
    return {tag[1]: mover for tag, mover in marks.items()}


def learn(samples: Sequence[tuple[dict[Path, Any], dict[Path, Any]]], players: tuple[Any, Any],
          turn: Path | None = None, marks: Mapping[Any, int] | None = None) -> LearnedCells | None:
    """The cells that replayed ``samples`` (course squares, student leaves; the empty board first) show; None
    when some square that the replays fill has no leaf that is empty when it is. ``marks``: the course's mark
    of each player (:func:`course_marks`; the default: +1 and -1)."""
    if len(samples) < 2:
        return None
    marks = {1: 1, -1: -1} if marks is None else marks

    def column(side: int, path: Path) -> list:
        return [sample[side].get(path, ABSENT) for sample in samples]

    def filled(values: list) -> int:  # a bit for each sample where the value is not the empty board's
        return sum(1 << i for i, v in enumerate(values) if _tag(v) != _tag(values[0]))

    leaves = {q: column(1, q) for q in {q for _, student in samples for q in student}}
    masks = {q: filled(c) for q, c in leaves.items() if filled(c)}
    found, used, unreached = [], set(), []
    for square in sorted({p for course, _ in samples for p in course}, key=repr):
        values = column(0, square)
        mask = filled(values)
        if not mask:
            unreached.append(square)
            continue
        scored = sorted(((len(samples) - (mask ^ m).bit_count(), repr(q), q) for q, m in masks.items()
                         if q not in used), reverse=True)
        if not scored or scored[0][0] < AGREEMENT * len(samples):
            return None
        leaf = scored[0][2]
        held = leaves[leaf]
        found.append((square, leaf, values[0], held[0], [(s, t) for i, (s, t) in enumerate(zip(values, held))
                                                         if mask >> i & 1 and _tag(t) != _tag(held[0])]))
        used.add(leaf)
    # squares that hold the players' marks are written alike: their table is learned from all of them at once,
    # so a square the replays filled for one player only is still read for the other
    kinds = {id(pairs): "marks" if {_tag(s) for s, _ in pairs} <= {_tag(m) for m in marks} else id(pairs)
             for *_, pairs in found}
    pooled = {}
    for *_, pairs in found:
        pooled.setdefault(kinds[id(pairs)], []).extend(pairs)
    cells = []
    for square, leaf, empty, blank, pairs in found:
        table, by_ids = _table(pooled[kinds[id(pairs)]], players, marks)
        if table is None or (kinds[id(pairs)] == "marks" and not by_ids and
                             any(_tag(table.get(sq, ABSENT)) != _tag(t) for sq, t in pairs)):
            return None  # a leaf that is not the square's (a column's height): its own values disagree with the pool
        only = next(iter(table)) if len(table) == 1 else None  # a square that is drawn or not, no player's mark
        any_value = only is not None and len({_tag(t) for _, t in pairs}) > 1 and \
            _tag(only) not in {_tag(m) for m in marks}
        cells.append(Cell(square, leaf, empty, blank, table, by_ids, any_value=any_value))
    if not cells:
        return None
    counts = _counts([q for q in masks if q not in used and q != turn], leaves, samples)
    rest = set(masks) - used - {count.leaf for count in counts} - {turn}
    return LearnedCells(tuple(cells), samples[0][0], counts, dict(marks),
                        whole=not rest and not unreached, unreached=tuple(unreached), loose=bool(rest))


def _counts(candidates: Iterable[Path], leaves: Mapping[Path, list], samples: Sequence) -> tuple[Count, ...]:
    """The leaves among ``candidates`` that count filled squares, every square or one group of them."""
    empty = samples[0][0]
    groups = [()] + sorted({p[:1] for course, _ in samples for p in course if p}, key=repr)
    out = []
    for leaf in candidates:
        values = leaves[leaf]
        if not all(type(v) is int for v in values):
            continue
        for group in groups:
            counted = [Count(leaf, group, 0).of(course, empty) for course, _ in samples]
            if len({v - n for v, n in zip(values, counted)}) == 1:
                out.append(Count(leaf, group, values[0] - counted[0]))
                break
    return tuple(out)


def _table(pairs: list[tuple[Any, Any]], players: tuple[Any, Any], marks: Mapping[Any, int]) -> tuple[dict | None, bool]:
    """The square's values -> the leaf's: the student's ids for the players when the square holds players'
    marks and the leaf only ids, else what the leaf most often holds for each (one leaf value per square value)."""
    held = {_tag(t): t for _, t in pairs}
    course = {_tag(s) for s, _ in pairs}
    if len(marks) == 2 and course <= {_tag(m) for m in marks} and \
            all(any(same_mark(t, p) and type(t) is type(p) for p in players) for t in held.values()):
        return {mark: players[0 if player == 1 else 1] for mark, player in marks.items()}, True
    table = {value: Counter(_tag(t) for s, t in pairs if _tag(s) == _tag(value)).most_common(1)[0][0]
             for value in {s for s, _ in pairs}}
    if len(set(table.values())) != len(table):
        return None, False
    return {s: held[t] for s, t in table.items()}, False
