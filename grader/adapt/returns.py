"""Reading what students' functions return: ``terminal`` as a bool, a winner, a string or a tuple; ``utility`` on any
scale; ``result`` returning ``(board, next_player)`` or ``(board, extra_turn)``; agents returning dicts or pairs.

Each reading is a small pure function; ``grader.adapt.infer`` picks the one the evidence supports.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

import numpy as np

from grader.adapt.representations.base import NotThisRepresentation, plain
from grader.text import short


def _bool_like(v: Any) -> bool:
    v = plain(v)
    return isinstance(v, bool) or (isinstance(v, int) and v in (0, 1))


def terminal_readings(empty_value: Any) -> dict[str, Callable[[Any], bool | None]]:
    """Ways to read ``terminal``'s answer as 'the game is over' (``None``: unreadable). ``empty_value``, its answer
    on the empty board, may be a status such as ``'continue'`` or ``-1``: then any other answer is an ending."""
    empty_value = plain(empty_value)

    def status(v: Any) -> bool | None:
        return not _same_answer(plain(v), empty_value)

    pair = (tuple, list)
    readings: dict[str, Callable[[Any], bool | None]] = {
        "a bool": lambda v: bool(plain(v)) if _bool_like(v) else None,
        "the first item of a (done, winner) pair":
            lambda v: bool(plain(v[0])) if isinstance(v, pair) and v and _bool_like(v[0]) else None,
        "the last item of a (winner, done) pair":
            lambda v: bool(plain(v[1])) if isinstance(v, pair) and len(v) == 2 and isinstance(plain(v[1]), bool)
            else None,
        "a winner (None while the game goes on)": lambda v: plain(v) is not None}
    # Whatever terminal answers while the game goes on is its "not over"; anything else means over
    # ('continue' then 'draw' or the winner, -1 then 0 or a player, an enum member, a tuple).
    words = f"a status ({short(empty_value, 40)} while the game goes on)"
    if isinstance(empty_value, str) or isinstance(empty_value, int) and not isinstance(empty_value, bool) \
            and empty_value not in (0, 1):
        return {words: status, **readings}
    readings[words] = status  # a bool or a pair says it plainly; 0 while going on, then 1, 2 or 3 reads as a status
    return readings


def _same_answer(a: Any, b: Any) -> bool:
    """Two answers equal in value (numpy arrays cell by cell, containers item by item, 1 and True alike)."""
    try:
        if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
            return bool(np.array_equal(np.asarray(a, dtype=object), np.asarray(b, dtype=object)))
        if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
            return len(a) == len(b) and all(_same_answer(x, y) for x, y in zip(a, b))
        return bool(a == b)
    except (TypeError, ValueError):
        return repr(a) == repr(b)


def winner_of(value: Any, representation: Any) -> int | None:
    """+1 or -1 for an answer that names the winner by the student's mark, 0 for one that says nobody
    won (0, None, False, '', 'draw', 'tie'; -1 where 0 names a player), None for anything else."""
    player = _player(value, representation)
    if player is not None:
        return player
    value = plain(value)
    if value is None or value is False or value == 0 or value == "":
        return 0
    if value == -1 and not isinstance(value, bool) and _player(0, representation) is not None:
        return 0  # players 0 and 1: -1 is the usual "nobody"
    return 0 if isinstance(value, str) and any(w in value.lower() for w in ("draw", "tie", "none", "nobody")) else None


def _player(value: Any, representation: Any) -> int | None:
    try:
        return representation.decode_player(value)
    except NotThisRepresentation:
        return None


def utility_scale(value: Any) -> float | None:
    """The magnitude of a non-zero utility value (1, 100, 1000, inf), or None if not a number."""
    v = plain(value)
    return abs(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and v else None


def sign(value: Any) -> int | None:
    """-1, 0 or +1 for a number (inf included); None for anything else."""
    v = plain(value)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or (isinstance(v, float) and math.isnan(v)):
        return None
    return (v > 0) - (v < 0)


def per_player(value: Any) -> Any:
    """A pair of numbers, one per player in turn order (OpenSpiel's ``returns()``, each player's boxes), as the
    first player's number less the second's; any other value as it is."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(sign(v) is not None for v in value):
        return plain(value[0]) - plain(value[1])
    return value


#: (moves_again, what the answer said in words), or None when the answer does not fit the reading
TurnReading = Callable[[Any, int], "tuple[bool, str] | None"]


def turn_readings(rep: Any) -> dict[str, TurnReading]:
    """Ways to read whose turn a ``result`` answer says it is, by the tuple's length and the item: each says
    whether the course player who moved (+1/-1) moves again. A next player must be one of ``rep``'s marks and an
    extra turn a bool, so the two never both fit."""

    def next_player(length: int, at: int) -> TurnReading:
        def read(value: Any, mover: int) -> tuple[bool, str] | None:
            if not (isinstance(value, tuple) and len(value) == length):
                return None
            nxt = _player(value[at], rep)
            if nxt is None:  # not one of the student's player marks
                return None
            again = nxt == mover
            return again, f"{'the same' if again else 'the other'} player ({plain(value[at])!r})"
        return read

    def extra_turn(length: int, at: int) -> TurnReading:
        def read(value: Any, mover: int) -> tuple[bool, str] | None:
            if not (isinstance(value, tuple) and len(value) == length and isinstance(plain(value[at]), bool)):
                return None
            return bool(plain(value[at])), f"extra turn {plain(value[at])!r}"
        return read

    shapes = {"(board, {})": (2, 1), "(board, {}, ...)": (3, 1), "(board, ..., {})": (3, 2)}
    return {shape.format(words): read(length, at) for shape, (length, at) in shapes.items()
            for words, read in (("next player", next_player), ("extra turn", extra_turn))}


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


MOVE_KEYS = ("move", "action", "col", "column", "line", "best_move", "a")


#: how a pair answer is read: its move first, or its value first
MOVE_THEN_VALUE, VALUE_THEN_MOVE = "the move of a (move, value) pair", "the move of a (value, move) pair"


def move_readings(value: Any) -> list[tuple[str, Any]]:
    """Candidate moves in an agent's answer, most plausible first, each with the reading in words."""
    value = plain(value)
    out: list[tuple[str, Any]] = [("the move itself", value)]
    if isinstance(value, dict):  # the last key listed ends up first, as inserting each at the front did
        out[:0] = [(f"the {key!r} entry of a dict", value[key]) for key in reversed(MOVE_KEYS) if key in value]
    if isinstance(value, (tuple, list)) and len(value) == 2:
        first, second = plain(value[0]), plain(value[1])
        first_is_score, second_is_score = (isinstance(v, float) or v is None for v in (first, second))
        if first_is_score and not second_is_score:
            out.insert(0, (VALUE_THEN_MOVE, second))
        elif second_is_score and not first_is_score:
            out.insert(0, (MOVE_THEN_VALUE, first))
        else:
            out += [(MOVE_THEN_VALUE, first), (VALUE_THEN_MOVE, second)]
    if isinstance(value, (tuple, list)) and len(value) == 3:  # (player, move, board), (move, value, depth)...
        items = [plain(item) for item in value]
        # a cell and its value, the tic-tac-toe tutorials' [row, col, score] (or [score, row, col])
        if _whole(items[0]) and _whole(items[1]):
            out.append(("the (row, col) of a (row, col, value) triple", (items[0], items[1])))
        if _whole(items[1]) and _whole(items[2]):
            out.append(("the (row, col) of a (value, row, col) triple", (items[1], items[2])))
        out += [(f"item {i} of a {len(value)}-tuple", item) for i, item in enumerate(items)]
    if isinstance(value, np.ndarray) and value.ndim == 0:
        out.insert(0, ("the move itself", value.item()))
    return out


#: how :func:`legal_move_in` reads an answer that is a move of the game, but not a legal one
ILLEGAL_MOVE = "an illegal move of the game"


def legal_move_in(answer: Any, rep: Any, board: Any, legal: Sequence[Any], preferred: str = "") -> tuple[Any, str]:
    """The legal move an agent's ``answer`` holds on ``board`` and how it was read (``preferred`` first: the reading
    its earlier answers needed); ``(None, "")`` when none does. A move of the game that is not legal (Mean Connect
    4's ``(from, to)``) is ``(None, ILLEGAL_MOVE)``, not read again as a (move, value) pair."""
    readings = move_readings(answer)
    readings.sort(key=lambda r: r[0] != preferred)
    for reading, candidate in readings:
        try:
            action = rep.decode_action(candidate, board)
        except (NotThisRepresentation, TypeError, ValueError, IndexError):
            continue
        if action in legal:
            return action, reading
        if reading == "the move itself" and isinstance(action, tuple):
            return None, ILLEGAL_MOVE
    return None, ""
