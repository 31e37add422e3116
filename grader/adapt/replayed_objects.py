"""Games written as a class whose object IS the state and changes in place (``game.make_move(move)``,
``game.get_possible_moves()``, ``game.is_game_over()``, ``game.get_winner()``), with agents that take
the object (``SearchTreeNode(game).get_best_move(depth)``, ``best_move(game, depth)``).

No reading of a board fits such code: its board is private to the object, in any layout. So the
positions the checks need are built through the student's own code: a fresh object of the rubric's
size, then the student's own transition replaying the line of play that
:meth:`reference.games.base.Game.moves_to` finds (every box closed by its owner, the right player to
move at the end). Moves are the student's own, as their object lists
them on the empty board, matched to the course's by the encodings students use ('h'/'v' lines, pairs
of dots, columns or cells counted from 0 or 1, cells as (row, col)). Before each replayed move the
object's turn is set to the reference's mover, so that a bug in the student's turn keeping is charged
to the transition alone, not again to every function judged on a replayed position. Where an
attribute of the object holds a board that a known reading decodes (a numpy grid), the positions the
transition makes are read from it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from grader.adapt import returns
from grader.adapt.agents import Move
from grader.adapt.candidates import AGENT_WORDS, NOT_A_ROLE, ROLE_WORDS, normalise
from grader.adapt.infer import Binding, Caller, Interface
from grader.adapt.object_agents import ObjectAgent, _own, class_agents, function_agent
from grader.adapt.representations.base import NotThisRepresentation, Representation, plain, same_mark
from grader.adapt.board_sizes import size_arguments
from grader.adapt.replayed_states import BuiltByReplay, NoReplay, _flipping, evidence_positions, items, \
    match_encoding, turn_options, why_not_built
from grader.adapt.signatures import role_of
from grader.sandbox.calls import TIMEOUT, CallResult, NameInfo
from reference.games.base import Game, State

#: the words of move encodings that number the moves the grader's way, not by any table of the student's
GUESSED = "numbers counting"

#: the grader's helper in the worker: builds an object, replays moves, asks it questions
HELPER = "_grader_replayed"

#: a method's name says it plays the role (the course's words, plus 'winner' for who won)
WINNER_WORDS = ("winner", "won") + ROLE_WORDS["utility"]


def replays(game: Game) -> bool:
    """Whether positions of ``game`` can be built by replay: its moves only add marks (lines, discs,
    cells), so some line of play from the empty board reaches each position."""
    try:
        game.marks_within(game.initial_state(), game.initial_state())
    except NotImplementedError:
        return False
    return True


# --- the student's move encoding ------------------------------------------------------------------

def indexed_lines(trial: "ReplayedObjects", moves: Sequence[Any], course_actions: Sequence[tuple]) -> tuple[str, dict] | None:
    """(words, course action -> the student's move) when the moves are numbers indexing a list of every
    line that the fresh object keeps (``self.lines = [((0, 0), (0, 1)), ...]``, a dict by number too),
    whose lines are written in a known encoding; None otherwise."""
    numbers = [plain(m) for m in moves]
    if not numbers or not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers) \
            or len(set(numbers)) != len(course_actions):
        return None
    r = trial.ask(None, None, [("boards", "", [])])
    if not r.ok:
        return None
    for name, value in r.value[0].items():
        table = value if isinstance(value, dict) else dict(enumerate(value)) if isinstance(value, (list, tuple)) else {}
        if len(table) != len(course_actions) or not set(numbers) <= set(table):
            continue
        keys = list(table)
        lines = [table[k] for k in keys]
        for words, to_line in match_encoding(lines, trial.game, trial.game.initial_state(), own=True)[:1]:
            to_number = {course: keys[lines.index(line)] for course, line in to_line.items()}
            return f"numbers indexing your .{name}, lines written as {words}", to_number
    return None


# --- the class and how to build its objects -------------------------------------------------------

@dataclass(frozen=True)
class Methods:
    """The student's in-place game class: its name and the methods that play the roles."""

    cls: str
    moves: str
    transition: str
    over: str | None
    winner: str | None
    parameters: tuple = ()
    parts: int = 1  # the transition takes a move's parts (draw_line(orientation, row, col)), not the move
    #: the method the student's own loop calls to hand the turn over when the transition says no box was
    #: closed (``if not game.make_move(m): game.switch_player()``), when the transition keeps no turn
    switch: str | None = None

    @property
    def playing(self) -> str:
        """The transition as the replay helper calls it: ``*name`` when it takes the move's parts."""
        return f"*{self.transition}" if self.parts > 1 else self.transition

    def transition_arguments(self, move: Any) -> list:
        return list(move) if self.parts > 1 else [move]


#: words of a method that hands the turn over (``switch_player``, ``next_turn``, ``change_turn``)
SWITCH_WORDS = ("switch", "swap", "toggle", "changeplayer", "changeturn", "nextplayer", "nextturn", "otherplayer")

#: method names that undo or copy rather than play a role
NOT_PLAYING = ("undo", "unmake", "revert", "copy", "clone")


def _method(info: NameInfo, words: Sequence[str], arity: int) -> str | None:
    """The method whose name says the role most strongly (the earliest of ``words`` it contains) and
    that takes exactly ``arity`` required arguments."""
    ranked = []
    for member in info.members:
        name = normalise(member.name)
        required = [p for p in _own(member) if not p.has_default]
        extra_player = len(required) == arity + 1 and role_of(required[-1].name) == "player"  # utility(player)
        if not member.callable or member.name.startswith("_") or NOT_A_ROLE.search(name) \
                or any(w in name for w in NOT_PLAYING) or (len(required) != arity and not extra_player):
            continue
        strength = next((i for i, w in enumerate(words) if w in name), None)
        if strength is not None:
            ranked.append((strength, member.name))
    return min(ranked)[1] if ranked else None


def in_place_classes(names: Mapping[str, NameInfo]) -> list[Methods]:
    """Classes whose methods take no board: the object is the state (moves, an in-place transition)."""
    out = []
    for name, info in names.items():
        if info.kind != "class" or name.startswith("_"):
            continue
        moves = _method(info, ROLE_WORDS["actions"], 0)
        # the move, else its parts (the template's draw_line(orientation, row, col))
        parts, transition = next(((n, t) for n in (1, 3, 2) if (t := _method(info, ROLE_WORDS["result"], n))),
                                 (1, None))
        if moves and transition:
            out.append(Methods(name, moves, transition, _method(info, ROLE_WORDS["terminal"], 0),
                               _method(info, WINNER_WORDS, 0), tuple(info.parameters or ()), parts,
                               _method(info, SWITCH_WORDS, 0)))
    return out


@dataclass(eq=False)
class ReplayedObjects(BuiltByReplay):
    """How positions are built through the student's object: its construction, its moves for the
    course's lines, and the attribute that says whose turn it is (with the two players' values)."""

    methods: Methods
    make: str  # 'DotsAndBoxes(rows=4, cols=4)'
    lines: bool = True  # the object's moves are lines, and the lines it has left show its board
    board: str | None = None  # the attribute that holds the board, read by ``reading``
    reading: Representation | None = None
    learns: bool = False  # no attribute holds a board a known reading decodes: its squares are learned instead
    #: the turn is handed over by the student's loop (their switch method), not by the transition: whose
    #: turn follows a move is what the transition answers (a closed box: the same player's)
    caller_switches: bool = False
    built_through = "your object"

    def ask(self, board: Mapping[str, Any] | None, player: int | None, asks: Sequence[tuple],
            timeout: float | None = None, **options: Any) -> CallResult:
        """The answers of the object brought to ``board`` (None: the empty board) with ``player`` to move
        (None: whoever the order of play leaves to move, for questions that do not depend on it)."""
        steps: list = []
        written: list = []  # the grader's own "set" and "put" asks, whose answers are dropped from what comes back
        if board is not None:
            try:
                steps = self.steps_to(board, player)
            except NoReplay:
                if not (self.board and self.reading is not None):
                    raise
                # no line of play reaches it (Mean Connect 4's mean moves): the board is written into the
                # object's board attribute in the reading that decodes it, on a fresh object
            # the reference's board written over the replayed one: a bug of the student's transition
            # is charged to result alone, not again to every role asked on positions it built
            if self.board and self.reading is not None:
                written.append(("set", self.board, [self.reading.encode_board(board)]))
            elif self.learns and self.writes(board):
                written.append(("put", "", self.writes(board)))
            if self.turn and player is not None and \
                    not self.game.terminal(self.game.from_course(board, to_move=player)):
                written.insert(0, ("set", self.turn, [self.encode_player(player)]))
        r = self.ask_steps(steps, [*written, *asks], timeout, **options)
        if r.ok and r.value is not None and written:
            r = dataclasses.replace(r, value=r.value[len(written):])
        return r

    def identity(self) -> tuple:
        return self.make, self.methods.transition, self.turn, self.players

    def turn_leaf(self) -> tuple | None:
        return (("a", self.turn),) if self.turn else None

    def plays(self, action: Any, mover: int) -> list:
        turn = [["set", self.turn, [self.encode_player(mover)]]] if self.turn else []
        return [*turn, ["call", self.methods.transition, self.methods.transition_arguments(self.to_student[action])]]

    def ask_steps(self, steps: list, asks: Sequence[Sequence], timeout: float | None = None,
                  **options: Any) -> CallResult:
        args = [self.make, self.methods.playing, steps, self.turn, [list(a) for a in asks]]
        return self.caller.call_with(HELPER, args, {}, timeout=timeout or self.timeout, **options)

    def lines_left(self, moves: Any) -> dict:
        """The course board whose undrawn lines are the student's remaining ``moves`` (box owners unknown)."""
        undrawn = {self.decode_action(m, None) for m in items(moves)}
        everything = set(self.to_student)
        return {"size": (self.rows, self.cols), "lines": {line: True for line in everything - undrawn}, "boxes": None}

    def read_board(self, value: Any) -> Any:
        """The course board in the object's board attribute; raises NotThisRepresentation."""
        if self.reading is None:
            raise NotThisRepresentation("no attribute of your object holds a board the grader can read")
        try:
            return self.reading.decode_board(value)
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise NotThisRepresentation(str(e)) from e

    def describe(self) -> str:
        turn = f", whose turn in .{self.turn} ({self.players[0]!r}/{self.players[1]!r}" + \
            (f", handed over by your {self.methods.switch}() when {self.methods.transition}() answers that no "
             f"box was closed)" if self.caller_switches else ")") if self.turn else ""
        board = f"; its board read from .{self.board} ({self.reading.describe()})" if self.board else \
            "; where it keeps each square learned from replays" if self.learns and self.learned() else ""
        return (f"objects of your {self.methods.cls} ({self.make}) brought to each position by replaying its "
                f"moves through your {self.methods.transition}(); moves as {self.encoding}{turn}{board}")

    def at_size(self, rows: int, cols: int, game: Any) -> "ReplayedObjects":
        found = recipe(self.caller, self.methods, game, self.timeout)
        if found is None:
            raise TypeError(f"no {self.methods.cls} object of a {rows}x{cols} board could be made")
        return found





def recipe(caller: Caller, methods: Methods, game: Game, timeout: float = 2.0) -> ReplayedObjects | None:
    """How to build ``game``'s positions through objects of ``methods.cls``, found by behaviour: the
    construction whose fresh object lists exactly the course's moves (under a known encoding), whose
    transition makes a move illegal once the course says it is (a line drawn, a cell taken, a column
    filled), the attribute that says whose turn it is, and the attribute that holds the board."""
    empty = game.actions(game.initial_state())
    for arguments in size_arguments(methods.parameters, game.size_readings(), getattr(game, "k", None)):
        make = f"{methods.cls}({arguments})"
        trial = ReplayedObjects(caller, game, methods, make, encoding="", to_student={}, timeout=timeout)
        r = trial.ask(None, None, [("call", methods.moves, [])])
        if not r.ok:
            continue
        moves = items(r.value[0])
        own = match_encoding(moves, game, game.initial_state(), own=True)
        # numbers that index a table of the object's own say more than a numbering the grader knows
        lined = next((m for m in own if not m[0].startswith(GUESSED)), None) or indexed_lines(trial, moves, empty) \
            or next(iter(own), None)
        matches = [lined] if lined else match_encoding(moves, game, game.initial_state())
        for encoding, to_student in matches:
            found = _with_transition(dataclasses.replace(trial, encoding=encoding, to_student=to_student,
                                                         lines=lined is not None))
            if found is not None:
                return found
    return None


def _repeats_until_illegal(game: Game, action: Any, limit: int = 20) -> int:
    """How many times ``action`` is played from the empty board before the course says it is illegal."""
    state, count = game.initial_state(), 0
    while action in game.actions(state) and count < limit and not game.terminal(state):
        state, count = game.result(state, action), count + 1
    return count


def _with_transition(trial: ReplayedObjects) -> ReplayedObjects | None:
    """``trial`` when its transition plays the move it is given (the move is gone from the moves offered
    once the course says so, and not before), with the attributes that keep the turn and the board."""
    game, methods = trial.game, trial.methods
    empty = game.actions(game.initial_state())
    first, second = trial.to_student[empty[0]], trial.to_student[empty[-1]]

    def snapshot(steps: list) -> CallResult:  # no turn is set yet: the transition keeps its own
        return trial.ask_steps(steps, [["state", "", []], ["call", methods.moves, []]])

    times = _repeats_until_illegal(game, empty[0])
    filled = [snapshot([[first, None]] * n) for n in (times - 1, times)] if times > 1 else []
    snapshots = [snapshot(steps) for steps in ([], [[first, None]], [[first, None], [second, None]])]
    if not all(s.ok for s in snapshots + filled) or first in items(snapshots[1].value[1]) and times == 1:
        return None  # its transition does not play the move it is given
    if filled and (first not in items(filled[0].value[1]) or first in items(filled[1].value[1])):
        return None
    states = [s.value[0] for s in snapshots]
    flips = _flipping(*states)
    if trial.lines:
        if not flips and methods.switch:
            flips = _switched(trial)
            trial.caller_switches = bool(flips)
        if flips:
            trial.turn, trial.players = flips[0][0], flips[0][1]
        board, reading = _board_attribute(trial)  # a board a known reading decodes says everything, boxes too
        if board is not None:
            return dataclasses.replace(trial, board=board, reading=reading)
        return dataclasses.replace(trial, learns=True)
    options = turn_options(*states, players=trial.players)
    for turn, players in options:  # the first turn keeping under which a board attribute reads right
        candidate = dataclasses.replace(trial, turn=turn, players=players, _paths={})
        board, reading = _board_attribute(candidate)
        if board is not None:
            return dataclasses.replace(candidate, board=board, reading=reading)
    return dataclasses.replace(trial, turn=options[0][0], players=options[0][1], _paths={}, learns=True)


def _switched(trial: ReplayedObjects) -> list[tuple[str, tuple]]:
    """(attribute, (first player, second)) that the class's switch method flips back and forth on a fresh
    object; empty when it flips none."""
    switch = ("call", trial.methods.switch, [])
    r = trial.ask(None, None, [("state", "", []), switch, ("state", "", []), switch, ("state", "", [])])
    return _flipping(*r.value[0::2]) if r.ok else []


def _evidence(game: Game) -> list[State]:
    return [s for s in evidence_positions(game, 4) if not game.terminal(s)][:3]


def _board_attribute(rep: ReplayedObjects) -> tuple[str | None, Representation | None]:
    """The attribute whose value a known reading decodes to the course board on replayed positions, and
    that reading; (None, None) when none does."""
    from grader.adapt import representations
    game = rep.game
    empty = rep.ask(None, None, [("boards", "", [])])
    if not empty.ok:
        return None, None
    seen = []
    for state in _evidence(game):
        board = game.to_course(state)
        try:
            r = rep.ask(board, game.to_move(state), [("boards", "", [])])
        except NoReplay:
            continue
        if not r.ok:
            return None, None
        seen.append((board, r.value[0]))
    if not seen:
        return None, None
    for name, value in empty.value[0].items():
        readings = representations.candidates(game, value)
        # a reading whose players are the object's own ids for them (as its turn attribute holds them) first
        readings = sorted(readings, key=lambda reading: not _anchored(reading, rep))
        for reading in readings:
            try:
                if not game.same_board(reading.decode_board(value), game.to_course(game.initial_state())):
                    continue
                # it reads every position; where a few differ, the student's transition has a bug, which
                # the board then shows (a box credited wrongly is charged to result): the more so where its
                # players are the object's own ids
                agree = sum(game.same_board(reading.decode_board(attrs[name]), board) for board, attrs in seen)
                if 3 * agree >= 2 * len(seen) or (agree and _anchored(reading, rep)):
                    return name, reading
            except (NotThisRepresentation, KeyError, TypeError, ValueError, IndexError):
                continue
    return None, None


def _anchored(reading: Representation, rep: ReplayedObjects) -> bool:
    """Whether ``reading`` writes the players as the object's turn attribute holds them."""
    try:
        return bool(rep.turn) and all(same_mark(reading.encode_player(p), mark) for p, mark in zip((1, -1), rep.players))
    except (NotThisRepresentation, TypeError, ValueError):
        return False


# --- the game functions ---------------------------------------------------------------------------

def bindings(methods: Methods, obj: str = "game") -> dict[str, Binding]:
    """The roles the object's methods play, for feedback and for the checks' ``has``."""
    found = {"initial_state": Binding("initial_state", methods.cls, ()),
             "actions": Binding("actions", f"{obj}.{methods.moves}", ()),
             "result": Binding("result", f"{obj}.{methods.transition}", ("action",), in_place=True,
                               reading="whose turn the object says")}
    if methods.over:
        found["terminal"] = Binding("terminal", f"{obj}.{methods.over}", (), reading="a bool")
    if methods.winner:
        found["utility"] = Binding("utility", f"{obj}.{methods.winner}", (), reading="the winner")
    return found


def interface_for(rec: ReplayedObjects) -> Interface:
    iface = Interface(rec.game, rec, bindings(rec.methods))
    iface.adaptations.append(f"builds every position through your own code: {rec.describe()}")
    if not rec.turn:
        iface.adaptations.append("no attribute of your object says whose turn it is, so positions are built "
                                 "by your own turn keeping and result() is judged on its lines only")
    return iface


@dataclass
class ReplayedAgent:
    """An agent that takes the student's game object (``SearchTreeNode(game).get_best_move(3)``),
    asked on objects brought to each position by replay."""

    caller: Any
    game: Game
    representation: ReplayedObjects
    name: str
    target: str  # the expression that turns an object into a move, evaluated in the worker
    call: str  # the call in the student's words
    notes: list[str] = field(default_factory=list)
    order: tuple[str, ...] = ()
    parameters: tuple = ()
    seats: dict = field(default_factory=dict)
    timeouts: int = 0
    kind: str = "replayed"
    filled: int = 0  # parameters the grader fills besides the state (see ObjectAgent.filled)
    game_object: str | None = None  # agents here take the student's state, never a game object
    #: the game's doubts (``StudentGame.doubts_if_lost``) and this agent's label there, once it is graded: a move
    #: asked on a position the student's code failed to build is no sure loss of the agent's own
    doubts: dict[str, str] | None = None
    label: str = ""

    def move(self, board: Any, player: int, timeout: float | None = None, *,
             options: Mapping[str, Any] | None = None, count_calls: bool = False,
             count_seconds: float | None = None, watch: Sequence[str] = ()) -> Move:
        """The move the student's agent makes on an object brought to ``board`` with ``player`` to move;
        the counting arguments are :meth:`grader.adapt.StudentAgent.move`'s."""
        rep = self.representation if self.representation.game == self.game else \
            self.representation.at_size(self.game.rows, self.game.cols, self.game)
        self.representation = rep
        state = self.game.from_course(board, to_move=player)
        legal = self.game.actions(state)
        extra = {"count_calls": True, "count_seconds": count_seconds, "watch": tuple(watch)} if count_calls else {}
        if hasattr(rep, "written_whole"):  # a position of a game the agent plays is written when no line reaches it
            extra["write_unreached"] = True
        try:
            ask = ("eval", self.target, [], dict(options)) if options else ("eval", self.target, [])
            r = rep.ask(board, player, [ask], timeout=timeout, **extra)
        except NoReplay as e:
            return self._not_built(str(e))
        seconds = r.cpu_seconds  # the clock the move limit is judged on
        self.timeouts += r.kind == TIMEOUT
        why = why_not_built(r)
        if why:
            return self._not_built(why, seconds, r.stdout)
        if not r.ok:
            return Move(ok=False, error=r.describe_error(), kind=r.kind or "error", seconds=seconds, stdout=r.stdout)
        if r.value is None:  # counting stopped the search at the move limit: the calls so far are the answer
            return Move(ok=False, error="stopped at the move limit", kind="stopped", seconds=seconds,
                        counted=r.counted)
        raw = r.value[0]
        action, reading = returns.legal_move_in(raw, rep, board, legal)
        if action is None and reading != returns.ILLEGAL_MOVE and hasattr(rep, "successor_move"):
            action = rep.successor_move(board, player, raw, legal, timeout)  # it answered a state
        if action is None:
            return Move(ok=False, error=f"returned {raw!r}, which is not a legal move here", kind="illegal",
                        raw=raw, seconds=seconds, stdout=r.stdout)
        return Move(action=action, ok=True, raw=raw, seconds=seconds, stdout=r.stdout, counted=r.counted)

    def describe_call(self, player: int) -> str:
        return self.call

    def _not_built(self, why: str, seconds: float = 0.0, stdout: str = "") -> Move:
        """No move: the position asked could not be built through the student's code (no line of play reaches
        it, or their code raised on the way). That is no sure fault of the agent's: once graded, its checks that
        lose points go to a person."""
        if self.doubts is not None:
            self.doubts.setdefault(self.label, f"some positions could not be built through your own code ({why}): "
                                               f"what {self.label} lost there is not surely its own fault")
        return Move(ok=False, error=f"this position could not be built through your code: {why}", kind="error",
                    seconds=seconds, stdout=stdout)


def agent_candidates(names: Mapping[str, NameInfo], rep: ReplayedObjects, source: str = "",
                     depth: int = 3) -> list[ObjectAgent]:
    """Everything that may turn a game object into a move: a function of it or a class that plays it
    (:mod:`grader.adapt.object_agents`)."""
    out = []
    for name, info in names.items():
        if name.startswith("_") or name == rep.methods.cls or NOT_A_ROLE.search(normalise(name)):
            continue
        player = f"s.{rep.turn}" if rep.turn else None
        found = [function_agent(name, info, source, depth, player)] if info.kind == "function" else \
            class_agents(name, info, source, depth, player) if info.kind == "class" else []
        out += [a for a in found if a is not None]
    return out


def _takes_a_depth(parameters: tuple) -> bool:
    from grader.adapt.search_parameters import search_role
    return any(search_role(p.name) == "depth" for p in parameters)


def pick_agent(agents: Sequence[ReplayedAgent], label: str, aliases: Sequence[str],
               timeout: float | None = None) -> tuple[ReplayedAgent, bool] | None:
    """The agent for a rubric label among candidates that take the student's own state, and whether it
    serves the label without its name saying so: those answering a legal move, a random player playing
    at random on the opening and a search not (asked late in a game, where any search is fast), names
    ranking them. One search may serve both searching labels (a depth-limited alpha-beta is the
    heuristic agent); any other label needs a name that says it."""
    from grader.adapt.agents import late_position
    if not agents:
        return None
    game = agents[0].game
    words = AGENT_WORDS.get(label, (normalise(label),))
    random_label = "random" in normalise(label)
    board, player = (game.to_course(game.initial_state()), game.to_move(game.initial_state())) if random_label \
        else late_position(game)
    sibling = {ROLE_WORDS["heuristic"]: ROLE_WORDS["alphabeta"], ROLE_WORDS["alphabeta"]: ROLE_WORDS["heuristic"]}
    fitting = []
    for agent in agents:
        norm = normalise(agent.name)
        exact = norm in {normalise(a) for a in aliases}
        by_name = exact or any(w in norm for w in words)  # its own name, not only its method's, says it
        named = by_name or any(w in normalise(agent.target) for w in words)
        shared = not named and any(w in norm for w in sibling.get(words, ())) and \
            (words != ROLE_WORDS["heuristic"] or _takes_a_depth(agent.parameters))
        if not named and not shared and (words != ROLE_WORDS["alphabeta"] or "random" in norm) and not random_label:
            continue
        answers = [agent.move(board, player, timeout) for _ in range(4 if random_label else 1)]
        if all(a.ok for a in answers) and (len({a.action for a in answers}) > 1) == random_label:
            fitting.append((not named, not shared, not exact, not by_name, agent.filled, len(fitting), agent))
    if not fitting:
        return None
    unnamed, unshared, *_, agent = min(fitting, key=lambda f: f[:6])
    return agent, unnamed and not unshared


def find_replayed_agent(rep: BuiltByReplay, found: Sequence[ObjectAgent], label: str, aliases: Sequence[str],
                        timeout: float | None, words: tuple[str, str]) -> ReplayedAgent | str:
    """The agent for a rubric label among the candidates ``found`` that take the student's own object or state
    (:func:`pick_agent`); ``words``: (why there is none, what it is asked on), for feedback."""
    agents = [ReplayedAgent(rep.caller, rep.game, rep, a.name, a.expression, a.call, parameters=a.parameters,
                            filled=a.filled) for a in found]
    picked = pick_agent(agents, label, aliases, timeout)
    if picked is None:
        return words[0]
    agent, shared = picked
    agent.notes.append(f"{label}: {agent.call}, {words[1]}"
                       + (f"; it serves as {label} too, as nothing is named for it" if shared else ""))
    return agent
