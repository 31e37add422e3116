"""Build hook: the top-level ``rubric.yaml`` also ships inside the ``grader`` package.

Instructors edit the rubric at the top of the repository (the layout the project fixes); an installed
wheel has no repository around it, so the build copies the file in as package data, where
:func:`grader.rubric.bundled_rubric` finds it with ``importlib.resources``. Everything else is
configured in ``pyproject.toml``.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RUBRIC = "rubric.yaml"


class BuildPyWithRubric(build_py):
    """``build_py`` that adds ``grader/rubric.yaml`` to the built package (not in editable mode, where
    the package is the source folder and the top-level file is read directly)."""

    def run(self) -> None:
        super().run()
        if not getattr(self, "editable_mode", False):
            self.copy_file(RUBRIC, str(Path(self.build_lib) / "grader" / RUBRIC))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        return [*outputs, str(Path(self.build_lib) / "grader" / RUBRIC)]


setup(cmdclass={"build_py": BuildPyWithRubric})
