"""Same grades everywhere: each sample submission gets the same points, check by check, from ``grader grade``
(a class folder with one folder per student, as the platforms hand a submission over), from the Gradescope
bundle and from the PrairieLearn grader; and the leaderboard rates the same agent the same on every run."""

from __future__ import annotations

import shutil

from grader.batch import saved_results
from grader.cli import main
from tests.grader.export.conftest import RUBRIC, SAMPLES, _newest_last


def points_agreement(graded: dict[str, dict[str, float]], gradescope: dict[str, dict[str, float]],
                     prairielearn: dict[str, dict[str, float]]) -> tuple[int, int, list[str]]:
    """How many (submission, check) points agree across the three, of how many, and the ones that differ."""
    agree, total, differ = 0, 0, []
    for sample, checks in graded.items():
        for check, points in checks.items():
            total += 1
            seen = (points, gradescope[sample].get(check), prairielearn[sample].get(check))
            if len(set(seen)) == 1:
                agree += 1
            else:
                differ.append(f"{sample}: {check}: grade {seen[0]}, Gradescope {seen[1]}, PrairieLearn {seen[2]}")
    return agree, total, differ


def test_every_sample_gets_the_same_points_from_grade_gradescope_and_prairielearn(
        tmp_path, on_gradescope, on_prairielearn, capsys):
    for sample, files in SAMPLES.items():
        folder = tmp_path / "class" / sample
        folder.mkdir(parents=True)
        for path in files:
            shutil.copy2(path, folder / path.name)
        _newest_last(folder, files)
    assert main(["grade", str(tmp_path / "class"), "--assignment", "connect4", "--rubric", str(RUBRIC), "--out",
                 str(tmp_path / "grades"), "--no-progress", "--jobs", "2"]) == 0
    graded = {r.submission: {f"{c.task} - {c.check}": round(c.points, 4) for c in r.checks}
              for r in saved_results(tmp_path / "grades" / "connect4")}
    gradescope = {s: {t["name"]: t["score"] for t in on_gradescope(s)["tests"]} for s in SAMPLES}
    prairielearn = {s: {t["name"]: t["points"] for t in on_prairielearn(s)["tests"]} for s in SAMPLES}
    assert set(graded) == set(SAMPLES)
    for sample in SAMPLES:  # the same checks on every platform, none lost or added
        assert set(graded[sample]) == set(gradescope[sample]) == set(prairielearn[sample]), sample

    agree, total, differ = points_agreement(graded, gradescope, prairielearn)
    with capsys.disabled():
        print(f"\npoints agree on {agree} of {total} checks ({agree / total:.0%}) of {len(SAMPLES)} submissions "
              "across grader grade, Gradescope and PrairieLearn")
    assert agree == total, "\n".join(differ)


def test_the_leaderboard_rates_the_same_agent_the_same_on_every_run(on_gradescope):
    """Two platform runs that grade alice's notebook (alone, and beside an older notebook) rate it alike:
    the round robin is seeded and the student's games are named the same whatever the folder."""
    assert on_gradescope("good")["leaderboard"] == on_gradescope("two_notebooks")["leaderboard"]
