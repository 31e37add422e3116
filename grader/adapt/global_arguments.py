"""Parameters the grader cannot fill, filled the way the notebook fills them, and size constants that follow the
board asked about.

Notebooks keep state beyond the board in module-level values passed by name (the first Dots and Boxes template
kept no box owners on the board: ``result(board, player, move, score)``). Where the last required parameters of a
top-level function (after its first) or of a class's constructor (its first included) are named like module-level
values (not a board, player or move), a call that leaves them out gets a fresh copy of that value; else they get
what every call of the function in the notebook (``functools.partial`` of it too) passes for them, when that is a
top-level name or a constant (a search's depth is left to ``search_parameters``). The feedback names each.

Notebooks also fix the board's size in constants (``ROW_COUNT = 6``) that their functions read: a call about a
board of another size runs with the constants set to the size the call says it asks about
(:class:`grader.adapt.student_game.SizedCaller`, since many boards do not show their size), set back afterwards.
"""

from __future__ import annotations

import ast
from itertools import takewhile
from typing import Any, Mapping

from grader.adapt.search_parameters import called_name, parsed, search_role
from grader.adapt.signatures import positional_parameters, role_of
from grader.sandbox.calls import NameInfo
from grader.sandbox.worker import ASKED_SIZE

#: the function, defined in the submission's namespace, that wraps one of its functions
FILL_FUNCTION = "__grader_fill_from_globals__"

_SHIM = f'''
def {FILL_FUNCTION}(target, names):
    import copy, functools, inspect
    fn = globals()[target]
    signature = inspect.signature(fn)
    params = list(signature.parameters.values())

    def fill(args, kwargs):
        for position, p in enumerate(params):
            if p.name in names and position >= len(args) and p.name not in kwargs:
                value = eval(names[p.name], globals())
                try:
                    value = copy.deepcopy(value)
                except Exception:
                    pass
                kwargs[p.name] = value

    shown = signature.replace(parameters=[p.replace(default=None) if p.name in names else p for p in params])
    if inspect.isclass(fn):  # a class stays a class: its constructor fills them
        built = fn.__init__

        @functools.wraps(built)
        def __init__(self, *args, **kwargs):
            fill(args, kwargs)
            built(self, *args, **kwargs)

        fn.__init__ = __init__
        fn.__signature__ = shown
        return

    @functools.wraps(fn)
    def filled(*args, **kwargs):
        fill(args, kwargs)
        return fn(*args, **kwargs)

    filled.__signature__ = shown
    globals()[target] = filled
'''


def from_globals(names: Mapping[str, NameInfo], source: str = "") -> dict[str, dict[str, str]]:
    """Function or class -> its trailing required parameters that module-level values fill, each with the
    expression that fills it: the global of its name, else what the notebook's own calls pass for it."""
    values = {n for n, info in names.items() if info.kind == "value" and not n.startswith("_")}
    passed = passed_in_calls(source, set(names))
    fills = {}
    for name, info in names.items():
        if info.kind not in ("function", "class") or name.startswith("_") or not info.parameters:
            continue
        required = [(i, p) for i, p in enumerate(positional_parameters(info.parameters)) if not p.has_default]
        filled: dict[str, str] = {}
        # a function's first parameter is what it is about; a class's constructor takes settings from its first
        for i, p in reversed(required if info.kind == "class" else required[1:]):
            if role_of(p.name) is not None:
                break
            given = passed.get((name, p.name)) or passed.get((name, i))
            if p.name in values:
                filled[p.name] = p.name
            elif given is not None and search_role(p.name) is None:
                filled[p.name] = given
            else:
                break
        if filled:
            fills[name] = dict(reversed(filled.items()))
    return fills


def passed_in_calls(source: str, top_level: set[str]) -> dict[tuple[str, str | int], str]:
    """(function, parameter) -> the expression every argument for that parameter in the notebook's calls of the
    function (direct, or through ``functools.partial``) passes, when they all pass the same top-level name or
    constant. A keyword argument is keyed by its name, a positional one by its position."""
    tree = parsed(source)
    seen: dict[tuple[str, str | int], set[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func, args = node.func, node.args
        if called_name(func) == "partial" and node.args:
            func, args = node.args[0], node.args[1:]
        target = called_name(func)
        if target is None or target not in top_level:
            continue
        given: list[tuple[str | int, ast.expr]] = [(k.arg, k.value) for k in node.keywords if k.arg is not None]
        given += enumerate(takewhile(lambda a: not isinstance(a, ast.Starred), args))  # none known after a *args
        for key, v in given:
            ok = (isinstance(v, ast.Name) and v.id in top_level) or \
                (isinstance(v, ast.Constant) and isinstance(v.value, (int, float, str, bool)))
            seen.setdefault((target, key), set()).add(ast.unparse(v) if ok else "\0")
    return {key: exprs.pop() for key, exprs in seen.items() if len(exprs) == 1 and "\0" not in exprs}


def fill_from_globals(sandbox: Any, names: Mapping[str, NameInfo], source: str = "") -> list[str]:
    """Wrap the functions :func:`from_globals` finds, in the sandbox; what was filled, in words."""
    fills = from_globals(names, source)
    if not fills:
        return []
    cell = _SHIM + "".join(f"{FILL_FUNCTION}({target!r}, {params!r})\n" for target, params in fills.items())
    if not all(c.ok for c in sandbox.load([cell]).cells):
        return []
    out = []
    for target, params in fills.items():
        same = [p for p, e in params.items() if e == p]
        calls = [f"{p}={e}" for p, e in params.items() if e != p]
        for filled, how in ((same, f"fills {', '.join(same)} with a copy of your global of the same name"),
                            (calls, f"called with {', '.join(calls)}")):
            if filled:
                it = "it" if len(filled) == 1 else "them"
                out.append(f"{target}(): {how} when the grader leaves {it} out, as your own calls pass {it}")
    return out


#: the function, defined in the submission's namespace, that makes the size constants follow the size a call says
SIZE_FUNCTION = "__grader_size_from_board__"

#: module-level names, and a module-level object's attributes (normalised), that hold the number of rows, of columns
ROW_NAMES = ("rows", "rowcount", "numrows", "nrows", "numberofrows", "height", "boardheight", "boardrows")
COLUMN_NAMES = ("cols", "columns", "colcount", "columncount", "numcols", "numcolumns", "ncols", "numberofcolumns",
                "width", "boardwidth", "boardcols")

_SIZE_SHIM = f'''
def {SIZE_FUNCTION}(constants, objects, game_size):
    import copy, functools, inspect, types
    g = globals()
    game_size = tuple(game_size)
    # each holder of the size: (read it, write it); a size held the other way round counts the board's axes as the
    # student stores them
    holders = {{}}
    if constants:
        rows, cols = constants
        holders[(rows, cols)] = (lambda: (g[rows], g[cols]), lambda size: g.update({{rows: size[0], cols: size[1]}}))
    made = {{}}  # (object, size) -> an object of the student's class at that size

    def at_size(name, obj, attrs, size):
        if (name, size) not in made:
            new = None
            try:  # built as the notebook builds it, when its constructor takes the attributes by name
                if set(attrs) <= set(inspect.signature(type(obj)).parameters):
                    new = type(obj)(**dict(zip(attrs, size)))
            except Exception:
                new = None
            if new is None or tuple(getattr(new, a, None) for a in attrs) != size:
                new = copy.copy(obj)
                for a, v in zip(attrs, size):
                    setattr(new, a, v)
            made[name, size] = new
        return made[name, size]

    for name, named in objects.items():
        obj = g.get(name)
        attrs = [[a for a in axis if type(getattr(obj, a, None)) is int] for axis in named]
        if any(len(axis) != 1 for axis in attrs):
            continue
        attrs = (attrs[0][0], attrs[1][0])
        if tuple(getattr(obj, a) for a in attrs) not in (game_size, game_size[::-1]):
            continue  # not the size graded: it holds something else
        holders[name] = (lambda name=name, attrs=attrs: tuple(getattr(g[name], a) for a in attrs),
                         lambda size, name=name, attrs=attrs, obj=obj: g.update({{name: obj if tuple(
                             getattr(obj, a) for a in attrs) == size else at_size(name, obj, attrs, size)}}))
    swapped = {{key: read() == game_size[::-1] != game_size for key, (read, _) in holders.items()}}

    def names(code):
        return set(code.co_names).union(*(names(c) for c in code.co_consts if isinstance(c, types.CodeType)))

    inside = [False]  # within a call that has set the holders: the calls it makes run as they are (a search's
    # millions of calls to its helpers cost no more than unwrapped ones)

    def sized(fn):
        @functools.wraps(fn)
        def call(*args, **kwargs):
            told = g.get({ASKED_SIZE!r})  # the size asked about: (rows, columns)
            if told is None or inside[0]:
                return fn(*args, **kwargs)
            kept = {{}}
            inside[0] = True
            try:
                for key, (read, write) in holders.items():
                    now, asked = read(), tuple(told[::-1]) if swapped[key] else tuple(told)  # in the holder's axes
                    if asked != now:
                        kept[key] = now
                        write(asked)
                return fn(*args, **kwargs)
            finally:
                for key, now in kept.items():
                    holders[key][1](now)
                inside[0] = False
        return call

    functions = {{n: names(getattr(v, "__wrapped__", v).__code__) for n, v in g.items()
                  if isinstance(v, types.FunctionType)}}
    reading = {{n for key in holders for n in (key if isinstance(key, tuple) else (key,))}}
    while True:  # the holders, then every function that reads one or calls one that does
        more = {{n for n, used in functions.items() if n not in reading and used & reading}}
        if not more:
            break
        reading |= more
    for name in reading & set(functions):  # functions and helpers (the grader's own dunders aside), then methods
        if not name.startswith("__"):
            g[name] = sized(g[name])
    for cls in [v for v in g.values() if isinstance(v, type) and v.__module__ == g.get("__name__")]:
        for name, fn in list(vars(cls).items()):
            if isinstance(fn, types.FunctionType) and names(fn.__code__) & reading:
                setattr(cls, name, sized(fn))
    return sorted(k if isinstance(k, str) else " and ".join(k) for k in holders)
'''


def _named(name: str, words: tuple[str, ...]) -> bool:
    return name.replace("_", "").lower() in words


def size_constants(names: Mapping[str, NameInfo]) -> tuple[str, str] | None:
    """(rows, columns): the module-level ints that fix the board's size, when one of each is named so."""
    ints = [n for n, info in names.items() if info.kind == "value" and info.type_name == "int"]
    found = [[n for n in ints if _named(n, words)] for words in (ROW_NAMES, COLUMN_NAMES)]
    return (found[0][0], found[1][0]) if all(len(f) == 1 for f in found) else None


def size_objects(names: Mapping[str, NameInfo]) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Module-level objects of the submission's own classes that keep the board's size in an attribute named for
    the rows and one named for the columns (``game = Game()`` with ``self.rows, self.cols``): name -> the attributes
    named so for each (the worker keeps the one of each that holds a whole number)."""
    own = {name for name, info in names.items() if info.kind == "class"}
    axes = {name: tuple(tuple(m.name for m in info.members if not m.callable and _named(m.name, words))
                        for words in (ROW_NAMES, COLUMN_NAMES))
            for name, info in names.items()
            if info.kind == "value" and info.type_name.rsplit(".", 1)[-1] in own and not name.startswith("_")}
    return {name: found for name, found in axes.items() if all(found)}


def size_from_boards(sandbox: Any, names: Mapping[str, NameInfo], game_size: tuple[int, int]) -> list[str]:
    """Wrap the functions that read what holds the board's size (constants :func:`size_constants` finds, objects
    :func:`size_objects` finds), in the sandbox, so a call about another size runs with them at that size; what was
    done, in words. ``game_size`` is the (rows, columns) the notebook is graded at."""
    constants, objects = size_constants(names), size_objects(names)
    if constants is None and not objects:
        return []
    report = sandbox.load([_SIZE_SHIM])
    r = sandbox.call(SIZE_FUNCTION, constants, objects, tuple(game_size)) if all(c.ok for c in report.cells) else None
    if r is None or not r.ok or not r.value:
        return []
    them = "them" if constants or len(r.value) > 1 else "it"
    return [f"your functions that read {' and '.join(r.value)} run with {them} set to the size of the board they are "
            "asked about"]
