"""Grades do not depend on what else happens to be installed: the packages students' game code commonly
uses come with the grader, and a role whose code reaches the stand-in of a missing one is flagged for a
person, the package named, never silently low."""

from __future__ import annotations

import tomllib

from grader.grading import grade_submission
from grader.rubric import load_rubric
from grader.sandbox import Sandbox
from tests.paths import ROOT, TESTS

PACKAGES = TESTS / "packages"


def rules_only(name: str = "connect4"):
    """The assignment with only its environment task: the checks that call the rules."""
    assignment = load_rubric().assignments[name]
    return assignment.model_copy(update={"tasks": [t for t in assignment.tasks if t.name.startswith("Task 2")]})


def test_scipy_is_installed_by_the_readmes_first_command():
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(d.split(">")[0].split("=")[0].strip() == "scipy" for d in dependencies)
    assert "pip install -e . && grader grade" in (ROOT / "README.md").read_text()


def test_a_submission_that_finds_wins_with_scipy_gets_every_point_of_the_rules():
    result = grade_submission(PACKAGES / "c4_wins_by_convolution.py", "connect4", rules_only())
    assert (result.total, result.max_total) == (25, 25), [(c.check, c.message) for c in result.checks]
    assert result.flags == []


def test_a_role_that_calls_a_missing_package_is_flagged_with_the_package_named(tmp_path):
    """The same submission, its convolution taken from a package the grader does not have."""
    missing = tmp_path / "c4_wins_by_missing_package.py"
    missing.write_text((PACKAGES / "c4_wins_by_convolution.py").read_text(encoding="utf-8").replace(
        "from scipy.signal import convolve2d", "from convolution_toolkit import convolve2d"), encoding="utf-8")
    result = grade_submission(missing, "connect4", rules_only())
    reached = [c for c in result.checks if "convolution_toolkit" in c.message.splitlines()[-1]]
    assert [c.check for c in reached] == ["terminal: canned boards", "terminal: random positions",
                                          "utility: canned boards", "utility: random positions"]
    assert all(c.message.endswith("your code called `convolution_toolkit`, which is not installed for grading "
                                  "(an inert stand-in answered): a person should grade this check") for c in reached)
    assert [c.points for c in result.checks if c.check.startswith(("actions", "result"))] == [3, 1, 3, 2, 1]
    assert len(result.flags) == 1 and result.flags[0].startswith(
        "calls `convolution_toolkit`, not installed for grading, in 4 check(s): terminal: canned boards")


def test_a_refusal_the_students_code_catches_is_still_counted():
    cells = ["from convolution_toolkit import convolve2d\n"
             "def quiet():\n    try:\n        return convolve2d(1)\n    except Exception:\n        return 0\n"]
    with Sandbox(cells) as box:
        first, second = box.call("quiet"), box.call("quiet")
        assert (first.ok, first.value, first.stand_ins) == (True, 0, ("convolution_toolkit",))
        assert second.stand_ins == ("convolution_toolkit",)
        assert box.stand_ins_called == {"convolution_toolkit": 2}


def test_calls_that_reach_no_stand_in_report_none():
    with Sandbox(["import math\ndef f():\n    return math.sqrt(4)\n"]) as box:
        assert box.call("f").stand_ins == () and box.stand_ins_called == {}


def test_the_terminal_row_counts_the_checks_that_need_a_person(tmp_path, capsys):
    from grader.cli import main

    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "lee.py").write_text((PACKAGES / "c4_wins_by_convolution.py").read_text(encoding="utf-8").replace(
        "from scipy.signal import convolve2d", "from convolution_toolkit import convolve2d"), encoding="utf-8")
    assert main(["grade", str(folder), "-a", "connect4", "--rubric", str(TESTS / "rubrics" / "connect4_quick.yaml"),
                 "--out", str(tmp_path / "grades"), "--no-progress"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("  lee "))
    assert row.endswith("[1 check needs a person]")  # the quick rubric asks one check that reaches it
