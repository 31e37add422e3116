"""The zygote: a fork server, started once per sandbox, that has already imported numpy.

Runs inside the sandbox (inside bubblewrap at that level). Forking a worker from it takes
milliseconds where a cold interpreter with numpy takes ~150 ms, which is what makes
"kill on timeout, respawn on the next call" cheap.

It is a child subreaper, so anything a worker leaves behind (a setsid() grandchild) is
re-parented to it and swept on every kill: by kill(-1) inside its own PID namespace
(bubblewrap), by kill(-1) from the worker's private uid (when started as root), or child by
child otherwise. When the grader goes away (the control socket closes) it sweeps and exits.

Control messages: frames (4-byte length + JSON) on a Unix socket; ``spawn`` carries the
worker's socket and output pipes as SCM_RIGHTS descriptors.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import signal
import socket
import sys

if __package__:
    from . import confine, worker
else:  # inside the sandbox
    import _sandbox_confine as confine  # type: ignore[no-redef]
    import _sandbox_worker as worker  # type: ignore[no-redef]

_PR_SET_CHILD_SUBREAPER = 36


class Zygote:
    """Forks workers on request and sweeps their process trees."""

    def __init__(self, sock: socket.socket, cfg: dict) -> None:
        self.sock = sock
        self.cfg = cfg
        if cfg.get("uid_base") is not None:  # root: each sandbox gets a uid of its own
            cfg["uid"] = int(cfg["uid_base"]) + os.getpid()
        self.worker_pid: int | None = None
        self.ended: dict[int, int] = {}  # wait statuses of children reaped by waitpid(-1)
        self.spawned = 0
        self.workdir: str | None = None

    def serve(self) -> None:
        preloaded = []
        for name in self.cfg.get("preload", ()):
            try:
                importlib.import_module(name)
                preloaded.append(name)
            except Exception:  # noqa: BLE001 - a missing optional module is reported, not fatal
                pass
        confine._prctl(_PR_SET_CHILD_SUBREAPER, 1)
        self.reply({"ready": True, "pid": os.getpid(), "preloaded": preloaded,
                    "python": sys.version.split()[0]})
        while True:
            try:
                msg, fds = self.receive()
            except (ConnectionError, OSError):
                msg, fds = None, []
            if msg is None:  # the grader is gone
                self.sweep()
                self.remove_workdir()
                os._exit(0)
            op = msg.get("op")
            if op == "spawn":
                self.reply(self.spawn(msg["worker"], fds))
            elif op == "reap":
                self.reply(self.sweep())
            elif op == "preload":
                self.reply({"preloaded": self.preload(msg.get("modules") or [])})
            elif op == "exit":
                self.sweep()
                self.remove_workdir()
                self.reply({"bye": True})
                os._exit(0)
            else:
                self.reply({"error": f"unknown op {op!r}"})

    def preload(self, names: list) -> list[str]:
        """Import installed modules the submission will import (matplotlib, scipy...), so that every worker
        forked from now on finds them loaded: a respawn after a timeout no longer pays for them again."""
        done = []
        for name in names:
            if type(name) is not str:
                continue
            try:
                importlib.import_module(name)
                done.append(name)
            except BaseException:  # noqa: BLE001 - an import that fails here fails in the worker as it would have
                pass
        return done

    def receive(self) -> tuple[dict | None, list[int]]:
        data, fds, _flags, _addr = socket.recv_fds(self.sock, 1 << 16, 8)
        if not data:
            return None, []
        n = int.from_bytes(data[:4], "big")
        while len(data) < 4 + n:
            more = self.sock.recv(4 + n - len(data))
            if not more:
                return None, []
            data += more
        return json.loads(data[4:4 + n]), list(fds)

    def reply(self, msg: dict) -> None:
        body = json.dumps(msg).encode()
        self.sock.sendall(len(body).to_bytes(4, "big") + body)

    def spawn(self, wcfg: dict, fds: list[int]) -> dict:
        """Fork a worker on the given socket and stdout/stderr pipes in a fresh work directory."""
        if self.worker_pid is not None:
            self.sweep()
        self.remove_workdir()
        self.spawned += 1
        self.workdir = os.path.join(self.cfg["box"], f"w{self.spawned}")
        os.mkdir(self.workdir, 0o700)
        uid = self.cfg.get("uid")
        if uid is not None:
            os.chown(self.workdir, uid, uid)
        wcfg = dict(wcfg, workdir=self.workdir, uid=uid, level=self.cfg["level"],
                    read_paths=self.cfg.get("read_paths", []),
                    extra_tasks=0 if uid is not None else _count_tasks(os.getuid()))
        pid = os.fork()
        if pid == 0:  # the worker
            try:
                self.sock.close()
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                worker.run(fds[0], fds[1], fds[2], wcfg)
            finally:
                os._exit(71)
        for fd in fds:
            os.close(fd)
        self.worker_pid = pid
        return {"pid": pid}

    def sweep(self) -> dict:
        """Kill the worker's whole tree and reap it; return how the worker ended."""
        pid, self.worker_pid = self.worker_pid, None
        if pid is not None:
            _kill(-pid)
            _kill(pid)
        if self.cfg.get("own_pid_namespace") and _in_child_pid_namespace(self.cfg.get("host_pid_ns")):
            _kill(-1)  # everything in this namespace but us and its init
        elif self.cfg.get("uid") is not None:
            self.kill_uid(int(self.cfg["uid"]))
        else:
            self.kill_children()
        status = None
        if pid is not None:
            try:
                _, status = os.waitpid(pid, 0)
            except ChildProcessError:  # already reaped while killing the others
                status = self.ended.get(pid)
        self.reap_all_children()
        self.ended.clear()
        if status is None:
            return {"exit_code": None, "signal": None}
        if os.WIFSIGNALED(status):
            return {"exit_code": None, "signal": os.WTERMSIG(status)}
        return {"exit_code": os.WEXITSTATUS(status), "signal": None}

    def kill_uid(self, uid: int) -> None:
        """kill(-1) as the worker's private uid reaches exactly the processes of this sandbox."""
        helper = os.fork()
        if helper == 0:
            try:
                confine.drop_to_uid(uid)
                if os.getuid() == uid and os.geteuid() == uid and uid != 0:
                    os.kill(-1, signal.SIGKILL)
            finally:
                os._exit(0)
        os.waitpid(helper, 0)

    def kill_children(self) -> None:
        """Without a namespace or uid of our own: kill our children until none is left (escaped
        grandchildren become our children when their parent dies, as we are a subreaper)."""
        me = os.getpid()
        for _ in range(64):
            children = [pid for pid in _pids() if _parent(pid) == me]
            if not children:
                return
            for pid in children:
                _kill(pid)
            self.reap_others()

    def reap_all_children(self, patience: float = 2.0) -> None:
        """Wait until every killed child is reaped, so none lingers even as a zombie."""
        import time

        deadline = time.monotonic() + patience
        while time.monotonic() < deadline:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                time.sleep(0.0005)
            else:
                self.ended[pid] = status

    def reap_others(self) -> None:
        """Reap whatever has ended, keeping each status (the worker's among them is its verdict)."""
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            self.ended[pid] = status

    def remove_workdir(self) -> None:
        if self.workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)
            self.workdir = None


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _in_child_pid_namespace(host_ns: str | None) -> bool:
    """Never kill(-1) unless we really are in a PID namespace other than the grader's."""
    try:
        return bool(host_ns) and os.readlink("/proc/self/ns/pid") != host_ns and os.getpid() < 100
    except OSError:
        return False


def _pids() -> list[int]:
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


def _parent(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _count_tasks(uid: int) -> int:
    """Tasks (threads) already running as ``uid``: RLIMIT_NPROC counts them all."""
    total = 0
    for pid in _pids():
        try:
            with open(f"/proc/{pid}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
            if int(fields["Uid"].split()[1]) == uid:
                total += int(fields["Threads"])
        except (OSError, KeyError, ValueError):
            continue
    return total


def main(sock_fd: int) -> None:
    """Bootstrap entry: read the configuration frame and serve."""
    sock = socket.socket(fileno=sock_fd)
    n = int.from_bytes(worker._recv_exact(sock, 4), "big")
    cfg = json.loads(worker._recv_exact(sock, n))
    os.environ.clear()
    os.environ.update(cfg["env"])
    Zygote(sock, cfg).serve()


#: the program run by ``python -I -c``: load the sandbox modules from source sent over the
#: socket (no grader file needs to be visible inside the sandbox), then serve.
BOOTSTRAP = r"""
import json, socket, sys, types
fd = int(sys.argv[1])
s = socket.socket(fileno=fd)
def exact(n):
    b = b""
    while len(b) < n:
        c = s.recv(n - len(b))
        if not c:
            raise SystemExit(0)
        b += c
    return b
sources = json.loads(exact(int.from_bytes(exact(4), "big")))
s.detach()
import builtins
pinned = {k: v for k, v in vars(builtins).items() if not k.startswith("__")}
for name, src in sources:
    m = types.ModuleType(name)
    m.__dict__.update(pinned)  # a student's builtins.len = ... cannot break the worker's own code
    sys.modules[name] = m
    exec(compile(src, "<" + name + ">", "exec"), m.__dict__)
sys.modules["_sandbox_zygote"].main(fd)
"""
