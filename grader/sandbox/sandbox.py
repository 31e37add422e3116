"""``Sandbox``: one submission loaded into a confined worker, answering calls as plain data.

The grader never unpickles or evaluates what a worker sends: answers are decoded by the strict
plain-data codec. A call that overruns its limit (CPU time, or the wall-clock backstop, see
:class:`~grader.sandbox.limits.Limits`) gets the worker's process tree killed; the next call forks a
fresh worker from the zygote and replays the submission's cells (and the constructor calls behind
live handles) before it runs.
"""

from __future__ import annotations

import atexit
import itertools
import json
import math
import weakref
from typing import Any, Sequence

from . import codec, isolation
from .launcher import Exchange, SandboxError, WorkerChannel, ZygoteProcess
from .limits import Limits
from .calls import (BAD_RETURN, CRASHED, EXCEPTION, MEMORY, OUTPUT_LIMIT, TIMEOUT, UNAVAILABLE, CallResult,
                      CellReport, CountedCalls, CountedFunction, Handle, LoadReport, NameInfo, Parameter)

#: the function a seeded sandbox defines in its worker to seed the submission's ``random`` and
#: ``numpy.random``; a dunder name, so the adapter never lists it
SEED_FUNCTION = "__grader_seed__"

_LIVE: "weakref.WeakSet[Sandbox]" = weakref.WeakSet()
_KILLING_KINDS = (TIMEOUT, CRASHED, OUTPUT_LIMIT, BAD_RETURN)  # the worker is gone afterwards
#: how far the worker's own figure of a call's CPU time may fall below the kernel's (which counts whole clock
#: ticks and the worker's reading of the request) before the kernel's is taken: the student's code runs in
#: the worker and could make it say less
CPU_SLACK = 0.03


class Sandbox:
    """A submission in its own worker process.

    Use as a context manager (or call :meth:`close`)::

        with Sandbox(cells, Limits(call_timeout=1.0)) as box:
            r = box.call("result", board, 1, 3)
            agent = box.create("MyAgent", player=1).value
            move = box.call(agent.attr("act"), board)

    ``isolation`` picks a level (default: the strongest available); ``require`` is the weakest
    level the instructor accepts (:class:`~grader.sandbox.isolation.IsolationUnavailable` otherwise).
    With a ``seed`` every worker seeds the submission's ``random`` and ``numpy.random`` before its
    cells run, so the same submission makes the same random choices on every run (and scores the same).
    """

    def __init__(self, code_cells: Sequence[str] | None = None, limits: Limits | None = None, *,
                 isolation: str | None = None, require: str | None = None, seed: int | None = None) -> None:
        self.limits = limits or Limits()
        self.isolation = _choose(isolation, require)
        self.respawns = 0
        #: packages the grader lacks whose stand-in graded code called, and how many calls reached one
        self.stand_ins_called: dict[str, int] = {}
        self._codec_limits = codec.CodecLimits(max_depth=self.limits.max_depth + 8,
                                               max_bytes=self.limits.result_bytes + 4096)
        self._cells: list[str] = []
        self._skipped: set[int] = set()  # cells that killed the worker: not replayed
        self._kept: dict[int, dict] = {}  # handle id -> the request that created the object
        self._broken: dict[int, CallResult] = {}  # handles whose object could not be rebuilt
        self._ids = itertools.count(1)
        self._handle_ids = itertools.count(1)
        self._worker: WorkerChannel | None = None
        self._ever_spawned = False
        self._zygote = ZygoteProcess(self.isolation, self.limits)
        self._slot: list = [None]  # the live worker, for the finalizer (which must not hold self)
        self._finalizer = weakref.finalize(self, _shutdown, self._zygote, self._slot)
        _LIVE.add(self)
        self.load_report: LoadReport | None = None
        if seed is not None:  # a worker's first cell, so that a respawned worker is seeded the same
            self._cells.append(_seeding_cell(seed))
        if code_cells is not None:
            self.load_report = self.load(code_cells)

    # --- lifecycle ------------------------------------------------------------------------

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Kill the worker and the zygote and remove the box; no process is left behind."""
        self._drop_worker(reap=False)
        self._finalizer()

    @property
    def closed(self) -> bool:
        return not self._finalizer.alive

    def restart(self) -> None:
        """Replace the worker with a fresh one (cells and handles are replayed on the next call)."""
        self._drop_worker()

    # --- loading --------------------------------------------------------------------------

    def load(self, cells: Sequence[str]) -> LoadReport:
        """Execute code cells one by one in the submission's namespace (``__name__ ==
        "submission"``); a failing cell is recorded and the next one still runs. Each cell has
        ``limits.cell_timeout``; a cell that kills the worker is left out of later replays."""
        reports = []
        for source in cells:
            self._ensure_worker()  # before the cell is listed: a fresh worker replays only the cells before it
            index = len(self._cells)
            self._cells.append(source)
            r = self._request({"op": "exec", "index": index, "source": source}, self.limits.cell_timeout)
            if r.kind in _KILLING_KINDS:
                self._skipped.add(index)
            reports.append(CellReport(index=index, ok=r.ok, kind=r.kind, error_type=r.error_type,
                                      message=r.message, traceback=r.traceback, stdout=r.stdout,
                                      stderr=r.stderr, duration=r.duration, cpu_seconds=r.cpu_seconds))
        return LoadReport(cells=tuple(reports), isolation=self.isolation)

    def preload(self, modules: Sequence[str]) -> list[str]:
        """Import installed packages (``matplotlib.pyplot``, ``scipy.signal``) in the zygote, so that every
        worker forked from now on, a respawn after a timeout among them, has them loaded already; the ones
        it could import. Only for modules of the grader's own environment, never the submission's code."""
        if not modules:
            return []
        try:
            return self._zygote.preload(list(modules))
        except (OSError, ValueError) as e:
            raise SandboxError(f"the zygote stopped answering: {e}") from None

    def reseed(self, seed: int, timeout: float | None = None) -> CallResult:
        """Seed the submission's ``random`` and ``numpy.random`` again (a tournament does so before each
        game, so that a game replays the same whatever the worker played before). Only for a sandbox
        made with a ``seed``; a worker respawned later starts from that first seed."""
        return self.call(SEED_FUNCTION, seed, timeout=timeout)

    # --- calls ----------------------------------------------------------------------------

    def call(self, target: str | Handle, *args: Any, timeout: float | None = None, **kwargs: Any) -> CallResult:
        """Call ``target`` (a name, a dotted path like ``"MyAgent.act"``, or a :class:`Handle`)
        with plain-data arguments; the worker gets copies, so mutation cannot reach the caller."""
        return self.call_with(target, args, kwargs, timeout=timeout)

    def call_with(self, target: str | Handle, args: Sequence[Any] = (), kwargs: dict[str, Any] | None = None,
                  *, timeout: float | None = None, return_args: bool = False,
                  count_calls: bool = False, count_seconds: float | None = None,
                  watch: Sequence[str] = (), size: tuple[int, int] | None = None) -> CallResult:
        """:meth:`call` with explicit ``args``/``kwargs`` (for keyword names like ``timeout``).

        With ``return_args`` a successful result also carries ``args_after``, the positional
        arguments as the call left them (the worker's copies), to see whether it changed its input.
        With ``count_calls`` it carries ``counted``: the calls to the submission's own functions
        during the call (a search's nodes); the call runs slower while they are counted. With
        ``count_seconds`` too, the call is stopped after that long (its value is then None and
        ``counted.stopped`` is set): the calls made so far come back. Parameters named in ``watch``
        (lower case, underscores dropped) have their values kept at each counted call. ``size`` is the
        board's (rows, columns) the call asks about, for code that keeps the size in constants
        (:mod:`grader.adapt.global_arguments`).
        """
        req = {"op": "call", "target": _target(target), **self._arguments(args, kwargs)}
        if size is not None:
            req["size"] = [int(size[0]), int(size[1])]
        if return_args:
            req["return_args"] = True
        if count_calls:
            req["count_calls"] = True
            if count_seconds:
                req["count_seconds"] = float(count_seconds)
            if watch:
                req["watch"] = list(watch)
        broken = self._broken_handle(target)
        if broken is not None:
            return broken
        return self._request(req, timeout or self.limits.call_timeout)

    def read(self, target: str | Handle, *, timeout: float | None = None) -> CallResult:
        """The value of ``target`` (a name or dotted path such as ``"game.initial"``) as plain data, not called."""
        req = {"op": "call", "target": _target(target), "read": True}
        broken = self._broken_handle(target)
        if broken is not None:
            return broken
        return self._request(req, timeout or self.limits.call_timeout)

    def create(self, target: str | Handle, *args: Any, timeout: float | None = None, **kwargs: Any) -> CallResult:
        """Call ``target`` and keep the returned object in the worker; the result's value is a
        :class:`Handle` to it. After a respawn the object is rebuilt by repeating this call."""
        hid = next(self._handle_ids)
        req = {"op": "call", "target": _target(target), **self._arguments(args, kwargs), "keep": hid}
        r = self._request(req, timeout or self.limits.call_timeout)
        if not r.ok:
            return r
        self._kept[hid] = req
        return _replace(r, value=Handle(hid))

    def release(self, handle: Handle) -> None:
        """Forget the object behind ``handle`` (in the worker and for replays)."""
        self._kept.pop(handle.id, None)
        self._broken.pop(handle.id, None)
        if self._worker is not None:
            self._request({"op": "drop", "handle": handle.id}, self.limits.call_timeout)

    # --- describing names -----------------------------------------------------------------

    def names(self, timeout: float | None = None) -> dict[str, NameInfo]:
        """Every name the submission defines, with kind, type and signature, so the adapter can
        find functions by alias. Raises :class:`SandboxError` if the worker cannot answer."""
        r = self._request({"op": "describe"}, timeout or self.limits.call_timeout)
        if not r.ok:
            raise SandboxError(f"could not list the submission's names: {r.describe_error()}")
        infos = [_name_info(d) for d in r.value]
        return {i.name: i for i in infos}

    def describe(self, target: str | Handle, timeout: float | None = None) -> NameInfo:
        """Kind, signature and public methods of one name, dotted path or handle."""
        broken = self._broken_handle(target)
        if broken is not None:
            raise SandboxError(f"handle {target} is unavailable: {broken.message}")
        r = self._request({"op": "describe", "target": _target(target)}, timeout or self.limits.call_timeout)
        if not r.ok:
            raise SandboxError(f"could not describe {target!r}: {r.describe_error()}")
        return _name_info(r.value)

    # --- plumbing -------------------------------------------------------------------------

    def _arguments(self, args: Sequence[Any], kwargs: dict[str, Any] | None) -> dict:
        try:
            return {"args": codec.encode(tuple(args)), "kwargs": codec.encode(dict(kwargs or {}))}
        except codec.CodecError as e:
            raise TypeError(f"arguments for the sandbox must be plain data: {e}") from None

    def _broken_handle(self, target: object) -> CallResult | None:
        if isinstance(target, Handle) and target.id in self._broken:
            return self._broken[target.id]
        return None

    def _request(self, req: dict, timeout: float) -> CallResult:
        if self.closed:
            raise SandboxError("the sandbox is closed")
        self._ensure_worker()
        return self._exchange(req, timeout)

    def _exchange(self, req: dict, timeout: float) -> CallResult:
        """One round trip on the current worker; on a fatal outcome the worker is discarded."""
        rid = next(self._ids)
        body = json.dumps(dict(req, id=rid), separators=(",", ":"), allow_nan=False).encode()
        assert self._worker is not None
        ex = self._worker.roundtrip(body, timeout)
        base = dict(stdout=_text(ex.stdout), stderr=_text(ex.stderr), duration=ex.duration,
                    cpu_seconds=ex.duration if ex.cpu is None else ex.cpu, isolation=self.isolation)
        if ex.status == "ok":
            return self._answer(ex, rid, base, with_args=bool(req.get("return_args")),
                                with_calls=bool(req.get("count_calls")))
        if ex.status == "eof":
            status = self._drop_worker()
            how = f"signal {status.get('signal')}" if status.get("signal") else f"exit code {status.get('exit_code')}"
            return CallResult(ok=False, kind=CRASHED, message=f"the worker died ({how})",
                              exit_code=status.get("exit_code"), signal=status.get("signal"), **base)
        self._drop_worker()
        if ex.status == "timeout":
            return CallResult(ok=False, kind=TIMEOUT, message=_timeout_words(ex, timeout), **base)
        if ex.status == "output-limit":
            return CallResult(ok=False, kind=OUTPUT_LIMIT, message=f"printed more than {self.limits.output_bytes} "
                              "bytes on stdout or stderr", **base)
        return CallResult(ok=False, kind=BAD_RETURN, message=f"the result is larger than "
                          f"{self.limits.result_bytes} bytes", **base)

    def _answer(self, ex: Exchange, rid: int, base: dict, with_args: bool = False,
                with_calls: bool = False) -> CallResult:
        try:
            resp = codec.parse(ex.frame or b"", self._codec_limits)
            if type(resp) is not dict or resp.get("id") != rid or type(resp.get("ok")) is not bool:
                raise codec.CodecError("the answer does not match the request")
            threads = resp.get("threads") if type(resp.get("threads")) is int else 0
            stand_ins = self._stand_ins_reached(resp.get("stand_ins"))
            base = dict(base, stand_ins=stand_ins) if stand_ins else base
            base = dict(base, cpu_seconds=_cpu_seconds(resp.get("cpu"), ex))
            if resp["ok"]:
                value = codec.decode(resp.get("value"), self._codec_limits)
                args_after = codec.decode(resp.get("args"), self._codec_limits) if with_args else None
                if with_args and type(args_after) is not tuple:
                    raise codec.CodecError("the answer lacks the arguments after the call")
                counted = _counted_calls(resp.get("calls")) if with_calls else None
                return CallResult(ok=True, value=value, threads=threads, args_after=args_after, counted=counted,
                                  **base)
            kind = resp.get("kind")
            fields = [resp.get(k) for k in ("type", "message", "traceback")]
            if kind not in (EXCEPTION, MEMORY, BAD_RETURN) or any(type(f) is not str for f in fields):
                raise codec.CodecError("malformed error report")
            return CallResult(ok=False, kind=kind, error_type=fields[0][:200], message=fields[1][:4000],
                              traceback=fields[2][:8000], threads=threads, **base)
        except codec.CodecError as e:  # a broken or forged answer: trust nothing more from it
            self._drop_worker()
            return CallResult(ok=False, kind=BAD_RETURN, message=f"the worker's answer was rejected: {e}", **base)

    def _stand_ins_reached(self, names: object) -> tuple[str, ...]:
        """The worker's list of packages whose stand-in a call reached (untrusted: names only), counted."""
        if type(names) is not list:
            return ()
        reached = tuple(n[:100] for n in names[:20] if type(n) is str)
        for name in reached:
            self.stand_ins_called[name] = self.stand_ins_called.get(name, 0) + 1
        return reached

    def _ensure_worker(self) -> None:
        """Spawn a worker if there is none, replaying cells and kept objects into it."""
        attempts = len(self._cells) + 3
        while self._worker is None:
            attempts -= 1
            if attempts < 0:
                raise SandboxError("the submission could not be reloaded into a fresh worker")
            self._worker = self._zygote.spawn()
            if self._ever_spawned:
                self.respawns += 1
            self._ever_spawned = True
            self._slot[0] = self._worker
            if not self._replay():
                continue

    def _replay(self) -> bool:
        """Re-run the loaded cells and the kept constructor calls; False if the worker died."""
        for index, source in enumerate(self._cells):
            if index in self._skipped:
                continue
            r = self._exchange({"op": "exec", "index": index, "source": source}, self.limits.cell_timeout)
            if r.kind in _KILLING_KINDS:
                self._skipped.add(index)
                return False
        for hid, req in list(self._kept.items()):
            r = self._exchange(req, self.limits.call_timeout)
            if not r.ok:
                self._broken[hid] = _replace(r, kind=UNAVAILABLE, message=f"the object behind handle {hid} "
                                             f"could not be rebuilt after a respawn: {r.describe_error()}")
                self._kept.pop(hid)
                if r.kind in _KILLING_KINDS:
                    return False
        return True

    def _drop_worker(self, reap: bool = True) -> dict:
        worker, self._worker = self._worker, None
        self._slot[0] = None
        if worker is None:
            return {}
        worker.kill()
        worker.close()
        if not reap or self._zygote.closed:
            return {}
        try:
            return self._zygote.reap()
        except (OSError, ValueError) as e:
            raise SandboxError(f"the zygote stopped answering: {e}") from None


def _timeout_words(ex: Exchange, timeout: float) -> str:
    """Which limit a call hit, in words: its CPU time, or the backstop for code that sleeps or blocks."""
    if ex.limit == "cpu":
        return f"no answer within {timeout:g} s of CPU time"
    if ex.cpu is None:
        return f"no answer within {timeout:g} s (wall clock)"
    return (f"no answer after {ex.duration:.3g} s of wall-clock time, in which it used {ex.cpu:.2g} s of CPU time "
            f"(it sleeps, blocks or waits; the limit is {timeout:g} s of CPU time)")


def _cpu_seconds(reported: Any, ex: Exchange) -> float:
    """A call's CPU seconds: the worker's own figure (finer than the kernel's clock ticks), unless it falls
    below the kernel's by more than :data:`CPU_SLACK` (the student's code runs in the worker)."""
    kernel = ex.cpu
    if type(reported) not in (int, float) or not math.isfinite(reported) or reported < 0:
        return ex.duration if kernel is None else kernel
    return float(reported) if kernel is None else max(float(reported), kernel - CPU_SLACK)


def _seeding_cell(seed: int) -> str:
    """Code that defines :data:`SEED_FUNCTION` and seeds with ``seed``. ``__import__`` because the
    student may rebind the names ``random`` and ``np``."""
    return (f"def {SEED_FUNCTION}(seed):\n"
            "    __import__('random').seed(seed)\n"
            "    __import__('numpy').random.seed(seed)\n"
            f"{SEED_FUNCTION}({seed})\n")


def _choose(level: str | None, require: str | None) -> str:
    return isolation.choose(level, require)


def _shutdown(zygote: ZygoteProcess, worker_slot: list) -> None:
    worker = worker_slot[0]
    if worker is not None:
        worker.kill()
        worker.close()
    zygote.close()


@atexit.register
def _close_all() -> None:
    for box in list(_LIVE):
        try:
            box.close()
        except Exception:  # noqa: BLE001 - best effort at interpreter exit
            pass


def _target(target: str | Handle) -> dict:
    if isinstance(target, Handle):
        return {"handle": target.id, "path": list(target.path)}
    if not isinstance(target, str) or not target or any(not part.isidentifier() for part in target.split(".")):
        raise ValueError(f"a call target must be a name or dotted path such as 'MyAgent.act', got {target!r}")
    return {"handle": None, "path": target.split(".")}


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")


def _replace(r: CallResult, **changes: Any) -> CallResult:
    import dataclasses

    return dataclasses.replace(r, **changes)


def _counted_calls(d: Any) -> CountedCalls:
    """The worker's count of calls, checked field by field (it comes from the student's process)."""
    if type(d) is not dict or type(d.get("functions")) is not list or type(d.get("calls")) is not list:
        raise codec.CodecError("the answer lacks the counted calls")
    watched = d.get("watched", [[] for _ in d["functions"]])
    if type(watched) is not list or len(watched) != len(d["functions"]):
        raise codec.CodecError("malformed watched names")
    functions = []
    for f, names in zip(d["functions"], watched):
        if (type(f) is not list or len(f) != 4 or type(f[0]) is not str or type(f[1]) is not str
                or any(type(n) is not int for n in f[2:])):
            raise codec.CodecError("malformed counted function")
        cell = f[1].removeprefix("<cell ").removesuffix(">")
        functions.append(CountedFunction(name=f[0][:200], cell=int(cell) if cell.isdigit() else -1, line=f[2],
                                         calls=f[3], watched=_names(names)))
    flat = d["calls"]
    if len(flat) % 2 or any(type(n) is not int or not 0 <= n for n in flat) or any(
            n >= len(functions) for n in flat[::2]):
        raise codec.CodecError("malformed call tree")
    arguments = d.get("arguments", [None] * (len(flat) // 2))
    if type(arguments) is not list or len(arguments) != len(flat) // 2:
        raise codec.CodecError("malformed watched arguments")
    return CountedCalls(functions=tuple(functions), calls=tuple(zip(flat[::2], flat[1::2])),
                        arguments=tuple(_watched_values(a, len(functions[n].watched))
                                        for a, n in zip(arguments, flat[::2])),
                        truncated=d.get("truncated") is True, stopped=d.get("stopped") is True)


def _names(names: Any) -> tuple[str, ...]:
    if type(names) is not list or any(type(n) is not str for n in names):
        raise codec.CodecError("malformed watched names")
    return tuple(n[:60] for n in names)


def _watched_values(values: Any, count: int) -> tuple | None:
    """One call's watched values, each a number, bool, short string or None; infinities arrive as 'inf'."""
    if values is None:
        return None
    if type(values) is not list or len(values) != count or any(
            v is not None and type(v) not in (int, float, bool, str) for v in values):
        raise codec.CodecError("malformed watched values")
    return tuple(math.copysign(math.inf, 1 if v == "inf" else -1) if v in ("inf", "-inf") else v for v in values)


def _name_info(d: Any) -> NameInfo:
    if type(d) is not dict:
        raise SandboxError("malformed description from the worker")
    params = d.get("parameters")
    return NameInfo(name=str(d.get("name", "")), kind=str(d.get("kind", "")), type_name=str(d.get("type", "")),
                    parameters=None if params is None else tuple(
                        Parameter(name=str(p["name"]), kind=str(p["kind"]), has_default=bool(p["has_default"]),
                                  default=p.get("default"), default_repr=str(p.get("default_repr", "")),
                                  annotation=str(p.get("annotation", ""))) for p in params),
                    doc=str(d.get("doc", "")), members=tuple(_name_info(m) for m in d.get("members", ())))
