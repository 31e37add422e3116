"""The timing benchmarks run and print their figures (smoke runs: no time is asserted)."""

import subprocess
import sys

from tests.paths import ROOT


def test_the_startup_benchmark_prints_the_help_time():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "startup.py"), "--runs", "1"],
                         capture_output=True, text=True, check=True, timeout=120).stdout
    assert "grader --help" in out and "load average" in out


def test_the_grading_time_benchmarks_say_how_they_are_used():
    for script in ("check_time.py", "class_time.py", "load_stability.py"):
        out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--help"], capture_output=True,
                             text=True, check=True, timeout=60).stdout
        assert "usage:" in out and "--baseline" in out or "--busy" in out
