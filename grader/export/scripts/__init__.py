"""The shell scripts and the Dockerfile the bundles carry, kept as files so that they read as what they are:
``gradescope_setup.sh`` and ``gradescope_run_autograder`` (Gradescope's ``setup.sh`` and ``run_autograder``),
``prairielearn_run_grader`` (PrairieLearn's entrypoint) and ``prairielearn.Dockerfile`` (its image)."""

from __future__ import annotations

from importlib import resources


def script_text(name: str) -> str:
    """The text of the bundle script ``name`` (a file of this folder)."""
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
