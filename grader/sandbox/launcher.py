"""Grader side of the process plumbing: start a zygote, fork workers from it, talk to them.

A :class:`ZygoteProcess` is one fork server (inside bubblewrap at that level); a
:class:`WorkerChannel` is the grader's end of one worker: its protocol socket, the pipes its
stdout/stderr go to, a pidfd that says at once when it died, and its host pid (learnt from the
kernel through SCM_CREDENTIALS, so it is right even inside a PID namespace) for SIGSTOP/SIGKILL.
"""

from __future__ import annotations

import functools
import json
import os
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import isolation
from .cpu_time import ProcessTreeClock
from .limits import Limits
from .zygote import BOOTSTRAP

_HEADER = struct.Struct(">I")
_SOURCES = (("_sandbox_codec", "codec.py"), ("_sandbox_confine", "confine.py"), ("_sandbox_textbook", "textbook.py"),
            ("_sandbox_helpers", "helpers.py"), ("_sandbox_worker", "worker.py"), ("_sandbox_zygote", "zygote.py"))

#: the only environment student code sees (plus HOME/TMPDIR set to its box)
WORKER_ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
              "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
              "NUMEXPR_NUM_THREADS": "1", "VECLIB_MAXIMUM_THREADS": "1", "MPLBACKEND": "Agg",
              "PYTHONDONTWRITEBYTECODE": "1", "PYTHONIOENCODING": "utf-8"}


class SandboxError(RuntimeError):
    """The sandbox machinery itself failed (not the student's code): the message says how."""


@functools.cache
def _sources() -> str:
    here = Path(__file__).parent
    return json.dumps([[name, (here / file).read_text()] for name, file in _SOURCES])


@dataclass
class Exchange:
    """What one round trip produced: status 'ok' (a frame), 'timeout', 'eof' (the worker died),
    'output-limit', or 'too-big' (a frame over the result limit).

    ``cpu`` is the CPU seconds the worker's process tree used meanwhile, as the kernel counts them (None
    where it cannot be read); a timeout says which limit it hit (``limit``: 'cpu', or 'wall' for the
    backstop against code that sleeps or blocks)."""

    status: str
    frame: bytes | None
    stdout: bytes
    stderr: bytes
    duration: float
    cpu: float | None = None
    limit: str = ""


class WorkerChannel:
    """The grader's end of one worker process."""

    def __init__(self, sock: socket.socket, out_r: int, err_r: int, host_pid: int, limits: Limits) -> None:
        self.sock, self.out_r, self.err_r, self.host_pid = sock, out_r, err_r, host_pid
        self.limits = limits
        self.pidfd = os.pidfd_open(host_pid)
        self.clock = ProcessTreeClock(host_pid)
        os.set_blocking(out_r, False)
        os.set_blocking(err_r, False)
        self.poller = select.poll()
        for fd in (sock.fileno(), out_r, err_r, self.pidfd):
            self.poller.register(fd, select.POLLIN)
        self.frozen = False
        if limits.freeze_between_calls:
            self.signal(signal.SIGSTOP)
            self.frozen = True

    def signal(self, sig: int) -> None:
        """Signal the worker's whole process group (threads and forked children alike)."""
        try:
            os.killpg(self.host_pid, sig)
        except (ProcessLookupError, PermissionError):
            pass

    def roundtrip(self, body: bytes, timeout: float) -> Exchange:
        """Send one request and wait, draining student output, for the answer or a limit.

        ``timeout`` is CPU seconds of the worker's process tree (see :class:`Limits`), enforced with the limits'
        ``cpu_margin`` on top; the backstop stops a call whose own wall time (leaving out its waits for a CPU)
        passes ``wall_factor`` times that, and any call at ``wall_ceiling`` times it, however busy the machine."""
        start = time.monotonic()
        limits = self.limits
        hard_stop = start + timeout * limits.wall_ceiling
        cpu_start, wait_start = self.clock.cpu(), self.clock.waiting()
        if cpu_start is None:  # no /proc: wall time is all there is
            hard_stop = start + timeout
        interval = min(0.05, max(0.005, timeout / 20))  # how often the clocks are read
        next_reading = start + interval
        out, err = bytearray(), bytearray()
        cap = limits.output_bytes
        if self.frozen:
            self.signal(signal.SIGCONT)
            self.frozen = False
        self.sock.settimeout(timeout * limits.wall_ceiling)
        try:
            self.sock.sendall(_HEADER.pack(len(body)) + body)
        except TimeoutError:
            return Exchange("timeout", None, b"", b"", time.monotonic() - start, limit="wall")
        except OSError:
            return Exchange("eof", None, b"", b"", time.monotonic() - start)
        buf = bytearray()
        sock_fd, status, exited, hit = self.sock.fileno(), None, False, ""

        def complete() -> bool:
            return len(buf) >= 4 and _HEADER.unpack_from(buf)[0] <= len(buf) - 4

        while status is None:
            now = time.monotonic()
            if now >= hard_stop:
                status, hit = "timeout", "wall"
                break
            if cpu_start is not None and now >= next_reading:
                next_reading = now + interval
                used = self.clock.cpu()
                if used is not None and used - cpu_start > timeout * (1 + limits.cpu_margin):
                    status, hit = "timeout", "cpu"
                    break
                own_wall = now - start - (self.clock.waiting() - wait_start)
                if own_wall > timeout * limits.wall_factor:
                    status, hit = "timeout", "wall"
                    break
            wait = min(hard_stop, next_reading if cpu_start is not None else hard_stop) - now
            for fd, _ev in self.poller.poll(max(wait, 0.0) * 1000):
                if fd == sock_fd:
                    chunk = self.sock.recv(1 << 20)
                    if not chunk:
                        exited = True
                        continue
                    buf += chunk
                    if len(buf) >= 4 and _HEADER.unpack_from(buf)[0] > limits.result_bytes + 4096:
                        status = "too-big"
                        break
                    if complete():
                        status = "ok"
                elif fd == self.out_r or fd == self.err_r:
                    target = out if fd == self.out_r else err
                    target += _read_some(fd)
                    if len(target) > cap:
                        status = "output-limit"
                        break
                elif fd == self.pidfd:
                    exited = True
            if exited and status is None:  # read an exited worker's last bytes before believing it
                buf += _recv_nowait(self.sock)
                status = "ok" if complete() else "eof"
        used = self.clock.cpu()
        cpu = None if cpu_start is None or used is None else max(0.0, used - cpu_start)
        need = _HEADER.unpack_from(buf)[0] if len(buf) >= 4 else 0
        if status in ("ok", "eof"):
            out += _drain(self.out_r, cap + 1 - len(out))
            err += _drain(self.err_r, cap + 1 - len(err))
            if status == "ok" and (len(out) > cap or len(err) > cap):
                status = "output-limit"
        if status == "ok" and limits.freeze_between_calls:
            self.signal(signal.SIGSTOP)
            self.frozen = True
        frame = bytes(buf[4:4 + need]) if status == "ok" else None
        return Exchange(status, frame, bytes(out[:cap]), bytes(err[:cap]), time.monotonic() - start, cpu, hit)

    def kill(self) -> None:
        """SIGKILL the worker's process group at once (the zygote then sweeps the rest)."""
        self.signal(signal.SIGKILL)
        try:
            os.kill(self.host_pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def close(self) -> None:
        for fd in (self.out_r, self.err_r, self.pidfd):
            try:
                os.close(fd)
            except OSError:
                pass
        self.sock.close()


def _recv_nowait(sock: socket.socket) -> bytes:
    chunks = []
    while True:
        try:
            chunk = sock.recv(1 << 20, socket.MSG_DONTWAIT)
        except (BlockingIOError, InterruptedError, OSError):
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def _read_some(fd: int) -> bytes:
    try:
        return os.read(fd, 1 << 16)
    except (BlockingIOError, InterruptedError):
        return b""


def _drain(fd: int, limit: int) -> bytes:
    """What is already in a pipe (non-blocking), up to ``limit`` bytes."""
    chunks, got = [], 0
    while got < limit:
        chunk = _read_some(fd)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


class ZygoteProcess:
    """One fork server for one sandbox, at one isolation level."""

    def __init__(self, level: str, limits: Limits, start_timeout: float = 60.0) -> None:
        self.level, self.limits = level, limits
        self.closed = False
        parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock = parent
        self.host_box = None if level == "bubblewrap" else tempfile.mkdtemp(prefix="grader-sandbox-")
        if self.host_box:
            os.chmod(self.host_box, 0o711)  # a dropped uid may enter its own work directory
        self.log = tempfile.TemporaryFile()
        argv = [sys.executable, "-I", "-c", BOOTSTRAP, str(child.fileno())]
        if level == "bubblewrap":
            argv = isolation.bwrap_prefix() + argv
        # A worker can become a uid of its own only if it can still read the Python install.
        drop_uid = os.geteuid() == 0 and level != "bubblewrap" and isolation.python_world_readable()
        self.pids_cgroup = None
        if os.geteuid() == 0 and not drop_uid:
            # The kernel does not enforce RLIMIT_NPROC for (a namespace mapped to) host root:
            # bound the number of tasks with a pids cgroup instead.
            self.pids_cgroup = _make_pids_cgroup(limits.max_processes + 8)
            if self.pids_cgroup:
                argv = ["/bin/sh", "-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', self.pids_cgroup] + argv
        try:
            self.proc = subprocess.Popen(argv, pass_fds=(child.fileno(),), stdin=subprocess.DEVNULL,
                                         stdout=self.log, stderr=self.log, env=dict(WORKER_ENV),
                                         cwd=self.host_box or "/", start_new_session=True)
        finally:
            child.close()
        cfg = {"env": WORKER_ENV, "preload": list(limits.preload), "level": level,
               "box": self.host_box or "/tmp",
               "uid_base": 1_000_000 if drop_uid else None,
               "own_pid_namespace": level == "bubblewrap",
               "host_pid_ns": os.readlink("/proc/self/ns/pid"),
               "read_paths": isolation.system_read_paths() if level == "landlock" else []}
        try:
            self.sock.settimeout(start_timeout)
            self._send(_sources().encode())
            self._send(json.dumps(cfg).encode())
            self.ready = self._receive()
        except (OSError, ValueError) as e:
            self.close()
            raise SandboxError(f"the {level} zygote did not start: {e}; its log: {self.read_log()!r}") from None

    def _send(self, body: bytes, fds: list[int] | None = None) -> None:
        data = _HEADER.pack(len(body)) + body
        if fds:
            socket.send_fds(self.sock, [data], fds)
        else:
            self.sock.sendall(data)

    def _receive(self) -> dict:
        head = _recv_exact(self.sock, 4)
        return json.loads(_recv_exact(self.sock, _HEADER.unpack(head)[0]))

    def read_log(self) -> str:
        try:
            self.log.seek(0)
            return self.log.read()[-2000:].decode(errors="replace")
        except (OSError, ValueError):
            return ""

    def spawn(self, timeout: float = 30.0) -> WorkerChannel:
        """Fork a fresh worker and wait for its hello (which tells us its host pid)."""
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        mine.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        try:
            self.sock.settimeout(timeout)
            self._send(json.dumps({"op": "spawn", "worker": {"limits": self.limits.for_worker(),
                                                             "env": WORKER_ENV}}).encode(),
                       [theirs.fileno(), out_w, err_w])
            self._receive()
        except OSError as e:
            raise SandboxError(f"the zygote could not fork a worker: {e}; its log: {self.read_log()!r}") from None
        finally:
            theirs.close()
            os.close(out_w)
            os.close(err_w)
        mine.settimeout(timeout)
        try:
            host_pid = _receive_hello(mine)
        except (OSError, ValueError) as e:
            os.set_blocking(err_r, False)
            why = _drain(err_r, 4000).decode(errors="replace")
            os.close(out_r)
            os.close(err_r)
            mine.close()
            self.reap()
            raise SandboxError(f"the worker did not start ({e}): {why.strip()}") from None
        mine.settimeout(None)
        mine.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 0)
        return WorkerChannel(mine, out_r, err_r, host_pid, self.limits)

    def preload(self, modules: list[str], timeout: float = 120.0) -> list[str]:
        """Have the zygote import ``modules`` (installed packages, never student code); those it imported."""
        self.sock.settimeout(timeout)
        self._send(json.dumps({"op": "preload", "modules": list(modules)}).encode())
        return list(self._receive().get("preloaded", []))

    def reap(self, timeout: float = 10.0) -> dict:
        """Have the zygote kill the worker's tree and say how the worker ended."""
        self.sock.settimeout(timeout)
        self._send(b'{"op":"reap"}')
        return self._receive()

    def close(self) -> None:
        """Stop the zygote and everything it forked; remove the box. Safe to call twice."""
        if self.closed:
            return
        self.closed = True
        try:
            self.sock.settimeout(5.0)
            self._send(b'{"op":"exit"}')
            self._receive()
        except (OSError, ValueError):
            pass
        self.sock.close()
        proc = getattr(self, "proc", None)
        if proc is not None:
            try:
                proc.wait(timeout=5.0)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if self.host_box:
            shutil.rmtree(self.host_box, ignore_errors=True)
        if self.pids_cgroup:
            for _ in range(50):  # tasks leave the cgroup a moment after they are reaped
                try:
                    os.rmdir(self.pids_cgroup)
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)
        self.log.close()


def _make_pids_cgroup(max_tasks: int) -> str | None:
    """A fresh pids cgroup (v1 or v2) allowing ``max_tasks`` tasks, or None where we cannot."""
    for root in ("/sys/fs/cgroup/pids", "/sys/fs/cgroup"):
        if not os.path.exists(os.path.join(root, "cgroup.procs")):
            continue
        if root == "/sys/fs/cgroup" and "pids" not in _read(os.path.join(root, "cgroup.subtree_control")):
            continue
        if not os.access(root, os.W_OK):
            continue
        _remove_stale_cgroups(root)
        path = tempfile.mkdtemp(prefix=f"grader-sandbox-{os.getpid()}-", dir=root)
        try:
            with open(os.path.join(path, "pids.max"), "w") as f:
                f.write(str(max_tasks))
            return path
        except OSError:
            try:
                os.rmdir(path)
            except OSError:
                pass
    return None


def _remove_stale_cgroups(root: str) -> None:
    """Empty cgroups left by a grader that was killed (named after its pid, which is gone)."""
    for name in os.listdir(root):
        parts = name.split("-")
        if name.startswith("grader-sandbox-") and len(parts) == 4 and parts[2].isdigit() \
                and not os.path.exists(f"/proc/{parts[2]}"):
            try:
                os.rmdir(os.path.join(root, name))
            except OSError:
                pass


def _read(path: str) -> str:
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    chunks, got = [], 0
    while got < n:
        chunk = sock.recv(n - got)
        if not chunk:
            raise ConnectionError("the other end closed the connection")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _receive_hello(sock: socket.socket) -> int:
    """The worker's first frame; its SCM_CREDENTIALS give the pid as this process sees it."""
    cred = struct.Struct("3i")
    data, ancdata, _flags, _addr = sock.recvmsg(64, socket.CMSG_SPACE(cred.size))
    if not data:
        raise ConnectionError("the worker exited before saying hello")
    for level, kind, payload in ancdata:
        if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
            pid = cred.unpack(payload[:cred.size])[0]
            break
    else:
        raise ValueError("no credentials came with the worker's hello")
    n = _HEADER.unpack(data[:4])[0] if len(data) >= 4 else None
    while n is None or len(data) < 4 + n:
        data += _recv_exact(sock, 1 if n is None else 4 + n - len(data))
        if n is None and len(data) >= 4:
            n = _HEADER.unpack(data[:4])[0]
    if "hello" not in json.loads(data[4:4 + n]):
        raise ValueError("the worker's first message was not a hello")
    return pid
