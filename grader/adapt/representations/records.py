"""Game states kept as a named tuple around the board: the textbook's ``GameState(to_move, utility, board, moves)``.

The fields are read off the student's own initial state: the one some board reading takes for the empty board is the
board; a player mark is whose turn it is; a list is the remaining moves; a number is the state's utility (0 until
someone wins). Every other field keeps its initial value. Boards the checks send are wrapped the same way, so the
student's methods get the states they expect.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable

from grader.adapt.candidates import normalise
from grader.adapt.representations.base import NotThisRepresentation, Representation, plain, same_mark
from grader.adapt.search_arguments import PLAYER_WORDS
from grader.sandbox import codec
from grader.text import short
from reference.games.base import InvalidBoard


@dataclass(eq=False)
class StateRecordRepresentation(Representation):
    inner: Representation
    name: str
    fields: tuple[str, ...]
    roles: tuple[Any, ...]  # per field: "board", "to_move", "utility", "moves", or ("value", v) kept as it was
    game: Any  # the reference game: whose turn it is and whether someone has won

    @property
    def players(self) -> tuple[Any, Any]:  # type: ignore[override]
        return self.inner.players

    def encode_board(self, board: Any) -> Any:
        return self.encode_state(board)

    def encode_state(self, board: Any, mover: int | None = None) -> Any:
        for to_move in dict.fromkeys((mover, None, 1, -1)):  # the mover asked about, else whoever the board allows
            try:
                state = self.game.from_course(board, to_move=to_move)
                break
            except InvalidBoard:
                continue
        else:
            raise NotThisRepresentation("no player can be to move on this board")
        won = self.game.terminal(state) and self.game.utility(state, 1)
        values = {"board": lambda: self.inner.encode_board(board),
                  "to_move": lambda: self.inner.encode_player(self.game.to_move(state)),
                  "utility": lambda: 1 if won and won > 0 else -1 if won and won < 0 else 0,
                  "moves": lambda: self._moves(board, state)}
        return codec.record(self.name, self.fields, [values[r]() if isinstance(r, str) else r[1] for r in self.roles])

    def at_size(self, rows: int, cols: int, game: Any) -> "StateRecordRepresentation":
        return dataclasses.replace(self, inner=self.inner.at_size(rows, cols, game), game=game)

    def _moves(self, board: Any, state: Any) -> list[Any]:
        open_cells = getattr(self.inner, "open_cells", None)
        if open_cells is not None:
            return open_cells(board)
        return [self.inner.encode_action(a, board) for a in self.game.actions(state)]

    def decode_board(self, board: Any) -> Any:
        """The course board of a state whose other fields agree with it: the textbook's ``result``
        works out the utility and the remaining moves, so a wrong one is its bug, not the reader's."""
        if not (isinstance(board, tuple) and len(board) == len(self.fields)):
            raise NotThisRepresentation(f"expected a {self.name}({', '.join(self.fields)}) state")
        course = self.inner.decode_board(board[self.roles.index("board")])
        expected = self.encode_board(course)
        for field, role, got, want in zip(self.fields, self.roles, board, expected):
            if role == "utility" and _sign(got) != _sign(want) or \
                    role == "to_move" and self.game.board_shows_turn and not same_mark(plain(got), want) or \
                    role == "moves" and _cells(got) != _cells(want):
                raise NotThisRepresentation(
                    f"its {field} is {short(got, 60)}, but for its board it would be {short(want, 60)}")
        return course

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return self.inner.action_kinds

    def with_action_kind(self, kind: str) -> "StateRecordRepresentation":
        return dataclasses.replace(self, inner=self.inner.with_action_kind(kind))

    def with_marks(self, inner: Representation) -> "StateRecordRepresentation":
        """The record around ``inner``, a reading of the same board with other player marks: which field says
        whose turn it is is read again with those marks (a ``turn=True`` is no constant once True is a mark)."""
        initial = [self.inner.players[0] if r == "to_move" else [] if r == "moves" else 0 if r == "utility"
                   else None if r == "board" else r[1] for r in self.roles]
        roles = _one_turn(tuple("board" if r == "board" else _role(v, inner, f)
                                for r, v, f in zip(self.roles, initial, self.fields)), initial, self.fields)
        return dataclasses.replace(self, inner=inner, roles=roles)

    def turn_said(self, value: Any, mover: int) -> tuple[bool, str] | None:
        """Whose turn the state's own field says (judged where the board does not say it)."""
        if "to_move" not in self.roles or self.game.board_shows_turn or not isinstance(value, tuple) \
                or len(value) != len(self.fields):
            return None
        said = value[self.roles.index("to_move")]
        try:
            again = self.inner.decode_player(said) == mover
        except NotThisRepresentation:
            return None
        return again, f"{plain(said)!r} to move ({'the same player' if again else 'the other player'})"

    def encode_action(self, action: Any, board: Any, player: int | None = None) -> Any:
        return self.inner.encode_action(action, board, player)

    def decode_action(self, action: Any, board: Any) -> Any:
        return self.inner.decode_action(action, board)

    def encode_player(self, player: int) -> Any:
        return self.inner.encode_player(player)

    def decode_player(self, value: Any) -> int:
        return self.inner.decode_player(value)

    def describe(self) -> str:
        return f"{self.name}({', '.join(self.fields)}) states whose {self.fields[self.roles.index('board')]} is a " \
               f"{self.inner.describe()}"


def candidates(initial: Any, game: Any,
               board_candidates: Callable[[Any, Any], list[Representation]]) -> list[StateRecordRepresentation]:
    """Readings of a named-tuple initial state (none for anything else). ``board_candidates(value,
    first_mark)`` lists the board readings of one field's value."""
    fields = getattr(initial, "_fields", None)
    if not (isinstance(initial, tuple) and isinstance(fields, tuple) and len(fields) == len(initial)):
        return []
    values = [plain(v) for v in initial]
    marks = [v for v in values if isinstance(v, str) and len(v) <= 2 or isinstance(v, bool)]
    out: list[StateRecordRepresentation] = []
    for index, value in enumerate(values):
        for inner in board_candidates(value, marks[0] if marks else None):
            roles = _one_turn(tuple("board" if i == index else _role(v, inner, field) for i, (v, field) in
                                    enumerate(zip(values, fields))), values, fields)
            if "to_move" in roles or not marks:
                out.append(StateRecordRepresentation(inner, type(initial).__name__, fields, roles, game))
        if out:
            break
    return out


#: words in a field's name that say it holds the state's utility (0 until someone wins)
UTILITY_WORDS = ("util", "value", "score", "reward", "payoff")


def _role(value: Any, inner: Representation, field: str) -> Any:
    """What a field of the initial state holds: whose turn (the first player's mark), the moves left (a list),
    the utility (a 0 under a name that says so; a count of moves made starts at 0 too), or a value kept."""
    if any(same_mark(value, p) for p in inner.players[:1]):
        return "to_move"
    if isinstance(value, list):
        return "moves"
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0 and \
            any(w in field.lower() for w in UTILITY_WORDS):
        return "utility"
    return ("value", value)


def _one_turn(roles: tuple[Any, ...], values: list[Any], fields: tuple[str, ...]) -> tuple[Any, ...]:
    """One field says whose turn it is: where several start at the first player's mark (a turn of 0 beside a
    count of plies at 0), the one whose name says a player, else the first; the others are values kept."""
    turns = [i for i, r in enumerate(roles) if r == "to_move"]
    if len(turns) < 2:
        return roles
    named = [i for i in turns if any(w in normalise(fields[i]) for w in PLAYER_WORDS if len(w) > 1)]
    keep = (named or turns)[0]
    return tuple(("value", values[i]) if i in turns and i != keep else r for i, r in enumerate(roles))


def _sign(value: Any) -> int:
    value = plain(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 2  # not a number: never agrees
    return (value > 0) - (value < 0)


def _cells(value: Any) -> set | None:
    try:
        return {tuple(plain(v) for v in cell) for cell in value}
    except TypeError:
        return None
