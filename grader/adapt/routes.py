"""Ways of calling the student's code that no module-level name offers: the rules written as methods of a
class built from the position (``Game(player, board=board).actions()``, ``Position(board).result(col)``).

Each way becomes a *route*: a small function defined in the worker that takes the course's arguments
(``board``, ``player``, ``action``) and calls the student's code the way the class is meant to be
used. Routes are then candidates like any function, ranked by their method's name and chosen by
behaviour (``grader.adapt.infer``). The feedback shows the call as the student would write it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Any, Iterator, Mapping

from grader.adapt.candidates import ROUTE_PREFIX, public_methods
from grader.adapt.search_parameters import search_role
from grader.adapt.signatures import positional_parameters, role_of
from grader.sandbox.calls import NameInfo, Parameter

#: marks a route whose class is built with its own default player (in the route's worker name)
DEFAULT_BUILT = "_default"

#: the course's arguments of each role a route can play, in the course's order
ROLE_ARGUMENTS = {"actions": ("state",), "result": ("state", "player", "action"), "terminal": ("state",),
                  "utility": ("state", "player")}


@dataclass(frozen=True)
class Route:
    """One way of calling: ``target`` is the function defined in the worker, ``shown`` its call in the
    student's words with ``{state}``, ``{player}`` and ``{action}`` where the arguments go."""

    target: str
    arguments: tuple[str, ...]
    shown: str
    source: str


def _slots(params: list[Parameter], blanks: tuple[str, ...] = ()) -> Iterator[dict[str, str]]:
    """Course argument -> parameter name, once for each way of giving the arguments in ``blanks`` that no name
    says to the required parameters named for nothing (``result(self, l)``: ``l`` is the move or the player);
    nothing when a required parameter is left over."""
    named: dict[str, str] = {}
    unnamed: list[str] = []
    for p in params:
        role = role_of(p.name)
        if role in ("state", "player", "action") and role not in named:
            named[role] = p.name
        elif role is None and search_role(p.name) is None and not p.has_default:  # a depth is named too
            unnamed.append(p.name)
        elif not p.has_default:
            return
    left = [r for r in blanks if r not in named]
    for given in permutations(left, len(unnamed)):
        role_by_name = {name: role for role, name in [*named.items(), *zip(given, unnamed)]}
        yield {role_by_name[p.name]: p.name for p in params if p.name in role_by_name}  # in the order written


def _methods(info: NameInfo) -> Iterator[tuple[NameInfo, dict[str, str]]]:
    """(method, course argument -> its parameter) for each public method of a class that may play a role:
    its parameters are named for the player or the move, or for nothing (then tried as each), none for the
    position (the object is that)."""
    for method in public_methods(info):
        for asked in _slots(positional_parameters(method.parameters or ()), ("player", "action")):
            if "state" not in asked:
                yield method, asked


def position_routes(names: Mapping[str, NameInfo]) -> list[Route]:
    """Routes through the methods of every class whose constructor takes a board: the class is built from
    the position (and the player, where it takes one) and the method asked, once for each role whose
    arguments the constructor and the method together take."""
    routes: list[Route] = []
    for cls, info in names.items():
        if info.kind != "class" or cls.startswith("_") or info.parameters is None:
            continue
        ctor = positional_parameters(info.parameters)
        built = next(_slots(ctor, ("state",)), None)  # its board: named, or its one parameter named for nothing
        if not built or "state" not in built or "action" in built:
            continue
        player_default = all(p.has_default for p in ctor if p.name == built.get("player"))
        for method, asked in _methods(info):
            for role, arguments in ROLE_ARGUMENTS.items():
                found = [_route(cls, built, method.name, asked, role, arguments, player_default=player_default)]
                if "player" in built and player_default and "player" in arguments and "player" not in asked:
                    # the method may answer from one side's view whoever the position says moves (a utility
                    # from the first player's view): the class built with its default player
                    alone = {k: v for k, v in built.items() if k != "player"}
                    found.append(_route(f"{cls}{DEFAULT_BUILT}", alone, method.name, asked, role,
                                        tuple(a for a in arguments if a != "player")))
                routes += [route for route in found if route is not None]
    return routes


def state_routes(names: Mapping[str, NameInfo]) -> list[Route]:
    """Routes through the methods of the student's own state objects, built by replaying moves (``state.actions()``,
    ``state.result(move)``); a method taking a move's parts and no player (``draw_line(orientation, row, col)``) is
    a transition given the move's parts."""
    routes: list[Route] = []
    for cls, info in names.items():
        if info.kind != "class" or cls.startswith("_"):
            continue
        for method, asked in _methods(info):
            found = (_route(cls, {}, method.name, asked, role, arguments, on_state=True)
                     for role, arguments in ROLE_ARGUMENTS.items())
            routes += [route for route in found if route is not None]
        for method in public_methods(info):
            required = [p for p in positional_parameters(method.parameters or ()) if not p.has_default]
            if len(required) in (2, 3) and next(_slots(required), None) is None and \
                    not any(role_of(p.name) in ("state", "player") for p in required):
                target = f"{ROUTE_PREFIX}{cls}_self__{method.name}__result"
                routes.append(Route(target, ("state", "action"), f"{{state}}.{method.name}(*{{action}})",
                                    f"def {target}(state, action):\n    return state.{method.name}(*action)\n"))
    return routes


def _route(cls: str, built: dict[str, str], method: str, asked: dict[str, str], role: str,
           arguments: tuple[str, ...], on_state: bool = False, player_default: bool = True) -> Route | None:
    """The route of one role through ``cls(...).method(...)``, or None when their arguments do not fit it."""
    given = set(built) | set(asked)
    if role == "actions" and "player" in given:
        arguments = ("state", "player")  # the moves may depend on who moves (Mean Connect 4's mean moves)
    if not set(asked) <= set(arguments) or ("action" in arguments) != ("action" in asked):
        return None
    if "player" in arguments and "player" not in given and not on_state:
        return None  # a utility or result that cannot be told whose view or move it is
    if on_state and "player" not in asked:
        # a state knows its mover, and a utility it answers alone is from one side's view, as a function's is
        arguments = tuple(a for a in arguments if a != "player")
    if "player" in built and "player" not in arguments:
        if player_default:
            built = {k: v for k, v in built.items() if k != "player"}  # left to its default
        else:
            arguments = (*arguments, "player")  # the class needs one: the player to move is given
    ctor = ", ".join(f"{name}={{{slot}}}" for slot, name in built.items())
    call = ", ".join(f"{name}={{{slot}}}" for slot, name in asked.items() if slot in arguments)
    shown = f"{{state}}.{method}({call})" if on_state else f"{cls.removesuffix(DEFAULT_BUILT)}({ctor}).{method}({call})"
    target = f"{ROUTE_PREFIX}{cls}{'_self' if on_state else ''}__{method}__{role}"
    body = shown.format(**{a: a for a in arguments})
    source = f"def {target}({', '.join(arguments)}):\n    {shown!r}\n    return {body}\n"
    return Route(target, arguments, shown, source)


def install(sandbox: Any, routes: list[Route]) -> list[Route]:
    """Define the routes in the worker; the ones that loaded."""
    if not routes:
        return []
    return [r for r, cell in zip(routes, sandbox.load([r.source for r in routes]).cells) if cell.ok]


def shown_call(shown: str, values: Mapping[str, str]) -> str:
    """A route's call (its docstring in the worker) with the argument texts in ``values``."""
    return shown.format(**{a: values.get(a, a) for a in ("state", "player", "action")})
