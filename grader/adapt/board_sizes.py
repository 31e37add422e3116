"""Asking the student's code for a board of a given size: the arguments of an initial-state function or
a game class that make one (``empty_board(shape=(5, 6))``, ``Board(rows=5, cols=6)``, ``Game(n=3)``).

The rubric asks every function at other sizes too, so the grader must make boards of those sizes the
way the student's code makes them. Which arguments do is decided by behaviour (the board that comes
back); this module only lists them, most likely first.
"""

from __future__ import annotations

from typing import Any, Sequence

from grader.adapt.signatures import positional_parameters, role_of
from grader.sandbox.calls import Parameter

#: parameter names that give the number of marks in a row needed to win
K_WORDS = ("k", "inarow", "ninrow", "connect", "winlength", "towin", "line", "streak", "needed")
#: names of one parameter that takes the whole size as a pair
PAIR_WORDS = ("shape", "size", "dims", "dimensions", "boardsize", "board_shape", "dim")


def _normal(name: str) -> str:
    return name.replace("_", "").lower()


def _is_pair(p: Parameter) -> bool:
    default = p.default
    return isinstance(default, (tuple, list)) and len(default) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in default) or \
        not p.has_default and _normal(p.name) in PAIR_WORDS


def _is_count(p: Parameter) -> bool:
    return not p.has_default or (isinstance(p.default, int) and not isinstance(p.default, bool)
                                 and 1 <= p.default <= 30)


def size_arguments(parameters: Sequence[Parameter] | None, sizes: Sequence[tuple[int, int]],
                   k: int | None = None, defaults_last: bool = True) -> list[str]:
    """Keyword-argument texts that ask for a board of each of ``sizes`` (alternative readings of one size:
    dots, then boxes), each both ways round; the defaults (``""``) last when every parameter has one.
    Empty when a required parameter is none of the size's."""
    params = positional_parameters(parameters or ())
    k_param = next((p for p in params if _normal(p.name) in K_WORDS), None)
    pair = next((p for p in params if p is not k_param and _is_pair(p)), None)
    counts = [p for p in params if p is not k_param and p is not pair and _is_count(p)
              and role_of(p.name) not in ("player", "state", "action")]  # Game(player=1, rows=6, cols=7)
    named = [p for p in counts if role_of(p.name) in ("rows", "cols")]
    if len(named) == 2:
        counts = named
    if pair is not None:
        counts = []
    elif len(counts) == 2 and role_of(counts[0].name) == "cols" and role_of(counts[1].name) == "rows":
        counts.reverse()  # named (cols, rows): rows still go to the one named for them
    used = [p for p in (pair, k_param, *counts[:2]) if p is not None]
    if any(not p.has_default for p in params if p not in used):
        return []
    extra = f", {k_param.name}={k}" if k_param is not None and k is not None else ""
    out: list[str] = []
    for rows, cols in sizes:
        for a, b in ((rows, cols), (cols, rows)):
            if pair is not None:
                out.append(f"{pair.name}=({a}, {b}){extra}")
                if a == b and not pair.has_default:  # Board(size): one number, for a square board, or a pair
                    out.append(f"{pair.name}={a}{extra}")
            elif len(counts) >= 2:
                out.append(f"{counts[0].name}={a}, {counts[1].name}={b}{extra}")
            elif len(counts) == 1 and a == b:
                out.append(f"{counts[0].name}={a}{extra}")
    if defaults_last and all(p.has_default for p in params):
        out.append("")
    return list(dict.fromkeys(out))


def first_size(parameters: Sequence[Parameter] | None) -> Any:
    """The size the defaults make, as the parameters say it (a pair or two numbers), or None."""
    params = positional_parameters(parameters or ())
    pair = next((p for p in params if _is_pair(p) and p.has_default), None)
    if pair is not None:
        return tuple(pair.default)
    counts = [p.default for p in params if p.has_default and _is_count(p)]
    return tuple(counts[:2]) if len(counts) >= 2 else None
