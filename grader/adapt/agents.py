"""Student agents however they were written: functions, callable objects, bound methods, classes
that fix their player at construction, agents returning dicts, pairs or a whole new board.

:class:`StudentAgent` answers ``move(board, player)`` in the course representation and says in
words how it had to call the student's agent.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from grader.adapt import returns
from grader.adapt.aliases import find_name
from grader.adapt.infer import Caller, decode_result_board, same_board
from grader.adapt.representations.base import NotThisRepresentation, Representation
from grader.adapt.signatures import positional_parameters, role_of
from grader.sandbox.results import CallResult, Handle, NameInfo
from reference.games.base import Game

#: method names under which agent objects answer, most common first
AGENT_METHODS = ("act", "play", "choose_action", "get_move", "get_action", "choose_move", "select_action",
                 "select_move", "best_move", "move", "decide", "next_move", "search", "__call__")


@dataclass
class Move:
    """One answer of an agent: the course action (None if unusable) and how it was read."""

    action: Any = None
    ok: bool = False
    error: str = ""
    kind: str = ""  # sandbox error kind, 'unreadable' or 'illegal'
    raw: Any = None
    seconds: float = 0.0
    stdout: str = ""


@dataclass
class StudentAgent:
    """A student's agent behind the sandbox, called course-style: ``move(board, player)``."""

    caller: Caller
    game: Game
    representation: Representation
    name: str
    target: str
    kind: str  # 'function', 'object', 'class'
    parameters: tuple = ()
    order: tuple[str, ...] = ("state", "player")
    seats: dict[int, Any] = field(default_factory=dict)  # player -> Handle, for classes fixed per seat
    method: str = "__call__"  # for classes: the method that answers a move
    constructor_params: tuple = ()  # for classes: what building one takes (a player, or nothing we know)
    reading: str = ""
    notes: list[str] = field(default_factory=list)

    def move(self, board: Any, player: int, timeout: float | None = None) -> Move:
        """The agent's move on course ``board`` for ``player`` (+1/-1), read into a course action."""
        state = self.game.from_course(board, to_move=player)
        legal = self.game.actions(state)
        target = self._target_for(player, timeout)
        if isinstance(target, Move):
            return target
        rep = self.representation
        values = {"state": rep.encode_board(board), "player": rep.encode_player(player)}
        args = [values[r] for r in self.order]
        start = time.perf_counter()
        r = self.caller.call(target, *args, timeout=timeout)
        seconds = r.duration or time.perf_counter() - start
        if not r.ok:
            return Move(ok=False, error=r.describe_error(), kind=r.kind or "error", seconds=seconds,
                        stdout=r.stdout)
        action, reading = self._read(r.value, board, state, legal)
        if action is None:
            return Move(ok=False, error=f"returned {_short(r.value)}, which is not a legal move here",
                        kind="illegal", raw=r.value, seconds=seconds, stdout=r.stdout)
        if reading != "the move itself" and reading != self.reading:
            self.reading = reading
            note = f"{self.name}: reads its answer as {reading}"
            if note not in self.notes:
                self.notes.append(note)
        return Move(action=action, ok=True, raw=r.value, seconds=seconds, stdout=r.stdout)

    def _target_for(self, player: int, timeout: float | None) -> Any:
        if self.kind != "class":
            return self.target
        if player not in self.seats:
            r = self._construct(player, timeout)
            if not r.ok:
                return Move(ok=False, error=f"could not create {self.name}: {r.describe_error()}",
                            kind=r.kind or "error")
            self.seats[player] = r.value
        return self.seats[player].attr(self.method)

    def _construct(self, player: int, timeout: float | None) -> CallResult:
        """One instance per seat: classes often take their player (and nothing else we know) when built."""
        wants_player = any(role_of(p.name) == "player" for p in self.constructor_params if not p.has_default)
        if wants_player:
            return self.caller.create(self.target, self.representation.encode_player(player), timeout=timeout)
        return self.caller.create(self.target, timeout=timeout)

    def _read(self, value: Any, board: Any, state: Any, legal: Sequence[Any]) -> tuple[Any, str]:
        rep = self.representation
        for reading, candidate in returns.move_readings(value):
            try:
                action = rep.decode_action(candidate, board)
            except (NotThisRepresentation, TypeError, ValueError, IndexError):
                continue
            if action in legal:
                return action, reading
        new_board = decode_result_board(rep, value)
        if new_board is not None:
            for action in legal:
                if same_board(self.game, self.game.to_course(self.game.result(state, action)), new_board):
                    return action, "a new board (the move is what changed)"
        return None, ""


def find_agent(caller: Caller, names: Mapping[str, NameInfo], game: Game, representation: Representation,
               label: str, aliases: Sequence[str]) -> StudentAgent | str:
    """The agent the rubric calls ``label`` (found by ``aliases``), or the reason it cannot be used."""
    hit = find_name(names, aliases)
    if hit is None:
        return f"no agent named {' / '.join(aliases[:6])} was found"
    info = names[hit]
    agent = StudentAgent(caller, game, representation, name=hit, target=hit, kind="function")
    if info.kind == "class":
        method = next((m for m in AGENT_METHODS if info.member(m) is not None), None)
        if method is None:
            return f"class {hit} has none of the methods {', '.join(AGENT_METHODS[:6])}"
        agent.kind = "class"
        agent.method = method
        agent.constructor_params = tuple(positional_parameters(info.parameters or []))
        agent.parameters = tuple(info.member(method).parameters or ())
        agent.notes.append(f"{hit}: creates one {hit} per seat and calls its .{method}()")
    elif info.callable and info.kind in ("function", "builtin", "partial"):
        agent.parameters = tuple(info.parameters or ())
    else:
        method = next((m for m in AGENT_METHODS if info.member(m) is not None), None)
        if method is None:
            return f"{hit} is a {info.type_name}, not a function or an agent object with .act()/.play()"
        agent.kind = "object"
        agent.target = f"{hit}.{method}" if method != "__call__" else hit
        member = info.member(method)
        agent.parameters = tuple(member.parameters or ()) if member else ()
        agent.notes.append(f"{hit}: calls the object's .{method}()")
    agent.order = _agent_order(agent.parameters)
    if agent.order != ("state", "player"):
        agent.notes.append(f"{hit}: called as ({', '.join(agent.order)})")
    return agent


def _agent_order(parameters: Sequence[Any]) -> tuple[str, ...]:
    """(board, player) unless the names say (player, board), or the agent takes only a board."""
    params = positional_parameters(parameters)
    roles = [role_of(p.name) for p in params]
    required = [r for p, r in zip(params, roles) if not p.has_default]
    if required[:2] == ["player", "state"]:
        return ("player", "state")
    if len(required) == 1 and roles[:2] != ["state", "player"]:
        return ("state",)
    return ("state", "player")


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
