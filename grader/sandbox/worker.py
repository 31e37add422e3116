"""The worker: a forked process that confines itself, holds one submission and answers calls.

Runs inside the sandbox with the standard library only (plus whatever the zygote preloaded);
it is shipped as source by the zygote bootstrap, so no grader module is importable here and
tracebacks name no grader path.

Student cells run in a module named ``submission``, not ``__main__``: notebooks guard their
interactive main loop (``input()`` games, long experiments) with ``if __name__ == "__main__":``
and the grader must not run it. The module is registered in ``sys.modules`` so that
dataclasses, pickle-free ``typing`` look-ups and ``inspect`` work as they would in a notebook.

A cell runs one top-level statement at a time, so a failing statement loses only itself (its
error is the cell's). Two things old notebooks need are repaired as they load: a package the
grader lacks is replaced by an inert stand-in (see :class:`StandIn`; the textbook's ``games`` and
``utils`` modules by the base classes and helpers copied notebooks build on, see ``textbook.py``), and numpy 1 names that
numpy 2 removed (``np.Inf``, ``np.float``, ...) are restored. :data:`LOAD_REPORT_FUNCTION` says
which, so the feedback can name them.

Protocol: frames of a 4-byte big-endian length and a JSON body on one socket; student output
goes to fds 1 and 2, separate pipes the grader drains, never into the protocol. Each answer carries the
CPU seconds the request took (``cpu``: the process's threads and reaped children).

The student's clocks advance with its CPU time (:func:`install_own_clocks`), so that an agent that stops
when its clock says so does the same work however busy the machine is.
"""

from __future__ import annotations

import __future__
import ast
import builtins
import collections
import importlib.machinery
import io
import math
import numbers
import os
import resource
import socket
import struct
import sys
import threading  # noqa: F401 - before the clocks are replaced: its waits keep the real monotonic clock
import time
import traceback
import types
import warnings
from typing import Callable, Iterable, Iterator

if __package__:
    from . import codec, confine, textbook
else:  # inside the sandbox: modules loaded from source by the zygote bootstrap
    import _sandbox_codec as codec  # type: ignore[no-redef]
    import _sandbox_confine as confine  # type: ignore[no-redef]
    import _sandbox_textbook as textbook  # type: ignore[no-redef]

_HEADER = struct.Struct(">I")
MODULE_NAME = "submission"
_MAX_TEXT = 2000
#: a function in the submission's namespace that returns what loading repaired: the modules
#: replaced by stand-ins and the numpy 1 names restored (a dunder name: the adapter never lists it)
LOAD_REPORT_FUNCTION = "__grader_load_report__"
#: a name in the submission's namespace that holds, during a call, the (rows, columns) of the board the grader
#: asks about, when the call says so: code that keeps the size in constants runs at that size
ASKED_SIZE = "__grader_asked_size__"


_process_time = time.process_time  # kept before the student's code can replace it


def cpu_seconds() -> float:
    """CPU seconds of this process (all its threads) and of the children it has reaped."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return _process_time() + children.ru_utime + children.ru_stime


def install_own_clocks() -> None:
    """Make ``time.time``, ``perf_counter``, ``monotonic`` (and their ``_ns`` forms) advance with this
    process's CPU time plus the seconds ``time.sleep`` was asked for, from their real values now.

    An agent that searches ``while time.time() - start < 1.0`` then does as many playouts on a machine
    busy with other work as on a quiet one: its clock stands still while it waits for a CPU. A sleep
    advances the clock by what was asked (a loop that polls its clock between sleeps still ends). Not
    covered: ``datetime.now()``, timers and signals (``signal.alarm``), which keep real time;
    ``time.process_time`` is CPU time already."""
    real_sleep, own = time.sleep, [0.0]  # own[0]: the seconds slept

    def now() -> float:
        return cpu_seconds() + own[0]

    def sleep(seconds: float) -> None:
        real_sleep(seconds)  # its own errors (a negative or non-number argument) first
        own[0] += float(seconds)

    def clock(real: Callable[[], float]) -> tuple[Callable[[], float], Callable[[], int]]:
        offset = real() - now()

        def seconds() -> float:
            return offset + now()

        def nanoseconds() -> int:
            return int((offset + now()) * 1e9)

        return seconds, nanoseconds

    for name in ("time", "perf_counter", "monotonic"):
        seconds, nanoseconds = clock(getattr(time, name))
        seconds.__name__, nanoseconds.__name__ = name, f"{name}_ns"
        setattr(time, name, seconds)
        setattr(time, f"{name}_ns", nanoseconds)
    sleep.__name__ = "sleep"
    time.sleep = sleep


def send_frame(sock: socket.socket, body: bytes) -> None:
    sock.sendall(_HEADER.pack(len(body)) + body)


def recv_frame(sock: socket.socket, max_bytes: int = 1 << 30) -> bytes | None:
    """One frame, or None at end of stream."""
    head = _recv_exact(sock, 4)
    if head is None:
        return None
    (n,) = _HEADER.unpack(head)
    if n > max_bytes:
        raise ValueError(f"frame of {n} bytes is too large")
    return _recv_exact(sock, n)


def _recv_exact(sock: socket.socket, n: int) -> bytes | None:
    chunks, got = [], 0
    while got < n:
        chunk = sock.recv(min(n - got, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


# ------------------------------------------------------------------------------- start-up


def run(sock_fd: int, out_fd: int, err_fd: int, cfg: dict) -> None:
    """Confine this freshly forked process, then serve requests until the grader hangs up."""
    try:
        sock = _confine(sock_fd, out_fd, err_fd, cfg)
    except BaseException as e:  # report why instead of dying silently
        os.write(2, f"sandbox worker could not confine itself: {e!r}\n".encode())
        os._exit(70)
    if cfg["limits"].get("own_clocks"):
        install_own_clocks()
    Worker(sock, cfg).serve()
    os._exit(0)


def _confine(sock_fd: int, out_fd: int, err_fd: int, cfg: dict) -> socket.socket:
    os.setsid()  # own session and process group: the grader stops and kills the group
    confine.set_parent_death_signal()
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(out_fd, 1)
    os.dup2(err_fd, 2)
    keep = 3
    if sock_fd != keep:
        os.dup2(sock_fd, keep, inheritable=False)
    os.closerange(keep + 1, 1 << 16)  # every other inherited descriptor, the zygote's included
    os.chdir(cfg["workdir"])
    os.environ.clear()
    os.environ.update(cfg["env"])
    for name in ("HOME", "TMPDIR", "MPLCONFIGDIR"):  # everything a library caches goes in the box
        os.environ[name] = cfg["workdir"]
    import tempfile

    tempfile.tempdir = None  # recomputed from TMPDIR on first use
    confine.apply_rlimits(cfg["limits"], int(cfg.get("extra_tasks", 0)))
    if cfg.get("uid") is not None:
        confine.drop_to_uid(int(cfg["uid"]))
    if cfg["level"] == "landlock":
        confine.apply_landlock(cfg["read_paths"] + [f"/proc/{os.getpid()}"], [cfg["workdir"]])
        confine.apply_seccomp()
    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="backslashreplace")
    sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace",
                                  line_buffering=True)
    builtins.input = _no_input
    return socket.socket(fileno=keep)


def _no_input(prompt: object = "") -> str:
    """``input()`` in a graded submission: there is no one to type, so fail at once."""
    if prompt:
        sys.stdout.write(str(prompt))
    raise EOFError("input() is not available while grading: stdin is closed "
                   "(guard interactive code with `if __name__ == '__main__':`)")


# ------------------------------------------------------------------------------- serving


class Worker:
    """The request loop over one submission's namespace and the objects kept by handle."""

    def __init__(self, sock: socket.socket, cfg: dict) -> None:
        self.sock = sock
        lim = cfg["limits"]
        self.codec_limits = codec.CodecLimits(max_depth=int(lim["max_depth"]), max_bytes=int(lim["result_bytes"]))
        module = types.ModuleType(MODULE_NAME)
        module.__dict__["__builtins__"] = builtins
        sys.modules[MODULE_NAME] = module
        self.ns = module.__dict__
        self.stand_ins = StandInFinder()
        self.numpy_restored: dict[str, str] = {}  # name -> today's spelling
        self.numpy_seen = False
        self.future_flags = 0  # `from __future__ import annotations` lasts, as in a notebook
        self.ns[LOAD_REPORT_FUNCTION] = _load_report(self.stand_ins.replaced, self.numpy_restored)
        self.restore_numpy_names()
        self.initial_names = set(self.ns)
        self.handles: dict[int, object] = {}
        self.clean_builtins = dict(vars(builtins))
        self.student_builtins: dict | None = None  # set when student code changed builtins
        self.ops = {"exec": self.op_exec, "call": self.op_call, "describe": self.op_describe,
                    "drop": self.op_drop, "ping": lambda req: None}
        codec.record_classes = self.own_record_class

    def serve(self) -> None:
        send_frame(self.sock, b'{"hello":%d}' % os.getpid())
        while True:
            body = recv_frame(self.sock)
            if body is None:
                return
            req = codec.parse(body, codec.CodecLimits(max_bytes=1 << 30))
            send_frame(self.sock, self.answer(req))

    def answer(self, req: dict) -> bytes:
        """Run one request; always produce a response frame (errors included)."""
        rid = req.get("id")
        started = cpu_seconds()
        try:
            self.enter_student()
            try:
                value = self.ops[req["op"]](req)
            finally:
                self.leave_student()
            tree = value.tree if type(value) is _Encoded else codec.encode(value, self.codec_limits)
            resp = {"id": rid, "ok": True, "value": tree}
            if type(value) is _Encoded and value.args is not None:
                resp["args"] = value.args
            if type(value) is _Encoded and value.calls is not None:
                resp["calls"] = value.calls
        except _BadReturn as e:
            resp = {"id": rid, "ok": False, "kind": "bad-return", "type": "CodecError", "message": str(e),
                    "traceback": ""}
        except BaseException as e:  # noqa: BLE001 - student code may raise anything, SystemExit included
            resp = {"id": rid, "ok": False, **describe_exception(e)}
        if _refused:  # even when the student's code caught the refusal: the answer may rest on it
            resp["stand_ins"] = sorted(_refused)
            _refused.clear()
        _flush_output()
        resp["threads"] = _thread_count()
        resp["cpu"] = round(cpu_seconds() - started, 6)
        try:
            return codec.json.dumps(resp, separators=(",", ":"), allow_nan=False).encode("utf-8", "surrogatepass")
        except BaseException as e:  # noqa: BLE001
            return codec.json.dumps({"id": rid, "ok": False, "kind": "bad-return", "type": type(e).__name__,
                                     "message": "the result could not be serialised", "traceback": "",
                                     "threads": resp["threads"]}).encode()

    def enter_student(self) -> None:
        """Give student code back the builtins it patched (see :meth:`leave_student`)."""
        if self.student_builtins is not None:
            current = vars(builtins)
            current.clear()
            current.update(self.student_builtins)

    def leave_student(self) -> None:
        """Restore the real builtins for the worker's own code (json, codec, sockets), keeping
        the student's patched ones aside; compared by identity so a lying __eq__ cannot hide."""
        current, clean = vars(builtins), self.clean_builtins
        if len(current) == len(clean) and all(clean.get(k, current) is v for k, v in current.items()):
            self.student_builtins = None
            return
        self.student_builtins = dict(current)
        current.clear()
        current.update(clean)

    # --- operations -----------------------------------------------------------------------

    def op_exec(self, req: dict) -> None:
        """Run a cell statement by statement, as IPython does; a failing statement does not stop the
        next ones, and the first failure is the cell's error. A cell that does not parse runs nothing;
        a statement the compiler refuses on its own (a ``def`` with ``global x`` after using x) fails
        alone, and one refused only beside the others (``x = 1`` then ``global x``) runs."""
        global _loading
        index = int(req["index"])
        filename = f"<cell {index}>"
        source = req["source"]
        import linecache

        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        tree = compile(source, filename, "exec", ast.PyCF_ONLY_AST | self.future_flags, dont_inherit=True)
        first_error: Exception | None = None
        _loading = True
        try:
            for node in tree.body:
                try:
                    self.run_statement(node, filename, index)
                except Exception as e:  # noqa: BLE001 - SystemExit and the like still end the cell
                    if first_error is None:
                        first_error = e
        finally:
            _loading = False
        if first_error is not None:
            raise first_error

    def run_statement(self, node: ast.stmt, filename: str, index: int) -> None:
        """Run one top-level statement; an import of a missing package gets a stand-in."""
        code = compile(ast.Module([node], type_ignores=[]), filename, "exec", self.future_flags, dont_inherit=True)
        if not isinstance(node, (ast.Import, ast.ImportFrom)) or getattr(node, "level", 0):
            exec(code, self.ns)
            return
        modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        if any(m.partition(".")[0] == "numpy" for m in modules):
            self.restore_numpy_names(load=True)  # before `from numpy import Inf` looks for it
        self.stand_ins.run_import(lambda: exec(code, self.ns), modules, index)
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            for alias in node.names:
                self.future_flags |= getattr(__future__, alias.name).compiler_flag
        self.restore_numpy_names()

    def restore_numpy_names(self, load: bool = False) -> None:
        """Put back the numpy 1 names this numpy lacks, once numpy is imported (see _NUMPY_1_NAMES)."""
        if self.numpy_seen:
            return
        np = sys.modules.get("numpy")
        if np is None and load:
            try:
                import numpy as np
            except ImportError:
                return
        if np is None:
            return
        self.numpy_seen = True
        for name, (make, spelling) in _NUMPY_1_NAMES.items():
            if name in vars(np):
                continue
            with warnings.catch_warnings():  # numpy warns about some names before refusing them
                warnings.simplefilter("ignore")
                try:
                    getattr(np, name)
                    continue
                except AttributeError:
                    pass
            try:
                setattr(np, name, make(np))
            except Exception:  # noqa: BLE001 - an odd numpy build lacks the replacement too
                continue
            self.numpy_restored[name] = spelling

    def op_call(self, req: dict) -> object:
        fn = self.resolve(req["target"])
        if req.get("read"):  # an attribute's value, not a call (a game object's ``initial`` state)
            try:
                return _Encoded(codec.encode(fn, self.codec_limits))
            except codec.CodecError as e:
                raise _BadReturn(str(e)) from None
        args = codec.decode(req.get("args", {"$": "tuple", "v": []}))
        kwargs = codec.decode(req.get("kwargs", {"$": "dict", "v": {}}))
        trace = CallTrace(req.get("count_seconds"), watch=req.get("watch", ())) if req.get("count_calls") else None
        if req.get("size"):  # the board size asked about, for a submission's size constants
            self.ns[ASKED_SIZE] = tuple(req["size"])
        try:
            if trace is None:
                value = fn(*args, **kwargs)
            else:
                sys.settrace(trace.hook)
                try:
                    value = fn(*args, **kwargs)
                except CountingStopped:
                    value = None  # the calls so far are the answer
                finally:
                    sys.settrace(None)
        finally:
            self.ns.pop(ASKED_SIZE, None)
        keep = req.get("keep")
        if keep is not None:
            self.handles[int(keep)] = value
            return None
        value = _materialised(value)
        try:
            # encode here so a non-plain result is reported as bad-return, not as an exception
            tree = codec.encode(value, self.codec_limits)
        except codec.CodecError as e:
            raise _BadReturn(str(e)) from None
        calls = None if trace is None else trace.report()
        if not req.get("return_args"):
            return _Encoded(tree, calls=calls)
        try:  # the arguments as the call left them, for checks that a function leaves its input alone
            return _Encoded(tree, codec.encode(args, self.codec_limits), calls)
        except codec.CodecError as e:
            raise _BadReturn(f"after the call, an argument is no longer plain data: {e}") from None

    def own_record_class(self, name: str, fields: tuple) -> type | None:
        """The submission's named tuple or dataclass ``name`` with these fields (its states arrive as its own
        class)."""
        cls = self.ns.get(name)
        if isinstance(cls, type) and issubclass(cls, tuple) and getattr(cls, "_fields", None) == fields:
            return cls
        if isinstance(cls, type) and codec.dataclass_fields(cls) == fields:
            return cls  # a dataclass: built from its fields in order, as the constructor takes them
        return None

    def op_describe(self, req: dict) -> object:
        target = req.get("target")
        if target is None:
            names = [k for k in list(self.ns) if k not in self.initial_names and not k.startswith("__")]
            return [describe_name(k, self.ns[k]) for k in names]
        obj = self.resolve(target)
        path = target.get("path") or []
        return describe_name(path[-1] if path else f"handle {target.get('handle')}", obj, members=True)

    def op_drop(self, req: dict) -> None:
        self.handles.pop(int(req["handle"]), None)

    def resolve(self, target: dict) -> object:
        """The object named by a handle id and/or an attribute path (``["MyAgent", "act"]``)."""
        path = list(target.get("path") or [])
        hid = target.get("handle")
        if hid is not None:
            if int(hid) not in self.handles:
                raise LookupError(f"no object with handle {hid} in the worker")
            obj = self.handles[int(hid)]
        else:
            if not path:
                raise ValueError("a call needs a name or a handle")
            first = path.pop(0)
            if first not in self.ns:
                raise NameError(f"name {first!r} is not defined by the submission")
            obj = self.ns[first]
        for name in path:
            obj = getattr(obj, name)
        return obj


class _BadReturn(Exception):
    pass


class _Encoded:
    """A result already encoded by :meth:`Worker.op_call` (so it is encoded only once), with the
    encoded arguments after the call and the calls counted during it, when they were asked for."""

    __slots__ = ("tree", "args", "calls")

    def __init__(self, tree: object, args: object = None, calls: dict | None = None) -> None:
        self.tree = tree
        self.args = args
        self.calls = calls


class CallTrace:
    """The calls to the submission's own functions during one request, in the order they were made.

    A trace hook (``sys.settrace``, set only while a counted call runs, so other calls pay nothing)
    keeps each call of a function compiled from a cell, with its depth: how many such calls were
    under way when it started (its nearest counted caller's depth plus one). That preorder list is
    the call tree, so the grader can tell a recursive search's nodes and levels whatever the coding
    style. Comprehensions, lambdas and generator expressions (``<genexpr>``) are never a search node
    and are not kept. Past ``limit`` calls only the counts per function go on; past ``seconds`` the
    call is stopped and answers None (an iterative deepening's first searches tell enough). The hook lives in the
    student's process, so a student can disturb it; that only ever spoils their own count.

    The parameters named in ``watch`` (a search's window and player, named by the grader) are read
    at each kept call when they hold a number or a short string, so the grader can see whether the
    window narrows and the player changes as the search goes down; other values read as None.
    """

    def __init__(self, seconds: float | None = None, limit: int = 400_000, watch: Iterable[str] = ()) -> None:
        self.functions: list[list] = []  # [qualified name, cell file name, first line, calls, watched names]
        self.calls: list[int] = []  # flat pairs: function number, depth
        self.arguments: list[list | None] = []  # per kept call, the watched parameters' values (None: none)
        self.watch = frozenset(str(w) for w in watch)
        self.limit = 2 * limit
        #: past this much CPU time the call is stopped (:class:`CountingStopped`): the calls so far are enough
        self.deadline = _process_time() + float(seconds) if seconds else math.inf
        self.stopped = False
        self.hook = self._hook()

    def _hook(self) -> Callable:
        """The trace function: a closure over plain locals, as it runs at every call the student makes."""
        index: dict[types.CodeType, int] = {}  # code -> its number, -1 when it is not counted
        #: the depth of each counted call by its frame's id: a live frame's entry is always its own (a
        #: frame is counted when it starts), and the nearest counted caller's depth is one less
        depths: dict[int, int] = {}
        functions, calls, limit, number_of = self.functions, self.calls, self.limit, self._number
        arguments = self.arguments
        deadline, clock = self.deadline, _process_time

        def hook(frame: types.FrameType, event: str, arg: object) -> None:
            code = frame.f_code
            number = index.get(code)
            if number is None:
                number = index[code] = number_of(code)
            if number < 0:
                return None
            if clock() > deadline:
                self.stopped = True
                raise CountingStopped  # raised by a trace function, it also ends the tracing
            functions[number][3] += 1
            if len(calls) < limit:
                back = frame.f_back
                while back is not None and index.get(back.f_code, -1) < 0:
                    back = back.f_back
                depth = 0 if back is None else depths.get(id(back), -1) + 1
                depths[id(frame)] = depth
                calls.append(number)
                calls.append(depth)
                watched = functions[number][4]
                arguments.append([_scalar(frame.f_locals.get(name)) for name in watched] if watched else None)
            return None  # no line events: the call alone is what is counted

        return hook

    def _number(self, code: types.CodeType) -> int:
        if not code.co_filename.startswith("<cell ") or code.co_name.startswith("<"):
            return -1
        parameters = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
        watched = [p for p in parameters if p.lower().replace("_", "") in self.watch]
        self.functions.append([_safe_text(lambda: code.co_qualname, 200), code.co_filename, code.co_firstlineno, 0,
                               watched])
        return len(self.functions) - 1

    def report(self) -> dict:
        """The trace as plain data for the grader, without the calls of functions that never call another
        counted function (helpers such as a win test: never a search node, and most of the calls)."""
        calls, callers, open_calls = self.calls, set(), []
        for i in range(0, len(calls), 2):
            del open_calls[calls[i + 1]:]
            if open_calls:
                callers.add(open_calls[-1])
            open_calls.append(calls[i])
        # a function with watched parameters (a result(board, player, move)) is kept too: its player tells
        kept_functions = callers | {n for n, f in enumerate(self.functions) if f[4]}
        kept = [i for i in range(0, len(calls), 2) if calls[i] in kept_functions]
        return {"functions": [f[:4] for f in self.functions], "calls": [n for i in kept for n in calls[i:i + 2]],
                "arguments": [self.arguments[i // 2] for i in kept], "watched": [f[4] for f in self.functions],
                "truncated": len(calls) >= self.limit, "stopped": self.stopped}


def _scalar(value: object) -> object:
    """A watched parameter's value as plain data: a number or a short string, else None."""
    if isinstance(value, bool):
        return value
    if isinstance(value, numbers.Integral):  # numpy's integers too (a player read off the board)
        return int(value)
    if isinstance(value, numbers.Real):
        value = float(value)
        return value if math.isfinite(value) else ("inf" if value > 0 else "-inf")
    if type(value) is str and len(value) <= 8:
        return value
    return None


class CountingStopped(BaseException):
    """Raised into the student's code when a counted call has run for its seconds (a BaseException, so
    that ``except Exception`` in a search does not swallow it; a bare ``except`` only costs time)."""


# ------------------------------------------------------------------------------- load repairs


def _load_report(stand_ins: dict[str, dict], numpy_restored: dict[str, str]) -> Callable[[], dict]:
    """The function behind :data:`LOAD_REPORT_FUNCTION`: copies, as plain data, of what loading
    repaired (a closure, so the student's namespace holds no way to the worker itself)."""

    def report() -> dict:
        return {"stand_ins": [dict(why) for why in stand_ins.values()], "numpy_restored": dict(numpy_restored)}

    return report


_loading = False  # True while a cell runs: stand-ins answer everything then, and refuse afterwards
_refused: set[str] = set()  # packages whose stand-in graded code called during the current request


class StandIn(types.ModuleType):
    """An inert module (or anything reached through one) for a package the grader lacks.

    While cells load, every attribute, call and subscript gives another stand-in, so
    ``import matplotlib.pyplot as plt`` and ``plt.rcParams["figure.figsize"] = (8, 6)`` cost only
    themselves; a stand-in called on one function or class returns it (``@njit`` keeps the
    student's function) and a base class of them is dropped. Once graded code runs, calling one
    raises ModuleNotFoundError naming the package. A module subclass, so describe lists it as
    a module and the adapter never mistakes ``tabulate`` for a student's function.
    """

    def __init__(self, name: str, package: str, needs: str = "") -> None:
        super().__init__(name)
        vars(self)["__grader_stand_in__"] = (package, needs)

    def __getattr__(self, name: str) -> "StandIn":
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)  # protocols (__all__, __wrapped__, ...) stay absent
        child = StandIn(f"{self.__name__}.{name}", *vars(self)["__grader_stand_in__"])
        vars(self)[name] = child
        return child

    def __call__(self, *args: object, **kwargs: object) -> object:
        self.__refuse_when_graded()
        if len(args) == 1 and not kwargs and isinstance(args[0], (types.FunctionType, type)):
            return args[0]  # used as a decorator
        return StandIn(f"{self.__name__}()", *vars(self)["__grader_stand_in__"])

    def __getitem__(self, key: object) -> "StandIn":
        self.__refuse_when_graded()
        return StandIn(f"{self.__name__}[]", *vars(self)["__grader_stand_in__"])

    def __setitem__(self, key: object, value: object) -> None:
        self.__refuse_when_graded()

    def __iter__(self) -> Iterator[object]:
        self.__refuse_when_graded()
        return iter(())

    def __mro_entries__(self, bases: tuple) -> tuple:
        return ()  # `class Env(gym.Env):` defines a plain class

    def __or__(self, other: object) -> "StandIn":
        return self  # `kaggle.Config | None` in an annotation

    __ror__ = __or__

    def __repr__(self) -> str:
        return f"<stand-in for {self.__name__}: {self.__why()}>"

    def __why(self) -> str:
        package, needs = vars(self)["__grader_stand_in__"]
        if needs:
            return f"`{package}` cannot be imported for grading (it needs `{needs}`, which is not installed)"
        return f"`{package}` is not installed for grading"

    def __refuse_when_graded(self) -> None:
        if not _loading:
            package = vars(self)["__grader_stand_in__"][0]
            if package not in textbook.MODULES:  # the textbook's agents are not given, by design
                _refused.add(package)
            raise ModuleNotFoundError(f"{self.__why()}: the grader replaced it with a stand-in, so "
                                      f"`{self.__name__}` cannot be used by graded code", name=package)


class StandInFinder:
    """Serves stand-ins for modules whose import failed in a submission's own import statement.

    Only those statements ask for one (never the worker's imports), and never for the standard
    library: ``import tkinter`` failing is a real error. First on ``sys.meta_path`` once in use,
    so a submodule of an installed package (``matplotlib.pyplot`` missing a dependency) is served too.
    A missing textbook module (``games``, ``utils``) is served with the textbook's own base classes and
    helpers (see ``textbook.py``); its other names are stand-ins.
    """

    def __init__(self) -> None:
        self.replaced: dict[str, dict] = {}  # module -> {"module", "needs", "cell"} (+ "textbook": names given)

    def run_import(self, run: Callable[[], None], modules: list[str], cell: int) -> None:
        """Run an import statement, replacing each module it cannot find by a stand-in."""
        for _ in range(32):  # each round replaces one more module
            try:
                return run()
            except ModuleNotFoundError as e:
                target, needs = self._target(e.name or "", modules)
                if target is None or target in self.replaced:
                    raise
                self.replaced[target] = {"module": target, "needs": needs, "cell": cell}
                if not needs and target in textbook.MODULES:
                    self.replaced[target]["textbook"] = list(textbook.MODULES[target])
                if self not in sys.meta_path:
                    sys.meta_path.insert(0, self)
        run()

    @staticmethod
    def _target(missing: str, modules: list[str]) -> tuple[str | None, str]:
        """The module to replace: the missing one if the statement names it (or a parent or
        child of it), else the first part of a named module that did not import."""
        related = any(m == missing or m.startswith(missing + ".") or missing.startswith(m + ".") for m in modules)
        if missing and related:
            target, needs = missing, ""
        else:
            prefixes = (".".join(m.split(".")[:k]) for m in modules if m for k in range(1, m.count(".") + 2))
            target, needs = next((p for p in prefixes if p not in sys.modules), None), missing
        if target is None or target.partition(".")[0] in sys.stdlib_module_names:
            return None, ""
        return target, needs

    def _package_of(self, fullname: str) -> str | None:
        return next((n for n in self.replaced if fullname == n or fullname.startswith(n + ".")), None)

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        if self._package_of(fullname) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        package = self._package_of(spec.name) or spec.name
        if "textbook" in self.replaced.get(spec.name, {}):
            return _textbook_module(spec.name)
        return StandIn(spec.name, package, self.replaced.get(package, {}).get("needs", ""))

    def exec_module(self, module: types.ModuleType) -> None:
        pass


def _textbook_module(name: str) -> types.ModuleType:
    """The textbook module ``name`` with the pieces of it the grader gives; any other name read from it
    (``from games import alpha_beta_search``) is a stand-in, so the import loads and a call refuses."""
    module = types.ModuleType(name)
    given = textbook.MODULES[name]
    module.__dict__.update({n: getattr(textbook, n) for n in given})
    module.__all__ = list(given)

    def missing(attribute: str) -> StandIn:
        if attribute.startswith("__") and attribute.endswith("__"):
            raise AttributeError(attribute)
        return StandIn(f"{name}.{attribute}", name)

    module.__getattr__ = missing  # PEP 562: read only for names the module lacks
    return module


#: numpy 1 names that numpy 2 (or 1.24) removed and that are another numpy name today: old name -> today's
_NUMPY_1_RENAMED = {
    "Inf": "inf", "Infinity": "inf", "PINF": "inf", "infty": "inf", "NaN": "nan",
    "float_": "float64", "complex_": "complex128", "cfloat": "complex128", "longfloat": "longdouble",
    "string_": "bytes_", "unicode_": "str_", "product": "prod", "cumproduct": "cumprod", "alltrue": "all",
    "sometrue": "any", "round_": "round", "trapz": "trapezoid", "row_stack": "vstack",
}
#: the ones that were Python's own types under another name (``np.float`` is ``float``)
_NUMPY_1_BUILTINS = {"float": float, "int": int, "bool": bool, "object": object, "str": str, "complex": complex,
                     "long": int, "unicode": str}
#: every numpy 1 name restored when missing: name -> (value from the numpy module, today's spelling for the
#: feedback); the renamed and builtin ones from their tables above, the rest written out
_NUMPY_1_NAMES = {
    **{old: ((lambda np, new=new: getattr(np, new)), f"np.{new}") for old, new in _NUMPY_1_RENAMED.items()},
    **{name: ((lambda np, t=t: t), t.__name__) for name, t in _NUMPY_1_BUILTINS.items()},
    "NINF": ((lambda np: -np.inf), "-np.inf"),
    "PZERO": ((lambda np: 0.0), "0.0"),
    "NZERO": ((lambda np: -0.0), "-0.0"),
    "in1d": ((lambda np: lambda a, b, *args, **kwargs: np.isin(np.ravel(a), b, *args, **kwargs)), "np.isin"),
    "msort": ((lambda np: lambda a: np.sort(a, axis=0)), "np.sort(a, axis=0)"),
    "asfarray": ((lambda np: lambda a, dtype=np.float64: np.asarray(a, dtype=dtype)), "np.asarray(a, dtype=float)"),
}


# ------------------------------------------------------------------------------- helpers


def _safe_text(f, limit: int = _MAX_TEXT) -> str:  # noqa: ANN001
    try:
        text = f()
        if type(text) is not str:
            text = str.__str__(text) if issubclass(type(text), str) else "<not text>"
    except BaseException:  # noqa: BLE001 - a hostile __str__ / __repr__
        text = "<could not be shown>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe_exception(e: BaseException) -> dict:
    """Type, message and a short traceback of the student's frames (no worker frames)."""
    t = type(e)
    kind = "memory" if issubclass(t, MemoryError) else "exception"
    name = _safe_text(lambda: type.__dict__["__name__"].__get__(t), 200)
    try:
        last, count, tb = collections.deque(maxlen=8), 0, e.__traceback__
        while tb is not None:  # walk only: a RecursionError has thousands of frames
            if not tb.tb_frame.f_code.co_filename.startswith("<_sandbox"):
                last.append((tb.tb_frame, tb.tb_lineno))
                count += 1
            tb = tb.tb_next
        lines = traceback.StackSummary.extract(iter(last)).format()
        if count > len(last):
            lines.insert(0, f"  ... {count - len(last)} earlier frames ...\n")
        tb = "Traceback (most recent call last):\n" + "".join(lines) if lines else ""
    except BaseException:  # noqa: BLE001
        tb = ""
    message = _safe_text(lambda: str(e))
    tb = tb + f"{name}: {message}\n"
    if issubclass(t, SyntaxError) and getattr(e, "lineno", None):
        message = f"{message}" if "line" in message else f"{message} (line {e.lineno})"
    return {"kind": kind, "type": name, "message": message, "traceback": tb[-4000:]}


def _wraps_a_function(value: object) -> bool:
    """Whether ``value`` is a decorator's callable standing for a function (``functools.lru_cache``, a class that
    calls ``functools.update_wrapper``): it is called as that function is, with that function's parameters."""
    import inspect

    try:
        wrapped = inspect.unwrap(value)
    except BaseException:  # noqa: BLE001 - a hostile __wrapped__ or a loop of wrappers
        return False
    return wrapped is not value and isinstance(wrapped, types.FunctionType)


def describe_name(name: str, value: object, members: bool = True) -> dict:
    """Kind, type, signature (as plain data) and public members of one namespace entry."""
    import inspect

    t = type(value)
    if issubclass(t, type):
        kind = "class"
    elif issubclass(t, types.ModuleType):
        kind = "module"
    elif issubclass(t, (types.FunctionType, types.BuiltinFunctionType, types.MethodType)) or _wraps_a_function(value):
        kind = "function"
    elif callable(value):
        kind = "callable"
    else:
        kind = "value"
    info = {"name": name, "kind": kind, "type": _safe_text(lambda: codec._type_name(t), 200),
            "parameters": None, "doc": "", "members": []}
    if kind in ("class", "function", "callable"):
        try:
            info["parameters"] = [_describe_parameter(p) for p in inspect.signature(value).parameters.values()]
        except BaseException:  # noqa: BLE001 - no signature (builtins) or a hostile __signature__
            info["parameters"] = None
        doc = _safe_text(lambda: inspect.getdoc(value) or "", 2000)
        info["doc"] = doc.strip().splitlines()[0] if doc.strip() else ""
    if members and kind in ("class", "callable", "value"):
        cls = value if kind == "class" else t
        seen = set()
        for klass in getattr(cls, "__mro__", ())[:-1]:  # without object
            for k in list(vars(klass)):
                if k.startswith("_") and k not in ("__call__", "__init__") or k in seen:
                    continue
                seen.add(k)
                try:
                    member = getattr(value, k)
                except BaseException:  # noqa: BLE001
                    continue
                if callable(member):
                    info["members"].append(describe_name(k, member, members=False))
        if kind == "value":  # an object's own attributes (a game object's ``initial`` state), not called
            try:
                own = [k for k in list(getattr(value, "__dict__", {}))[:50] if type(k) is str]
            except BaseException:  # noqa: BLE001 - a hostile __dict__
                own = []
            for k in own:
                if k.startswith("_") or k in seen:
                    continue
                info["members"].append({"name": k, "kind": "value", "type": "", "parameters": None, "doc": "",
                                        "members": []})
    return info


def _describe_parameter(p) -> dict:  # noqa: ANN001
    import inspect

    has_default = p.default is not inspect.Parameter.empty
    default = None
    if has_default:
        try:
            codec.encode(p.default)
            default = p.default
        except BaseException:  # noqa: BLE001
            default = None
    annotation = "" if p.annotation is inspect.Parameter.empty else _safe_text(
        lambda: p.annotation if isinstance(p.annotation, str) else inspect.formatannotation(p.annotation), 200)
    return {"name": p.name, "kind": p.kind.name, "has_default": has_default, "default": default,
            "default_repr": _safe_text(lambda: repr(p.default), 200) if has_default else "",
            "annotation": annotation}


def _flush_output() -> None:
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - the student may have replaced or closed them
            pass


def _thread_count() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        import threading

        return threading.active_count()


#: the most items a lazy answer is read to (an endless generator is cut there, not waited on)
LAZY_ITEMS = 100_000


def _materialised(value: object) -> object:
    """A lazy sequence a student's function answers (a generator, ``map``, ``filter``, ``range``, a dict's keys) as
    the list it yields, read here under the call's own time limit: the answer it stands for, in plain data."""
    import collections.abc
    import itertools
    if isinstance(value, (collections.abc.Iterator, range, collections.abc.MappingView)) and \
            not isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)):
        return list(itertools.islice(value, LAZY_ITEMS))
    return value
