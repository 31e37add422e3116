"""Confinement a freshly forked worker applies to itself before it runs any student code.

Runs inside the sandbox (standard library only): rlimits, dropping root to a per-sandbox uid,
and for the "landlock" level a Landlock ruleset (files: read-only system paths, read-write box;
no TCP; no signals out of the domain) plus a seccomp filter (no sockets but AF_UNIX, no
fork/exec, no namespaces, no ptrace). Raw syscalls through ctypes: no third-party package.
"""

from __future__ import annotations

import ctypes
import os
import platform
import resource
import struct

# --- Landlock (linux/landlock.h) -----------------------------------------------------------
_SYS_LANDLOCK_CREATE_RULESET, _SYS_LANDLOCK_ADD_RULE, _SYS_LANDLOCK_RESTRICT_SELF = 444, 445, 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1
_FS_EXECUTE, _FS_WRITE_FILE, _FS_READ_FILE, _FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_ALL_V1 = (1 << 13) - 1
_FS_REFER, _FS_TRUNCATE, _FS_IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
_NET_BIND_TCP, _NET_CONNECT_TCP = 1, 2
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1, 2
_FILE_ONLY = _FS_EXECUTE | _FS_WRITE_FILE | _FS_READ_FILE | _FS_TRUNCATE | _FS_IOCTL_DEV

# --- seccomp (linux/seccomp.h, linux/filter.h), x86_64 syscall numbers -----------------------
_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2
_PR_SET_PDEATHSIG = 1
_AUDIT_ARCH_X86_64 = 0xC000003E
_RET_ALLOW, _RET_KILL = 0x7FFF0000, 0x80000000
_EPERM, _EACCES, _ENOSYS = 1, 13, 38
_CLONE_THREAD = 0x00010000
_AF_UNIX = 1
_NR = {"socket": 41, "socketpair": 53, "clone": 56, "fork": 57, "vfork": 58, "execve": 59,
       "ptrace": 101, "unshare": 272, "setns": 308, "execveat": 322, "bpf": 321,
       "perf_event_open": 298, "process_vm_writev": 311, "mount": 165, "io_uring_setup": 425,
       "clone3": 435}

_libc = None


def _libc_handle() -> ctypes.CDLL:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
        _libc.syscall.restype = ctypes.c_long
    return _libc


def _long(a: object) -> object:
    """Syscall arguments are longs: pass ints as c_long so no register keeps stale upper bits."""
    return ctypes.c_long(a) if isinstance(a, int) else a


def _syscall(*args: object) -> int:
    return _libc_handle().syscall(*[_long(a) for a in args])


def _prctl(option: int, arg2: object = 0, arg3: object = 0) -> None:
    if _libc_handle().prctl(_long(option), _long(arg2), _long(arg3), _long(0), _long(0)) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"prctl({option}) failed: {os.strerror(err)}")


def landlock_abi() -> int:
    """The kernel's Landlock ABI version, 0 when Landlock is absent or disabled."""
    try:
        v = _syscall(_SYS_LANDLOCK_CREATE_RULESET, None, 0, _LANDLOCK_CREATE_RULESET_VERSION)
    except Exception:
        return 0
    return max(int(v), 0)


def seccomp_supported() -> bool:
    """Our filter is written for x86_64 syscall numbers."""
    return platform.machine() in ("x86_64", "AMD64")


def set_parent_death_signal() -> None:
    """Die (SIGKILL) if the parent (the zygote) dies, so no worker outlives its sandbox."""
    _prctl(_PR_SET_PDEATHSIG, 9)


def apply_rlimits(limits: dict, extra_tasks: int = 0) -> None:
    """Address space (on top of the current size), open files, file size, no core dumps, tasks."""
    def cap(which: int, value: int) -> None:
        soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, value))

    cap(resource.RLIMIT_AS, current_address_space() + int(limits["memory_bytes"]))
    cap(resource.RLIMIT_NOFILE, int(limits["max_open_files"]))
    cap(resource.RLIMIT_FSIZE, int(limits["max_file_bytes"]))
    cap(resource.RLIMIT_CORE, 0)
    cap(resource.RLIMIT_STACK, 8 * 1024 * 1024)  # runaway C recursion ends in SIGSEGV, soon
    cap(resource.RLIMIT_NPROC, int(limits["max_processes"]) + extra_tasks)


def current_address_space() -> int:
    """VmSize of this process in bytes (0 if /proc is not readable)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


def drop_to_uid(uid: int) -> None:
    """Become an unprivileged uid of our own: no root powers, and a kill(-1) by that uid reaches
    exactly this sandbox's processes."""
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)


def apply_landlock(read_paths: list[str], write_paths: list[str]) -> None:
    """Restrict file access to ``read_paths`` (read/execute) and ``write_paths`` (everything),
    forbid TCP bind/connect, and scope signals and abstract sockets to this domain."""
    abi = landlock_abi()
    if abi < 1:
        raise OSError("Landlock is not available in this kernel")
    handled_fs = _FS_ALL_V1 | (_FS_REFER if abi >= 2 else 0) | (_FS_TRUNCATE if abi >= 3 else 0) \
        | (_FS_IOCTL_DEV if abi >= 5 else 0)
    handled_net = (_NET_BIND_TCP | _NET_CONNECT_TCP) if abi >= 4 else 0
    scoped = (_SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL) if abi >= 6 else 0
    attr = struct.pack("QQQ", handled_fs, handled_net, scoped)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    buf = ctypes.create_string_buffer(attr[:size], size)
    ruleset = _syscall(_SYS_LANDLOCK_CREATE_RULESET, buf, size, 0)
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    try:
        read = _FS_EXECUTE | _FS_READ_FILE | _FS_READ_DIR
        for paths, access in ((read_paths, read), (write_paths, handled_fs)):
            for path in paths:
                _add_path_rule(ruleset, path, access)
        _prctl(_PR_SET_NO_NEW_PRIVS, 1)
        if _syscall(_SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(ruleset)


def _add_path_rule(ruleset: int, path: str, access: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # a path that does not exist here needs no rule
    try:
        if not os.path.isdir(path):
            access &= _FILE_ONLY
        rule = ctypes.create_string_buffer(struct.pack("=Qi", access, fd), 12)
        if _syscall(_SYS_LANDLOCK_ADD_RULE, ruleset, _LANDLOCK_RULE_PATH_BENEATH, rule, 0) != 0:
            raise OSError(ctypes.get_errno(), f"landlock_add_rule({path!r}) failed")
    finally:
        os.close(fd)


def _seccomp_program() -> bytes:
    def stmt(code: int, k: int) -> bytes:
        return struct.pack("=HBBI", code, 0, 0, k & 0xFFFFFFFF)

    def jump(code: int, k: int, jt: int, jf: int) -> bytes:
        return struct.pack("=HBBI", code, jt, jf, k & 0xFFFFFFFF)

    ld_abs, jeq, jge, jset, ret = 0x20, 0x15, 0x35, 0x45, 0x06
    errno = lambda e: 0x00050000 | e  # noqa: E731
    prog = [stmt(ld_abs, 4), jump(jeq, _AUDIT_ARCH_X86_64, 1, 0), stmt(ret, _RET_KILL),
            stmt(ld_abs, 0), jump(jge, 0x40000000, 0, 1), stmt(ret, _RET_KILL)]  # no x32 ABI
    for name in ("socket", "socketpair"):  # only AF_UNIX
        prog += [jump(jeq, _NR[name], 0, 4), stmt(ld_abs, 16), jump(jeq, _AF_UNIX, 1, 0),
                 stmt(ret, errno(_EACCES)), stmt(ret, _RET_ALLOW)]
    prog += [jump(jeq, _NR["clone"], 0, 4), stmt(ld_abs, 16), jump(jset, _CLONE_THREAD, 1, 0),
             stmt(ret, errno(_EPERM)), stmt(ret, _RET_ALLOW)]  # threads yes, processes no
    prog += [jump(jeq, _NR["clone3"], 0, 1), stmt(ret, errno(_ENOSYS))]  # glibc falls back to clone
    for name in ("fork", "vfork", "execve", "execveat", "ptrace", "unshare", "setns", "bpf",
                 "perf_event_open", "process_vm_writev", "mount", "io_uring_setup"):
        prog += [jump(jeq, _NR[name], 0, 1), stmt(ret, errno(_EPERM))]
    prog.append(stmt(ret, _RET_ALLOW))
    return b"".join(prog)


def apply_seccomp() -> None:
    """Install the syscall filter (x86_64 only): see the module docstring for what it forbids."""
    if not seccomp_supported():
        raise OSError("the seccomp filter is written for x86_64 only")
    code = _seccomp_program()
    n = len(code) // 8
    filt = ctypes.create_string_buffer(code, len(code))
    prog = ctypes.create_string_buffer(struct.pack("=HxxxxxxQ", n, ctypes.addressof(filt)), 16)
    _prctl(_PR_SET_NO_NEW_PRIVS, 1)
    _prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, prog)
