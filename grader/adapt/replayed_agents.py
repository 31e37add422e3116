"""Agents that play the student's own state or game object (positions built by replay through their code): a
function of it (``best_move(game, depth)``, or the tutorial's ``minimax(game, depth, alpha, beta, maximizing)``
answering ``(value, move)``); a class built on it and asked for a move (``Minimax(game, depth).best_move()``);
or a class built with its settings and then handed it (``AlphaBetaAgent(depth=3).get_move(game)``).

The settings are filled the way a search's are (:mod:`grader.adapt.search_parameters`); the depth goes in by
name, so the checks that count a search at a depth of their own can set it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from grader.adapt import returns
from grader.adapt.agents import SIBLING_SEARCH, Move, late_position
from grader.adapt.candidates import AGENT_WORDS, NOT_A_ROLE, ROLE_WORDS, move_methods, normalise, rank
from grader.adapt.conventions import GAME_NAMES
from grader.adapt.replayed_states import NoReplay, ReplayedStates, why_not_built
from grader.adapt.search_parameters import search_role, setting
from grader.adapt.signatures import positional_parameters, role_of
from grader.sandbox.calls import TIMEOUT, NameInfo, Parameter
from reference.games.base import Game


@dataclass(frozen=True)
class ObjectAgent:
    """One way a function or class turns the student's state into a move: the expression of the state (``s``), the
    player to move (``p``) and the options (``o``), evaluated in the worker; the call in the student's
    words; and the parameters a depth may be set by name through."""

    name: str
    expression: str
    call: str
    parameters: tuple[Parameter, ...]
    #: how many of its parameters the grader fills: a search called as the agent (its window, its maximizing flag)
    #: may answer its value where a move is a number, so a plainer agent goes first
    filled: int = 0


def _arguments(params: Sequence[Parameter], subject: int | None, where: str, source: str, depth: int,
               player: str | None) -> tuple[list[str], list[str], bool] | None:
    """(code, words, takes the options) of the arguments of a call: the state at position ``subject``,
    every other required parameter filled as a setting and passed by name; None when one cannot be."""
    code, words, options = [], [], False
    for i, p in enumerate(params):
        if i == subject:
            code.append("s")
            words.append("game")
            continue
        role = search_role(p.name)
        mover = role_of(p.name) == "player" and role is None
        options = options or role == "depth"
        if p.has_default and not (player and mover):
            continue  # a player's parameter is given the player to move, default or not
        if mover:
            if player is None:  # no telling what it is
                return None
            value = player
        else:
            value = setting(role, source, where, i, p.name, depth)
            value = f"float({str(value)!r})" if isinstance(value, float) and math.isinf(value) else repr(value)
        code.append(f"{p.name}={value}")
        shown = "player" if value == player else value.replace("float('", "").replace("')", "")
        words.append(f"{p.name}={shown}")
    return code, words, options


def _call(code: list[str], options: bool) -> str:
    """A call's arguments, the options (a depth set by name) overriding those of the same name."""
    if not options:
        return ", ".join(code)
    positional = [c for c in code if "=" not in c]
    named = [c.split("=", 1) for c in code if "=" in c]
    return ", ".join(positional + ["**{" + ", ".join(f"{k!r}: {v}" for k, v in named) + (", " if named else "")
                                   + "**o}"])


def function_agent(name: str, info: NameInfo, source: str = "", depth: int = 3,
                   player: str | None = None) -> ObjectAgent | None:
    """How function ``name`` turns the student's state ``s`` into a move: the state first, every other
    required parameter a setting; None when one is not."""
    params = positional_parameters(info.parameters or ())
    if not params or params[0].has_default:
        return None
    made = _arguments(params, 0, name, source, depth, player)
    if made is None:
        return None
    code, words, options = made
    return ObjectAgent(name, f"lambda s, p=None, **o: {name}({_call(code, options)})",
                      f"{name}({', '.join(words)})", tuple(info.parameters or ()), len(code) - 1)


def class_agents(name: str, info: NameInfo, source: str = "", depth: int = 3,
                 player: str | None = None) -> list[ObjectAgent]:
    """Every way class ``name`` may turn the student's state ``s`` into a move: built on it (its first
    required parameter names no setting), or built with its settings alone and a method handed it.
    ``player`` is the code that says whose turn it is (for a class built for one side), if any."""
    ctor = positional_parameters(info.parameters or ())
    required = [p for p in ctor if not p.has_default]
    built_on = bool(required) and search_role(required[0].name) is None and role_of(required[0].name) != "player"
    made = _arguments(ctor, ctor.index(required[0]) if built_on else None, name, source, depth, player)
    if made is None:
        return []
    ctor_code, ctor_words, ctor_options = made
    out = []
    for member in move_methods(info):
        own = positional_parameters(member.parameters or ())
        own = own[1:] if own and own[0].name == "cls" else own  # positional_parameters leaves out self already
        needed = [p for p in own if not p.has_default]
        if built_on and len(needed) > 1 or not built_on and not needed:
            continue
        asked = _arguments(own, None if built_on else own.index(needed[0]), member.name, source, depth, player)
        if asked is None:
            continue
        code, words, options = asked
        if built_on and ctor_options and options:
            options = False  # the depth is set where the class is built
        ctor_call = _call(ctor_code, ctor_options and not options)
        out.append(ObjectAgent(
            name, f"lambda s, p=None, **o: {name}({ctor_call}).{member.name}({_call(code, options)})",
            f"{name}({', '.join(ctor_words)}).{member.name}({', '.join(words)})",
            tuple(own if options else ctor if ctor_options else ()),
            len(ctor_code) + len(code) - 1))
    return out


@dataclass
class ReplayedAgent:
    """An agent that takes the student's game object (``SearchTreeNode(game).get_best_move(3)``),
    asked on objects brought to each position by replay."""

    caller: Any
    game: Game
    representation: ReplayedStates
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
        # a position of a game the agent plays is written when no line reaches it
        extra = {"write_unreached": True, **({"count_calls": True, "count_seconds": count_seconds,
                                              "watch": tuple(watch)} if count_calls else {})}
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
        if action is None and reading != returns.ILLEGAL_MOVE:
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


def pick_agent(agents: Sequence[ReplayedAgent], label: str, aliases: Sequence[str],
               timeout: float | None = None) -> tuple[ReplayedAgent, bool] | None:
    """The agent for a rubric label among candidates that take the student's own state, and whether it serves the
    label without its name saying so: names rank those answering a legal move (at random for a random player, not
    for a search). One search may serve both searching labels; any other label needs a name that says it."""
    if not agents:
        return None
    game = agents[0].game
    words = AGENT_WORDS.get(label, (normalise(label),))
    random_label = "random" in normalise(label)
    board, player = (game.to_course(game.initial_state()), game.to_move(game.initial_state())) if random_label \
        else late_position(game)
    fitting = []
    for agent in agents:
        norm = normalise(agent.name)
        exact = norm in {normalise(a) for a in aliases}
        by_name = exact or any(w in norm for w in words)  # its own name, not only its method's, says it
        named = by_name or any(w in normalise(agent.target) for w in words)
        shared = not named and any(w in norm for w in SIBLING_SEARCH.get(words, ())) and \
            (words != ROLE_WORDS["heuristic"] or any(search_role(p.name) == "depth" for p in agent.parameters))
        if not named and not shared and (words != ROLE_WORDS["alphabeta"] or "random" in norm) and not random_label:
            continue
        answers = [agent.move(board, player, timeout) for _ in range(4 if random_label else 1)]
        if all(a.ok for a in answers) and (len({a.action for a in answers}) > 1) == random_label:
            fitting.append((not named, not shared, not exact, not by_name, agent.filled, len(fitting), agent))
    if not fitting:
        return None
    unnamed, unshared, *_, agent = min(fitting, key=lambda f: f[:6])
    return agent, unnamed and not unshared


def find_replayed_agent(rep: ReplayedStates, found: Sequence[ObjectAgent], label: str, aliases: Sequence[str],
                        timeout: float | None, doubts: dict[str, str]) -> ReplayedAgent | str:
    """The agent for a rubric label among the candidates ``found`` that take the student's own state
    (:func:`pick_agent`), or why there is none; once graded, a position it is asked on that cannot be built puts
    its lost points in ``doubts`` (the game's, see :meth:`ReplayedAgent._not_built`)."""
    agents = [ReplayedAgent(rep.caller, rep.game, rep, a.name, a.expression, a.call, parameters=a.parameters,
                            filled=a.filled) for a in found]
    picked = pick_agent(agents, label, aliases, timeout)
    if picked is None:
        return f"no function that takes your state answers like {label}"
    agent, shared = picked
    agent.notes.append(f"{label}: {agent.call}, asked on your states replayed to each position"
                       + (f"; it serves as {label} too, as nothing is named for it" if shared else ""))
    agent.doubts, agent.label = doubts, label
    return agent


def agent_candidates(rep: ReplayedStates, names: Mapping[str, Any], label: str, aliases: Sequence[str],
                     playing: set[str] = frozenset(), source: str = "") -> list[ObjectAgent]:
    """Everything that may turn the student's state ``s`` into a move for the player to move ``p``: a function of
    it (the textbook's ``player(game, state)`` given the game object) or a class that plays it; none that plays a
    game function (``playing``: those besides the replay's own)."""
    roles = {rep.start.split("(", 1)[0], rep.transition.name, rep.moves.name, *playing}
    depth, out = rep.game.counted_depth, []
    for candidate in rank(names, label, aliases, classes=True, unnamed=True):
        name, info = candidate.target, candidate.info
        if "." in name or name in roles or NOT_A_ROLE.search(normalise(name)):
            continue
        if info.kind == "class":
            out += class_agents(name, info, source, depth, "p")
        if info.kind != "function":
            continue
        required = [p for p in positional_parameters(info.parameters or ()) if not p.has_default]
        game_at = [i for i, p in enumerate(required) if p.name.lower() in GAME_NAMES]
        if rep.owner and len(required) == 2 and len(game_at) == 1:  # the textbook's player(game, state)
            args = ", ".join(rep.owner if i == game_at[0] else "s" for i in range(2))
            words = ", ".join(rep.owner if i == game_at[0] else "state" for i in range(2))
        elif len(required) == 2 and [role_of(p.name) for p in required] == ["player", "state"]:  # as named
            args, words = "p, s", "player, state"
        else:
            agent = function_agent(name, info, source, depth, "p")
            out += [agent] if agent is not None else []
            continue
        out.append(ObjectAgent(name, f"lambda s, p=None, **o: {name}({args}, **o)", f"{name}({words})",
                               tuple(info.parameters or ())))
    return out
