"""The grading benchmark's class generator writes real-size notebooks the grader can read (nothing timed)."""

import importlib.util
import sys

import nbformat

from grader.load import LOADED, load_submission
from tests.paths import ROOT



def _benchmark():
    spec = importlib.util.spec_from_file_location("benchmark_grading", ROOT / "benchmarks" / "grading.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class body runs
    spec.loader.exec_module(module)
    return module


def test_generated_notebooks_are_padded_like_real_ones_and_load(tmp_path):
    paths = _benchmark().write_class(tmp_path, 2)
    assert [p.suffix for p in paths] == [".ipynb", ".ipynb"]
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        markdown = [c for c in nb.cells if c.cell_type == "markdown"]
        code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        plots = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if "image/png" in o.get("data", {})]
        assert len(markdown) >= 15 and plots and path.stat().st_size > 50_000
        assert "def play_match" in code and "%%time" in code and "move_times" in code  # experiment padding

        submission = load_submission(path)
        assert submission.status == LOADED, submission.problems
        skipped = [s.source for cell in submission.cells for s in cell.skipped]
        assert any("play_match" in s for s in skipped)  # experiments are not run in definitions mode
        kept = "\n".join(cell.kept for cell in submission.cells)
        assert "def random_position" in kept
