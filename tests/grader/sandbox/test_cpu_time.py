"""Limits on the student's own CPU time: what a call reports, which limit stops it, and the clocks the student's
code reads (they advance with its CPU time, so an agent that stops by its own clock does the same work on a
busy machine as on a quiet one)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from grader.sandbox import Limits, Sandbox
from grader.sandbox.cpu_time import ProcessTreeClock

pytestmark = pytest.mark.timeout(90)

CELL = '''
import os, time
def spin(seconds):
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass
    return "done"
def clocks_over_spin(seconds):
    before = [time.time(), time.perf_counter(), time.monotonic(), time.process_time(), time.perf_counter_ns()]
    spin(seconds)
    after = [time.time(), time.perf_counter(), time.monotonic(), time.process_time(), time.perf_counter_ns()]
    return [b - a for a, b in zip(before, after)]
def clock_over_sleep(seconds):
    start = time.time()
    time.sleep(seconds)
    return time.time() - start
def nap(seconds):
    time.sleep(seconds)
def playouts_until_own_clock(seconds):
    start, n = time.time(), 0
    while time.time() - start < seconds:
        sum(range(300)); n += 1
    return n
def spin_in_child(seconds):
    pid = os.fork()
    if pid == 0:
        spin(seconds)
        os._exit(0)
    os.waitpid(pid, 0)
'''


@pytest.fixture(scope="module")
def box():
    with Sandbox([CELL], Limits(call_timeout=2.0, cell_timeout=5.0)) as b:
        yield b


def test_a_call_reports_the_cpu_time_it_used(box):
    r = box.call("spin", 0.2)
    assert r.ok and 0.19 <= r.cpu_seconds < 0.3
    assert r.duration >= r.cpu_seconds - 0.02  # wall time is at least the CPU time of one thread


def test_the_cpu_time_of_a_child_process_is_the_callers():
    # at the rlimits level: Landlock's seccomp filter refuses fork, so a child exists only where it is allowed
    with Sandbox([CELL], Limits(call_timeout=2.0, cell_timeout=5.0), isolation="rlimits") as forking:
        r = forking.call("spin_in_child", 0.2)
    assert r.ok and r.cpu_seconds >= 0.18


def test_the_students_clocks_advance_with_its_cpu_time(box):
    r = box.call("clocks_over_spin", 0.2)
    wall, perf, mono, cpu, perf_ns = r.value
    assert cpu >= 0.2
    for seconds in (wall, perf, mono, perf_ns / 1e9):
        assert abs(seconds - cpu) < 0.01  # the clocks stand still while the process waits for a CPU


def test_a_sleep_advances_the_students_clock_by_what_it_asked_for(box):
    r = box.call("clock_over_sleep", 0.25)
    assert 0.25 <= r.value < 0.26  # whatever the sleep really took


def test_a_spinning_call_is_stopped_by_its_cpu_time():
    with Sandbox([CELL], Limits(call_timeout=0.3)) as b:
        r = b.call("spin", 10)
        assert r.kind == "timeout" and "CPU time" in r.message
        assert 0.3 <= r.cpu_seconds < 0.6


def test_a_call_just_past_its_limit_is_answered_within_the_margin_kept_for_the_machines_variation():
    # code tuned to just under its limit on a quiet machine takes a little more on a busy one: not stopped for that
    with Sandbox([CELL], Limits(call_timeout=0.4, cpu_margin=0.25)) as b:
        r = b.call("spin", 0.44)
        assert r.ok and 0.44 <= r.cpu_seconds < 0.5
    with Sandbox([CELL], Limits(call_timeout=0.4, cpu_margin=0.0)) as b:
        r = b.call("spin", 0.44)
        assert r.kind == "timeout" and r.cpu_seconds < 0.44 + 0.05


def test_a_sleeping_call_is_stopped_by_the_wall_clock_backstop():
    with Sandbox([CELL], Limits(call_timeout=0.2, wall_factor=3.0)) as b:
        r = b.call("nap", 30)
        assert r.kind == "timeout" and "sleeps, blocks or waits" in r.message
        assert 0.6 <= r.duration < 2.0 and r.cpu_seconds < 0.1


def test_a_sleep_within_the_backstop_is_answered():
    with Sandbox([CELL], Limits(call_timeout=0.2, wall_factor=3.0)) as b:
        r = b.call("nap", 0.3)  # longer than the CPU limit, well within the backstop
        assert r.ok and r.cpu_seconds < 0.1


def test_the_student_cannot_lower_the_cpu_time_it_reports():
    cheat = CELL + ("import sys\nworker = sys.modules.get('_sandbox_worker') or sys.modules['grader.sandbox.worker']\n"
                    "worker._process_time = lambda: 0.0\n")
    with Sandbox([cheat], Limits(call_timeout=2.0)) as b:
        r = b.call("spin", 0.3)
        assert r.ok and r.cpu_seconds >= 0.25  # the kernel's count, less a few ticks


def test_an_agent_that_stops_by_its_own_clock_does_as_much_work_beside_busy_processes(box):
    """The same playouts (within the machine's noise) alone and beside two processes per core."""
    alone = [box.call("playouts_until_own_clock", 0.3).value for _ in range(3)]
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2 * (os.cpu_count() or 1))]
    try:
        time.sleep(0.2)
        loaded = [box.call("playouts_until_own_clock", 0.3) for _ in range(3)]
    finally:
        for p in busy:
            p.kill()
            p.wait()
    assert all(r.ok for r in loaded)
    # on the wall clock each would get about a third of the work; on its own clock about the same
    assert min(r.value for r in loaded) > 0.6 * min(alone)


def test_the_clock_of_a_process_tree_reads_the_kernel():
    clock = ProcessTreeClock(os.getpid())
    before = clock.cpu()
    start = time.process_time()
    while time.process_time() - start < 0.1:
        pass
    assert before is not None and clock.cpu() - before >= 0.08
    assert clock.waiting() >= 0.0
    assert ProcessTreeClock(2**22 + 12345).cpu() is None  # no such process
