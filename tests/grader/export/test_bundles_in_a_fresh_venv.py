"""The bundles as the platforms build them: Gradescope's setup.sh itself installs the wheel from the bundle, with
its dependencies, in a fresh venv (none of this environment's packages); run_autograder then grades with that
install alone, on the assignment's real rubric with the default leaderboard, and the PrairieLearn entrypoint
grades with the same install. Slow: the install fetches the dependencies (about a minute and a half here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from grader.export.gradescope import export_gradescope
from grader.export.prairielearn import export_prairielearn
from tests.grader.test_expected_scores import expected_scores
from tests.grader.export.platform_roots import (gradescope_root, prairielearn_root, run_gradescope, run_prairielearn,
                                                valid_gradescope, valid_prairielearn)
from tests.paths import ROOT

pytestmark = pytest.mark.slow

GOOD = ROOT / "submissions" / "connect4" / "alice_complete.ipynb"


@pytest.fixture(scope="module")
def autograder(tmp_path_factory):
    """A Gradescope root after setup.sh ran in it, as Gradescope builds the image (no system packages here, and
    the venv made from the Python that runs the tests, whose version the project supports)."""
    bundle = export_gradescope("connect4", tmp_path_factory.mktemp("export") / "autograder.zip").path
    root = gradescope_root(bundle, tmp_path_factory.mktemp("autograder"), [GOOD])
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "GRADER_SETUP_NO_APT": "1", "GRADER_SETUP_PYTHON": sys.executable}
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(["bash", str(root / "source" / "setup.sh")], cwd=root / "source", env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"setup.sh failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return root


def test_setup_sh_installs_the_grader_from_the_bundled_wheel_in_a_venv_of_its_own(autograder):
    python = autograder / "grader-venv" / "bin" / "python"
    where = subprocess.run([str(python), "-c", "import grader, numpy; print(grader.__file__)"], cwd=autograder,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert where.startswith(str(autograder / "grader-venv")), where  # the wheel, not this checkout


def test_the_bundle_carries_the_tactic_positions_so_that_no_submission_searches_for_them(autograder):
    assert len(list((autograder / "source" / "grader-cache" / "tactic_positions").glob("*.json"))) == 3


def test_run_autograder_grades_with_the_installed_grader_alone(autograder):
    payload = valid_gradescope(run_gradescope(autograder, python=str(autograder / "grader-venv" / "bin" / "python")))
    (autograder / "results" / "results.json").replace(autograder / "results" / "good.json")  # kept for a look
    assert payload["score"] == float(expected_scores()["alice_complete"]["score"])  # as grader grade records it
    assert [e["name"] for e in payload["leaderboard"]] == ["Rating", "Points", "Games", "Forfeits"]
    assert "against ref:random, ref:alphabeta:2, ref:mcts:200" in payload["output"]


def test_the_prairielearn_entrypoint_gives_the_same_points_with_the_same_install(autograder, tmp_path):
    grader = export_prairielearn("connect4", tmp_path / "prairielearn").path
    root = prairielearn_root(grader, tmp_path / "grade", [GOOD])
    payload = valid_prairielearn(run_prairielearn(root, python=str(autograder / "grader-venv" / "bin" / "python")))
    gradescope = json.loads((autograder / "results" / "good.json").read_text(encoding="utf-8"))
    assert {t["name"]: t["points"] for t in payload["tests"]} == {t["name"]: t["score"] for t in gradescope["tests"]}
