"""Where the binder is unsure it found the student's code for a role: the evidence in words, for a person.

A role (or agent label) in ``StudentGame.doubts`` keeps the points its checks give, but each of its
checks is marked ``review`` ("needs a person") with this evidence (``grader.grading.run_check``).
Doubt is never a confident zero: a person decides.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from grader.adapt import candidates
from grader.adapt.infer import Interface
from grader.sandbox.calls import NameInfo


def named_in_other_words(interface: Interface, names: Mapping[str, NameInfo],
                         aliases: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Roles bound to a function whose name says the role only in other words (``next_position`` for
    ``result``) and whose answers agreed with the reference under no reading: it may be the student's
    buggy ``result``, or a helper while their ``result`` is missing, and nothing the grader saw tells
    which. Each with the evidence in words."""
    out: dict[str, str] = {}
    for role, binding in interface.bindings.items():
        if not binding.note or role not in aliases:
            continue
        ranked = candidates.rank(names, role, list(aliases[role]))
        if any(c.target == binding.name and c.tier == 2 for c in ranked):
            out[role] = (f"{binding.name}() was taken for {role}() only because its name says so in other words, "
                         f"and {binding.note}: it may be a helper rather than your {role}()")
    return out
