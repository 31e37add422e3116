"""Isolation levels: which ones this machine supports, and how to start a zygote at each.

- ``bubblewrap``: the zygote runs under ``bwrap --unshare-all`` (no network, own PID namespace,
  so a setsid() child dies with it), seeing only a read-only system and Python install and a
  private /tmp; nothing of the grader or other submissions.
- ``landlock``: each worker restricts itself with Landlock (read-only system paths, read-write
  box, no TCP, no signals out) and seccomp (no sockets but AF_UNIX, no fork/exec).
- ``rlimits``: resource limits, a private working directory and, when the grader runs as root,
  a uid of the sandbox's own. Always available; not a wall against reading files.

Every level also applies the rlimits. The probe runs once per grader process.
"""

from __future__ import annotations

import functools
import os
import shutil
import site
import subprocess
import sys
from typing import NamedTuple

from . import confine

LEVELS = ("rlimits", "landlock", "bubblewrap")  # weakest to strongest
_BWRAP = "/usr/bin/bwrap"


class IsolationUnavailable(RuntimeError):
    """The instructor required an isolation level this machine cannot provide."""


class LevelProbe(NamedTuple):
    """What probing one level found."""

    level: str
    available: bool
    reason: str  # why not, or what was checked


def rank(level: str) -> int:
    if level not in LEVELS:
        raise ValueError(f"unknown isolation level {level!r}; choose one of {', '.join(LEVELS)}")
    return LEVELS.index(level)


@functools.cache
def probe() -> dict[str, LevelProbe]:
    """Which levels work here, each checked by actually starting a confined interpreter."""
    return {"rlimits": LevelProbe("rlimits", True, "always available"),
            "landlock": _probe_landlock(),
            "bubblewrap": _probe_bubblewrap()}


def available_levels() -> list[str]:
    return [lv for lv, p in probe().items() if p.available]


def choose(isolation: str | None = None, require: str | None = None) -> str:
    """The level to use: ``isolation`` if given (it must be available), else the strongest
    available; raises :class:`IsolationUnavailable` if it is weaker than ``require``."""
    probes = probe()
    if isolation is not None:
        rank(isolation)
        if not probes[isolation].available:
            raise IsolationUnavailable(f"isolation {isolation!r} is not available here: {probes[isolation].reason}")
        chosen = isolation
    else:
        chosen = max(available_levels(), key=rank)
    if require is not None and rank(chosen) < rank(require):
        reasons = "; ".join(f"{p.level}: {p.reason}" for p in probes.values() if not p.available)
        raise IsolationUnavailable(f"isolation {require!r} is required but only {chosen!r} can be used ({reasons})")
    return chosen


def python_roots() -> list[str]:
    """Directories the interpreter and its packages live in (bound / allowed read-only)."""
    roots = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    roots.add(os.path.dirname(os.path.realpath(sys.executable)))
    roots.update(os.path.realpath(p) for p in site.getsitepackages() if os.path.isdir(p))
    ordered = sorted(roots, key=len)
    return [r for i, r in enumerate(ordered) if not any(r.startswith(o + os.sep) for o in ordered[:i])]


def python_world_readable() -> bool:
    """Whether any uid can reach the Python install (not so under a 0700 /root, e.g. pyenv)."""
    import stat

    for root in python_roots():
        path = root
        while True:
            try:
                mode = os.stat(path).st_mode
            except OSError:
                return False
            if not mode & stat.S_IXOTH:
                return False
            parent = os.path.dirname(path)
            if parent == path:
                break
            path = parent
    return True


def system_read_paths() -> list[str]:
    """What a landlocked worker may read: the system's libraries and the Python install."""
    paths = ["/usr", "/lib", "/lib64", "/bin", "/etc/ld.so.cache", "/etc/localtime", "/etc/mime.types",
             "/dev/null", "/dev/zero", "/dev/urandom", "/sys/devices/system/cpu"]
    return paths + [r for r in python_roots() if not any(r.startswith(p + os.sep) for p in ("/usr",))]


def bwrap_prefix() -> list[str]:
    """The ``bwrap`` arguments: no network, own namespaces, read-only system, private /tmp."""
    args = [_BWRAP, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
            "--ro-bind", "/usr", "/usr"]
    for top in ("/lib", "/lib64", "/bin", "/sbin"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    for path in ("/etc/ld.so.cache", "/etc/localtime", "/etc/mime.types"):
        args += ["--ro-bind-try", path, path]
    args += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    for root in python_roots():  # after the private /tmp, so that a venv under /tmp stays visible
        if not root.startswith("/usr/"):
            args += ["--ro-bind", root, root]
    return args + ["--chdir", "/tmp"]


def _probe_bubblewrap() -> LevelProbe:
    if not os.path.exists(_BWRAP) and not shutil.which("bwrap"):
        return LevelProbe("bubblewrap", False, "bwrap is not installed (apt-get install bubblewrap)")
    cmd = bwrap_prefix() + [sys.executable, "-I", "-S", "-c", "import os; os.listdir('/tmp')"]
    return _probe_by_running("bubblewrap", cmd, could_not="bwrap could not run",
                             failed="bwrap failed (user namespaces not allowed?)", works="bwrap --unshare-all works")


_LANDLOCK_CHECK = """
import os, socket, sys
sys.path.insert(0, sys.argv[1])
import confine
confine.apply_landlock(sys.argv[2:], [])
confine.apply_seccomp()
try:
    os.fork()
except PermissionError:
    pass
else:
    raise SystemExit("fork was not refused")
try:
    socket.socket(socket.AF_INET, socket.SOCK_STREAM)
except PermissionError:
    pass
else:
    raise SystemExit("socket was not refused")
"""


def _probe_landlock() -> LevelProbe:
    abi = confine.landlock_abi()
    if abi < 1:
        return LevelProbe("landlock", False, "the kernel has no Landlock (or it is disabled)")
    if not confine.seccomp_supported():
        return LevelProbe("landlock", False, "the seccomp filter supports x86_64 only")
    here = os.path.dirname(os.path.abspath(__file__))
    cmd = [sys.executable, "-I", "-S", "-c", _LANDLOCK_CHECK, here, *system_read_paths()]
    return _probe_by_running("landlock", cmd, could_not="check could not run",
                             failed="Landlock/seccomp check failed", works=f"Landlock ABI {abi} and seccomp work")


def _probe_by_running(level: str, cmd: list[str], *, could_not: str, failed: str, works: str) -> LevelProbe:
    """Whether ``level`` works here, by running ``cmd`` confined at that level: a level is available only when a
    confined interpreter really starts and exits cleanly, so every level is probed the same way and says why not
    (the command's own last words on stderr) in the same form."""
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=20, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as e:
        return LevelProbe(level, False, f"{could_not}: {e}")
    if done.returncode != 0:
        err = done.stderr.decode(errors="replace").strip()[-300:]
        return LevelProbe(level, False, f"{failed}: {err}")
    return LevelProbe(level, True, works)
