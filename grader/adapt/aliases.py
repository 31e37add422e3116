"""Finding a student's function by any of its usual names (``actions``, ``get_actions``, ``isTerminal``...)."""

from __future__ import annotations

import re
from typing import Iterable, Mapping, TypeVar

T = TypeVar("T")


def normalise(name: str) -> str:
    """Case and underscores do not matter: ``isTerminal``, ``is_terminal`` and ``IsTerminal`` are one name."""
    return re.sub(r"[_\W]", "", name).lower()


def find_name(defined: Mapping[str, T], aliases: Iterable[str]) -> str | None:
    """The first alias the submission defines: exact spellings first, then up to case and underscores."""
    aliases = list(aliases)
    for alias in aliases:
        if alias in defined:
            return alias
    by_normal = {normalise(n): n for n in defined}
    for alias in aliases:
        hit = by_normal.get(normalise(alias))
        if hit is not None:
            return hit
    return None
