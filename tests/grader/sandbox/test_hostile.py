"""Hostile submissions (fixtures in tests/hostile/) are contained, reported with the right error
kind, and leave the grader, a healthy sandbox and the same sandbox's next call unharmed."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

import numpy as np
import pytest

from grader.sandbox import Limits, Sandbox, available_levels
from grader.sandbox.isolation import python_world_readable
from tests.paths import ROOT, TESTS

HOSTILE = TESTS / "hostile"
LEVELS = available_levels()
STRONG = [lv for lv in LEVELS if lv != "rlimits"]  # levels that promise file and network walls
FAST = Limits(call_timeout=0.5, cell_timeout=5.0, memory_bytes=512 * 1024 * 1024, output_bytes=64 * 1024)

pytestmark = pytest.mark.timeout(60)


def fixture(name: str) -> list[str]:
    return [(HOSTILE / f"{name}.py").read_text(), (HOSTILE / "healthy.py").read_text()]


@pytest.fixture(scope="module")
def bystander():
    """Another submission's sandbox, alive through every hostile test."""
    with Sandbox([(HOSTILE / "healthy.py").read_text()], FAST) as box:
        yield box


@pytest.fixture(autouse=True)
def bystander_still_answers(bystander):
    yield
    assert bystander.call("add", 2, 3).value == 5
    assert len([1, 2]) == 2 and np.zeros(2).sum() == 0  # the grader's own builtins and numpy


def open_box(name: str, level: str | None = None, limits: Limits = FAST) -> Sandbox:
    box = Sandbox(fixture(name), limits, isolation=level)
    assert box.load_report.ok, box.load_report.failed
    return box


def assert_recovers(box: Sandbox) -> None:
    r = box.call("add", 20, 22)
    assert r.ok and r.value == 42, r


def descendants(root: int) -> set[int]:
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    found, frontier = set(), {root}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - found
        found |= frontier
    return found


def test_infinite_loop_is_stopped_at_the_call_limit():
    with open_box("infinite_loop") as box:
        r = box.call("agent", [[0] * 7] * 6, 1)
        assert r.kind == "timeout" and 0.5 <= r.duration < 3.0
        assert_recovers(box)
        assert box.respawns == 1


def test_agent_that_sleeps_is_stopped_at_the_move_limit():
    with open_box("sleeps") as box:
        r = box.call("agent", None, 1, timeout=0.3)
        assert r.kind == "timeout" and r.duration < 2.0
        assert_recovers(box)


@pytest.mark.parametrize("fn", ["grab_bytes", "grab_numpy"])
def test_huge_allocation_is_a_memory_error(fn):
    with open_box("huge_allocation") as box:
        r = box.call(fn)
        assert r.kind == "memory", r
        assert r.error_type == "MemoryError"
        assert_recovers(box)


@pytest.mark.parametrize("level", LEVELS)
def test_fork_bomb_is_bounded(level):
    with open_box("fork_bomb", level) as box:
        zygote = box._zygote.proc.pid
        r = box.call("fork_bomb", 200, timeout=5.0)
        assert r.kind == "exception", r
        assert r.error_type in ("BlockingIOError", "PermissionError")
        assert len(descendants(zygote)) <= FAST.max_processes + 8
        box.restart()
        assert_recovers(box)
    assert not descendants(zygote)


def test_sys_exit_is_an_exception_and_os_exit_a_crash():
    with open_box("exits") as box:
        r = box.call("polite_exit")
        assert r.kind == "exception" and r.error_type == "SystemExit" and r.message == "3"
        assert_recovers(box)
        r = box.call("hard_exit")
        assert r.kind == "crashed" and r.signal is None and r.exit_code == 7, r
        assert_recovers(box)


def test_huge_prints_stop_at_the_output_limit():
    with open_box("huge_print") as box:
        r = box.call("chatter", timeout=5.0)
        assert r.kind == "output-limit"
        assert r.stdout.startswith("x" * 1000) and len(r.stdout) <= FAST.output_bytes
        assert_recovers(box)


def test_input_raises_eof_at_once_and_main_guard_does_not_run():
    with open_box("input_loop") as box:
        assert box.call("best_move", None).value == 4  # the __main__ game loop did not run at load
        r = box.call("play_human")
        assert r.kind == "exception" and r.error_type == "EOFError"
        assert "input() is not available" in r.message
        assert r.stdout == "your move: "


@pytest.fixture
def loopback_listener():
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    srv.settimeout(0.1)
    yield srv.getsockname()[1], srv
    srv.close()


@pytest.mark.parametrize("level", STRONG)
def test_network_connect_to_loopback_is_refused(level, loopback_listener):
    port, srv = loopback_listener
    with open_box("network", level) as box:
        r = box.call("phone_home", port, timeout=3.0)
        assert r.kind == "exception" and r.error_type in ("PermissionError", "ConnectionRefusedError"), r
        with pytest.raises(socket.timeout):
            srv.accept()


@pytest.mark.parametrize("level", STRONG)
def test_reading_grader_source_and_work_is_refused(level):
    with open_box("read_outside", level) as box:
        for path in (str(Path(__file__).resolve()), "/work/main/pyproject.toml",
                     str(ROOT / "grader" / "sandbox" / "codec.py")):
            r = box.call("steal", path)
            assert r.kind == "exception" and r.error_type in ("PermissionError", "FileNotFoundError"), (path, r)


@pytest.mark.parametrize("level", LEVELS)
def test_writing_over_grader_outputs_is_refused(level, tmp_path):
    if level == "rlimits" and not (os.geteuid() == 0 and python_world_readable()):
        pytest.skip("the rlimits level has no file wall unless it can drop to a uid of its own "
                    "(grader run as root, Python install readable by any uid)")
    results = tmp_path / "results.json"
    results.write_text("score: 0")
    with open_box("write_outside", level) as box:
        r = box.call("overwrite", str(results))
        assert r.kind == "exception" and r.error_type in ("PermissionError", "FileNotFoundError"), r
        assert box.call("write_inside").value == "allowed"  # its own box is writable
    assert results.read_text() == "score: 0"


def test_lying_objects_never_reach_the_judge():
    with open_box("lying_objects") as box:
        for fn in ("liar", "liar_inside"):
            r = box.call(fn)
            assert r.kind == "bad-return" and "Liar" in r.message and "not plain data" in r.message
        r = box.call("my_int")
        assert type(r.value) is int and r.value == 2 and r.value != 3
        r = box.call("my_list")
        assert type(r.value) is list and r.value == [0]  # the base list's items, not the lying __iter__
        assert_recovers(box)


@pytest.mark.parametrize("level", LEVELS)
def test_monkeypatching_builtins_and_numpy_dies_with_the_worker(level):
    with open_box("monkeypatch", level) as box:
        assert box.call("patch").value == "patched"
        assert box.call("probe").value == [42, "str"]
        assert box.call("spin").kind == "timeout"
        assert box.call("probe").value == [2, "ndarray"]  # the respawned worker is clean


def _cpu_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def test_runaway_thread_uses_no_cpu_between_calls():
    with open_box("runaway_threads") as box:
        assert box.call("start_thread").value == "started"
        r = box.call("count")
        assert r.threads >= 2  # reported, so the grader can tell
        pid = box._worker.host_pid
        before = _cpu_ticks(pid)
        time.sleep(0.3)
        assert _cpu_ticks(pid) - before <= 2  # frozen (SIGSTOP) while the grader is not calling


def test_sigterm_ignoring_loop_is_killed():
    with open_box("sigterm_ignoring") as box:
        assert box.call("stubborn").kind == "timeout"
        assert_recovers(box)


@pytest.mark.parametrize("level", LEVELS)
def test_setsid_escapee_is_dead_after_the_kill(level):
    with open_box("setsid_escape", level) as box:
        zygote = box._zygote.proc.pid
        r = box.call("escape")
        if level == "landlock":
            assert r.kind == "exception" and r.error_type == "PermissionError"  # seccomp: no fork
        else:
            assert r.value == "escaped"
        assert box.call("stall").kind == "timeout"
        survivors = descendants(zygote)
        # only the zygote remains (inside bubblewrap: bwrap's init and the zygote)
        assert len(survivors) <= (2 if level == "bubblewrap" else 0), survivors
        assert_recovers(box)
    assert not descendants(zygote)


def test_deep_recursion_through_c_segfaults_and_is_a_crash():
    with open_box("deep_recursion") as box:
        r = box.call("dive_through_c", timeout=10.0)
        assert r.kind == "crashed" and r.signal == 11, r
        assert_recovers(box)


def test_deep_python_recursion_is_contained_with_a_short_traceback():
    with open_box("deep_recursion") as box:
        r = box.call("dive")  # frames on the heap: runs until the limit (or memory) stops it
        assert r.kind in ("timeout", "memory"), r
        r = box.call("bounded_dive")
        assert r.kind == "exception" and r.error_type == "RecursionError"
        assert "earlier frames" in r.traceback and r.traceback.count("in bounded_dive") <= 8
        assert_recovers(box)


def test_board_mutation_cannot_reach_the_caller():
    with open_box("board_mutation") as box:
        board = [[0] * 7 for _ in range(6)]
        assert box.call("agent", board, 1).value == 3
        assert board == [[0] * 7 for _ in range(6)]
        grid = np.zeros((6, 7), dtype=np.int8)
        assert box.call("numpy_agent", grid, 1).value == 3
        assert not grid.any()


def test_no_process_is_left_after_close():
    box = open_box("infinite_loop")
    zygote = box._zygote.proc.pid
    assert box.call("agent", None, 1).kind == "timeout"
    assert_recovers(box)
    box.close()
    assert not descendants(zygote)
    assert box._zygote.proc.poll() is not None
