"""The checks: one module per kind, found by name. A new check is a new module here plus a line in the rubric.

A check module defines ``TARGET`` ("function", "agent" or "" for notebook-wide checks), ``WORDS``
(how its name reads in sheets, e.g. "canned boards") and ``run(ctx, spec) -> Outcome``. Checks see
only plain data: course boards, :class:`~grader.adapt.Reply` values and reference answers.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from grader.results import BoardShown, CheckStatus

_SKIP = {"context"}


def _discover() -> dict[str, ModuleType]:
    kinds = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_") or info.name in _SKIP:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "run"):
            kinds[info.name] = module
    return kinds


@dataclass
class Outcome:
    """What a check found: the share of its points earned, a status and a message for the student."""

    fraction: float
    message: str = ""
    status: CheckStatus | None = None  # derived from fraction when None
    boards: list[BoardShown] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # an agent's answers on the probe positions, for the similarity report

    def resolved_status(self) -> CheckStatus:
        if self.status is not None:
            return self.status
        return "passed" if self.fraction >= 1 else "failed" if self.fraction <= 0 else "partial"


def share(passed: int, total: int) -> float:
    """Partial credit by the share of cases right (no cases: no credit)."""
    return passed / total if total else 0.0


def describe_kind(kind: str, spec: Any = None) -> str:
    """How a check reads in sheets: the module's ``words(spec)`` when its name depends on the
    parameters (``beats alphabeta:2``), else its ``WORDS``."""
    module = KINDS.get(kind)
    if spec is not None and hasattr(module, "words"):
        return module.words(spec)
    return getattr(module, "WORDS", kind.replace("_", " "))


def prepare_shared(assignment: Any, seed: int) -> dict[str, Any]:
    """Work that every submission's checks would repeat (tactic positions found with the solver),
    done once for a batch. Check modules take part by defining ``prepare(ctx, spec)`` and ``adopt``."""
    from grader.checks.context import CheckContext

    ctx = CheckContext(assignment, assignment.make_game(), None, seed=seed)
    shared: dict[str, Any] = {}
    for task in assignment.tasks:
        for spec in task.checks:
            module = KINDS.get(spec.kind)
            if hasattr(module, "prepare"):
                shared.setdefault(spec.kind, {}).update(module.prepare(ctx, spec))
    return shared


def adopt_shared(shared: dict[str, Any]) -> None:
    """Install what :func:`prepare_shared` computed in another process."""
    for kind, data in shared.items():
        KINDS[kind].adopt(data)


KINDS: dict[str, Any] = _discover()

__all__ = ["KINDS", "Outcome", "adopt_shared", "describe_kind", "prepare_shared", "share"]
