"""Where independent jobs run, for grading (a job per submission) and tournaments (a job per game): in
this process, in local processes, or on a Dask cluster. One protocol, :class:`Executor`: ``map(job,
items)`` yields ``(item, result)`` as each job finishes.

Local processes come two ways, because the two uses need different guarantees:

- :class:`WatchedProcesses` runs each job in a fresh process of its own, at most ``jobs`` at once,
  killed at a wall-clock cap: a submission that hangs or crashes its grading process costs no other
  submission anything, and its result says why there is none (:class:`Failed`);
- :class:`ProcessPool` keeps ``jobs`` workers across jobs, so a worker reuses what it opened (a
  tournament's student sandboxes, :mod:`grader.play`).

Stopped early (an error, SIGTERM, SIGINT: see :mod:`grader.stopping`), every executor ends the
processes it started before the stop goes on, and what finished has already been yielded.
"""

from __future__ import annotations

import functools
import multiprocessing
import multiprocessing.connection
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Protocol, Sequence, TypeVar

from grader.stopping import end_processes

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    """Runs ``job`` on each item; yields ``(item, result)`` as jobs finish, in any order."""

    def map(self, job: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[T, R]]: ...


@dataclass(frozen=True)
class Failed:
    """A job that gave no result: its process died (``exitcode``) or ran past the cap (``overran``)."""

    exitcode: int | None = None
    overran: bool = False


@dataclass
class ThisProcess:
    """One job after another in this process, in order; ``finish`` runs once they are done or stopped."""

    finish: Callable[[], None] | None = None

    def map(self, job: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[T, R]]:
        try:
            for item in items:
                yield item, job(item)
        finally:
            if self.finish:
                self.finish()


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group: the parent ends its children itself
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass
class ProcessPool:
    """``jobs`` worker processes that live across jobs (started fresh, ``spawn``: no inherited sandboxes or
    threads); ``initializer`` runs in each worker as it starts. Stopped early, the workers are ended at
    once rather than waited for: the jobs in flight are lost, the results yielded are kept."""

    jobs: int
    initializer: Callable[[], None] | None = None

    def map(self, job: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[T, R]]:
        items = list(items)
        if not items:
            return
        context = multiprocessing.get_context("spawn")
        pool = context.Pool(self.jobs, initializer=self.initializer or _ignore_interrupts)
        finished = False
        try:
            for index, result in pool.imap_unordered(functools.partial(_numbered, job), enumerate(items)):
                yield items[index], result
            pool.close()  # every job done: the workers run their exit handlers (closing sandboxes) and exit
            pool.join()
            finished = True
        finally:
            if not finished:  # each worker is sent SIGTERM and reaped; what it opened goes with it
                pool.terminate()
                pool.join()


def _numbered(job: Callable[[T], R], numbered: tuple[int, T]) -> tuple[int, R]:
    index, item = numbered
    return index, job(item)


@dataclass
class WatchedProcesses:
    """Each job in a fresh process of its own (``forkserver``, with ``preload`` imported once in the
    server), at most ``jobs`` at once (0: the number of cores), killed after ``seconds``. A job's
    result comes back pickled through a pipe; a process that dies or overruns gives :class:`Failed`."""

    jobs: int = 0
    seconds: float = float("inf")
    preload: Sequence[str] = ()

    def map(self, job: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[T, R | Failed]]:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(self.preload))
        jobs = self.jobs or os.cpu_count() or 1
        pending = list(items)
        running: dict[Any, tuple[T, multiprocessing.connection.Connection, float]] = {}
        sent: dict[Any, R] = {}
        try:
            while pending or running:
                while pending and len(running) < jobs:
                    item = pending.pop(0)
                    reader, writer = context.Pipe(duplex=False)
                    proc = context.Process(target=_send_result, args=(job, item, writer), daemon=False)
                    proc.start()
                    writer.close()  # the child holds the only writing end: its exit ends the pipe
                    running[proc] = (item, reader, time.monotonic())
                ready = multiprocessing.connection.wait(
                    [p.sentinel for p in running] + [reader for _, reader, _ in running.values()], timeout=0.5)
                for proc, (item, reader, began) in list(running.items()):
                    if reader in ready and proc not in sent:
                        _receive(reader, proc, sent)  # read while the child writes: a big result never blocks it
                    overran = time.monotonic() - began > self.seconds
                    if proc.is_alive() and not overran:
                        continue
                    if overran:
                        proc.kill()
                    proc.join()
                    if proc not in sent and not overran and reader.poll():
                        _receive(reader, proc, sent)
                    reader.close()
                    del running[proc]
                    outcome = Failed(overran=True) if overran else sent.pop(proc) if proc in sent \
                        else Failed(proc.exitcode)
                    sent.pop(proc, None)
                    yield item, outcome
        finally:  # an error or a stop (SIGTERM, SIGINT): no process outlives the run
            end_processes(running)
            for _, reader, _ in running.values():
                reader.close()


def _receive(reader: multiprocessing.connection.Connection, proc: Any, sent: dict) -> None:
    try:
        sent[proc] = reader.recv()
    except (EOFError, OSError, ValueError, TypeError, AttributeError, ImportError):
        pass  # died while sending: no result


def _send_result(job: Callable[[T], R], item: T, writer: multiprocessing.connection.Connection) -> None:
    """Runs in a watched process: the job's result, sent back whole."""
    _ignore_interrupts()
    writer.send(job(item))
    writer.close()


@dataclass
class DaskCluster:
    """One Dask task per job on the cluster at ``scheduler`` (an address such as ``tcp://10.0.0.5:8786``, or
    a ``distributed.Client``). A worker that dies while running a job is retried by Dask on another one."""

    scheduler: str | object
    name: str = "job"  # the tasks' key prefix, as the dashboard shows them

    def map(self, job: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[T, R]]:
        items = list(items)
        if not items:
            return
        from distributed import as_completed

        with dask_client(self.scheduler) as client:
            futures = {client.submit(job, item, pure=False, key=f"{self.name}-{i}-{os.getpid()}-{time.time_ns()}"): item
                       for i, item in enumerate(items)}
            try:
                for future in as_completed(futures):
                    yield futures[future], future.result()
            finally:
                client.cancel(list(futures))


@contextmanager
def dask_client(scheduler: str | object) -> Iterator[object]:
    """A ``distributed.Client`` for ``scheduler`` (an address, closed afterwards, or a Client, left open)."""
    try:
        from distributed import Client
    except ImportError:
        raise RuntimeError("--scheduler needs Dask: pip install 'dask[distributed]' "
                           "(or this package's [dask] extra)") from None
    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler
    try:
        yield client
    finally:
        if own:
            client.close()


__all__ = ["DaskCluster", "Executor", "Failed", "ProcessPool", "ThisProcess", "WatchedProcesses", "dask_client"]
