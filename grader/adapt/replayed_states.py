"""Game functions written around a state that no reading of a board knows (``{'grid': {(col, h): 'R'},
'heights': [...], 'turn': 'R'}``, a tuple of column strings, a named tuple with a flat board...), with a
functional transition: ``result(state, action)`` returns the next state.

No reading turns such a state into a course board, so the student's states never leave the worker:
each position the checks need is built there from the student's own initial state, replaying the
moves that reach it (:meth:`reference.games.base.Game.moves_to`) through the student's own ``result``
on a copy each time, with the moves in the student's own encoding. What the grader learns is the
recipe: which function makes the initial state, which plays a move, how moves are written (learned by
matching the student's ``actions`` on their own states to the reference's moves) and which part of the
state says whose turn it is. Before each replayed move that part is set to the reference's mover, so a
bug in the student's turn keeping is charged once, at ``result``, not again to every other function.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from grader.adapt import game_objects
from grader.adapt.candidates import is_route, rank, spoken
from grader.adapt.representations.base import LETTER_PLAYERS, NUMERIC_PLAYERS, NotThisRepresentation, \
    Representation, plain, same_mark
from grader.adapt.replayed_objects import ENCODINGS as LINE_ENCODINGS, NoReplay, items
from grader.adapt.board_sizes import size_arguments
from grader.adapt.signatures import positional_parameters
from grader.sandbox.calls import CallResult, NameInfo, Parameter
from reference.games.base import Game, State

#: the grader's helper in the worker: builds a state, replays moves, asks the student's functions
HELPER = "_grader_replayed_states"
HELPER_SOURCE = f'''
def {HELPER}(start, transition, steps, turn, asks):
    """The grader builds a position through your own code: your initial state, your moves replayed."""
    import copy as _copy
    import dataclasses as _dc

    def same(a, b):
        """Equal in value: containers item by item, arrays cell by cell, objects without == by their fields."""
        if type(a) is not type(b):
            return False
        if isinstance(a, dict):
            return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
        if isinstance(a, (list, tuple)):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        if hasattr(a, "shape") and hasattr(a, "dtype"):
            return a.shape == b.shape and bool((a == b).all())
        if hasattr(a, "__dict__") and type(a).__eq__ is object.__eq__:
            return same(vars(a), vars(b))
        try:
            return bool(a == b)
        except Exception:
            return repr(a) == repr(b)

    def with_turn(state, value):
        kind, where = turn
        if kind == "key":
            new = _copy.copy(state)
            new[where] = value
            return new
        if kind == "field":
            return state._replace(**{{where: value}}) if hasattr(state, "_replace") else _dc.replace(state, **{{where: value}})
        if kind == "index":
            new = list(state)
            new[where] = value
            return tuple(new) if isinstance(state, tuple) else new
        new = _copy.copy(state)
        setattr(new, where, value)
        return new

    def read_turn(state):
        kind, where = turn
        return state[where] if kind in ("key", "index") else getattr(state, where)

    def call(name, order, state, move, mover):
        args = [{{"state": state, "action": move, "player": mover}}[r] for r in order]
        value = eval(name, globals())(*args)
        if not isinstance(value, (list, tuple, set, frozenset, dict, str, bytes)) and hasattr(value, "__next__"):
            value = list(value)
        return value

    def play(state, move, mover, force=True):
        if turn and mover is not None and force:
            state = with_turn(state, mover)
        given = _copy.deepcopy(state)
        out = call(transition[0], transition[1], given, move, mover)
        after = given if out is None or out is True else out
        return after, not same(state, given)

    def fields(state):
        if isinstance(state, dict):
            pairs = [("key", k, v) for k, v in state.items()]
        elif hasattr(state, "_fields"):
            pairs = [("field", k, getattr(state, k)) for k in state._fields]
        elif _dc.is_dataclass(state):
            pairs = [("field", f.name, getattr(state, f.name)) for f in _dc.fields(state)]
        elif isinstance(state, (tuple, list)):
            pairs = [("index", i, v) for i, v in enumerate(state)]
        else:
            pairs = [("attr", k, v) for k, v in vars(state).items()] if hasattr(state, "__dict__") else []
        return [[k, w, v] for k, w, v in pairs if type(v) in (int, str, float) and type(w) in (int, str)]

    state = eval(start, globals())
    for move, mover in steps:
        state, _ = play(state, move, mover)
    out = []
    for ask in asks:
        kind = ask[0]
        if kind == "apply":
            state, mutated = play(state, ask[1], ask[2], ask[3])
            out.append(mutated)
        elif kind == "call":
            out.append(call(ask[1], ask[2], state, ask[3], ask[4]))
        elif kind == "turn":
            out.append(read_turn(state))
        elif kind == "fields":
            out.append(fields(state))
        elif kind == "repeat":
            _, move, movers, name, order = ask
            seen, here = [], state
            for mover in movers:
                here, _ = play(here, move, mover)
                seen.append(any(same(move, m) for m in call(name, order, here, None, mover)))
            out.append(seen)
        elif kind == "eval":
            out.append(eval(ask[1], globals())(state, *ask[2], **dict(*ask[3:])))
        elif kind == "bind":  # an agent's call made ready, so that only the agent's own calls are counted
            import functools
            return functools.partial(eval(ask[1], globals()), state, *ask[2], **dict(*ask[3:]))
    return out
'''


# --- the student's move encoding ------------------------------------------------------------------

def _number(value: Any) -> int | None:
    value = plain(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _shifted(value: Any, offset: int) -> Any:
    n = _number(value)
    return None if n is None else n - offset


def _cell(value: Any, game: Game, offset: int) -> Any:
    """A cell given as (row, col) -> its index row * cols + col (games whose moves are cell indices)."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    r, c = (_number(v) for v in value)
    return None if r is None or c is None else (r - offset) * game.cols + (c - offset)


def _as_is(value: Any) -> Any:
    value = plain(value)
    if isinstance(value, bool):
        return None  # False is no column 0
    return tuple(plain(v) for v in value) if isinstance(value, list) else value


#: (words, decoder: the student's move -> the course's) for each encoding, plainest first
Decoder = Callable[[Any, Game], Any]
ENCODINGS: tuple[tuple[str, Decoder], ...] = (
    ("the course's own moves", lambda v, g: _as_is(v)),
    ("numbers counted from 1", lambda v, g: _shifted(v, 1)),
    ("cells as (row, col)", lambda v, g: _cell(v, g, 0)),
    ("cells as (row, col) counted from 1", lambda v, g: _cell(v, g, 1)),
    *((words, (lambda d: lambda v, g: d(v))(decode)) for words, decode in LINE_ENCODINGS),
)


def match_encoding(student_moves: Sequence[Any], game: Game, state: State) -> list[tuple[str, dict]]:
    """(words, course move -> the student's move) of every encoding under which the student's moves on
    ``state`` are exactly the course's, one for one."""
    wanted = game.actions(state)
    out = []
    for words, decode in ENCODINGS:
        try:
            decoded = [decode(m, game) for m in student_moves]
        except (TypeError, ValueError):
            continue
        if None not in decoded and len(set(decoded)) == len(decoded) == len(wanted) and set(decoded) == set(wanted):
            out.append((words, dict(zip(decoded, student_moves))))
    return out


# --- the moves that reach a position --------------------------------------------------------------

def line_of_play(game: Game, board: Any, player: int | None, paths: dict) -> list[tuple[Any, int]]:
    """(course move, mover) from the empty board to the course ``board`` with ``player`` to move (None:
    whoever may be, as nothing asked depends on it); ``paths`` remembers the lines found. Raises
    :class:`NoReplay` when no line of play reaches it."""
    if player is not None:
        return _moves_and_movers(game, game.from_course(board, to_move=player), paths)
    try:
        return _moves_and_movers(game, game.from_course(board), paths)
    except ValueError:  # the board does not say whose turn it is: either will do, as none is asked
        pass
    for mover in (1, -1):
        try:
            return _moves_and_movers(game, game.from_course(board, to_move=mover), paths)
        except ValueError:
            continue
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


def _looked_up(action: Any, known: Mapping) -> Any:
    """The course move of an encoding learned as a table (numbers indexing the student's list of lines)."""
    action = plain(action)
    return next((move for move, theirs in known.items() if plain(theirs) == action), None)


def decode_move(encoding: str, action: Any, game: Game, known: Mapping) -> Any:
    """The course move a student's ``action`` written as ``encoding`` is, one of ``known``'s; raises
    NotThisRepresentation."""
    decode = dict(ENCODINGS).get(encoding)
    try:
        move = _looked_up(action, known) if decode is None else decode(action, game)
    except (TypeError, ValueError):
        move = None
    if move is None or move not in known:
        raise NotThisRepresentation(f"{action!r} is not a move written as {encoding}")
    return move


# --- the student's functions and how to build their states -----------------------------------------

@dataclass(frozen=True)
class Call:
    """One of the student's functions and the order of its arguments ('state', 'action', 'player')."""

    name: str
    order: tuple[str, ...]

    def words(self, **shown: str) -> str:
        return f"{spoken(self.name)}({', '.join(shown.get(r, r) for r in self.order if r != 'state' or not is_route(self.name))})"


@dataclass(eq=False)
class ReplayedStates(Representation):
    """How positions are built through the student's functions: the expression that makes the initial
    state, the transition, the moves for the course's, and the part of the state that says whose turn it is."""

    caller: Any
    game: Game
    start: str  # 'initial_state()'
    transition: Call
    moves: Call
    encoding: str
    to_student: dict  # course move -> the student's move
    turn: tuple | None = None  # ('key', 'turn'), ('field', 'to_move'), ('index', 1) or None
    players: tuple[Any, Any] = (1, -1)
    #: the initial function's parameters, for asking it for boards of other sizes
    parameters: tuple[Parameter, ...] = ()
    timeout: float = 2.0
    _paths: dict = dataclasses.field(default_factory=dict)
    #: at another board size, (the notebook's game object, the one of this size that stands in for it)
    resized_object: tuple[str, str] | None = None

    @property
    def owner(self) -> str | None:
        """The game object whose attribute is the initial state (``game`` of ``game.initial``), if any."""
        return None if self.start.endswith(")") else self.start.rsplit(".", 1)[0]

    @property
    def rows(self) -> int:
        return self.game.rows

    @property
    def cols(self) -> int:
        return self.game.cols

    def steps_to(self, board: Any, player: int | None) -> list:
        """The student's moves, with their movers, that reach the course ``board`` with ``player`` to move."""
        return [[self.to_student[a], self.encode_player(m)] for a, m in line_of_play(self.game, board, player,
                                                                                     self._paths)]

    def steps_for(self, state: State) -> list:
        return [[self.to_student[a], self.encode_player(m)] for a, m in _moves_and_movers(self.game, state,
                                                                                          self._paths)]

    def ask(self, board: Any, player: int | None, asks: Sequence[Sequence], timeout: float | None = None,
            **options: Any) -> CallResult:
        """The answers of the student's state brought to ``board`` (None: the initial state) with
        ``player`` to move. An agent's ``('eval', target, [])`` gets the mover's id too."""
        steps = [] if board is None else self.steps_to(board, player)
        mover = self.encode_player(player if player is not None else 1)
        sent = [[a[0], self.on_own_object(a[1]), [mover], *a[3:]] if a[0] == "eval" else
                [a[0], self.on_own_object(a[1]), *a[2:]] if a[0] == "call" else list(a) for a in asks]
        if options.get("count_calls") and len(sent) == 1 and sent[0][0] == "eval":
            return self._counted(steps, sent[0], timeout, options)
        return self.ask_steps(steps, sent, timeout=timeout, **options)

    def _counted(self, steps: list, ask: list, timeout: float | None, options: Mapping[str, Any]) -> CallResult:
        """An agent's answer with only its own calls counted: the position is built first, the agent's
        call kept ready in the worker, then made alone."""
        turn = list(self.turn) if self.turn else None
        made = self.caller.create(HELPER, self.start, [self.transition.name, list(self.transition.order)], steps,
                                  turn, [["bind", *ask[1:]]], timeout=self.timeout)
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
        args = [self.start, [self.transition.name, list(self.transition.order)], steps, turn, [list(a) for a in asks]]
        return self.caller.call_with(HELPER, args, {}, timeout=timeout or self.timeout, **options)

    def moves_ask(self, mover: Any = None) -> list:
        return ["call", self.moves.name, list(self.moves.order), None, mover]

    # Representation: moves both ways; boards exist only as the student's states inside the worker
    def encode_board(self, board: Any) -> Any:
        raise NotThisRepresentation("positions are built by replaying moves through your result()")

    def decode_board(self, board: Any) -> Any:
        raise NotThisRepresentation("positions are built by replaying moves through your result()")

    def encode_action(self, action: Any, board: Any = None, player: int | None = None) -> Any:
        return self.to_student[action]

    def decode_action(self, action: Any, board: Any = None) -> Any:
        return decode_move(self.encoding, action, self.game, self.to_student)

    def decode_player(self, value: Any) -> int:
        value = plain(value)
        for player, mark in ((1, self.players[0]), (-1, self.players[1])):
            if same_mark(value, mark):
                return player
        raise NotThisRepresentation(f"unknown player {value!r}")

    def describe(self) -> str:
        turn = f"; whose turn it is: {_where(self.turn)} ({self.players[0]!r}/{self.players[1]!r})" \
            if self.turn else ""
        return (f"your states, built from {self.start} by replaying the moves that reach each position through "
                f"your {spoken(self.transition.name)}(); moves as {self.encoding}{turn}")

    def on_own_object(self, expression: str) -> str:
        """``expression`` (an agent's call, a function's name) with the notebook's game object replaced by
        the one of this board size, when there is one."""
        if self.resized_object is None:
            return expression
        notebook, sized = self.resized_object
        return re.sub(rf"(?<![\w.]){re.escape(notebook)}(?!\w)", sized, expression)

    def at_size(self, rows: int, cols: int, game: Any) -> "ReplayedStates":
        if game == self.game:
            return self
        if self.owner is not None:
            return self._on_object_of_size(rows, cols, game)
        function = self.start.split("(", 1)[0]
        sized = size_arguments(self.parameters, game.size_readings(), getattr(game, "k", None), defaults_last=False)
        if not sized:
            raise TypeError(f"{function}() takes no board size, so boards of {rows}x{cols} cannot be built")
        for arguments in sized:
            start = f"{function}({arguments})"
            r = self.caller.call_with(HELPER, [start, [self.transition.name, list(self.transition.order)], [],
                                               None, [self.moves_ask(self.players[0])]], {}, timeout=self.timeout)
            if not r.ok:
                continue
            for words, to_student in match_encoding(items(r.value[0]), game, game.initial_state()):
                if words == self.encoding:
                    return dataclasses.replace(self, game=game, start=start, to_student=to_student, _paths={})
        raise TypeError(f"{function}() made no {rows}x{cols} board the grader could recognise")


    def _on_object_of_size(self, rows: int, cols: int, game: Any) -> "ReplayedStates":
        """The states of a game object's own initial attribute at another size: an object made at that
        size (its class must take the size) plays the methods the notebook's object plays."""
        if self.resized_object is not None:  # from the notebook's own object, not from another size's
            notebook, sized = self.resized_object
            back = (lambda name: re.sub(rf"(?<![\w.]){re.escape(sized)}(?!\w)", notebook, name))
            self = dataclasses.replace(self, resized_object=None, start=back(self.start),
                                       transition=Call(back(self.transition.name), self.transition.order),
                                       moves=Call(back(self.moves.name), self.moves.order))
        notebook = self.owner
        found: dict[str, dict] = {}

        def fits(variable: str) -> bool:
            trial = dataclasses.replace(self, resized_object=(notebook, variable))
            r = self.caller.call_with(HELPER, [trial.on_own_object(self.start), [trial.on_own_object(
                self.transition.name), list(self.transition.order)], [], None,
                [["call", trial.on_own_object(self.moves.name), list(self.moves.order), None, self.players[0]]]], {},
                timeout=self.timeout)
            matched = [to_student for words, to_student in match_encoding(items(r.value[0]), game,
                                                                           game.initial_state())
                       if words == self.encoding] if r.ok else []
            if matched:
                found[variable] = matched[0]
            return bool(matched)

        variable = game_objects.sized_object(self.caller, self.caller.names(), notebook, rows, cols,
                                             getattr(game, "k", None), fits)
        if variable is None:
            raise TypeError(f"the class of {notebook} takes no board size, so boards of {rows}x{cols} cannot be built")
        sized = dataclasses.replace(self, resized_object=(notebook, variable))
        return dataclasses.replace(sized, game=game, start=sized.on_own_object(self.start),
                                   transition=Call(sized.on_own_object(self.transition.name), self.transition.order),
                                   moves=Call(sized.on_own_object(self.moves.name), self.moves.order),
                                   to_student=found[variable], _paths={})


def _where(turn: tuple) -> str:
    kind, where = turn
    return {"key": f"[{where!r}]", "index": f"[{where}]"}.get(kind, f".{where}")


def load_helper(sandbox: Any) -> bool:
    """Define the replay helper in the worker (kept across respawns like any loaded cell)."""
    return sandbox.load([HELPER_SOURCE]).cells[0].ok


# --- finding the recipe by behaviour -----------------------------------------------------------------

def _required(info: NameInfo) -> int:
    return sum(not p.has_default for p in positional_parameters(info.parameters or ()))


def _orders(required: int, roles: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    return [order for order in roles if len(order) == required]


TRANSITION_ORDERS = (("state", "action"), ("state", "action", "player"), ("state", "player", "action"),
                     ("action", "state"))
STATE_ORDERS = (("state",), ("state", "player"))


def _candidates(names: Mapping[str, NameInfo], role: str, aliases: Sequence[str],
                orders: Sequence[tuple[str, ...]], owner: str | None = None) -> list[Call]:
    """Calls of the functions that may play ``role``, and of the methods of ``owner``, the game object
    whose attribute is the initial state (the textbook's ``game.initial``)."""
    out = []
    for candidate in rank(names, role, aliases, unnamed=False):
        if "." in candidate.target and owner is not None and candidate.target.rsplit(".", 1)[0] != owner:
            continue  # the roles of a game object whose attribute is the initial state come from that object
        out += [Call(candidate.target, order) for order in _orders(_required(candidate.info), orders)]
    return out


def evidence_positions(game: Game, count: int = 10, seed: int = 7) -> list[State]:
    """Positions whose answers tell readings apart: random positions of varied depth, finished games too."""
    from reference.positions import finished_games, random_positions
    positions = random_positions(game, count, seed=seed)
    games = finished_games(game, seed)
    return positions + [next(games) for _ in range(count // 2)]


def recipe(caller: Any, names: Mapping[str, NameInfo], game: Game, aliases: Mapping[str, Sequence[str]],
           timeout: float = 2.0) -> tuple[ReplayedStates, dict[str, Call]] | None:
    """How to build ``game``'s positions through the student's functions, found by behaviour, and the
    functions that play ``terminal`` and ``utility`` on those states (by role); None when no initial
    state, transition and moves fit together."""
    starts = [(f"{c.target}()", tuple(c.info.parameters or ())) for c in rank(
        names, "initial_state", aliases.get("initial_state", ()), unnamed=False)
        if c.info.kind == "function" and _required(c.info) == 0 and "." not in c.target]
    starts += [(target, ()) for target in game_objects.initial_attributes(names)]  # the textbook's game.initial
    empty = game.initial_state()
    for start, sizes in starts:
        owner = start.rsplit(".", 1)[0] if not start.endswith(")") else None
        moves = _candidates(names, "actions", aliases.get("actions", ()), STATE_ORDERS, owner)
        transitions = _candidates(names, "result", aliases.get("result", ()), TRANSITION_ORDERS, owner)
        for move_call in moves:
            for players in _player_pairs():  # the first pair of ids that actions(state, player) takes
                trial = ReplayedStates(caller, game, start, Call("", ()), move_call, "", {}, None, players, sizes,
                                       timeout)
                r = trial.ask_steps([], [trial.moves_ask(players[0]), ["fields"]])
                if r.ok or "player" not in move_call.order:
                    break
            if not r.ok:
                continue
            for encoding, to_student in match_encoding(items(r.value[0]), game, empty):
                trial.encoding, trial.to_student = encoding, to_student
                for transition in transitions:
                    # a transition told the mover needs the student's ids for players, which actions() may not
                    pairs = [trial.players] + ([p for p in _player_pairs() if p != trial.players]
                                               if "player" in transition.order else [])
                    for pair in pairs:
                        found = _with_transition(dataclasses.replace(trial, players=pair), transition, r.value[1])
                        if found is not None:
                            return found, _outcome_functions(found, names, aliases)
    return None


def _player_pairs() -> list[tuple[Any, Any]]:
    return list(dict.fromkeys(NUMERIC_PLAYERS[:2] + LETTER_PLAYERS))


def _with_transition(trial: ReplayedStates, transition: Call, fields: list) -> ReplayedStates | None:
    """``trial`` with ``transition``, when replaying through it keeps the student's moves agreeing with the
    course's on every evidence position; the turn kept where the state flips it between moves."""
    trial = dataclasses.replace(trial, transition=transition)
    game = trial.game
    first = game.actions(game.initial_state())[0]
    move = trial.to_student[first]
    r = trial.ask_steps([], [["apply", move, trial.players[0], False], ["fields"],
                             ["apply", trial.to_student[game.actions(game.result(game.initial_state(), first))[0]],
                              trial.players[1], False], ["fields"]])
    if not r.ok:
        return None
    turns = _flipping(fields, r.value[1], r.value[3])
    options = [(t, pair) for t, pair in turns] + [(t, pair) for t, pair in _player_like(fields) if t not in
                                                  [u for u, _ in turns]] + [(None, trial.players)]
    best, best_score = None, -1
    for turn, pair in options:
        candidate = dataclasses.replace(trial, turn=turn, players=pair)
        score = _agreement(candidate)
        if score is not None and score > best_score:
            best, best_score = candidate, score
    return best if best is not None and best_score > 0 else None


def _flipping(before: list, after_one: list, after_two: list) -> list[tuple[tuple, tuple]]:
    """Parts of the state whose value changes after one move and comes back after the second."""
    one = {(k, w): v for k, w, v in after_one}
    two = {(k, w): v for k, w, v in after_two}
    return [((k, w), (v, one[(k, w)])) for k, w, v in before
            if (k, w) in one and (k, w) in two and one[(k, w)] != v and two[(k, w)] == v]


def _player_like(fields: list) -> list[tuple[tuple, tuple]]:
    """Parts of the initial state that hold a first player's id, with the pair it belongs to (a transition
    that never flips the turn still keeps it there)."""
    out = []
    for kind, where, value in fields:
        pair = next((p for p in LETTER_PLAYERS + NUMERIC_PLAYERS[:2] if p[0] == value and type(p[0]) is type(value)),
                    None)
        if pair is not None:
            out.append(((kind, where), pair))
    return out


def _agreement(trial: ReplayedStates, positions: int = 6) -> int | None:
    """How many answers of the student's ``actions`` on replayed evidence positions agree with the course's,
    each column or cell also repeated until the course says it is full; None if replaying fails."""
    game = trial.game
    score = 0
    for state in evidence_positions(game, positions):
        if game.terminal(state):
            continue
        try:
            steps = trial.steps_for(state)
        except NoReplay:
            continue
        asks, expected = [trial.moves_ask(trial.encode_player(game.to_move(state)))], [sorted(game.actions(state))]
        for action in game.actions(state)[:3]:
            movers, seen, here = [], [], state
            while not game.terminal(here) and action in game.actions(here) and len(movers) < 8:
                movers.append(trial.encode_player(game.to_move(here)))
                here = game.result(here, action)
                if game.terminal(here):
                    break
                seen.append(action in game.actions(here))
            asks.append(["repeat", trial.to_student[action], movers, trial.moves.name, list(trial.moves.order)])
            expected.append(seen)
        r = trial.ask_steps(steps, asks)
        if not r.ok:
            return None
        try:
            got = [sorted(trial.decode_action(m) for m in items(r.value[0]))] + \
                  [list(seen[:len(want)]) for seen, want in zip(r.value[1:], expected[1:])]
        except NotThisRepresentation:
            return None
        score += sum(g == e for g, e in zip(got, expected))
        if got[0] != expected[0]:
            return None
    return score


def _outcome_functions(rep: ReplayedStates, names: Mapping[str, NameInfo],
                       aliases: Mapping[str, Sequence[str]]) -> dict[str, Call]:
    """The functions that best say whether the game is over and who won, on finished and unfinished
    replayed positions (names rank them, answers decide among those that run)."""
    from grader.adapt import returns
    game = rep.game
    positions = []
    for state in evidence_positions(game, 6, seed=11):
        try:
            positions.append((state, rep.steps_for(state)))
        except NoReplay:
            continue
    found = {}
    for role, orders in (("terminal", (("state",),)), ("utility", STATE_ORDERS)):
        best, best_score = None, 0
        for call in _candidates(names, role, aliases.get(role, ()), orders, rep.owner):
            score = 0
            for state, steps in positions:
                view = game.to_move(state)
                r = rep.ask_steps(steps, [["call", call.name, list(call.order), None, rep.encode_player(view)]])
                if not r.ok:
                    score = -1
                    break
                value = r.value[0]  # an answer that reads counts once, one that agrees twice more
                if role == "terminal":
                    readable = isinstance(plain(value), (bool, int))
                    score += readable + 2 * (readable and bool(plain(value)) == game.terminal(state))
                elif game.terminal(state):
                    said = returns.sign(value) if "player" in call.order or returns.sign(value) is not None \
                        else returns.winner_of(value, rep)
                    want = game.utility(state, view) if "player" in call.order else (game.winner(state) or 0)
                    score += (said is not None) + 2 * (said == (want > 0) - (want < 0))
            if score > best_score:
                best, best_score = call, score
        if best is not None:
            found[role] = best
    return found
