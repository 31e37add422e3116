"""Agents that play the student's own state or game object (positions built by replay), the ways students
write them: a function of it, plain (``best_move(game, depth)``) or the tutorial's search itself
(``minimax(game, depth, alpha, beta, maximizing_player)`` answering ``(value, move)``); a class built on it
and asked for a move (``SearchTreeNode(game).get_best_move(depth)``, ``Minimax(game, depth).best_move()``,
``MCTS(game, iterations).search()``); or a class built first with its settings and then handed it
(``AlphaBetaAgent(depth=3).get_move(game)``, ``RandomAgent().get_move(game)``).

The settings are filled the way a search's are (:mod:`grader.adapt.search_parameters`): its depth as the
student's own calls pass it (else the grader's), the window fully open, the side to move maximizing, its
number of simulations or seconds, and, for a class built for one side, the player whose turn it is. The
depth goes in by name, so the checks that count a search at a depth of their own can set it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from grader.adapt.candidates import NOT_A_ROLE, normalise
from grader.adapt.search_parameters import DEFAULT_SIMULATIONS, depth_from_calls, opening_value, search_role
from grader.adapt.signatures import positional_parameters, role_of
from grader.sandbox.calls import NameInfo, Parameter

#: words in a method's name that say it answers a move, most telling first
MOVE_WORDS = ("getmove", "bestmove", "choosemove", "move", "action", "decision", "decide", "search", "best",
              "play", "choose", "select", "act")


@dataclass(frozen=True)
class ObjectAgent:
    """One way a function or class turns the student's state into a move: the expression of the state (``s``), the
    player to move (``p``) and the options (``o``), evaluated in the worker; the call in the student's
    words; and the parameters a depth may be set by name through."""

    name: str
    expression: str
    call: str
    parameters: tuple[Parameter, ...]
    #: how many of its parameters the grader fills: a search called as the agent (the window, the
    #: maximizing flag) may answer its value where a move is a number, so a plainer agent goes first
    filled: int = 0


def _own(member: NameInfo) -> list[Parameter]:
    params = positional_parameters(member.parameters or ())
    return params[1:] if params and params[0].name in ("self", "cls") else params


def _setting(p: Parameter, where: str, position: int, source: str, depth: int, player: str | None) -> str | None:
    """The value (as code) the grader gives a required setting, or None when it cannot tell what it is."""
    role = search_role(p.name)
    if role_of(p.name) == "player" and role is None:
        return player
    if role in (None, "depth"):  # a search's other setting is most often its depth
        return str(depth_from_calls(source, where, position, p.name) or depth)
    if role == "simulations":
        return str(DEFAULT_SIMULATIONS)
    value = opening_value(role, depth, True)  # the window fully open, the side to move maximizing
    return f"float({str(value)!r})" if isinstance(value, float) and math.isinf(value) else repr(value)


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
        if p.has_default:
            options = options or search_role(p.name) == "depth"
            continue
        value = _setting(p, where, i, source, depth, player)
        if value is None:
            return None
        code.append(f"{p.name}={value}")
        shown = "player" if value == player else value.replace("float('", "").replace("')", "")
        words.append(f"{p.name}={shown}")
        options = options or search_role(p.name) == "depth"
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


def _movers(info: NameInfo) -> list[NameInfo]:
    """The class's public methods, those whose names say they answer a move first."""
    members = [m for m in info.members if m.callable and not m.name.startswith("_")
               and not NOT_A_ROLE.search(normalise(m.name))]
    rank = {m.name: next((i for i, w in enumerate(MOVE_WORDS) if w in normalise(m.name)), len(MOVE_WORDS))
            for m in members}
    return sorted(members, key=lambda m: rank[m.name])


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
    for member in _movers(info):
        own = _own(member)
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
