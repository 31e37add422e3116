"""Parameters the grader cannot fill, filled the way the notebook fills them: from its global of the same name.

Notebooks keep state beyond the board in module-level values and pass it along by name: the Dots
and Boxes template's first version stored no box owners on the board, so its students write
``score = {...}`` and ``result(board, player, move, score)``, ``random_player(board, player, score)``.
The grader knows the board, the player and the move, not the score. Where the last required
parameters of a top-level function (or a class's constructor) are named like module-level values (not
functions, classes or modules, and not a board, player or move), a call that leaves them out gets a fresh copy of that
value, as the notebook's own calls pass it; a call that passes them is unchanged. The feedback
names each parameter filled this way.
"""

from __future__ import annotations

from typing import Any, Mapping

from grader.adapt.signatures import positional_parameters, role_of
from grader.sandbox.calls import NameInfo

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
                value = globals()[p.name]
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


def from_globals(names: Mapping[str, NameInfo]) -> dict[str, tuple[str, ...]]:
    """Function or class -> its trailing required parameters that module-level values of the same name fill."""
    values = {n for n, info in names.items() if info.kind == "value" and not n.startswith("_")}
    fills = {}
    for name, info in names.items():
        if info.kind not in ("function", "class") or name.startswith("_") or not info.parameters:
            continue
        required = [p for p in positional_parameters(info.parameters) if not p.has_default]
        filled: list[str] = []
        for p in reversed(required[1:]):  # the first parameter is what the function is about
            if p.name not in values or role_of(p.name) is not None:
                break
            filled.insert(0, p.name)
        if filled:
            fills[name] = tuple(filled)
    return fills


def fill_from_globals(sandbox: Any, names: Mapping[str, NameInfo]) -> list[str]:
    """Wrap the functions :func:`from_globals` finds, in the sandbox; what was filled, in words."""
    fills = from_globals(names)
    if not fills:
        return []
    cell = _SHIM + "".join(f"{FILL_FUNCTION}({target!r}, {params!r})\n" for target, params in fills.items())
    report = sandbox.load([cell])
    if not all(c.ok for c in report.cells):
        return []
    return [f"{target}(): fills {', '.join(params)} with a copy of your global of the same name when the grader "
            f"leaves {'it' if len(params) == 1 else 'them'} out, as your own calls pass "
            f"{'it' if len(params) == 1 else 'them'}" for target, params in fills.items()]
