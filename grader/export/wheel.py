"""This package as a wheel, to travel inside a bundle: built from the source checkout it runs from.

A platform installs the wheel with its dependencies (Gradescope's ``setup.sh``, PrairieLearn's image),
so the bundle grades with exactly this code and the rubric it carries. The build runs on a copy of the
sources, so it leaves nothing (``build/``, ``*.egg-info``) in the working tree.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

#: what a build needs from the repository
BUILD_INPUTS = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "rubric.yaml", "grader", "reference")
WHEEL_GLOB = "adversarial_grader-*.whl"


class WheelError(RuntimeError):
    """No wheel could be had: no source checkout to build from, or the build failed (its output says why)."""


def source_checkout() -> Path | None:
    """The repository this package runs from (an editable install or a checkout on ``sys.path``), or None
    when it was installed from a wheel and has no sources around it."""
    root = Path(__file__).resolve().parents[2]
    return root if all((root / name).exists() for name in BUILD_INPUTS) else None


def build_wheel(out_dir: str | Path, source: str | Path | None = None) -> Path:
    """Build this package's wheel (without its dependencies) into ``out_dir``; return its path.

    Built without build isolation when this environment has setuptools and wheel (fast, offline), else
    in pip's isolated build environment (which fetches setuptools)."""
    source = Path(source) if source else source_checkout()
    if source is None:
        raise WheelError("this grader was installed from a wheel, so there are no sources to build one from: "
                         "run `grader export` from a checkout (pip install -e .) or pass --wheel FILE")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="grader-wheel-") as work:
        copy = Path(work) / "source"
        copy.mkdir()
        for name in BUILD_INPUTS:
            if (source / name).is_dir():
                shutil.copytree(source / name, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copy2(source / name, copy / name)
        dist = Path(work) / "dist"
        isolation = ["--no-build-isolation"] if _can_build_here() else []
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", *isolation, "-w", str(dist), str(copy)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
        built = sorted(dist.glob(WHEEL_GLOB))
        if done.returncode != 0 or not built:
            raise WheelError(f"building the wheel failed ({' '.join(command)}):\n{done.stderr[-3000:]}")
        target = out_dir / built[0].name
        shutil.copy2(built[0], target)
    return target


def _can_build_here() -> bool:
    """Whether this environment can build the wheel itself: setuptools, and ``wheel`` for setuptools < 70.1."""
    if importlib.util.find_spec("setuptools") is None:
        return False
    return importlib.util.find_spec("wheel") is not None or _setuptools_has_bdist_wheel()


def _setuptools_has_bdist_wheel() -> bool:
    try:
        import setuptools.command.bdist_wheel  # noqa: F401 - setuptools >= 70.1
    except ImportError:
        return False
    return True


def check_wheel(path: str | Path) -> Path:
    """``path`` if it names this package's wheel file, else :class:`WheelError` saying what it is."""
    path = Path(path)
    if not path.is_file() or not path.match(WHEEL_GLOB):
        raise WheelError(f"--wheel {path}: not a wheel of this package (adversarial_grader-<version>-*.whl)")
    return path


def wheel_into(folder: str | Path, wheel: str | Path | None = None) -> Path:
    """This package's wheel in ``folder``: a copy of ``wheel`` when given, else built from the sources."""
    if wheel is None:
        return build_wheel(folder)
    wheel = check_wheel(wheel)
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy2(wheel, Path(folder) / wheel.name))
