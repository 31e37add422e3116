"""Ending a run on SIGTERM or SIGINT: the same path as Ctrl-C, so nothing is left running.

``kill -TERM`` used to end ``grader grade`` at once, with no message, while its grading processes and
their sandboxes ran on for most of a minute. :func:`stop_on_signals` turns both signals into
:class:`Stopped` (a ``KeyboardInterrupt``), so every ``finally`` and context manager on the way out
runs: grading processes and game workers are ended (:func:`end_processes`), sandboxes closed, and
what was saved stays saved. The command line then prints one line that says how to resume.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import Iterable, Protocol

#: how long a process asked to stop may take before it is killed
GRACE_SECONDS = 0.3


class Stopped(KeyboardInterrupt):
    """The run was asked to stop by a signal (``signum``)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise_stopped(signum: int, frame: object) -> None:
    raise Stopped(signum)


def stop_on_signals() -> None:
    """From now on, SIGTERM and SIGINT raise :class:`Stopped` in the main thread."""
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, _raise_stopped)


def exit_code(error: KeyboardInterrupt) -> int:
    """The shell's code for a run ended by a signal: 128 + the signal (130 for SIGINT, 143 for SIGTERM)."""
    return 128 + (error.signum if isinstance(error, Stopped) else signal.SIGINT)


class _Process(Protocol):
    def is_alive(self) -> bool: ...
    def terminate(self) -> None: ...
    def kill(self) -> None: ...
    def join(self, timeout: float | None = None) -> None: ...


def end_processes(processes: Iterable[_Process], grace: float = GRACE_SECONDS) -> None:
    """Ask each process to stop, kill those still alive after ``grace`` seconds, and reap them all.

    A grading process killed this way takes its sandboxes with it: their zygote sweeps its workers and
    exits as soon as the control socket closes, and each worker dies with its zygote."""
    processes = [p for p in processes if p.is_alive()]
    for p in processes:
        p.terminate()
    deadline = time.monotonic() + grace
    for p in processes:
        p.join(max(0.0, deadline - time.monotonic()))
    for p in processes:
        if p.is_alive():
            p.kill()
        p.join(1.0)


class _StdoutThatOutlivesItsReader:
    """``sys.stdout`` that, once its reader has gone (``grader grade | head``), sends the rest of the
    output to /dev/null instead of raising ``BrokenPipeError`` halfway through: the run still writes
    every sheet (the top ``scores.csv`` is written after the lines a ``head`` may have cut)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def _to_devnull(self) -> None:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, self._stream.fileno())
        os.close(devnull)

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._to_devnull()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._to_devnull()

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def survive_a_closed_stdout() -> None:
    """From now on, output whose reader has gone is dropped rather than ending the run (a real stdout
    only: a test's captured one has no file descriptor to redirect)."""
    try:
        sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    if not isinstance(sys.stdout, _StdoutThatOutlivesItsReader):
        sys.stdout = _StdoutThatOutlivesItsReader(sys.stdout)
