"""What a sandbox hands back: call results, load reports, handles and descriptions of names."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: error kinds of a :class:`CallResult`
EXCEPTION = "exception"  # student code raised (type, message, traceback given)
TIMEOUT = "timeout"  # CPU limit (or the wall-clock backstop) passed; the worker was killed
CRASHED = "crashed"  # the worker died (exit code or signal given)
MEMORY = "memory"  # MemoryError under the address-space limit
OUTPUT_LIMIT = "output-limit"  # printed more than Limits.output_bytes; the worker was killed
BAD_RETURN = "bad-return"  # the value is not plain data (or the worker broke the protocol)
UNAVAILABLE = "unavailable"  # the object behind a handle could not be rebuilt after a respawn
ERROR_KINDS = (EXCEPTION, TIMEOUT, CRASHED, MEMORY, OUTPUT_LIMIT, BAD_RETURN, UNAVAILABLE)


@dataclass(frozen=True)
class Handle:
    """An object that lives in the worker (e.g. an agent instance), named by id and attribute path.

    ``handle.attr("act")`` names its method; pass either to :meth:`Sandbox.call`.
    Handles survive respawns: the call that created the object is replayed.
    """

    id: int
    path: tuple[str, ...] = ()

    def attr(self, name: str) -> "Handle":
        """The attribute ``name`` of this object (e.g. a bound method), as a handle."""
        return Handle(self.id, self.path + (name,))


@dataclass(frozen=True)
class CountedFunction:
    """One of the submission's functions that ran during a counted call, and how often."""

    name: str  # qualified: ``alpha_beta_search.<locals>.value``, ``Agent.negamax``
    cell: int  # the code cell that defined it
    line: int  # its first line in that cell
    calls: int
    #: its parameters whose values were kept at each call (``watch``), in order
    watched: tuple[str, ...] = ()


@dataclass(frozen=True)
class CountedCalls:
    """The calls to the submission's own functions during one call (``count_calls=True``).

    ``calls`` is the call tree in preorder: per call, the index of its function in ``functions``
    and its depth (how many counted calls were under way when it started). When ``truncated``,
    the tree stops early but the counts per function are complete. When ``stopped``, the call
    itself was stopped (``count_seconds``): its last calls never finished.
    """

    functions: tuple[CountedFunction, ...]
    calls: tuple[tuple[int, int], ...]
    truncated: bool = False
    stopped: bool = False
    #: per call, the values of its function's watched parameters (None when it has none)
    arguments: tuple[tuple | None, ...] = ()


@dataclass(frozen=True)
class CallResult:
    """The outcome of one call into the worker: a plain value or an error kind with details."""

    ok: bool
    value: Any = None
    kind: str | None = None  # one of ERROR_KINDS when not ok
    error_type: str = ""
    message: str = ""
    traceback: str = ""
    stdout: str = ""
    stderr: str = ""
    duration: float = 0.0  # wall-clock seconds seen by the grader
    #: CPU seconds of the student's process tree during the call: the clock the limits are judged on,
    #: the same on a busy machine as on a quiet one
    cpu_seconds: float = 0.0
    isolation: str = ""
    exit_code: int | None = None
    signal: int | None = None
    #: packages the grader lacks whose stand-in the call reached (the answer may rest on a refusal)
    stand_ins: tuple[str, ...] = ()
    threads: int = 0  # OS threads alive in the worker after the call (1 = none left running)
    #: the positional arguments as the call left them (only when asked with ``return_args=True``):
    #: the worker decodes fresh copies, so this is the only way to see a function change its input
    args_after: tuple | None = None
    #: the calls to the submission's own functions during this call (only with ``count_calls=True``)
    counted: CountedCalls | None = None

    def describe_error(self) -> str:
        """One line for feedback: what went wrong, in words a student understands."""
        if self.ok:
            return "ok"
        if self.kind == EXCEPTION:
            return f"raised {self.error_type}: {self.message}"
        if self.kind == CRASHED:
            how = f"signal {self.signal}" if self.signal else f"exit code {self.exit_code}"
            return f"crashed ({how}){': ' + self.message if self.message else ''}"
        return f"{self.kind}: {self.message}"


@dataclass(frozen=True)
class CellReport:
    """How one code cell went when it was executed in the submission's namespace."""

    index: int
    ok: bool
    kind: str | None = None
    error_type: str = ""
    message: str = ""
    traceback: str = ""
    stdout: str = ""
    stderr: str = ""
    duration: float = 0.0
    cpu_seconds: float = 0.0


@dataclass(frozen=True)
class LoadReport:
    """Per-cell outcome of :meth:`Sandbox.load`; a failing cell does not stop the others."""

    cells: tuple[CellReport, ...]
    isolation: str

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.cells)

    @property
    def failed(self) -> tuple[CellReport, ...]:
        return tuple(c for c in self.cells if not c.ok)


@dataclass(frozen=True)
class Parameter:
    """One parameter of a signature, as plain data (``inspect.Parameter`` without the objects)."""

    name: str
    kind: str  # 'POSITIONAL_ONLY', 'POSITIONAL_OR_KEYWORD', 'VAR_POSITIONAL', 'KEYWORD_ONLY', 'VAR_KEYWORD'
    has_default: bool = False
    default: Any = None  # the default when it is plain data, else None
    default_repr: str = ""
    annotation: str = ""


@dataclass(frozen=True)
class NameInfo:
    """A name the submission defines: its kind ('function', 'class', 'module', 'value', ...),
    type, signature (``None`` if it has none) and, for classes and objects, their public members."""

    name: str
    kind: str
    type_name: str
    parameters: tuple[Parameter, ...] | None = None
    doc: str = ""
    members: tuple["NameInfo", ...] = field(default=())

    @property
    def callable(self) -> bool:
        return self.parameters is not None

    def member(self, name: str) -> "NameInfo | None":
        return next((m for m in self.members if m.name == name), None)
