"""A Gradescope autograder: :func:`export_gradescope` writes ``autograder.zip``; inside Gradescope's
container the bundle's ``run_autograder`` calls :func:`run` (``python -m grader.export.gradescope``).

The zip holds, at its root (where Gradescope looks):

- ``setup.sh``: installs the grader from ``wheels/`` in a venv of its own (Gradescope runs it once, as root);
- ``run_autograder``: grades ``/autograder/submission/``, writes ``/autograder/results/results.json``;
- ``export.json`` (:mod:`grader.export.settings`) and ``rubric.yaml``: what to grade, and how;
- ``wheels/adversarial_grader-<version>-py3-none-any.whl``: this grader (the hidden boards are in it);
- ``baseline_games.jsonl``: the baselines' games among themselves, when there is a leaderboard;
- ``grader-cache/``: the tactic positions every grading needs, found once (:mod:`grader.export.solver_cache`);
- ``README.md``: what the bundle is, for whoever finds it.

On the platform everything lives under one root, ``$AUTOGRADER_ROOT`` (default ``/autograder``): the
bundle in ``source/``, the student's files in ``submission/``, the results in ``results/``. Set the
variable to try a bundle anywhere.

``results.json`` is written twice: once graded (so the grades are safe whatever happens next), then again
with the leaderboard entry after the round robin.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import traceback
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from grader.export.entry import entry_main
from grader.export.leaderboard import play_baseline_games, rate_submission
from grader.export.scripts import script_text
from grader.export.settings import (RUBRIC_FILE, BundleSettings, LeaderboardSettings, grader_version,
                                    read_settings)
from grader.export.solver_cache import CACHE_FOLDER, fill_cache
from grader.export.submission_folder import grade_submission_folder
from grader.export.wheel import wheel_into
from grader.report.files import write_text
from grader.report.gradescope import GradescopeVisibility, gradescope_results
from grader.rubric import BUNDLED_RUBRIC, load_rubric

DEFAULT_ROOT = "/autograder"
#: scripts of the bundle: the name in the zip -> the file in grader/export/scripts
SCRIPTS = {"setup.sh": "gradescope_setup.sh", "run_autograder": "gradescope_run_autograder"}


@dataclass(frozen=True)
class ExportedBundle:
    """What ``grader export gradescope`` made: the zip, its settings, the wheel inside and the baselines' games."""

    path: Path
    settings: BundleSettings
    wheel: str
    baseline_games: int


def export_gradescope(assignment_name: str, out: str | Path = "autograder.zip", *, rubric: str | Path | None = None,
                      section: str | None = None, seed: int = 0,
                      leaderboard: LeaderboardSettings | None = LeaderboardSettings(),
                      hidden_visibility: GradescopeVisibility = "after_published",
                      wheel: str | Path | None = None) -> ExportedBundle:
    """Write the autograder zip for ``assignment_name`` of ``rubric`` (default: the bundled rubric) to ``out``, a
    file or a folder to write ``autograder.zip`` in.

    ``leaderboard=None`` makes a bundle without the round robin. ``wheel`` ships that wheel of this package
    instead of one built from the sources. Raises :class:`~grader.usage.RubricError` for an assignment or
    section the rubric lacks, before anything is built.
    """
    rubric_path = Path(rubric) if rubric else None
    assignment = load_rubric(rubric_path).assignment(assignment_name).for_section(section)
    out = Path(out) / "autograder.zip" if Path(out).is_dir() else Path(out)
    settings = BundleSettings(platform="gradescope", assignment=assignment_name, section=section, seed=seed,
                              hidden_visibility=hidden_visibility, leaderboard=leaderboard,
                              grader_version=grader_version())
    with tempfile.TemporaryDirectory(prefix="grader-gradescope-") as work:
        folder = Path(work)
        built = wheel_into(folder / "wheels", wheel)
        _copy_rubric(rubric_path, folder / RUBRIC_FILE)
        settings.write(folder)
        games = 0
        if leaderboard is not None:
            games = play_baseline_games(assignment, leaderboard, folder / leaderboard.games_file, seed=seed)
        fill_cache(assignment, folder / CACHE_FOLDER, seed=seed)
        for name, script in SCRIPTS.items():
            write_text(folder / name, script_text(script))
        write_text(folder / "README.md", _readme(settings, built.name))
        path = _zip(folder, out)
    return ExportedBundle(path, settings, built.name, games)


def _copy_rubric(rubric: Path | None, target: Path) -> None:
    write_text(target, (rubric or BUNDLED_RUBRIC).read_text(encoding="utf-8"))


#: files of the bundle that must run as programs (Gradescope runs setup.sh with bash, run_autograder as is)
EXECUTABLE = set(SCRIPTS)


def _zip(folder: Path, out: Path) -> Path:
    """Zip ``folder``'s files at the archive's root, in name order, scripts executable, dates fixed (1980)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(f".{out.name}.partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            name = path.relative_to(folder).as_posix()
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o100755 if name in EXECUTABLE else 0o100644) << 16
            archive.writestr(info, path.read_bytes())
    os.replace(partial, out)
    return out


def _readme(settings: BundleSettings, wheel: str) -> str:
    board = settings.leaderboard
    rated = (f"against {', '.join('ref:' + b for b in board.baselines)}, {board.games_per_pair} games each"
             if board else "no leaderboard")
    return (f"# Gradescope autograder: {settings.assignment}\n\n"
            f"Made by `grader export gradescope` (adversarial-grader {settings.grader_version}). Upload this zip as "
            "the autograder of a Gradescope programming assignment; see docs/gradescope.md in the grader's "
            "repository.\n\n"
            f"- grades: `{settings.assignment}` of rubric.yaml, section {settings.section or 'all tasks'}, seed "
            f"{settings.seed}\n- hidden checks: {settings.hidden_visibility}\n- leaderboard: {rated}\n"
            f"- grader: wheels/{wheel}, installed by setup.sh\n")


# --- on the platform ------------------------------------------------------------------------------


def run(root: str | Path = DEFAULT_ROOT) -> dict[str, Any]:
    """Grade ``root/submission`` with the bundle in ``root/source`` and write ``root/results/results.json``
    (then again with the leaderboard entry); return what was written last."""
    start = time.perf_counter()
    root = Path(root)
    source, submission, results = root / "source", root / "submission", root / "results" / "results.json"
    settings = read_settings(source)
    assignment = settings.load_assignment(source)
    result = grade_submission_folder(submission, settings.assignment, assignment, seed=settings.seed)
    payload = gradescope_results(result, assignment.task_names, hidden_visibility=settings.hidden_visibility)
    _write(results, payload, start)
    print(f"{settings.assignment}: {result.status}, {payload['score']} points ({result.message or 'no message'})")
    if settings.leaderboard is not None and result.status == "graded":
        try:
            rated = rate_submission(submission, assignment, settings.leaderboard, seed=settings.seed,
                                    baseline_games=source / settings.leaderboard.games_file)
        except Exception:  # noqa: BLE001 - the grades are written; the leaderboard must not undo them
            traceback.print_exc(file=sys.stdout)
            payload["output"] += "\nLeaderboard: not rated this time (the round robin failed; your instructor can see why)."
        else:
            payload["output"] += "\n" + rated.words
            if rated.entries:
                payload["leaderboard"] = rated.entries
        _write(results, payload, start)
        print(payload["output"].rsplit("\n", 1)[-1])
    return payload


def _write(path: Path, payload: dict[str, Any], start: float) -> None:
    payload["execution_time"] = round(time.perf_counter() - start, 2)
    write_text(path, json.dumps(payload, indent=2, ensure_ascii=False) + "\n")


def failed_payload(problem: str) -> dict[str, Any]:
    """The results of a run that broke before it could grade: 0 points and what happened, never nothing."""
    return {"score": 0, "output": f"The autograder failed before it could grade this submission ({problem}). "
            "Your instructor can read the details in the autograder's output; please tell them.",
            "visibility": "visible", "stdout_visibility": "hidden", "tests": []}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m grader.export.gradescope [--root ROOT]``: what ``run_autograder`` runs."""
    return entry_main(argv, prog="python -m grader.export.gradescope", root_variable="AUTOGRADER_ROOT", default_root=DEFAULT_ROOT,
                      run=run, failed=failed_payload)


if __name__ == "__main__":
    sys.exit(main())
