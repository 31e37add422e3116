"""A Jupyter kernel confined like a sandbox worker, for running a whole notebook top to bottom.

Under ``bubblewrap`` the kernel sees a read-only system and Python install, a private /tmp (its
HOME), its own PID/IPC/UTS/network namespaces (no network at all: it talks to the client over Unix
sockets in its folder), only its own connection file, and its working folder (writable). Without
bubblewrap it runs under ``prlimit`` (address space, file size, open files, no core dumps) in that
folder. Either way it gets a clean environment: nothing of the grader's variables.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from . import isolation

#: address space a bare ipykernel with numpy maps before any student code
KERNEL_BASE_MB = 1024
MAX_FILE_BYTES = 256 * 1024 * 1024
MAX_OPEN_FILES = 1024

# Started by jupyter_client in place of the kernel: finds the connection file after "-f" and
# execs bwrap with that one file bound read-only (not the runtime folder, where other kernels'
# connection files and keys live). At a cell's time limit jupyter_client sends SIGINT to the
# kernel's process group: bwrap ignores it (the ignore survives exec) instead of dying with the
# kernel; ipykernel installs its own SIGINT handler around each cell.
_BWRAP_WRAPPER = """
import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
bwrap, kernel = __import__("json").loads(sys.argv[1]), sys.argv[2:]
cf = kernel[kernel.index("-f") + 1] if "-f" in kernel else None
binds = ["--ro-bind", cf, cf] if cf else []
os.execv(bwrap[0], bwrap + binds + kernel)
"""


@dataclass(frozen=True)
class KernelConfinement:
    """How to start a confined kernel: ``prefix`` goes before the kernelspec's command line and
    ``env`` replaces its environment."""

    prefix: list[str]
    env: dict[str, str]
    level: str  # "bubblewrap" or "rlimits"


def confine_kernel(workdir: Path, memory_mb: int) -> KernelConfinement:
    """The confinement of a kernel working in ``workdir`` that may use ``memory_mb`` beyond a bare
    kernel (bubblewrap if it works here, else resource limits alone)."""
    limits = [shutil.which("prlimit") or "/usr/bin/prlimit",
              f"--as={(memory_mb + KERNEL_BASE_MB) * 1024 * 1024}", f"--fsize={MAX_FILE_BYTES}",
              f"--nofile={MAX_OPEN_FILES}", "--core=0"]
    if not os.path.exists(limits[0]):
        limits = []
    base_env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "MPLBACKEND": "Agg",
                "PYTHONDONTWRITEBYTECODE": "1"}
    if "bubblewrap" in isolation.available_levels():
        bwrap = _bwrap_for_kernel(workdir)
        return KernelConfinement([*limits, sys.executable, "-I", "-c", _BWRAP_WRAPPER, json.dumps(bwrap)],
                                 {**base_env, "HOME": "/tmp", "TMPDIR": "/tmp"}, "bubblewrap")
    return KernelConfinement(limits, {**base_env, "HOME": str(workdir), "TMPDIR": str(workdir)}, "rlimits")


def _bwrap_for_kernel(workdir: Path) -> list[str]:
    """The sandbox's bwrap arguments, with the kernel's folder bound writable (its sockets live there)."""
    args = isolation.bwrap_prefix()
    args = args[: args.index("--chdir")]  # we choose the folder below
    # --new-session would put the kernel out of the process group jupyter_client interrupts at a
    # cell's time limit; the launcher already gives it a session of its own without a terminal.
    args.remove("--new-session")
    where = str(workdir.resolve())
    # In its own PID namespace the kernel's parent is pid 1, which ipykernel's parent poller reads
    # as "the client has gone"; --die-with-parent does that job instead.
    return args + ["--bind", where, where, "--chdir", where, "--setenv", "JPY_PARENT_PID", "1"]
