"""Board sizes a notebook keeps in module-level constants (``ROWS = 6``, ``COLUMN_COUNT = 7``).

Code written around such constants only works at the size they say. The course asks every function
to work at other sizes too (its timing experiments use 4x4 to 6x7 boards), and students meet that by
editing the constants. So when the grader asks about another size, it sets those constants to that
size for the call (and puts them back after it), as the student would have, and says so.
"""

from __future__ import annotations

from typing import Any, Mapping

from grader.adapt.signatures import role_of
from grader.sandbox.calls import NameInfo


def size_constants(caller: Any, names: Mapping[str, NameInfo], rows: int, cols: int,
                   timeout: float = 2.0) -> dict[str, str]:
    """Module-level whole numbers named like a board's rows or columns that hold the rubric's size:
    name -> 'rows' or 'cols'."""
    found: dict[str, str] = {}
    for name, info in names.items():
        role = role_of(name)
        if info.kind != "value" or info.type_name != "int" or role not in ("rows", "cols"):
            continue
        r = caller.read(name, timeout=timeout)
        if r.ok and isinstance(r.value, int) and r.value == (rows if role == "rows" else cols):
            found[name] = role
    return found


def values_at(constants: Mapping[str, str], rows: int, cols: int) -> dict[str, int]:
    """The constants' values for a board of ``rows`` x ``cols``."""
    return {name: rows if role == "rows" else cols for name, role in constants.items()}


def described(constants: Mapping[str, str]) -> str:
    """How the grader adapted, in words."""
    shown = " and ".join(sorted(constants))
    return (f"your {shown} {'is' if len(constants) == 1 else 'are'} set to each board's size while the grader asks "
            "about boards of other sizes (as you would change them), and put back after")
