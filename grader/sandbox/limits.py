"""Resource limits for one sandboxed submission: time per call and per cell, memory, files, output."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """What one worker may use. Sizes are bytes; times are seconds of the student's own CPU time (the
    worker's process and its children), so that a call gets as much work done on a busy machine as on a
    quiet one. A call is stopped once its CPU time passes the limit by ``cpu_margin`` (a share of it): the CPU
    time of the same work still varies by up to a fifth on a shared machine, and code tuned on a quiet laptop to
    just under the limit must not lose its answer to that variation. Code that sleeps or blocks uses no CPU: it
    is stopped when its own wall time (leaving out the time it waited for a CPU) passes ``wall_factor`` times the
    limit, and any call at ``wall_ceiling`` times the limit of plain wall time, however busy the machine.

    With ``own_clocks`` the student's code reads clocks that advance with its CPU time (and the seconds it
    asked ``time.sleep`` for): ``time.time``, ``perf_counter``, ``monotonic`` and their ``_ns`` forms. An agent
    that searches until its own clock says stop then does the same work on a busy machine as on a quiet one.

    ``memory_bytes`` is the address space a worker may add on top of the preloaded interpreter
    (numpy already imported), so the same figure means the same thing whatever was preloaded.
    """

    call_timeout: float = 5.0
    cell_timeout: float = 30.0
    memory_bytes: int = 1024 * MiB
    max_open_files: int = 128
    max_file_bytes: int = 16 * MiB
    max_processes: int = 16  # tasks (processes and threads) the worker may add
    output_bytes: int = 256 * 1024  # per stream per call; more ends the call with 'output-limit'
    result_bytes: int = 16 * MiB  # one encoded result
    max_depth: int = 64  # nesting of one result
    freeze_between_calls: bool = True  # SIGSTOP the worker while the grader is not calling it
    cpu_margin: float = 0.25  # CPU time a call may take past its limit, as a share of it (the machine's variation)
    wall_factor: float = 3.0  # own wall time a call may take, in limits (the backstop for sleeping code)
    wall_ceiling: float = 30.0  # plain wall time any call may take, in limits
    own_clocks: bool = True  # the student's clocks advance with its CPU time
    preload: tuple[str, ...] = field(default=("numpy",))

    def __post_init__(self) -> None:
        if not self.cpu_margin >= 0:
            raise ValueError(f"Limits.cpu_margin must be a share of the limit (0 or more), got {self.cpu_margin!r}")
        for name in ("call_timeout", "cell_timeout", "wall_factor", "wall_ceiling"):
            if not getattr(self, name) > 0:
                raise ValueError(f"Limits.{name} must be a positive number of seconds, got {getattr(self, name)!r}")
        for name in ("memory_bytes", "max_open_files", "max_file_bytes", "max_processes",
                     "output_bytes", "result_bytes", "max_depth"):
            value = getattr(self, name)
            if not isinstance(value, int) or value <= 0:
                raise ValueError(f"Limits.{name} must be a positive int, got {value!r}")

    def for_worker(self) -> dict[str, Any]:
        """The plain dict the worker applies to itself."""
        return asdict(self)
