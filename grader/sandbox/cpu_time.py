"""A worker's own time, read by the grader from ``/proc``: the CPU its process tree used, and how long its main
thread waited for a CPU.

The per-call limits are judged on CPU time, so that a move gets the same work done on a busy machine as on
a quiet one; the wall-clock backstop (for code that sleeps or blocks, and so uses no CPU) leaves out the
time the worker was ready to run but waiting for a CPU, for the same reason. Both are read here from the
kernel's accounting, which the student's code cannot change (the worker's own, finer figure of a call's CPU
is checked against this one, see :mod:`grader.sandbox.sandbox`).

CPU time is the worker's threads, the children it has reaped, and the children still running (found through
``/proc/PID/task/TID/children``); it comes in clock ticks (10 ms on Linux). Where ``/proc`` cannot be read
(another kernel), :meth:`ProcessTreeClock.cpu` answers None and the limits fall back to wall time.
"""

from __future__ import annotations

import os

_TICK = 1.0 / os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 0.01


class ProcessTreeClock:
    """The CPU seconds a process and its descendants have used, and its main thread's wait for a CPU."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def cpu(self) -> float | None:
        """CPU seconds of the process (its threads and reaped children) and of its live descendants;
        None when the process is gone or ``/proc`` cannot be read."""
        own = _stat_ticks(self.pid, with_reaped=True)
        if own is None:
            return None
        return (own + sum(_stat_ticks(child, with_reaped=True) or 0 for child in _descendants(self.pid))) * _TICK

    def waiting(self) -> float:
        """Seconds the main thread has spent ready to run but waiting for a CPU (``/proc/PID/schedstat``);
        0.0 where the kernel does not say."""
        try:
            with open(f"/proc/{self.pid}/schedstat", "rb") as f:
                return int(f.read().split()[1]) / 1e9
        except (OSError, ValueError, IndexError):
            return 0.0


def _stat_ticks(pid: int, *, with_reaped: bool) -> int | None:
    """utime + stime (+ cutime + cstime) of ``pid`` in clock ticks."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    # after the command: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
    try:
        ticks = int(fields[11]) + int(fields[12])
        return ticks + int(fields[13]) + int(fields[14]) if with_reaped else ticks
    except (ValueError, IndexError):
        return None


def _descendants(pid: int, limit: int = 256) -> list[int]:
    """The live descendants of ``pid`` (children of each of its threads, recursively), at most ``limit``."""
    found: list[int] = []
    frontier = [pid]
    while frontier and len(found) < limit:
        parent = frontier.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for tid in tasks:
            try:
                with open(f"/proc/{parent}/task/{tid}/children", "rb") as f:
                    children = [int(c) for c in f.read().split()]
            except (OSError, ValueError):
                continue
            found.extend(children)
            frontier.extend(children)
    return found[:limit]
