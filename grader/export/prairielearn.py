"""A PrairieLearn external grader: :func:`export_prairielearn` writes a directory to copy into the course;
inside the grading container its entrypoint calls :func:`run` (``python -m grader.export.prairielearn``).

The directory:

- ``tests/``: the question's ``tests/`` folder (PrairieLearn mounts it at ``/grade/tests``): ``run_grader``,
  the entrypoint, with ``export.json`` (:mod:`grader.export.settings`), ``rubric.yaml`` and ``grader-cache/``
  (the tactic positions every grading needs, found once: :mod:`grader.export.solver_cache`);
- ``image/``: ``Dockerfile`` and this grader's wheel, to build the image PrairieLearn grades in (grading
  containers have no network, so the grader is installed in the image, not at grading time);
- ``info.json``: the ``externalGradingOptions`` to put in the question's ``info.json``;
- ``question.html``: a question that takes the notebook as an upload and shows the results;
- ``README.md``: the note on the image and the steps.

In the container everything lives under one root, ``$GRADE_ROOT`` (default ``/grade``): the student's
files in ``student/``, the tests folder in ``tests/``, the results in ``results/``. Set the variable to try
the grader anywhere.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from grader.export.entry import entry_main
from grader.export.scripts import script_text
from grader.export.settings import RUBRIC_FILE, BundleSettings, grader_version, read_settings
from grader.export.solver_cache import CACHE_FOLDER, fill_cache
from grader.export.submission_folder import grade_submission_folder
from grader.export.wheel import wheel_into
from grader.report.files import write_text
from grader.report.prairielearn import prairielearn_results
from grader.rubric import BUNDLED_RUBRIC, load_rubric

DEFAULT_ROOT = "/grade"
ENTRYPOINT = "run_grader"
#: PrairieLearn's limit on a grading job (its default is 30 s, too short for agent checks)
MAX_TIMEOUT = 600


@dataclass(frozen=True)
class ExportedGrader:
    """What ``grader export prairielearn`` made: the directory, its settings, the wheel and the image's name."""

    path: Path
    settings: BundleSettings
    wheel: str
    image: str


def export_prairielearn(assignment_name: str, out: str | Path = "prairielearn", *, rubric: str | Path | None = None,
                        section: str | None = None, seed: int = 0, image: str | None = None, timeout: int = 300,
                        wheel: str | Path | None = None) -> ExportedGrader:
    """Write the external-grader directory for ``assignment_name`` of ``rubric`` (default: the bundled rubric).

    ``image`` is the name the grading image will be pushed as (default ``adversarial-grader:<version>``);
    ``timeout`` the grading job's limit in seconds (PrairieLearn allows up to 600).
    """
    if not 1 <= timeout <= MAX_TIMEOUT:
        raise ValueError(f"timeout {timeout} s: PrairieLearn allows a grading job 1 to {MAX_TIMEOUT} seconds")
    rubric_path = Path(rubric) if rubric else BUNDLED_RUBRIC
    assignment = load_rubric(rubric_path).assignment(assignment_name).for_section(section)  # fails before building
    out = Path(out)
    settings = BundleSettings(platform="prairielearn", assignment=assignment_name, section=section, seed=seed,
                              grader_version=grader_version())
    image = image or f"adversarial-grader:{settings.grader_version}"
    tests = out / "tests"
    write_text(tests / RUBRIC_FILE, rubric_path.read_text(encoding="utf-8"))
    settings.write(tests)
    fill_cache(assignment, tests / CACHE_FOLDER, seed=seed)
    write_text(tests / ENTRYPOINT, script_text("prairielearn_run_grader"))
    (tests / ENTRYPOINT).chmod(0o755)
    for old in (out / "image").glob("adversarial_grader-*.whl"):  # an earlier export's: the image takes one
        old.unlink()
    built = wheel_into(out / "image", wheel)
    write_text(out / "image" / "Dockerfile", script_text("prairielearn.Dockerfile").replace("WHEEL", built.name))
    write_text(out / "info.json", json.dumps(info_json(image, timeout), indent=2) + "\n")
    write_text(out / "question.html", QUESTION_HTML.replace("NOTEBOOK", f"{assignment_name}.ipynb"))
    write_text(out / "README.md", _readme(settings, image, built.name, timeout))
    return ExportedGrader(out, settings, built.name, image)


def info_json(image: str, timeout: int) -> dict[str, Any]:
    """The part of the question's ``info.json`` that makes PrairieLearn grade with this grader."""
    return {
        "gradingMethod": "External",
        "externalGradingOptions": {
            "enabled": True,
            "image": image,
            "entrypoint": f"{DEFAULT_ROOT}/tests/{ENTRYPOINT}",
            "timeout": timeout,
        },
    }


QUESTION_HTML = """<pl-question-panel>
  <p>Upload your notebook. The grader runs the checks of the rubric and shows each one below.</p>
</pl-question-panel>

<pl-file-upload file-names="NOTEBOOK"></pl-file-upload>

<pl-submission-panel>
  <pl-external-grader-results></pl-external-grader-results>
  <pl-file-preview></pl-file-preview>
</pl-submission-panel>
"""


def _readme(settings: BundleSettings, image: str, wheel: str, timeout: int) -> str:
    return f"""# PrairieLearn external grader: {settings.assignment}

Made by `grader export prairielearn` (adversarial-grader {settings.grader_version}); see docs/prairielearn.md in
the grader's repository.

1. The image. Grading containers have no network, so the grader is installed in the image:

       cd image && docker build -t {image} . && docker push {image}

   (`image/` holds the Dockerfile and {wheel}; push under your Docker Hub account, e.g. `you/{image}`, and
   put that name in info.json.)
2. The question: copy `tests/` into the question's folder (`questions/<qid>/tests/`), merge `info.json`
   into the question's `info.json`, and use `question.html` (or your own, with a file upload).
3. Grading takes {timeout} s at most (`timeout` in info.json; PrairieLearn allows up to {MAX_TIMEOUT}).

It grades `{settings.assignment}` of tests/rubric.yaml (section: {settings.section or 'all tasks'}, seed
{settings.seed}), exactly as `grader grade` does.
"""


# --- in the grading container ---------------------------------------------------------------------


def run(root: str | Path = DEFAULT_ROOT) -> dict[str, Any]:
    """Grade ``root/student`` with the settings in ``root/tests`` and write ``root/results/results.json``;
    return what was written."""
    root = Path(root)
    tests = root / "tests"
    settings = read_settings(tests)
    assignment = settings.load_assignment(tests)
    result = grade_submission_folder(root / "student", settings.assignment, assignment, seed=settings.seed)
    payload = prairielearn_results(result, assignment.task_names)
    write_text(root / "results" / "results.json", json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    print(f"{settings.assignment}: {result.status}, score {payload.get('score')} ({result.message or 'no message'})")
    return payload


def failed_payload(problem: str) -> dict[str, Any]:
    """The results of a run that broke before it could grade: not gradable (the student loses no attempt)."""
    words = f"The grader failed before it could grade this submission ({problem})."
    return {"gradable": False, "message": words,
            "format_errors": [words + " Your instructor can read the details in the grading job's output."],
            "tests": []}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m grader.export.prairielearn [--root ROOT]``: what the entrypoint runs."""
    return entry_main(argv, prog="python -m grader.export.prairielearn", root_variable="GRADE_ROOT", default_root=DEFAULT_ROOT,
                      run=run, failed=failed_payload)


if __name__ == "__main__":
    sys.exit(main())
