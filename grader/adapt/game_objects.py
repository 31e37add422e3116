"""Games written as classes, the textbook's way: ``class TicTacToe(Game)`` with methods ``actions``,
``result``, ``utility``, ``terminal_test``, ``to_move`` and an ``initial`` state.

Methods of module-level objects are already candidates for the roles. A game class the code never makes an
object of gets objects made here, one per plausible board size: its defaults, and the rubric's rows and columns
passed both ways round (editions of the textbook disagree on which comes first); so does the class of a
notebook's own object that does not play the rubric's size. Behaviour decides which object's methods play the
roles, like everything in ``grader.adapt``. An object's ``initial`` attribute can be its initial state.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Sequence

from grader.adapt.board_sizes import first_size, size_arguments
from grader.adapt.candidates import ROLE_WORDS, normalise
from grader.adapt.signatures import positional_parameters, role_of
from grader.sandbox.calls import NameInfo, Parameter

#: a class is a game when its method names say at least this many of these roles
GAME_ROLES = ("actions", "result", "terminal", "utility")
ENOUGH_ROLES = 3
#: attribute names that hold a game object's initial state
INITIAL_WORDS = ("initial", "initialstate", "start", "startstate", "state0", "root")


def is_game_class(info: NameInfo) -> bool:
    """Whether a class's methods look like a game's rules: their names cover most of the roles, or (whatever
    they are called) most of them take a board (``rules.f(board)``, ``rules.g(board, player, move)``)."""
    if info.kind != "class":
        return False
    methods = [m for m in info.members if m.callable and not m.name.startswith("_")]
    names = [normalise(m.name) for m in methods]
    covered = {role for role in GAME_ROLES for n in names if any(w in n for w in ROLE_WORDS[role])}
    on_boards = [m for m in methods if any(role_of(p.name) == "state" for p in positional_parameters(m.parameters or ()))]
    return len(covered) >= ENOUGH_ROLES or len(on_boards) >= ENOUGH_ROLES


def make_game_objects(sandbox: Any, names: Mapping[str, NameInfo], game: Any, *,
                      of_instantiated: bool = False) -> list[str]:
    """Make objects of the game classes nothing at the top level is an object of; what was made, in words.
    With ``of_instantiated``, objects at the rubric's size (``game``'s) of the classes the notebook did make an
    object of, for when that object does not play the game the rubric asks (its defaults are another size)."""
    rows, cols = game.rows, game.cols
    instantiated = {info.type_name.rsplit(".", 1)[-1] for info in names.values() if info.kind == "value"}
    notes = []
    for name, info in names.items():
        if not is_game_class(info) or name.startswith("_") or (name in instantiated) != of_instantiated:
            continue
        constructions = _constructions(name, info.parameters or (), [(rows, cols)], getattr(game, "k", None))
        if of_instantiated:  # the notebook's own object has the defaults
            constructions = [(variable, arguments) for variable, arguments in constructions if arguments]
        for variable, arguments in constructions:
            report = sandbox.load([f"{variable} = {name}({arguments})"]).cells[0]
            if report.ok:
                why = f"the assignment's board size, {rows}x{cols}" if name in instantiated else \
                    f"your code makes no {name} at the top level"
                notes.append(f"made {variable} = {name}({arguments}) to play its methods ({why})")
    return notes


def _constructions(name: str, parameters: tuple[Parameter, ...], sizes: Sequence[tuple[int, int]],
                   k: int | None) -> list[tuple[str, str]]:
    """(variable, arguments) of each object to make: the defaults, then the rubric's size both ways, in each of the ways
    ``sizes`` counts it (Dots and Boxes: dots, then boxes; a size the defaults already make is not made twice)."""
    base = name.lower()
    arguments = size_arguments(parameters, sizes, k)
    made = first_size(parameters)
    out = [(f"{base}_game", "")] if "" in arguments else []
    for given in arguments:
        numbers = tuple(int(n) for n in re.findall(r"\d+", given))
        if given and (made is None or numbers[:2] != tuple(made)):
            out.append((f"{base}_{'x'.join(map(str, numbers[:2]))}", given))
    return out


def initial_attributes(names: Mapping[str, NameInfo]) -> list[str]:
    """``obj.initial``-style targets: non-callable members of objects of the submission's own classes
    whose names say they hold the initial state."""
    own = {n for n, i in names.items() if i.kind == "class"}
    return [f"{name}.{m.name}" for name, info in names.items()
            if info.kind == "value" and info.type_name.rsplit(".", 1)[-1] in own and not name.startswith("_")
            for m in info.members if not m.callable and normalise(m.name) in INITIAL_WORDS]


def objects(names: Mapping[str, NameInfo]) -> list[str]:
    """The module-level objects of the submission's game classes, in the order they were made."""
    games = {n for n, i in names.items() if is_game_class(i)}
    return [n for n, i in names.items() if i.kind == "value" and i.type_name.rsplit(".", 1)[-1] in games]


def alone(names: Mapping[str, NameInfo], keep: str, others: list[str]) -> dict[str, NameInfo]:
    """The submission's names with one game object among ``others``: a game class is one unit, so its
    roles are all taken from the same object."""
    return {n: i for n, i in names.items() if n == keep or n not in others}


def game_object(bound: list[str]) -> str | None:
    """The object whose methods play the roles (``connectfour_game`` of ``connectfour_game.result``)."""
    owners = [target.rsplit(".", 1)[0] for target in bound if "." in target]
    return max(set(owners), key=owners.count) if owners else None


def sized_object(sandbox: Any, names: Mapping[str, NameInfo], obj: str, game: Any,
                 fits: Callable[[str], bool]) -> str | None:
    """The worker name of an object like the module-level ``obj`` made for ``game``'s size (its methods read the
    size from the object), each way of ``size_readings()``; None when its class takes no size (``Connect4(rows=6,
    cols=7)``) or no such object ``fits``."""
    rows, cols = game.rows, game.cols
    info = names.get(obj)
    cls = info.type_name.rsplit(".", 1)[-1] if info is not None and info.kind == "value" else None
    if cls is None or names.get(cls) is None or names[cls].kind != "class":
        return None
    k = getattr(game, "k", None)
    for _, arguments in _constructions(cls, names[cls].parameters or (), game.size_readings(), k):
        if not arguments:
            continue  # the defaults are the object the notebook already has
        variable = f"{obj}_{rows}x{cols}"  # feedback shows the calls: rules_5x6.over(board)
        while variable in names:
            variable += "_"
        if sandbox.load([f"{variable} = {cls}({arguments})"]).cells[0].ok and fits(variable):
            return variable
    return None
