"""A run stopped by SIGTERM or SIGINT ends cleanly: every process it started (grading processes, game
workers, sandboxes) is gone within a second of its end, what was saved stays saved, and one line says
how to resume."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.paths import TESTS

QUICK = TESTS / "rubrics" / "connect4_quick.yaml"
SLOW = TESTS / "hostile" / "slow_to_load.py"  # its loading counts to ten billion
QUICK_SUBMISSION = TESTS / "packages" / "c4_wins_by_convolution.py"

pytestmark = pytest.mark.timeout(180)


def _stat(pid: int) -> tuple[int, str, int] | None:
    """(parent pid, state, start time) of a process, None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), fields[0], int(fields[19])


def descendants(root: int) -> dict[int, int]:
    """Every process below ``root``, with its start time (a pid may be reused later)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None:
            parents.setdefault(stat[0], []).append(int(entry))
    found, todo = {}, [root]
    while todo:
        for child in parents.get(todo.pop(), []):
            stat = _stat(child)
            if stat is not None:
                found[child] = stat[2]
                todo.append(child)
    return found


def still_running(processes: dict[int, int]) -> list[str]:
    """Those of ``processes`` still running (a zombie has ended: only its exit status is left)."""
    left = []
    for pid, started in processes.items():
        stat = _stat(pid)
        if stat is not None and stat[2] == started and stat[1] != "Z":
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")[:120]
            left.append(f"{pid}: {command!r}")
    return left


def wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.1)


def stop_midway(args: list[str], started, signum: int, tmp_path: Path) -> tuple[subprocess.CompletedProcess, float]:
    """Run ``grader ARGS``, wait until ``started(processes)`` says it is busy, send ``signum``, and check
    that no process it started outlives it by more than a second. Returns the run and its exit delay."""
    run = subprocess.Popen([sys.executable, "-m", "grader.cli", *args], cwd=tmp_path, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: started(descendants(run.pid)), 120, "the run to get busy")
        processes = descendants(run.pid)
        sent = time.monotonic()
        run.send_signal(signum)
        out, err = run.communicate(timeout=30)
        ended = time.monotonic()
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()
    time.sleep(max(0.0, ended + 1.0 - time.monotonic()))
    assert still_running(processes) == [], "processes outlived the run by a second"
    return subprocess.CompletedProcess(run.args, run.returncode, out, err), ended - sent


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_grade_ends_its_workers_keeps_its_results_and_says_how_to_resume(tmp_path, signum):
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(QUICK_SUBMISSION, folder / "a_quick.py")
    shutil.copy(SLOW, folder / "b_slow.py")
    saved = tmp_path / "grades" / "connect4" / "results" / "a_quick.json"

    def busy(processes: dict[int, int]) -> bool:  # a_quick graded, b_slow's sandbox counting
        return saved.exists() and len(processes) >= 4

    run, delay = stop_midway(["grade", str(folder), "-a", "connect4", "--rubric", str(QUICK), "--out",
                              str(tmp_path / "grades"), "--jobs", "1", "--no-progress"], busy, signum, tmp_path)
    assert run.returncode == 128 + signum
    assert run.stderr.strip().splitlines()[-1] == (
        f"stopped by {signal.Signals(signum).name}: the results saved so far are kept; run the same command again "
        "to resume (finished submissions are not graded again)")
    assert saved.exists() and not (tmp_path / "grades" / "connect4" / "results" / "b_slow.json").exists()
    assert delay < 5


def test_a_stopped_check_ends_its_sandbox(tmp_path):
    run, _ = stop_midway(["check", str(SLOW), "-a", "connect4", "--rubric", str(QUICK), "--no-color"],
                         lambda processes: len(processes) >= 2, signal.SIGTERM, tmp_path)
    assert run.returncode == 143
    assert run.stderr.strip().splitlines()[-1] == "stopped by SIGTERM: nothing is saved by a check; run grader check again"


def test_a_stopped_tournament_ends_its_game_workers_and_keeps_the_games_played(tmp_path):
    (tmp_path / "class").mkdir()
    out = tmp_path / "tournament"
    run, _ = stop_midway(["tournament", str(tmp_path / "class"), "-a", "connect4", "--out", str(out),
                          "--baselines", "random,alphabeta:6,mcts:50000", "--games-per-pair", "4", "--jobs", "2"],
                         lambda processes: len(processes) >= 3, signal.SIGINT, tmp_path)  # two game workers
    assert run.returncode == 130
    assert run.stderr.strip().splitlines()[-1] == ("stopped by SIGINT: the games played so far are kept in "
                                                   "games.jsonl; run the same command again to resume")


def test_a_reader_that_goes_away_early_does_not_stop_the_run_before_its_sheets(tmp_path):
    """``grader grade | head -1``: the pipe closes after one line, and the run still writes every sheet."""
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("a", "b", "c"):
        shutil.copy(QUICK_SUBMISSION, folder / f"{name}.py")
    run = subprocess.Popen([sys.executable, "-m", "grader.cli", "grade", str(folder), "-a", "connect4", "--rubric",
                            str(QUICK), "--out", str(tmp_path / "grades"), "--jobs", "1", "--no-progress"],
                           cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    run.stdout.readline()
    run.stdout.close()  # as head does once it has its line
    err = run.stderr.read()
    assert run.wait(timeout=150) == 0, err
    assert "Traceback" not in err and (tmp_path / "grades" / "scores.csv").is_file()
