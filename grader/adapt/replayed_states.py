"""Game functions written around a state that no reading of a board knows (``{'grid': {(col, h): 'R'},
'heights': [...], 'turn': 'R'}``, a tuple of column strings...), with a transition that returns or changes it.

Such states never leave the worker: each position is built there from the student's own initial state by
replaying the moves that reach it (:meth:`reference.games.base.Game.moves_to`) through their own ``result``, in
their own move encoding. The grader learns the recipe: which function makes the initial state, which plays a
move, how moves are written (matching their ``actions`` to the reference's moves) and which part of the state
says whose turn it is. That part is set to the reference's mover before each replayed move, so a bug in the
student's turn keeping is charged once, at ``result``, not again to every other function.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import re
from collections import Counter
from functools import lru_cache
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from grader.adapt import game_objects, learned_cells
from grader.adapt.candidates import AGENT_NAMES, Candidate, is_route, normalise, rank, spoken
from grader.adapt.infer import FITS, _bind_terminal, _bind_utility, _choose, _takes, arithmetic_player_pairs, \
    named_mark_pairs
from grader.adapt.representations.base import LETTER_PLAYERS, NUMERIC_PLAYERS, NotThisRepresentation, \
    Representation, plain, same_mark
from grader.adapt.board_sizes import size_arguments
from grader.adapt.student_game import sized_caller
from grader.adapt.signatures import NOTHING, argument_orders, positional_parameters
from grader.plugs import GamePlug, plug_for
from grader.sandbox.calls import CallResult, NameInfo, Parameter
from reference.games.base import Game, State
from reference.positions import finished_games, random_positions


class NoReplay(ValueError):
    """A position that the student's object cannot be brought to, or a class that cannot be replayed."""


#: the exception the worker's helpers raise when the student's own code fails while replaying moves to a position
NOT_BUILT = "PositionNotBuilt"


def why_not_built(r: CallResult) -> str | None:
    """Why the student's code could not be brought to the position asked (it raised on the way), in words;
    None when it was built (whatever was asked there then answered)."""
    return None if r.ok or r.error_type != NOT_BUILT else f"on the way there your code raised {r.message}"


def items(value: Any) -> list:
    """A student's answer as a list (numpy arrays and generators too)."""
    return value.tolist() if hasattr(value, "tolist") else list(value)


#: the grader's helper in the worker: builds a state, replays moves, asks the student's functions
HELPER = "_grader_replayed_states"


# --- the student's move encoding ------------------------------------------------------------------

def _number(value: Any) -> int | None:
    value = plain(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _shifted(value: Any, offset: int) -> Any:
    """A move counted from ``offset``: every number of it (a column, both parts of a mean move)."""
    value = plain(value)
    if isinstance(value, (list, tuple)):  # the words of a move stay (Dots and Boxes' 'h')
        numbered = [_number(v) is not None for v in value]
        if not any(numbered):
            return None
        return tuple(_shifted(v, offset) if n else plain(v) for v, n in zip(value, numbered))
    n = _number(value)
    return None if n is None else n - offset


def _cell(value: Any, game: Game, offset: int, row_at: int) -> Any:
    """A cell given as a pair of numbers, its row at ``row_at`` -> its index row * cols + col (games whose
    moves are cell indices)."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    r, c = (_number(v) for v in (value[row_at], value[1 - row_at]))
    return None if r is None or c is None else (r - offset) * game.cols + (c - offset)


def _part(value: Any, at: int, offset: int) -> Any:
    """One number of a pair (a Connect 4 move written as the cell where the disc lands: its column)."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    n = _number(value[at])
    return None if n is None or _number(value[1 - at]) is None else n - offset


def _from_text(value: Any) -> Any:
    """A move written as text (``'3'``, ``'2,5'``, ``'h 0 1'``) -> its words and numbers as a course move."""
    if not isinstance(value, str):
        return None
    tokens = [int(t) if t.lstrip("-").isdigit() else t for t in re.findall(r"-?\d+|[A-Za-z_]+", value)]
    return None if not tokens else tokens[0] if len(tokens) == 1 else tuple(tokens)


def _from_digits(value: Any) -> Any:
    """A move written as text whose numbers run together, one digit each (``'h01'``, ``'v23'``) -> its parts."""
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z_]*\d{2,}", value.strip()):
        return None
    letters, digits = re.match(r"([A-Za-z_]*)(\d+)", value.strip()).groups()
    parts = [int(d) for d in digits]
    return tuple([letters] + parts if letters else parts)


def _tagged(value: Any) -> Any:
    """A move written as a word, then the course's numbers (``('drop', 3)``, ``('mean', 1, 4)``) -> those numbers."""
    value = plain(value)
    if not isinstance(value, (list, tuple)) or len(value) < 2 or not isinstance(value[0], str):
        return None
    numbers = [_number(v) for v in value[1:]]
    return None if None in numbers else numbers[0] if len(numbers) == 1 else tuple(numbers)


def _as_is(value: Any) -> Any:
    value = plain(value)
    if isinstance(value, bool):
        return None  # False is no column 0
    return tuple(plain(v) for v in value) if isinstance(value, list) else value


#: (words, decoder: the student's move -> the course's) for each encoding, plainest first; a cell is a pair of
#: numbers in either order, counted from 0 or 1
Decoder = Callable[[Any, Game], Any]
#: (the pair's order, the item that is the row, how it is counted, the number the first row or column is)
_CELL_FORMS = [(pair, row_at, start, offset) for pair, row_at in (("(row, col)", 0), ("(col, row)", 1))
               for start, offset in (("", 0), (" counted from 1", 1))]
ENCODINGS: tuple[tuple[str, Decoder], ...] = (
    ("the course's own moves", lambda v, g: _as_is(v)),
    ("numbers counted from 1", lambda v, g: _shifted(v, 1)),
    ("moves written as text", lambda v, g: _from_text(v)),
    ("moves tagged with a word", lambda v, g: _tagged(v)),
    *((f"cells as {pair}{start}", lambda v, g, r=row_at, o=offset: _cell(v, g, o, r))
      for pair, row_at, start, offset in _CELL_FORMS),
    *((f"the column of a {pair} cell{start}", lambda v, g, r=row_at, o=offset: _part(v, 1 - r, o))
      for pair, row_at, start, offset in _CELL_FORMS),
)


def encodings(game: Game) -> dict[str, Decoder]:
    """Every move encoding to try for ``game``, by its words: the ones of every game, then the game's own (its
    plug's). Made once per plug: decoding a move asks it on every answer."""
    return _encodings(plug_for(game))


@lru_cache(maxsize=None)
def _encodings(plug: GamePlug) -> dict[str, Decoder]:
    # the game's own forms written as text too ("H 1 2", "v-0-3"): its parts read as the form reads them
    text = [(f"{words} written as text{how}", (lambda d, read: lambda v, g: d(read(v), g) if isinstance(v, str)
                                               else None)(decode, read))
            for read, how in ((_from_text, ""), (_from_digits, ", a digit for each number"))
            for words, decode in plug.move_encodings]
    return dict((*ENCODINGS, *plug.move_encodings, *text))


def match_encoding(student_moves: Sequence[Any], game: Game, state: State) -> list[tuple[str, dict]]:
    """(words, course move -> the student's move) of every encoding under which the student's moves on
    ``state`` are exactly the course's, one for one; else of those under which they are most of them (an
    ``actions`` that misses a few moves is charged for them, not read as no game at all)."""
    wanted = game.actions(state)
    exact, most = [], []
    for words, decode in encodings(game).items():
        try:
            decoded = [decode(m, game) for m in student_moves]
            fits = all(d is not None for d in decoded) and len(set(decoded)) == len(decoded) \
                and set(decoded) <= set(wanted)
        except (TypeError, ValueError):  # not moves at all (a candidate that answers boards, arrays...)
            continue
        if fits and 2 * len(decoded) > len(wanted):
            picked = PICKED.get(words)  # a move that depends on the position is picked from the student's list there
            (exact if len(decoded) == len(wanted) else most).append(
                (words, MoveTable(words, {d: {"pick": [*picked, d]} for d in decoded} if picked else
                                  zip(decoded, student_moves))))
    if not exact and _numbered(student_moves, wanted):
        # moves no rule reads (Dots and Boxes lines numbered 0..E-1): paired in order with the course's, which
        # replaying through the student's own code then confirms or rejects
        exact.append((NUMBERED, MoveTable(NUMBERED, zip(wanted, student_moves))))
    return exact or most


#: the words of moves numbered in the course's order of moves
NUMBERED = "moves numbered in the course's order"


def _numbered(student_moves: Sequence[Any], wanted: Sequence[Any]) -> bool:
    """Whether the student's moves are as many distinct whole numbers as the course's moves, listed in order."""
    numbers = [plain(m) for m in student_moves]
    return len(numbers) == len(wanted) > 1 and all(type(n) is int for n in numbers) \
        and len(set(numbers)) == len(numbers) and numbers == sorted(numbers)


#: encodings that are a rule, which writes and reads kinds of move the table never saw (the mean moves that the
#: empty board lacks)
RULED = ("the course's own moves", "numbers counted from 1", "moves written as text", "moves tagged with a word")


class MoveTable(dict):
    """Course move -> the student's, learned from the moves their code lists on one position; a kind of
    move that position lacks (Mean Connect 4's mean moves on the empty board) is written by the same rule."""

    def __init__(self, encoding: str, pairs: Any = ()) -> None:
        super().__init__(pairs)
        self.encoding = encoding

    def __missing__(self, move: Any) -> Any:
        parts = move if isinstance(move, tuple) else (move,)
        if self.encoding == "moves written as text":  # joined as the listed moves join their parts (else ',')
            seps = [sep for text in self.values() if isinstance(text, str)
                    for sep in re.findall(r"(?<=[\w])[^\w-]+(?=[-\w])", text)]
            return (seps[0] if seps else ",").join(str(p) for p in parts)
        if self.encoding == "moves tagged with a word":  # the word of a listed move with as many numbers
            word = next((m[0] for c, m in self.items() if len(c if isinstance(c, tuple) else (c,)) == len(parts)
                         and isinstance(m, (tuple, list))), None)
            if word is None:
                raise NoReplay(f"no move like {move!r} was seen in your moves ({self.encoding})")
            return (word, *parts)
        shift = {"the course's own moves": 0, "numbers counted from 1": 1}.get(self.encoding)
        if shift is None:
            raise NoReplay(f"no way of writing the move {move!r} was seen in your moves ({self.encoding})")
        if isinstance(move, tuple):  # a move's numbers shifted, its words (Dots and Boxes' 'h') as they are
            return tuple(m + shift if type(m) is int else m for m in move)
        return move + shift


#: encodings whose moves depend on the position (the cell where a disc lands), by (item, offset) of the course move
PICKED = {f"the column of a {pair} cell{start}": (1 - row_at, offset) for pair, row_at, start, offset in _CELL_FORMS}


def shown_move(move: Any) -> Any:
    """A student's move for feedback (a picked one as the column it is picked by)."""
    return f"the cell in column {move['pick'][2] + move['pick'][1]}" if isinstance(move, dict) and "pick" in move \
        else move


# --- the moves that reach a position --------------------------------------------------------------

def line_of_play(game: Game, board: Any, player: int | None, paths: dict) -> list[tuple[Any, int]]:
    """(course move, mover) from the empty board to the course ``board`` with ``player`` (None: either) to move;
    ``paths`` remembers the lines found. Raises :class:`NoReplay` when no line of play reaches it."""
    for mover in (player,) if player is not None else (None, 1, -1):
        try:
            return _moves_and_movers(game, game.from_course(board, to_move=mover), paths)
        except ValueError:  # the board does not say whose turn it is: either will do, as none is asked
            if player is not None:
                raise
    raise NoReplay("no line of play from the empty board reaches this board")


def _moves_and_movers(game: Game, state: State, paths: dict) -> list[tuple[Any, int]]:
    if state not in paths:
        paths[state] = game.moves_to(state)
    if paths[state] is None:
        raise NoReplay("no line of play from the empty board reaches this position")
    out, here = [], game.initial_state()
    for action in paths[state]:
        out.append((action, game.to_move(here)))
        here = game.result(here, action)
    return out


def decode_move(encoding: str, action: Any, game: Game, known: Mapping) -> Any:
    """The course move a student's ``action`` written as ``encoding`` is, one of ``known``'s; raises
    NotThisRepresentation."""
    decode = encodings(game).get(encoding)
    try:  # an encoding learned as a table (numbers indexing the student's list of lines) is looked up
        move = next((m for m, theirs in known.items() if plain(theirs) == plain(action)), None) if decode is None \
            else decode(action, game)
    except (TypeError, ValueError):
        move = None
    # a rule writes kinds of move the table never saw, each flat (a number, or numbers and a letter): a (value, move)
    # pair is none of them
    ruled = isinstance(known, MoveTable) and known.encoding in RULED and \
        all(isinstance(part, (int, str)) for part in (move if isinstance(move, tuple) else (move,)))
    if move is None or (move not in known and not ruled):
        raise NotThisRepresentation(f"{action!r} is not a move written as {encoding}")
    return move


# --- the student's functions and how to build their states -----------------------------------------

@dataclass(frozen=True)
class Call:
    """One of the student's functions and the order of its arguments ('state', 'action', 'player')."""

    name: str
    order: tuple[str, ...]

    def words(self, **shown: str) -> str:
        return f"{spoken(self.name)}({', '.join(shown.get(r, 'None' if r == NOTHING else r) for r in self.order if r != 'state' or not is_route(self.name))})"


@dataclass(eq=False)
class ReplayedStates(Representation):
    """How positions are built through the student's own code: a reading whose boards exist only in the worker, so
    it reads and writes moves, never boards (the initial state, the transition, the move encoding, where the turn
    is kept, and what was found along the way: lines of play, where each square is kept)."""

    caller: Any
    game: Game
    start: str  # 'initial_state()'
    transition: Call
    moves: Call
    parameters: tuple[Parameter, ...] = ()  # the initial function's, for asking it for boards of other sizes
    #: at another board size, (the notebook's game object, the one of this size that stands in for it)
    resized_object: tuple[str, str] | None = None
    #: evidence positions the student's transition raised on the way to: the positions it builds may hold its bugs
    stumbles: int = 0
    #: the student's ``actions`` listed the moves wrongly everywhere, and the transition was taken because its
    #: states' squares follow the course's: one of the two has a bug, and which is not known
    moves_unconfirmed: bool = False
    #: the student's own loop hands the turn over as the transition answers (True: the mover goes again)
    turn_by_flag: bool = False
    encoding: str = dataclasses.field(kw_only=True)  # the move encoding, in words
    to_student: dict = dataclasses.field(kw_only=True)  # course move -> the student's move
    #: where the student's code keeps the turn: an attribute of an object ('current_player'), a part of a
    #: state (('key', 'turn'), ('field', 'to_move'), ('index', 1)); None when nowhere
    turn: Any = dataclasses.field(default=None, kw_only=True)
    players: tuple[Any, Any] = dataclasses.field(default=(1, -1), kw_only=True)
    timeout: float = dataclasses.field(default=2.0, kw_only=True)
    _paths: dict = dataclasses.field(default_factory=dict, kw_only=True)
    _learned: dict = dataclasses.field(default_factory=dict, kw_only=True)  # (identity, size) -> LearnedCells | None

    @property
    def rows(self) -> int:
        return self.game.rows

    @property
    def cols(self) -> int:
        return self.game.cols

    def encode_board(self, board: Any) -> Any:
        raise NotThisRepresentation("positions are built by replaying moves through your result()")

    decode_board = encode_board  # no board is read either: the states never leave the worker

    def steps_for(self, state: State) -> list:
        """The student's moves, with their movers' ids, that reach ``state``."""
        return [[self.to_student[a], self.encode_player(m)] for a, m in _moves_and_movers(self.game, state,
                                                                                          self._paths)]

    def encode_action(self, action: Any, board: Any = None, player: int | None = None) -> Any:
        """The student's move for a course move, as learned from the moves their code lists."""
        return self.to_student[tuple(action) if isinstance(action, list) else action]

    def decode_action(self, action: Any, board: Any = None) -> Any:
        return decode_move(self.encoding, action, self.game, self.to_student)

    # --- where the student's state keeps each square (grader.adapt.learned_cells) ---

    def learned(self) -> learned_cells.LearnedCells | None:
        """Where the student's state keeps each square, learned once from replayed lines of play."""
        # what the states depend on: how they are made, played, their moves read and turn told, and their size
        key = (self.start, self.transition, self.encoding, self.turn, self.players, self.game.rows, self.game.cols)
        if key not in self._learned:
            turn = self.turn_leaf()
            samples, marks = self._samples()
            self._learned[key] = learned_cells.learn(samples, self.players, turn, marks)
        return self._learned[key]

    def leaves_along(self, line: list[tuple[Any, int]]) -> list | None:
        """The leaves of the student's state at the start and after each (course move, mover) of ``line``,
        from the worker; None when the replay fails."""
        asks, at = [["leaves", "", []]], [0]
        for action, mover in line:
            asks += [["apply", self.to_student[action], self.encode_player(mover), True], ["leaves", "", []]]
            at.append(len(asks) - 1)
        r = self.ask_steps([], asks)
        return [r.value[i] for i in at] if r.ok else None

    def _samples(self, positions: int = 10) -> tuple[list[tuple[dict, dict]], dict]:
        """(the course's squares, the leaves of the student's state) after each move of replayed lines of play,
        the empty board first; and the course's mark of each player."""
        game = self.game
        first = self.leaves_along([])
        if not first:
            return [], {}
        samples = [(learned_cells.course_leaves(game.to_course(game.initial_state())),
                    learned_cells.student_leaves(first[0]))]
        lines = []
        evidence = evidence_positions(game, positions)
        plain_lines = [line for state, line in _plain_walks(game, 13, 4, 16)  # whole games of the plainest moves
                       if line and (len(line) == 16 or game.terminal(state))]
        for state in evidence + _filling(game, evidence) + plain_lines:
            try:
                line = state if isinstance(state, list) else _moves_and_movers(game, state, self._paths)
            except NoReplay:
                continue
            boards, here = [], game.initial_state()
            for action, _ in line:
                here = game.result(here, action)
                boards.append(learned_cells.course_leaves(game.to_course(here)))
            lines.append(list(zip(boards, (mover for _, mover in line))))
            try:
                got = self.leaves_along(line)
            except NoReplay:  # a move the student's moves were never seen to write
                continue
            if got:
                samples += [(course, learned_cells.student_leaves(leaves)) for course, leaves in zip(boards, got[1:])]
        return samples, learned_cells.course_marks(samples[0][0], lines)

    @property
    def owner(self) -> str | None:
        """The game object whose attribute is the initial state (``game`` of ``game.initial``), if any."""
        return None if self.start.endswith(")") else self.start.rsplit(".", 1)[0]

    def ask(self, board: Any, player: int | None, asks: Sequence[Sequence], timeout: float | None = None,
            write_unreached: bool = False, **options: Any) -> CallResult:
        """The answers of the student's state brought to ``board`` (None: the initial state) with
        ``player`` to move. An agent's ``('eval', target, [])`` gets the mover's id too."""
        try:
            steps = [] if board is None else [[self.to_student[a], self.encode_player(m)]
                                              for a, m in line_of_play(self.game, board, player, self._paths)]
            # the board's squares written over whatever the student's transition made of them, where they are known
            cells = None if board is None else self.learned()
            writes = None if cells is None else cells.writes(board)
        except NoReplay:  # no line of play reaches it (Mean Connect 4 after mean moves): an agent's position, which
            # a game it plays reached, is written into the start; a role's board stays out of the count
            writes = self.written_whole(board, player) if write_unreached else None
            if writes is None:
                raise
            steps = []
        mover = self.encode_player(player if player is not None else 1)
        sent = [[a[0], self.on_own_object(a[1]), [mover], *a[3:]] if a[0] == "eval" else
                [a[0], self.on_own_object(a[1]), *a[2:]] if a[0] == "call" else list(a) for a in asks]
        turn = self.turn_leaf()
        if board is not None and player is not None and turn is not None and \
                not any(w[0] == [list(step) for step in turn] for w in writes or ()) and \
                not self.game.terminal(self.game.from_course(board, to_move=player)):
            # the mover set before each question, as before each move: a turn the student's transition (or their
            # own loop) hands over wrongly is charged to result() alone
            writes = [*(writes or []), [[list(step) for step in turn], True, mover]]
        written = [["put", writes]] if writes else []
        if options.get("count_calls") and len(sent) == 1 and sent[0][0] == "eval":
            return self._counted(steps, written + [["bind", *sent[0][1:]]], timeout, options)
        return self.ask_steps(steps, written + sent, timeout=timeout, **options)

    def written_whole(self, board: Any, player: int | None) -> list | None:
        """The assignments that make the initial state hold ``board`` with ``player`` to move, when the learned cells
        say where every value of the state that varies lives and the replays reached every square it fills."""
        cells = self.learned()
        turn = self.turn_leaf()
        if cells is None or cells.loose or player is None or turn is None:
            return None
        writes = cells.writes(board)
        return None if writes is None else writes + [[[list(step) for step in turn], True, self.encode_player(player)]]

    def turn_leaf(self) -> tuple | None:
        """The path of the leaf that says whose turn it is (set by the replay, never a square's)."""
        return None if self.turn is None else (({"key": "k", "index": "i"}.get(self.turn[0], "a"), self.turn[1]),)

    def _counted(self, steps: list, asks: list, timeout: float | None, options: Mapping[str, Any]) -> CallResult:
        """An agent's answer with only its own calls counted: the position is built first, the agent's
        call kept ready in the worker, then made alone."""
        turn = list(self.turn) if self.turn else None
        made = self.caller.create(HELPER, self.start, [self.transition.name, list(self.transition.order)], steps,
                                  turn, asks, timeout=self.timeout)
        if not made.ok:
            return made
        try:
            r = self.caller.call_with(made.value, [], {}, timeout=timeout or self.timeout, **options)
        finally:
            self.caller.release(made.value)
        return dataclasses.replace(r, value=None if r.value is None else [r.value]) if r.ok else r

    def ask_steps(self, steps: list, asks: Sequence[Sequence], timeout: float | None = None,
                  **options: Any) -> CallResult:
        turn = list(self.turn) if self.turn else None
        args = [self.start, [self.transition.name, list(self.transition.order)], steps, turn, [list(a) for a in asks],
                [self.moves.name, list(self.moves.order)]]
        return self.caller.call_with(HELPER, args, {}, timeout=timeout or self.timeout, **options)

    def successor_move(self, board: Any, player: int, answer: Any, legal: Sequence[Any],
                       timeout: float | None = None) -> Any:
        """The legal move whose successor on ``board``, through the student's own transition, is ``answer``
        (an agent that answers the position after its move). None if none."""
        written = {}
        for move in legal:  # the student's writing of each legal move, where one was learned
            try:
                written[move] = self.encode_action(move)
            except (KeyError, TypeError, ValueError):
                continue
        moves, mover = list(written), self.encode_player(player)
        ask = ["successor", answer, [[written[m], mover] for m in moves]]
        try:
            r = self.ask(board, player, [ask], timeout=timeout, write_unreached=True)
        except NoReplay:
            return None
        return moves[r.value[0]] if r.ok and isinstance(r.value[0], int) else None

    def moves_ask(self, mover: Any = None) -> list:
        """The ask of the moves the student's code lists for ``mover`` (their id), their state told first that
        ``mover`` is to move: the moves may depend on who moves (Mean Connect 4's mean moves)."""
        return ["call", self.moves.name, list(self.moves.order), None, mover, mover is not None]

    def describe(self) -> str:
        turn = f"; whose turn it is: {where_in_state(self.turn)} ({self.players[0]!r}/{self.players[1]!r})" \
            if self.turn else ""
        return (f"your states, built from {self.start} by replaying the moves that reach each position through "
                f"your {spoken(self.transition.name)}(); moves as {self.encoding}{turn}")

    def on_own_object(self, expression: str) -> str:
        """``expression`` (an agent's call, a function's name) with the notebook's game object replaced by
        the one of this board size, when there is one."""
        return expression if self.resized_object is None else _swapped(expression, *self.resized_object)

    def _renamed(self, old: str, new: str, **changes: Any) -> ReplayedStates:
        """This recipe with the game object ``old`` replaced by ``new`` in every call it makes (and ``changes``)."""
        return dataclasses.replace(self, start=_swapped(self.start, old, new), **changes,
                                   transition=Call(_swapped(self.transition.name, old, new), self.transition.order),
                                   moves=Call(_swapped(self.moves.name, old, new), self.moves.order))

    def _relearned(self) -> ReplayedStates | None:
        """This recipe with the student's moves matched again, in the same encoding, on the empty board of its
        game (another size); None when their code makes no such board or lists its moves otherwise."""
        r = self.ask_steps([], [self.moves_ask(self.players[0])])
        matched = [to_student for words, to_student in match_encoding(items(r.value[0]), self.game,
                                                                       self.game.initial_state())
                   if words == self.encoding] if r.ok else []
        return dataclasses.replace(self, to_student=matched[0], _paths={}) if matched else None

    def at_size(self, rows: int, cols: int, game: Any) -> "ReplayedStates":
        if game == self.game:
            return self
        self = dataclasses.replace(self, caller=sized_caller(self.caller, game))  # size constants follow the calls
        if self.owner is not None:
            return self._on_object_of_size(rows, cols, game)
        function = self.start.split("(", 1)[0]
        sized = size_arguments(self.parameters, game.size_readings(), getattr(game, "k", None), defaults_last=False)
        for start in [f"{function}({arguments})" for arguments in sized] or [self.start]:  # none: its constants'
            found = dataclasses.replace(self, game=game, start=start)._relearned()
            if found is not None:
                return found
        if not sized:
            raise TypeError(f"{function}() takes no board size, so boards of {rows}x{cols} cannot be built")
        raise TypeError(f"{function}() made no {rows}x{cols} board the grader could recognise")

    def _on_object_of_size(self, rows: int, cols: int, game: Any) -> "ReplayedStates":
        """The states of a game object's own initial attribute at another size: an object made at that
        size (its class must take the size) plays the methods the notebook's object plays."""
        if self.resized_object is not None:  # from the notebook's own object, not from another size's
            self = self._renamed(*reversed(self.resized_object), resized_object=None)
        notebook = self.owner
        found: dict[str, ReplayedStates | None] = {}

        def fits(variable: str) -> bool:
            found[variable] = self._renamed(notebook, variable, resized_object=(notebook, variable),
                                            game=game)._relearned()
            return found[variable] is not None

        variable = game_objects.sized_object(self.caller, self.caller.names(), notebook, game, fits)
        if variable is None:
            raise TypeError(f"the class of {notebook} takes no board size, so boards of {rows}x{cols} cannot be built")
        return found[variable]


def _swapped(expression: str, old: str, new: str) -> str:
    """``expression`` with the name ``old`` (not an attribute of something else) replaced by ``new``."""
    return re.sub(rf"(?<![\w.]){re.escape(old)}(?!\w)", new, expression)


def _filling(game: Game, positions: list[State], patience: int = 20, most: int = 4) -> list[State]:
    """A few finished games that go on while they can, filling the squares ``positions`` leave empty (a top corner),
    until ``patience`` games in a row fill nothing new (a value no move changes, as a board's size, is no square)."""
    empty = learned_cells.course_leaves(game.to_course(game.initial_state()))
    left = {p for p, v in empty.items() if not any(learned_cells.course_leaves(game.to_course(s)).get(p, v) != v
                                                   for s in positions)}
    out: list[State] = []
    idle = 0
    for state in finished_games(game, seed=len(left), going_on=True):
        if not left or len(out) == most or idle == patience:
            break
        board = learned_cells.course_leaves(game.to_course(state))
        idle += 1
        if any(board.get(p, empty[p]) != empty[p] for p in left):
            out.append(state)
            left = {p for p in left if board.get(p, empty[p]) == empty[p]}
            idle = 0
    return out


def where_in_state(turn: tuple) -> str:
    kind, where = turn
    return {"key": f"[{where!r}]", "index": f"[{where}]"}.get(kind, f".{where}")


# --- finding the recipe by behaviour -----------------------------------------------------------------

def _required(info: NameInfo) -> int:
    return sum(not p.has_default for p in positional_parameters(info.parameters or ()))


def _orders(info: NameInfo, roles: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The argument orders to try, as for any function (:func:`argument_orders`), each holding the state and, for a
    transition, the move."""
    required, given = _required(info), len(positional_parameters(info.parameters or ()))
    must = {"state", "action"} & set(roles)  # a transition is given the move; anything is given the state
    return [order for order in argument_orders(info.parameters, roles)
            if required <= len(order) <= given and must <= set(order)]


#: what a transition and a function of the position are given
TRANSITION_ORDERS = ("state", "action", "player")
STATE_ORDERS = ("state", "player")


def _candidates(names: Mapping[str, NameInfo], role: str, aliases: Sequence[str],
                orders: tuple[str, ...], owner: str | None = None) -> list[Call]:
    """Calls of the functions that may play ``role``, and of the methods of ``owner``, the game object
    whose attribute is the initial state (the textbook's ``game.initial``)."""
    return [Call(c.target, order) for c in _ranked(names, role, aliases)
            if "." not in c.target or owner is None or c.target.rsplit(".", 1)[0] == owner
            for order in _orders(c.info, orders)]


#: how many callables no name speaks for are tried for a role, after every named one
UNNAMED = 6


def _ranked(names: Mapping[str, NameInfo], role: str, aliases: Sequence[str]) -> list:
    """The candidates for ``role``: every named one, then a few that only behaviour can vouch for."""
    ranked = rank(names, role, aliases)
    return [c for c in ranked if c.tier < 3] + [c for c in ranked if c.tier == 3][:UNNAMED]


def evidence_positions(game: Game, count: int = 10, seed: int = 7) -> list[State]:
    """Positions whose answers tell readings apart: random positions of varied depth, finished games too."""
    positions = random_positions(game, count, seed=seed)
    games = finished_games(game, seed)
    return positions + [next(games) for _ in range(count // 2)]


def recipe(caller: Any, names: Mapping[str, NameInfo], game: Game, aliases: Mapping[str, Sequence[str]],
           timeout: float = 2.0, source: str = "") -> tuple[ReplayedStates, dict[str, Call]] | None:
    """How to build ``game``'s positions through the student's functions, found by behaviour, and the bindings of
    ``terminal`` and ``utility`` on those states; None when no initial state, transition and moves fit together."""
    functions = [c for c in _ranked(names, "initial_state", aliases.get("initial_state", ()))
                 if c.info.kind == "function" and _required(c.info) == 0
                 and normalise(c.target.rsplit(".", 1)[-1]) not in ("copy", "clone", "deepcopy")]
    starts = [(f"{c.target}()", tuple(c.info.parameters or ())) for c in functions if c.tier < 3]
    starts += [(target, ()) for target in game_objects.initial_attributes(names)]  # the textbook's game.initial
    # a class whose object is the state (changed in place by its methods, or a new one returned): made fresh, of
    # the rubric's size where it takes one
    starts += [(f"{name}({arguments})", tuple(info.parameters or ())) for name, info in names.items()
               if info.kind == "class" and not name.startswith("_") and info.members
               and not any(w in normalise(name) for w in AGENT_NAMES)
               for arguments in size_arguments(info.parameters, game.size_readings(), getattr(game, "k", None))
               or ([""] if _required(info) == 0 else [])]
    starts += [(f"{c.target}()", tuple(c.info.parameters or ())) for c in functions if c.tier == 3]
    empty = game.initial_state()
    for start, sizes in starts:
        owner = start.rsplit(".", 1)[0] if not start.endswith(")") else None
        moves = _candidates(names, "actions", aliases.get("actions", ()), STATE_ORDERS, owner)
        transitions = _candidates(names, "result", aliases.get("result", ()), TRANSITION_ORDERS, owner)
        for move_call in moves:
            named = named_mark_pairs(source, game) + arithmetic_player_pairs(source)
            for players in _player_pairs(named):  # the first pair of ids that actions(state, player) takes
                trial = ReplayedStates(caller, game, start, Call("", ()), move_call, sizes, encoding="", to_student={},
                                       players=players, timeout=timeout)
                r = trial.ask_steps([], [trial.moves_ask(players[0]), ["fields"]])
                if r.ok or "player" not in move_call.order:
                    break
            if not r.ok:
                continue
            try:
                listed = items(r.value[0])
            except TypeError:  # no collection of moves
                continue
            readings = []  # one recipe for each way of reading the listed moves that a transition fits
            matched = match_encoding(listed, game, empty)
            for encoding, to_student in [(w, t) for i, (w, t) in enumerate(matched)  # each pairing of moves once
                                         if all(t != seen for _, seen in matched[:i])]:
                trial.encoding, trial.to_student = encoding, to_student
                found = _fitting_transition(trial, transitions, named, r.value[1], names)
                if found is not None:
                    readings.append(found)
            if readings:
                # readings of moves the student's list shows alike (numberings of every line) differ in what the moves
                # do: the first whose states take the moves as the course's do, then whose terminal and utility fit
                scored = [(rep, *_outcome_functions(rep, names, aliases)) for rep in readings]
                found, bindings, _ = max(scored, key=lambda s: (len(scored) > 1 and _takes_moves_alike(s[0]), s[2]))
                return found, bindings
    return None


def _fitting_transition(trial: ReplayedStates, transitions: list[Call], named: Sequence[tuple[Any, Any]],
                        fields: list, names: Mapping[str, NameInfo]) -> ReplayedStates | None:
    """``trial`` with the first of ``transitions`` that replaying keeps agreeing with the course; None if none does."""
    for transition in transitions:
        # a transition told the mover needs the student's ids for players, which actions() may not
        pairs = [trial.players] + ([p for p in _player_pairs(named) if p != trial.players]
                                   if "player" in transition.order else [])
        for pair in pairs:
            found = _with_transition(dataclasses.replace(trial, players=pair), transition, fields)
            if found is not None:
                flagged = _turn_by_flag(found, names)
                if flagged is not found:  # the turn now handed over: the kinds only the other side has
                    flagged = _unseen_kinds(flagged)
                return _moves_by_effect(_ids_the_states_hold(flagged))
    return None


def _takes_moves_alike(rep: ReplayedStates, samples: int = 4) -> bool:
    """Whether the student's state takes the last move of replayed lines as the course does, where it keeps the turn
    (a box closed) and where it passes it: the turn the state says, or whether more of it changed (a box, a score)
    exactly where the course keeps the turn. A buggy transition is alike under no reading."""
    game, lines = rep.game, {True: [], False: []}  # whether the last move keeps the turn -> (state, line)
    for state, line in _plain_walks(game, 5, 8, 200):
        if line and not game.terminal(state):
            lines[game.to_move(state) == line[-1][1]].append((state, line))
    turns, changed = [], []  # changed: (whether the course kept the turn, how many values the last move changed)
    for kept, (state, line) in [(kept, sample) for kept in (True, False) for sample in lines[kept][:samples]]:
        try:
            *before, (last, mover) = [[rep.to_student[a], rep.encode_player(m)] for a, m in line]
        except NoReplay:  # a move the student's list never showed
            continue
        r = rep.ask_steps(before, [["leaves", "", []], ["apply", last, mover, True], ["fields"], ["leaves", "", []]])
        if r.ok:
            fields = {(k, w): v for k, w, v in r.value[2]}
            turns += [same_mark(fields[rep.turn], rep.encode_player(game.to_move(state)))] if rep.turn in fields else []
            was, now = ({(path, v) for path, v in learned_cells.student_leaves(r.value[i]).items()
                         if path != rep.turn_leaf()} for i in (0, 3))  # the turn is set before each move
            changed.append((kept, len(was ^ now)))
    usual = Counter(n for kept, n in changed if not kept).most_common(1)
    return bool(turns) and all(turns) or bool(usual) and any(kept for kept, _ in changed) and \
        all((n != usual[0][0]) == kept for kept, n in changed)


#: the usual players' ids, the likelier first; 0 and 1 before the bools, which a dict keyed by 0 and 1 takes too (as
#: 1 and 0: the wrong way round)
USUAL_PLAYERS = (*NUMERIC_PLAYERS[:2], *LETTER_PLAYERS, (0, 1), (True, False), (False, True))


def _player_pairs(named: Sequence[tuple[Any, Any]] = ()) -> list[tuple[Any, Any]]:
    """Players' ids to try: those the code names together first, then the usual ones. Code that names a pair
    both ways round (``'o' if p == 'x' else 'x'``) does not say who starts, so of the two the usual order
    comes first: nothing a state without a turn answers tells them apart, but a utility from one side's view does."""
    first = {frozenset(pair): at for at, pair in reversed(list(enumerate(named)))}  # where each is first named
    usual = {pair: at for at, pair in enumerate(USUAL_PLAYERS)}
    ordered = sorted(named, key=lambda p: (first[frozenset(p)], usual.get(p, len(usual))))
    return list(dict.fromkeys([*ordered, *USUAL_PLAYERS]))


def _unseen_kinds(trial: ReplayedStates, lines: int = 4, plies: int = 8) -> ReplayedStates:
    """``trial`` with the kinds of move its initial state does not list (Mean Connect 4's mean moves) learned as the
    student's own ``actions`` writes them, on positions reached from the initial state by the moves already known
    (seeded random lines); encodings that are a rule of the course's numbers alone write them already."""
    table, game = trial.to_student, trial.game
    if not isinstance(table, MoveTable) or table.encoding not in encodings(game) or \
            (table.encoding in RULED and table.encoding != "moves tagged with a word"):
        return trial
    decode, table = encodings(game)[table.encoding], MoveTable(table.encoding, table)
    trial = dataclasses.replace(trial, to_student=table)
    for state, _, wanted, listed in _listed_where_unwritten(trial, lines, plies):
        for move in listed:
            try:
                course = decode(move, game)
            except (TypeError, ValueError):
                continue
            if course in wanted and course not in table:
                table[course] = move
    return trial


#: the words of moves learned from the boards the student's result() makes of them
BY_EFFECT = "your own moves, each matched by the board your result() makes of it"


def _plain_walks(game: Game, seed: int, lines: int, plies: int, allowed: Callable[[Any], bool] = lambda a: True):
    """Each position (the start included) of seeded random lines of at most ``plies`` moves, with its (move, mover)
    line: each move of the plainest kind ``allowed`` (asked as the walk goes on; a drop before a mean move), so that
    every way of writing moves reaches them; a line ends where no move is allowed."""
    rng = random.Random(seed)
    for _ in range(lines):
        state, line = game.initial_state(), []
        yield state, line
        while len(line) < plies and not game.terminal(state):
            moves = [a for a in game.actions(state) if allowed(a)]
            plain_moves = sorted((a for a in moves if not isinstance(a, tuple)), key=repr) or sorted(moves, key=repr)
            if not plain_moves:
                break
            action = rng.choice(plain_moves)
            line = [*line, (action, game.to_move(state))]
            state = game.result(state, action)
            yield state, line


def _listed_where_unwritten(rep: ReplayedStates, lines: int, plies: int):
    """(course state, the student's steps there, the course's moves there, the moves their ``actions`` lists there)
    along seeded random lines of the moves ``rep`` already writes (:func:`_plain_walks`), where it does not yet
    write every course move (the walk goes on by the moves learned on the way)."""
    game = rep.game
    for state, line in _plain_walks(game, 11, lines, plies, lambda a: a in rep.to_student):
        if len(line) == plies or game.terminal(state) or (wanted := set(game.actions(state))) <= set(rep.to_student):
            continue
        steps = [[rep.to_student[a], rep.encode_player(mover)] for a, mover in line]
        r = rep.ask_steps(steps, [rep.moves_ask(rep.encode_player(game.to_move(state)))])
        try:
            listed = items(r.value[0]) if r.ok else []
        except TypeError:  # no collection of moves
            continue
        yield state, steps, wanted, listed


def _moves_by_effect(rep: ReplayedStates) -> ReplayedStates:
    """``rep`` with the moves its ``actions`` lists that its encoding does not read as the course's (Mean Connect 4's
    mean moves numbered past the columns: ``7 + 7 * src + dst``) matched, one by one, with the course move whose
    board their ``result`` makes (read through the learned cells); ``rep`` as it is when every listed move reads."""
    game = rep.game
    unread: list[tuple[State, list, Any]] = []
    for state, steps, wanted, listed in _listed_where_unwritten(rep, lines=8, plies=12):
        for move in listed:
            try:
                course = decode_move(rep.encoding, move, game, rep.to_student)
            except NotThisRepresentation:
                course = None
            if course not in wanted:
                unread.append((state, steps, move))
    cells = rep.learned() if unread else None
    if cells is None:  # squares no replay reached stay empty when read: a wrong reading matches no move
        return rep
    table = MoveTable(BY_EFFECT, {a: m for a, m in rep.to_student.items()})
    empty = game.to_course(game.initial_state())
    for state, steps, move in unread:
        if any(type(plain(move)) is type(plain(m)) and plain(move) == plain(m) for m in table.values()):
            continue
        mover = game.to_move(state)
        r = rep.ask_steps(steps, [["apply", move, rep.encode_player(mover), True], ["leaves", "", []]])
        if not r.ok:
            continue
        try:
            board = cells.board(r.value[-1], copy.deepcopy(empty))
        except NotThisRepresentation:
            continue
        matches = [a for a in game.actions(state) if game.same_board(board, game.to_course(game.result(state, a)))]
        if len(matches) == 1 and matches[0] not in table:  # a board two moves make tells neither
            table[matches[0]] = move
    return rep if len(table) == len(rep.to_student) else dataclasses.replace(rep, encoding=BY_EFFECT, to_student=table)


def _ids_the_states_hold(rep: ReplayedStates) -> ReplayedStates:
    """``rep`` with the players' ids its states hold for each player's squares, when nothing the replay calls
    was told a player and no part of the state says whose turn it is: the ids tried until then are a guess,
    and the ids a utility or an agent is handed must be those the student's own code writes."""
    if rep.turn is not None or "player" in rep.moves.order or "player" in rep.transition.order:
        return rep
    cells = rep.learned()
    by_player = {} if cells is None else {who: mark for mark, who in cells.marks.items()}
    if set(by_player) != {1, -1}:
        return rep
    pair = next(((cell.table[by_player[1]], cell.table[by_player[-1]]) for cell in cells.cells
                 if by_player[1] in cell.table and by_player[-1] in cell.table), rep.players)
    changed = any(type(p) is not type(q) or not same_mark(p, q) for p, q in zip(pair, rep.players))
    return dataclasses.replace(rep, players=pair) if changed else rep


#: words of a method that hands the turn over (``switch_player``, ``next_turn``, ``change_turn``)
SWITCH_WORDS = ("switch", "swap", "toggle", "changeplayer", "changeturn", "nextplayer", "nextturn", "otherplayer")


def _turn_by_flag(rep: ReplayedStates, names: Mapping[str, NameInfo]) -> ReplayedStates:
    """``rep`` reading whose turn follows a move from what its transition answers, when a move leaves the turn and
    a method named for handing it over flips it (``if not game.make_move(m): game.switch_player()``): the part it
    flips keeps the turn, and the players' ids are the two it switches between."""
    info = names.get(rep.start.split("(", 1)[0])
    if info is None or info.kind != "class":
        return rep
    game = rep.game
    first = rep.to_student[game.actions(game.initial_state())[0]]
    for method in info.members:
        if not method.callable or not any(w in normalise(method.name) for w in SWITCH_WORDS) or \
                any(not p.has_default for p in positional_parameters(method.parameters or ())):
            continue
        switch = ["eval", f"lambda state: state.{method.name}()", []]
        r = rep.ask_steps([], [["fields"], ["apply", first, rep.players[0], False], ["fields"], switch, ["fields"],
                               switch, ["fields"]])
        if not r.ok:
            continue
        before, moved, once, twice = ({(k, w): v for k, w, v in part} for part in r.value[0::2])
        flips = [(k, (v, once[k])) for k, v in before.items() if moved.get(k) == v and once.get(k, v) != v
                 and twice.get(k) == v and rep.turn in (None, k)]
        if flips:
            return dataclasses.replace(rep, turn=flips[0][0], players=flips[0][1], turn_by_flag=True, _learned={},
                                       _paths={})
    return rep


def _with_transition(trial: ReplayedStates, transition: Call, fields: list) -> ReplayedStates | None:
    """``trial`` with ``transition``, when replaying through it keeps the student's moves agreeing with the
    course's on every evidence position; the turn kept where the state flips it between moves."""
    trial = _unseen_kinds(dataclasses.replace(trial, transition=transition))
    game = trial.game
    first = game.actions(game.initial_state())[0]
    try:
        move = trial.to_student[first]
        reply = trial.to_student[game.actions(game.result(game.initial_state(), first))[0]]
    except NoReplay:  # a reading under which the student's list lacks the first moves
        return None
    r = trial.ask_steps([], [["apply", move, trial.players[0], False], ["fields"],
                             ["apply", reply, trial.players[1], False], ["fields"]])
    if not r.ok:
        return None
    options = turn_options(*({(k, w): v for k, w, v in part} for part in (fields, r.value[1], r.value[3])),
                           players=trial.players)
    candidates = [dataclasses.replace(trial, turn=turn, players=pair) for turn, pair in options]
    agreed = [(agreement, c) for c in candidates if (agreement := _agreement(c)) is not None]
    if not agreed:
        return None
    (_, stumbles, unconfirmed), best = max(agreed, key=lambda a: a[0][0])  # ties: the likeliest place of the turn
    return dataclasses.replace(best, stumbles=stumbles, moves_unconfirmed=unconfirmed)


def turn_options(before: Mapping, one: Mapping, two: Mapping, players: tuple) -> list[tuple[Any, tuple]]:
    """Where the state may say whose turn it is, with the players' ids there, likeliest first: the parts (keys of
    the state's parts before a move, after one and after a second) that a move flips and the next flips back, then
    those that hold a first player's id (a transition may never flip it), then nowhere (``players`` as they are)."""
    flips = [(k, (v, one[k])) for k, v in before.items() if k in one and k in two and one[k] != v and two[k] == v]
    # a part that holds a first player's id, with each pair of ids starting with it (``players`` first): a turn no
    # move flips says nothing of the second player's id
    pairs = list(dict.fromkeys([players, *_player_pairs()]))
    held = [(where, pair) for where, value in before.items() for pair in pairs
            if pair[0] == value and type(pair[0]) is type(value) and where not in dict(flips)]
    return flips + held + [(None, players)]


def _agreement(trial: ReplayedStates, positions: int = 6) -> tuple[int, int, bool] | None:
    """How many answers of the student's ``actions`` on replayed evidence positions (each move also repeated until
    it is no longer legal) agree with the course's, on how many positions replaying failed, and whether every
    position's moves were listed wrongly; None if none was reached, or all listed wrongly and no square learned."""
    game = trial.game
    score = asked = listed_wrong = stumbles = 0
    for state in evidence_positions(game, positions):
        if game.terminal(state):
            continue
        try:  # a move the student's list never showed (an actions() that misses some) reaches no position
            steps = trial.steps_for(state)
            repeated = [repeat_ask(trial, state, action) for action in game.actions(state)[:3]]
        except NoReplay:
            continue
        asks = [trial.moves_ask(trial.encode_player(game.to_move(state))), *(ask for ask, _ in repeated)]
        expected = [sorted(game.actions(state), key=repr), *(seen for _, seen in repeated)]
        r = trial.ask_steps(steps, asks)
        asked += 1
        if not r.ok:  # the student's code fails on the way here (a bug of its own): this position, not the route
            listed_wrong, stumbles = listed_wrong + 1, stumbles + 1
            continue
        try:
            got = [sorted((trial.decode_action(m) for m in items(r.value[0])), key=repr)] + \
                  [list(seen[:len(want)]) for seen, want in zip(r.value[1:], expected[1:])]
        except NotThisRepresentation:
            return None
        score += sum(g == e for g, e in zip(got, expected))
        listed_wrong += got[0] != expected[0]
    # moves listed wrongly everywhere: no transition of the rules, unless the squares its states keep follow the
    # course's over every replayed line (then the moves are an actions() bug, charged to actions() alone)
    if not asked or listed_wrong == asked and trial.learned() is None:
        return None
    return score, stumbles, listed_wrong == asked


def repeat_ask(rep: ReplayedStates, state: State, action: Any, limit: int = 8) -> tuple[list, list[bool]]:
    """The ask that plays ``action`` again and again from ``state`` (each time by whoever moves) and asks the
    student's ``actions`` after each whether it is still listed for the player to move next, and the
    course's answers (a column fills, a line is drawn once, a mean move runs out of discs to take)."""
    game = rep.game
    turns, seen, here = [], [], state
    while not game.terminal(here) and action in game.actions(here) and len(turns) < limit:
        mover = game.to_move(here)
        here = game.result(here, action)
        turns.append([rep.encode_player(mover), rep.encode_player(game.to_move(here))])
        if game.terminal(here):
            break
        seen.append(action in game.actions(here))
    return ["repeat", rep.to_student[action], turns, rep.moves.name, list(rep.moves.order)], seen


def replay_asker(rep: ReplayedStates) -> Any:
    """An asker (``grader.adapt.infer.Asker``) that brings the student's own state to each position by replay."""
    def ask(cand: Candidate, order: tuple[str, ...], state: State, player: Any) -> CallResult:
        try:
            steps = rep.steps_for(state)
        except NoReplay as e:
            return CallResult(False, kind="error", message=str(e))
        r = rep.ask_steps(steps, [["call", cand.target, list(order), None, rep.encode_player(player)]],
                          timeout=cand.probe_seconds(rep.timeout))
        return dataclasses.replace(r, value=r.value[0]) if r.ok else r
    return ask


def _asks_the_state(target: str, rep: ReplayedStates, names: Mapping[str, NameInfo]) -> bool:
    """Whether ``target`` can be asked about the replayed states: a function, a route, or a method of the game object
    whose attribute is the initial state; never another object's method when the states are objects of a class."""
    if "." not in target:
        return True
    if rep.owner is not None:
        return target.rsplit(".", 1)[0] == rep.owner
    start = names.get(rep.start.split("(", 1)[0])
    return start is None or start.kind != "class"


def _outcome_functions(rep: ReplayedStates, names: Mapping[str, NameInfo],
                       aliases: Mapping[str, Sequence[str]]) -> tuple[dict[str, Any], int]:
    """The bindings of ``terminal`` and ``utility`` on replayed states: the same search over candidates,
    argument orders and readings of their answers as on boards a reading writes (``grader.adapt.infer``); and how
    many of them do what their role does on every probe."""
    ask, found, fitting = replay_asker(rep), {}, 0
    for role, binder in (("terminal", _bind_terminal), ("utility", _bind_utility)):
        ranked = [c for c in _ranked(names, role, aliases.get(role, ()))
                  if _asks_the_state(c.target, rep, names) and (c.tier < 2 or _takes(c, role))]
        choice = _choose(ranked, lambda c: binder(ask, c, rep.game, rep), unnamed_limit=UNNAMED)
        if choice is not None:
            found[role] = choice[2]
            fitting += choice[1] == FITS
    return found, fitting
