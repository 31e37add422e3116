"""Probing without waiting on the same slow function again and again.

Binding tries each candidate under several argument orders and board readings. A game role answers in
milliseconds; one that runs out of time is searching or looping, and each timeout costs the whole limit plus a
worker restart. So after ``TIMEOUTS_ALLOWED`` timeouts a function's later probes answer "timeout" at once, which
every binder reads as "does not fit". A call with arguments equal to an earlier probe's (many readings send the
same empty board) is not repeated: its answer serves again (on a real notebook, half of ``grader check``'s time).
Only binding's probes are kept so: the checks and agent searches call the sandbox itself.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from grader.sandbox.calls import TIMEOUT, CallResult

#: timed-out probes after which a function is no longer asked (two: one bad argument reading may loop)
TIMEOUTS_ALLOWED = 2


def _fingerprint(value: Any) -> Any:
    """A hashable key equal for equal arguments: arrays by their bytes (printing a numpy board for a key cost a
    fifth of a Mean Connect 4 grading's own CPU time, profiled), containers item by item, the rest by repr."""
    if type(value).__name__ == "ndarray":
        data = _fingerprint(value.tolist()) if value.dtype.hasobject else value.tobytes()
        return ("ndarray", value.shape, value.dtype.str, data)
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, *map(_fingerprint, value))
    if isinstance(value, dict):
        return ("dict", *((_fingerprint(k), _fingerprint(v)) for k, v in value.items()))
    return (type(value).__name__, repr(value))


@dataclass
class ProbeBudget:
    """A sandbox seen by the binders: calls pass through, except to a function that already ran out of
    time ``TIMEOUTS_ALLOWED`` times. Everything else (``names``, ``create``...) is the sandbox's own."""

    sandbox: Any
    timeouts: Counter = field(default_factory=Counter)
    answered: dict = field(default_factory=dict)  # (target, arguments) -> the answer they gave

    def call(self, target: Any, *args: Any, timeout: float | None = None, **kwargs: Any) -> CallResult:
        try:
            key = (str(target), _fingerprint(args), _fingerprint(sorted(kwargs.items())))
        except Exception:  # noqa: BLE001 - a value whose repr fails is simply not remembered
            key = None
        if key in self.answered:
            return self.answered[key]
        r = self._counted(target, lambda: self.sandbox.call(target, *args, timeout=timeout, **kwargs))
        if key is not None and r.kind != TIMEOUT:  # a probe may have had less time than a later call of it
            self.answered[key] = r
        return r

    def call_with(self, target: Any, args: Sequence[Any] = (), kwargs: dict[str, Any] | None = None,
                  **options: Any) -> CallResult:
        return self._counted(target, lambda: self.sandbox.call_with(target, args, kwargs, **options))

    def read(self, target: Any, *, timeout: float | None = None) -> CallResult:
        return self._counted(target, lambda: self.sandbox.read(target, timeout=timeout))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sandbox, name)

    def _counted(self, target: Any, run: Any) -> CallResult:
        key = str(target)
        if self.timeouts[key] >= TIMEOUTS_ALLOWED:
            return CallResult(ok=False, kind=TIMEOUT, message=f"not asked again: it ran out of time on "
                                                                f"{TIMEOUTS_ALLOWED} earlier probes")
        r = run()
        if r.kind == TIMEOUT:
            self.timeouts[key] += 1
        return r
