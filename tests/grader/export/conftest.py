"""One Gradescope bundle and one PrairieLearn grader for the whole test run, made from the export test rubric,
and each sample submission run through each of them once (a run takes seconds: the tests share them)."""

from __future__ import annotations

import os
import time
import zipfile
from pathlib import Path
from typing import Callable

import pytest

from grader.export.gradescope import export_gradescope
from grader.export.prairielearn import export_prairielearn
from grader.export.settings import LeaderboardSettings
from tests.grader.export.platform_roots import (gradescope_root, prairielearn_root, run_gradescope,
                                                run_prairielearn)
from tests.paths import ROOT, TESTS

RUBRIC = TESTS / "rubrics" / "connect4_export.yaml"
#: baselines that play fast: the leaderboard's round robin is the same code whatever they are
LEADERBOARD = LeaderboardSettings(baselines=("random", "alphabeta:1"), games_per_pair=2)
CONNECT4 = ROOT / "submissions" / "connect4"

#: what a student may hand in, by what it shows: the files put in the platform's submission folder (the
#: last file of several is made the most recently modified)
SAMPLES: dict[str, tuple[Path, ...]] = {
    "good": (CONNECT4 / "alice_complete.ipynb",),
    "renamed": (CONNECT4 / "bob_renamed_and_reordered.ipynb",),
    "buggy": (CONNECT4 / "eve_bugs.ipynb",),
    "empty": (TESTS / "notebooks" / "empty.ipynb",),
    "hostile": (CONNECT4 / "henry_hostile.ipynb",),
    "report": (CONNECT4 / "noah_report.pdf",),
    "doubtful": (TESTS / "students" / "c4_helper_named_like_result.py",),
    "nothing": (),
    "two_notebooks": (CONNECT4 / "eve_bugs.ipynb", CONNECT4 / "alice_complete.ipynb"),
}


def _newest_last(folder: Path, files: tuple[Path, ...]) -> None:
    now = time.time()
    for age, path in enumerate(reversed(files)):
        os.utime(folder / path.name, (now - 60 * age, now - 60 * age))


@pytest.fixture(scope="session")
def gradescope_bundle(tmp_path_factory) -> Path:
    return export_gradescope("connect4", tmp_path_factory.mktemp("export") / "autograder.zip", rubric=RUBRIC,
                             leaderboard=LEADERBOARD).path


@pytest.fixture(scope="session")
def prairielearn_grader(tmp_path_factory, gradescope_bundle) -> Path:
    """The PrairieLearn grader, its image given the wheel the Gradescope bundle built from these same sources
    (``--wheel``): the package is built once for both platforms."""
    with zipfile.ZipFile(gradescope_bundle) as archive:
        name, = (n for n in archive.namelist() if n.startswith("wheels/") and n.endswith(".whl"))
        wheel = Path(archive.extract(name, tmp_path_factory.mktemp("wheel")))
    return export_prairielearn("connect4", tmp_path_factory.mktemp("export") / "prairielearn", rubric=RUBRIC,
                               wheel=wheel).path


def remembered_runs(bundle: Path, tmp_path_factory, lay_out: Callable, submission: str, run_entry: Callable
                    ) -> Callable[[str], dict]:
    """A function that runs a sample through the platform (laid out by ``lay_out``, the files in its
    ``submission`` folder, ``run_entry`` run on the root) once, then remembers the results.json."""
    seen: dict[str, dict] = {}

    def run(sample: str) -> dict:
        if sample not in seen:
            root = lay_out(bundle, tmp_path_factory.mktemp(f"{submission}-{sample}"), SAMPLES[sample])
            _newest_last(root / submission, SAMPLES[sample])
            seen[sample] = run_entry(root)
        return seen[sample]
    return run


@pytest.fixture(scope="session")
def on_gradescope(gradescope_bundle, tmp_path_factory) -> Callable[[str], dict]:
    """The results.json Gradescope would get for a sample."""
    return remembered_runs(gradescope_bundle, tmp_path_factory, gradescope_root, "submission", run_gradescope)


@pytest.fixture(scope="session")
def on_prairielearn(prairielearn_grader, tmp_path_factory) -> Callable[[str], dict]:
    """The results.json PrairieLearn would get for a sample."""
    return remembered_runs(prairielearn_grader, tmp_path_factory, prairielearn_root, "student", run_prairielearn)
