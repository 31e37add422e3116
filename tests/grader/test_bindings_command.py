"""The instructor's one-line fix through the command line: a bindings.yaml beside the submissions is picked up
by ``grader grade`` (or named with ``--bindings``, also on ``grader check``), the roles it binds are graded as
the course calls them, the feedback says so, and only the submissions whose bindings changed are graded again."""

from __future__ import annotations

import csv
import shutil

from grader.cli import main
from tests.paths import TESTS

STUDENT = "c4_rules_as_methods_of_a_position_class"
BINDINGS = TESTS / "instructor_bindings" / "position_class.yaml"
BOUND_CHECKS = ["initial_state: empty board", "actions: canned boards", "actions: random positions",
                "result: canned boards", "result: random positions", "result: does not change its input board",
                "terminal: canned boards", "terminal: random positions", "utility: canned boards",
                "utility: random positions", "random_player: legal moves in time"]


def details(out) -> dict[tuple[str, str], dict[str, str]]:
    with open(out / "details.csv", newline="", encoding="utf-8") as f:
        return {(row["submission"], row["check"]): row for row in csv.DictReader(f)}


def test_grade_picks_up_bindings_yaml_grades_the_bound_roles_in_full_and_regrades_only_what_changed(tmp_path, capsys):
    folder, out = tmp_path / "class", tmp_path / "grades"
    folder.mkdir()
    shutil.copy(TESTS / "students" / f"{STUDENT}.py", folder)
    shutil.copy(TESTS / "course_style_students" / "connect4_course.py", folder)
    shutil.copy(BINDINGS, folder / "bindings.yaml")
    grade = ["grade", str(folder), "--assignment", "connect4", "--out", str(out), "--no-progress", "--jobs", "2"]

    assert main(grade) == 0
    out = out / "connect4"  # one layout: the sheets of an assignment under its own folder
    rows = details(out)
    for check in BOUND_CHECKS:
        row = rows[(STUDENT, check)]
        assert (row["status"], row["points"]) == ("passed", row["max_points"]), row
    feedback = (out / "feedback" / f"{STUDENT}.md").read_text(encoding="utf-8")
    assert "actions: bound by the instructor: lambda board: Game(1, board=board).actions()" in feedback
    assert "random\\_player: bound by the instructor: lambda board, player: random\\_move(Game(player, " \
           "board=board))" in feedback
    assert "roles bound by hand:" in capsys.readouterr().err

    assert main(grade) == 0  # nothing changed: nothing graded again
    assert "(0 graded in" in capsys.readouterr().out

    text = (folder / "bindings.yaml").read_text()
    (folder / "bindings.yaml").write_text(text.replace("Game(1, board=board).terminal()",
                                                       "Game(-1, board=board).terminal()"))
    assert main(grade) == 0  # only the submission whose bindings changed
    said = capsys.readouterr().out
    assert "(1 graded in" in said and "1 reused from an earlier run" in said
    assert details(out)[(STUDENT, "terminal: canned boards")]["status"] == "passed"


def test_a_binding_that_does_not_work_is_the_roles_result_with_the_file_and_line(tmp_path):
    """(In a folder of assignment sub-folders, the bindings.yaml beside them serves them all.)"""
    folder, out = tmp_path / "class", tmp_path / "grades"
    (folder / "connect4").mkdir(parents=True)
    shutil.copy(TESTS / "students" / f"{STUDENT}.py", folder / "connect4")
    (folder / "bindings.yaml").write_text(f'{STUDENT}:\n  actions: "lambda board: Gme(1, board=board).actions()"\n')
    assert main(["grade", str(folder), "--out", str(out), "--no-progress"]) == 0
    row = details(out / "connect4")[(STUDENT, "actions: canned boards")]
    assert row["status"] == "error" and row["message"] == (
        "bindings.yaml, line 2: actions: `lambda board: Gme(1, board=board).actions()`, called as actions(board), "
        "raised NameError: name 'Gme' is not defined")


def test_a_bindings_file_of_the_wrong_shape_stops_the_run_naming_its_line(tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(TESTS / "students" / f"{STUDENT}.py", folder)
    (folder / "bindings.yaml").write_text(f'{STUDENT}:\n  acitons: "lambda board: []"\n')
    assert main(["grade", str(folder), "--assignment", "connect4", "--out", str(tmp_path / "o")]) == 2
    assert "bindings.yaml, line 2: 'acitons' is not a role or agent label of the rubric" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_check_takes_the_bindings_named_on_its_command_line(capsys):
    main(["check", str(TESTS / "students" / f"{STUDENT}.py"), "--assignment", "connect4", "--no-color",
          "--bindings", str(BINDINGS)])  # its exit code says whether a check lost points
    out = capsys.readouterr().out
    assert "PASSED   result: canned boards" in out and "PASSED   random_player: legal moves in time" in out
    assert "- result: bound by the instructor: lambda board, player, action: Game(player, board=board)" in out
