"""The student's game functions seen through the adapter: course boards in, course answers out.

Checks call :class:`StudentGame` exactly as they would call a reference game's course face, and get
:class:`Reply` objects: the answer read into the course representation, or why it could not be
read, plus the call as the student would write it (for feedback).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

import numpy as np

from grader.adapt import game_objects, returns
from grader.adapt.candidates import is_route
from grader.adapt.routes import shown_call
from grader.adapt.signatures import NOTHING
from grader.adapt.infer import NOT_A_BOARD, WINNER_READING, Binding, Caller, Interface, decode_actions, \
    decode_result_board, decoded_board, move_parts
from grader.adapt.representations.base import NotThisRepresentation
from grader.sandbox import codec
from grader.sandbox.calls import CallResult
from grader.text import short
from reference.games.base import Game


class SizedCaller:
    """A caller whose calls say the board size they ask about (``size``: rows, columns), so that code keeping
    the size in constants runs at that size whatever the board shows (a stack of discs per column does not show
    its height). Everything else is the wrapped caller's."""

    def __init__(self, caller: Caller, size: tuple[int, int]) -> None:
        self.inner = caller.inner if isinstance(caller, SizedCaller) else caller
        self.size = size

    def call(self, target: Any, *args: Any, timeout: float | None = None, **kwargs: Any) -> CallResult:
        return self.call_with(target, args, kwargs, timeout=timeout)

    def call_with(self, target: Any, args: Sequence[Any] = (), kwargs: dict[str, Any] | None = None,
                  **options: Any) -> CallResult:
        return self.inner.call_with(target, args, kwargs, size=self.size, **options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def sized_caller(caller: Caller, game: Game) -> Caller:
    """``caller`` saying ``game``'s board size with each call (see :class:`SizedCaller`)."""
    return SizedCaller(caller, (game.rows, game.cols))


@dataclass
class Reply:
    """One call's outcome: ``value`` in the course representation when ``ok``."""

    ok: bool
    value: Any = None
    raw: Any = None
    error: str = ""
    kind: str = ""  # sandbox error kind ('timeout', 'exception', ...), 'missing', 'unreadable' or 'unreachable'
    # ('unreachable': the position could not be built through the student's code; the error says why)
    call: str = ""
    seconds: float = 0.0
    mutated: bool | None = None  # whether the call changed its board argument (only from ``mutation``)
    # result only: whether the mover moves again, as the answer says; None when it does not say
    moves_again: bool | None = None
    turn: str = ""  # result only: what the answer said about the turn, in words ("the other player (2)")


class StudentGame:
    """A submission's ``initial_state``/``actions``/``result``/``terminal``/``utility`` in course terms."""

    def __init__(self, caller: Caller, interface: Interface, names: Mapping[str, Any] | None = None,
                 timeout: float = 2.0, source: str = "") -> None:
        self.caller = caller
        self.source = source  # the submission's code: its own calls say how its agents are meant to be called
        self.interface = interface
        self.names = dict(names or {})  # what the submission defines (NameInfo by name), for finding agents
        self.game: Game = interface.game
        self.timeout = timeout
        #: game objects made at other sizes, by (object, rows, cols): made once, shared by resized copies
        self.sized_objects: dict[tuple[str, int, int], str | None] = {}
        #: roles and agent labels the binder is unsure of -> the evidence in words: their checks go to a person
        self.doubts: dict[str, str] = {}
        #: roles and agent labels that may fail outright for the grader's guess -> why: a check of theirs that gets
        #: nothing goes to a person (an agent handed boards in a form no function confirmed)
        self.doubts_if_failed: dict[str, str] = {}
        #: roles whose lost points may be another role's -> why: a check of theirs that loses points goes to a person
        self.doubts_if_lost: dict[str, str] = dict.fromkeys(("initial_state", "actions", "result", "terminal", "utility"),
                                                            interface.tied) if interface.tied else {}

    def doubt_built_positions(self, transition: str, roles: Sequence[str] = ("terminal", "utility"),
                              because: str | None = None) -> None:
        """Positions built through the student's own transition hold whatever it put there, where the grader could
        not write every value itself (or ``because``): ``roles`` losing points on them go to a person."""
        because = because or "the grader could not write every value of your state"
        for role in roles:
            self.doubts_if_lost[role] = (f"the positions are built through your own {transition}(), and {because}: "
                                         f"what your {role}() got wrong may be what {transition}() put there")

    @property
    def representation(self):
        return self.interface.representation

    def at_size(self, game: Game) -> "StudentGame":
        """The same functions asked about ``game``'s board size (functions must not hard-code the size).
        Methods of a game object whose class takes the size are asked through an object of that size."""
        interface = replace(self.interface, game=game,
                            representation=self.representation.at_size(game.rows, game.cols, game))
        resized = StudentGame(sized_caller(self.caller, game), interface, self.names, timeout=self.timeout,
                              source=self.source)
        obj = self.game_object
        if obj is None or game == self.game:
            return resized

        def on(variable: str) -> dict[str, Binding]:
            return {role: replace(b, name=variable + b.name[len(obj):]) if b.name.startswith(obj + ".") else b
                    for role, b in interface.bindings.items()}

        def fits(variable: str) -> bool:
            """Whether the object's methods answer the empty board of this size as the reference does."""
            trial = StudentGame(resized.caller, replace(interface, bindings=on(variable)), self.names,
                                timeout=self.timeout)
            empty = game.initial_state()
            if trial.has("initial_state"):
                reply = trial.initial_state()
                return reply.ok and game.same_board(reply.value, game.to_course(empty))
            reply = trial.actions(game.to_course(empty), game.to_move(empty))
            return reply.ok and sorted(reply.value) == sorted(game.actions(empty))

        resized.sized_objects = self.sized_objects
        key = (obj, game.rows, game.cols)
        if key not in self.sized_objects:
            self.sized_objects[key] = game_objects.sized_object(self.caller, self.names, obj, game, fits)
        variable = self.sized_objects[key]
        if variable is not None:
            resized.interface = replace(interface, bindings=on(variable))
        return resized

    @property
    def game_object(self) -> str | None:
        """The object whose methods play the roles, when the game is written as a class."""
        return game_objects.game_object([b.name for b in self.interface.bindings.values()])

    def has(self, role: str) -> bool:
        return role in self.interface.bindings

    def describe_call(self, role: str, board: Any = None, player: int | None = None, action: Any = None) -> str:
        """The call in the student's own names and order, e.g. ``get_next_state(board, 3, 'x')``."""
        binding = self.interface.bindings.get(role)
        return f"{role}(...)" if binding is None else self.call_words(binding, role, board, player, action)

    def call_words(self, binding: Binding, role: str, board: Any, player: int | None, action: Any) -> str:
        """:meth:`describe_call` of a bound role."""
        if binding.read:
            return binding.name
        rep = self.representation
        shown = {"state": lambda: "board",
                 "player": lambda: "player" if player is None else repr(rep.encode_player(player)),
                 "action": lambda: "action" if action is None or board is None else repr(rep.encode_action(action, board)),
                 "row": lambda: "row" if action is None or board is None else repr(rep.encode_row(action, board)),
                 "config": lambda: "config", "rows": lambda: str(rep.rows), "cols": lambda: str(rep.cols),
                 NOTHING: lambda: "None"}
        if "orientation" in binding.order and action is not None:
            parts = move_parts(rep, action, board, player)
            shown.update(orientation=lambda: repr(parts[0]), row=lambda: repr(parts[1]), action=lambda: repr(parts[2]))
        if is_route(binding.name) and binding.name in self.names:
            return shown_call(self.names[binding.name].doc, {r: shown[r]() for r in binding.order})
        return f"{binding.name}({', '.join(shown[r]() for r in binding.order)})"

    def _call(self, role: str, board: Any = None, player: int | None = None, action: Any = None) -> tuple[Reply, Any]:
        reply, r, _ = self._send(role, board, player, action)
        return reply, None if r is None else r.value

    def _send(self, role: str, board: Any, player: int | None, action: Any,
              return_args: bool = False) -> tuple[Reply, CallResult | None, list[Any]]:
        """Call ``role``: (reply, the sandbox's CallResult or None, the arguments sent)."""
        binding = self.interface.bindings.get(role)
        call = self.describe_call(role, board, player, action)
        if binding is None:
            why = self.interface.problems.get(role, f"no {role} function was found")
            return Reply(False, error=why, kind="missing", call=call), None, []
        if player is None and "player" in binding.order and board is not None:
            # a route whose class needs the player to move (terminal of Game(player, board)): whose turn the board says
            try:
                player = self.game.to_move(self.game.from_course(board))
            except ValueError:  # the board does not say: the first player's
                player = 1
        args = self.interface.arguments(role, board, player, action)
        if binding.read:
            r = self.caller.read(binding.name, timeout=self.timeout)
        elif return_args:
            r = self.caller.call_with(binding.name, args, {}, timeout=self.timeout, return_args=True)
        else:
            r = self.caller.call(binding.name, *args, timeout=self.timeout)
        if not r.ok:
            return Reply(False, error=r.describe_error(), kind=r.kind or "error", call=call,
                         seconds=r.duration), None, args
        return Reply(True, raw=r.value, call=call, seconds=r.duration), r, args

    def mutation(self, role: str, board: Any, player: int | None = None, action: Any = None) -> Reply:
        """Call ``role`` and tell whether it changed the board it was given (``Reply.mutated``): student code gets
        fresh copies in its worker, so a ``result`` that changes its input and returns it would otherwise look
        right. ``value`` is the board after the call in course terms (None if it no longer reads), ``raw`` as is."""
        binding = self.interface.bindings.get(role)
        if binding is not None and "state" not in binding.order:
            raise ValueError(f"{role} takes no board, so it cannot change one (its arguments: {binding.order})")
        reply, r, args = self._send(role, board, player, action, return_args=True)
        if not reply.ok:
            return reply
        where = binding.order.index("state")
        before = codec.decode(codec.encode(args[where]))  # what the worker received, read the same way
        after = r.args_after[where]
        reply.mutated = not same_value(before, after)
        reply.raw = after
        reply.value = decoded_board(self.representation, after)
        return reply

    def initial_state(self) -> Reply:
        reply, raw = self._call("initial_state")
        if not reply.ok:
            return reply
        decoded = self._decode_board(reply, raw)
        if not decoded.ok and _is_grid(raw):  # a board read transposed: ask for the shape the reading needs
            binding = self.interface.bindings["initial_state"]
            shape = np.shape(self.representation.encode_board(self.game.to_course(self.game.initial_state())))
            for args in ([shape], list(shape)):
                r = self.caller.call(binding.name, *args, timeout=self.timeout)
                if r.ok and np.shape(r.value) == shape:
                    again = self._decode_board(Reply(True, raw=r.value, call=f"{binding.name}({shape})",
                                                     seconds=r.duration), r.value)
                    if again.ok:
                        return again
        return decoded

    def actions(self, board: Any, player: int | None = None) -> Reply:
        reply, raw = self._call("actions", board, player)
        if not reply.ok:
            return reply
        try:
            reply.value = decode_actions(self.representation, raw, board)
        except (NotThisRepresentation, TypeError, ValueError) as e:
            return _unreadable(reply, f"could not read the actions {short(raw, 120)}: {e}")
        return reply

    def result(self, board: Any, player: int, action: Any) -> Reply:
        """The board after ``action``, and ``moves_again`` when the student's answer says whose turn it is
        (``(board, next_player)``, ``(board, extra_turn)``); the course board itself does not say."""
        binding = self.interface.bindings.get("result")
        if binding is not None and binding.in_place:
            reply = self.mutation("result", board, player, action)  # the board as the call left it
            return reply if reply.ok and reply.value is not None else _unreadable(
                reply, f"left the board as {short(reply.raw, 120)}, which is not a board")
        reply, raw = self._call("result", board, player, action)
        if not reply.ok:
            return reply
        reply = self._decode_board(reply, raw)
        reading = self.interface.bindings["result"].reading
        said = self.representation.turn_said(raw, player) if reply.ok else None
        if said is not None:  # the student's state says whose turn it is next
            reply.moves_again, reply.turn = said
        if not reply.ok or not reading:
            return reply
        said = returns.turn_readings(self.representation)[reading](raw, player)
        if said is None:
            return _unreadable(reply, f"returned {short(raw, 120)}, which is not {reading} like its other answers")
        reply.moves_again, reply.turn = said
        return reply

    def terminal(self, board: Any) -> Reply:
        """Whether the game is over, the answer read by its binding's reading (a bool, a status, a pair...)."""
        reply, raw = self._call("terminal", board)
        binding = self.interface.bindings.get("terminal")
        if not reply.ok or binding is None:
            return reply
        readers = returns.terminal_readings(binding.empty_value)
        value = readers.get(binding.reading, readers["a bool"])(raw)
        if value is None:
            return _unreadable(reply, f"returned {short(raw, 120)}, which is not {binding.reading}")
        reply.value = value
        return reply

    def utility(self, board: Any, player: int) -> Reply:
        """The utility on the reference's scale, from ``player``'s view: the sign for a win/loss game, the margin
        for boxes, however the binding reads the student's answer."""
        reply, raw = self._call("utility", board, player)
        binding = self.interface.bindings.get("utility")
        if not reply.ok or binding is None:
            return reply
        if binding.reading == WINNER_READING:
            winner = returns.winner_of(raw, self.representation)
            if winner is None:
                return _unreadable(reply, f"returned {short(raw, 120)}, which is neither player nor a draw")
            reply.value = winner * player
            return reply
        value = returns.per_player(raw)
        s = returns.sign(value)
        if s is not None and binding.draw:  # a scale of its own: above its draw is a win
            s = returns.sign(float(returns.plain(value)) - binding.draw)
        if s is None:
            return _unreadable(reply, f"returned {short(raw, 120)}, which is not a number")
        if self.game.margin_utility and "margin" in binding.reading:
            value = returns.plain(value)
            reply.value = int(value) if float(value).is_integer() else value
        else:
            reply.value = s
        if "player" not in binding.order and player == -1:
            reply.value = -reply.value  # the student's view is the first player's
        return reply

    def _decode_board(self, reply: Reply, raw: Any) -> Reply:
        board = decode_result_board(self.representation, raw)
        if board is None:
            try:
                self.representation.decode_board(raw)
                why = ""
            except NOT_A_BOARD as e:
                why = f": {e}"
            return _unreadable(reply, f"returned {short(raw, 120)}, which is not a board "
                                      f"({self.representation.describe()}){why}")
        reply.value = board
        return reply


def same_value(a: Any, b: Any) -> bool:
    """Plain data equal in value and type, at every level (numpy arrays by shape, dtype and cells);
    dicts and sets regardless of order. A board whose 0 became 0.0 has changed."""
    if type(a) is not type(b):
        return False
    if isinstance(a, np.ndarray):
        return a.shape == b.shape and a.dtype == b.dtype and bool(np.array_equal(a, b))
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_value(v, b[k]) for k, v in a.items())
    return bool(a == b) or (a != a and b != b)  # NaN stays NaN


def _unreadable(reply: Reply, why: str) -> Reply:
    reply.ok, reply.error, reply.kind = False, why, "unreadable"
    return reply


def _is_grid(value: Any) -> bool:
    """Whether a value is a two-dimensional grid (a state record with a dict inside is not one)."""
    try:
        return np.ndim(value) == 2
    except ValueError:  # ragged: numpy 2 refuses to guess a shape
        return False
