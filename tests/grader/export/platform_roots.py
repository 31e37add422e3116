"""The platforms without the platforms: a bundle unpacked into a temporary root laid out as Gradescope or
PrairieLearn lays it out, a submission's files put where the platform puts them, the entry script run as
the platform runs it (its root from AUTOGRADER_ROOT or GRADE_ROOT), and results.json checked against a
schema of the platform's documented format."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Iterable

import jsonschema

from tests.paths import TESTS

#: the test run's own interpreter: the grader is installed in it (editable), so the bundles' entry scripts
#: can run without a fresh venv (tests/grader/export/test_bundles_in_a_fresh_venv.py makes one)
HERE_PYTHON = sys.executable


def gradescope_root(bundle: Path, root: Path, files: Iterable[Path] = ()) -> Path:
    """``root`` laid out as Gradescope's /autograder: the zip's files in source/ (modes kept, as unzip keeps
    them), run_autograder copied to the root, the submission's ``files`` in submission/, no results/ yet."""
    with zipfile.ZipFile(bundle) as archive:
        for info in archive.infolist():
            target = root / "source" / info.filename
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(archive.read(info))
            target.chmod((info.external_attr >> 16) & 0o777 or 0o644)
    shutil.copy2(root / "source" / "run_autograder", root / "run_autograder")
    _submit(root / "submission", files)
    return root


def prairielearn_root(grader: Path, root: Path, files: Iterable[Path] = ()) -> Path:
    """``root`` laid out as PrairieLearn's /grade: the question's tests/ folder, the student's ``files`` in
    student/, data/data.json as PrairieLearn writes it, no results/ yet."""
    shutil.copytree(grader / "tests", root / "tests")
    (root / "data").mkdir(parents=True)
    (root / "data" / "data.json").write_text(json.dumps({"params": {}, "submitted_answers": {}}), encoding="utf-8")
    _submit(root / "student", files)
    return root


def _submit(folder: Path, files: Iterable[Path]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for path in files:
        shutil.copy2(path, folder / path.name)


def run_gradescope(root: Path, python: str = HERE_PYTHON, timeout: float = 240) -> dict:
    """Run root/run_autograder as Gradescope does (working directory the root) and read results.json."""
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "GRADER_PYTHON": python}
    return _run([str(root / "run_autograder")], root, env, root / "results" / "results.json", timeout)


def run_prairielearn(root: Path, python: str = HERE_PYTHON, timeout: float = 240) -> dict:
    """Run the question's entrypoint as PrairieLearn does and read results.json."""
    env = {**os.environ, "GRADE_ROOT": str(root), "GRADER_PYTHON": python}
    return _run([str(root / "tests" / "run_grader")], root, env, root / "results" / "results.json", timeout)


def _run(command: list[str], cwd: Path, env: dict, results: Path, timeout: float) -> dict:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    assert results.is_file(), f"{command} wrote no results:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return json.loads(results.read_text(encoding="utf-8"))


def schema(name: str) -> dict:
    return json.loads((TESTS / "schemas" / f"{name}_results.schema.json").read_text(encoding="utf-8"))


def valid_gradescope(payload: dict) -> dict:
    """``payload`` after checking it against the schema of Gradescope's results.json."""
    jsonschema.validate(payload, schema("gradescope"))
    return payload


def valid_prairielearn(payload: dict) -> dict:
    """``payload`` after checking it against the schema of PrairieLearn's results.json and its 1 MB limit."""
    jsonschema.validate(payload, schema("prairielearn"))
    assert len(json.dumps(payload).encode()) < 1_000_000
    return payload


def checks_by_name(payload: dict) -> dict[str, dict]:
    return {test["name"]: test for test in payload["tests"]}
