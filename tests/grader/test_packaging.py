"""A wheel that works: built from the sources (as ``grader export`` builds the one its bundles carry), installed
non-editable in a fresh virtual environment with its dependencies, its ``grader`` checks and grades a sample
with the rubric it carries inside the package, and the reports it writes are readable by the instructor's
group."""

from __future__ import annotations

import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from grader.export.wheel import build_wheel
from tests.paths import ROOT

SAMPLE = ROOT / "submissions" / "tictactoe" / "mia_tictactoe.ipynb"


def run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The ``bin`` folder of a fresh venv (none of this environment's packages) with the wheel installed, its
    dependencies from the package index, as an instructor installs it."""
    work = tmp_path_factory.mktemp("wheel")
    wheel = build_wheel(work / "dist")
    run(sys.executable, "-m", "venv", work / "venv", cwd=work)
    bin_dir = work / "venv" / "bin"
    run(bin_dir / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel, cwd=work)
    return bin_dir


@pytest.mark.slow
def test_the_installed_package_is_the_wheel_and_carries_the_rubric(installed):
    where = run(installed / "python", "-c", "import grader.rubric as r; print(r.__file__); print(r.BUNDLED_RUBRIC)",
                cwd=installed).stdout.split()
    venv = installed.parent
    assert all(Path(p).is_relative_to(venv) for p in where), where  # not the editable checkout
    assert Path(where[1]).name == "rubric.yaml" and Path(where[1]).parent.name == "grader"
    assert Path(where[1]).read_text(encoding="utf-8") == (ROOT / "rubric.yaml").read_text(encoding="utf-8")


@pytest.mark.slow
def test_installed_grader_checks_and_grades_a_sample_into_group_readable_files(installed, tmp_path):
    checked = run(installed / "grader", "check", SAMPLE, "--no-color", cwd=tmp_path)
    assert "tictactoe: mia_tictactoe" in checked.stdout and "passed" in checked.stdout

    (tmp_path / "class").mkdir()
    shutil.copy2(SAMPLE, tmp_path / "class" / SAMPLE.name)
    graded = run(installed / "grader", "grade", tmp_path / "class", "-a", "tictactoe", "--out", tmp_path / "grades",
                 "--jobs", "1", "--no-progress", cwd=tmp_path)
    assert "mia_tictactoe" in graded.stdout
    files = [tmp_path / "grades" / name for name in ("scores.csv", "tictactoe/scores.csv", "tictactoe/details.csv",
                                                     "tictactoe/feedback/mia_tictactoe.html",
                                                     "tictactoe/gradescope/mia_tictactoe/results.json")]
    for path in files:
        assert path.stat().st_mode & stat.S_IRGRP, f"{path} is not readable by the group"


def test_reports_get_the_permissions_a_new_file_would_get_not_the_private_ones_of_a_temporary(tmp_path):
    from grader.report.files import new_file_mode, write_text

    path = write_text(tmp_path / "scores.csv", "submission\n")
    assert stat.S_IMODE(path.stat().st_mode) == new_file_mode()
