"""A class folder graded as a new user would grade it: one row per student whatever files share a name,
the sheets of each assignment in their own folder with one scores.csv over all at the top, canvas.csv with
or without a roster, and the graduate task counted only for the section that has it."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from grader.load.submission import discover
from grader.cli import main
from grader.load import load_submission
from grader.rubric import load_rubric
from tests.paths import ROOT, TESTS

QUICK = TESTS / "rubrics" / "connect4_quick.yaml"
SAMPLES = ROOT / "submissions" / "connect4"


def rows(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def grade(folder: Path, out: Path, *extra: str) -> int:
    return main(["grade", str(folder), "--rubric", str(QUICK), "--out", str(out), "--jobs", "2", "--no-progress",
                 *extra])


def write_seven_files(folder: Path) -> Path:
    """Seven files, three pairs of them sharing a name: four students."""
    folder.mkdir()
    shutil.copy(SAMPLES / "alice_complete.ipynb", folder / "alice.ipynb")
    shutil.copy(SAMPLES / "noah_report.pdf", folder / "alice.pdf")
    (folder / "empty.ipynb").write_bytes(b"")
    (folder / "empty.py").write_bytes(b"")
    shutil.copy(TESTS / "packages" / "c4_wins_by_convolution.py", folder / "bob-smith.py")
    shutil.copy(SAMPLES / "eve_bugs.ipynb", folder / "carol.ipynb")
    (folder / "carol.txt").write_text("my discussion answers\n", encoding="utf-8")
    return folder


@pytest.fixture
def seven_files(tmp_path) -> Path:
    return write_seven_files(tmp_path / "class")


@pytest.fixture(scope="module")
def seven_files_as_connect4(tmp_path_factory) -> tuple[int, Path]:
    """The seven files graded once as Connect 4 for the tests that read the sheets: (exit code, --out folder)."""
    root = tmp_path_factory.mktemp("seven_files_as_connect4")
    out = root / "grades"
    return grade(write_seven_files(root / "class"), out, "--assignment", "connect4"), out


def test_files_that_share_a_name_are_one_row_with_the_other_listed_and_nothing_overwritten(seven_files_as_connect4):
    code, out = seven_files_as_connect4
    assert code == 0
    sheet = {r["submission"]: r for r in rows(out / "connect4" / "scores.csv")}
    assert sorted(sheet) == ["alice", "bob-smith", "carol", "empty"]
    assert sheet["alice"]["flag"] == ("has alice.pdf beside it under the same name (one student's: alice.ipynb was "
                                      "graded, the other is listed here for a person)")
    assert "carol.txt" in sheet["carol"]["flag"] and "empty.py" in sheet["empty"]["flag"]
    assert sheet["alice"]["status"] == "graded" and sheet["empty"]["status"] == "error"
    assert sorted(p.name for p in (out / "connect4" / "results").glob("*.json")) == [
        "alice.json", "bob-smith.json", "carol.json", "empty.json"]
    assert sorted(p.name for p in (out / "connect4" / "gradescope").iterdir()) == ["alice", "bob-smith", "carol", "empty"]


def test_of_two_files_under_one_name_the_one_with_code_is_graded(tmp_path):
    (tmp_path / "dan.ipynb").write_bytes(b"")
    (tmp_path / "dan.py").write_text("def actions(board):\n    return []\n", encoding="utf-8")
    assert discover(tmp_path) == [tmp_path / "dan.py"]
    assert load_submission(tmp_path / "dan.py").same_name == (tmp_path / "dan.ipynb",)


def test_names_that_differ_only_in_case_are_one_student_so_no_result_overwrites_another_on_any_disk(tmp_path):
    (tmp_path / "Dan.ipynb").write_bytes(b"")
    (tmp_path / "dan.py").write_text("def actions(board):\n    return []\n", encoding="utf-8")
    assert discover(tmp_path) == [tmp_path / "dan.py"]
    assert load_submission(tmp_path / "dan.py").same_name == (tmp_path / "Dan.ipynb",)


def test_sheets_go_to_a_folder_per_assignment_with_every_submission_at_the_top(seven_files_as_connect4):
    code, out = seven_files_as_connect4
    assert code == 0
    assert (out / "connect4" / "scores.csv").is_file() and (out / "connect4" / "feedback" / "alice.html").is_file()
    top = rows(out / "scores.csv")
    assert sorted((r["submission"], r["assignment"]) for r in top) == [
        ("alice", "connect4"), ("bob-smith", "connect4"), ("carol", "connect4"), ("empty", "connect4")]
    assert not (out / "feedback").exists()


def test_canvas_csv_is_written_from_the_file_names_without_a_roster(seven_files_as_connect4):
    code, out = seven_files_as_connect4
    assert code == 0
    canvas = rows(out / "connect4" / "canvas.csv")
    assert [r["Student"] for r in canvas] == ["Points Possible", "alice", "bob-smith", "carol"]


def test_a_login_with_a_hyphen_written_in_the_file_name_is_matched_from_the_roster(seven_files, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text('Student,ID,SIS Login ID,Section\n"Smith, Bob",1001,bob-smith,A\n"Lee, Alice",1002,alice,A\n'
                      '"Cole, Carol",1003,carol,A\n', encoding="utf-8")
    out = tmp_path / "grades"
    assert grade(seven_files, out, "-a", "connect4", "--roster", str(roster)) == 0
    canvas = {r["SIS Login ID"]: r for r in rows(out / "connect4" / "canvas.csv") if r["SIS Login ID"]}
    assert sorted(canvas) == ["alice", "bob-smith", "carol"] and canvas["bob-smith"]["ID"] == "1001"


@pytest.mark.parametrize("section, tasks, maximum", [
    ("undergraduate", ["Task 1: search problem", "Task 2: environment and random agent"], 12.0),
    ("graduate", ["Task 1: search problem", "Task 2: environment and random agent",
                  "Graduate task: Monte Carlo search"], 15.0),
])
def test_the_section_decides_whether_the_graduate_task_counts(tmp_path, section, tasks, maximum):
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(TESTS / "packages" / "c4_wins_by_convolution.py", folder / "bob.py")
    out = tmp_path / "grades"
    assert grade(folder, out, "-a", "connect4", "--section", section) == 0
    sheet = rows(out / "connect4" / "scores.csv")
    assert [c for c in sheet[0] if c.startswith(("Task", "Graduate"))] == tasks
    assert float(sheet[0]["max_total"]) == maximum


def test_the_rubric_names_the_graduate_only_tasks():
    for name, assignment in load_rubric().assignments.items():
        graduate = [t.name for t in assignment.tasks if t.graduate]
        assert graduate == [t.name for t in assignment.tasks if t.name.startswith("Graduate")], name
    c4 = load_rubric().assignment("connect4")
    assert (c4.max_points, c4.for_section("undergraduate").max_points) == (110, 100)


def test_an_empty_file_is_an_error_row_with_the_reason_under_any_assignment(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "blank.py").write_bytes(b"")
    (folder / "comments.py").write_text("# my connect 4\n\n# TODO\n", encoding="utf-8")
    for extra in (["-a", "connect4"], []):
        out = tmp_path / f"grades{len(extra)}"
        assert grade(folder, out, *extra) == 0
        sheet = {r["submission"]: r for r in rows(out / "scores.csv")}
        assert sheet["blank"]["status"] == sheet["comments"]["status"] == "error"
        assert sheet["blank"]["message"].endswith("blank.py: the file is empty (0 bytes)")
        assert sheet["comments"]["message"].endswith("comments.py: the file holds no code (only blank lines and comments)")


def test_the_terminal_says_an_error_once_without_the_path_again_and_marks_where_it_is_cut(tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "zero.ipynb").write_bytes(b"")
    for extra in (["-a", "connect4"], []):
        assert grade(folder, tmp_path / f"grades{len(extra)}", *extra) == 0
        line = next(line for line in capsys.readouterr().out.splitlines() if "is empty" in line)
        assert "class/zero.ipynb" not in line
        if extra:
            assert line.endswith("[error] the notebook file is empty (0 bytes); was the upload inte...")
        else:
            assert line == "  zero.ipynb: the notebook file is empty (0 bytes); was the upload interrupted?"


def test_a_file_whose_assignment_cannot_be_told_says_what_was_found_in_it(seven_files, tmp_path, capsys):
    out = tmp_path / "grades"
    assert grade(seven_files, out) == 0
    assert "  ! empty.ipynb has empty.py beside it under the same name" in capsys.readouterr().out
    sheet = {r["submission"]: r for r in rows(out / "scores.csv")}
    assert sheet["bob-smith"]["message"].startswith("could not tell which assignment this is; pass --assignment")
    assert sheet["bob-smith"]["message"].endswith("found 1 code cell defining empty_board, actions, result, winner, "
                                                  "terminal, utility, random_player")
    assert sheet["empty"]["message"].endswith("empty.ipynb: the notebook file is empty (0 bytes); was the upload "
                                              "interrupted?")
    assert sheet["alice"]["assignment"] == "connect4"


def test_what_was_found_reads_as_a_sentence_for_one_cell_without_definitions_and_for_a_report(tmp_path):
    from grader.load.submission import contents_in_words

    (tmp_path / "notes.py").write_text("x = 1\nprint(x)\n", encoding="utf-8")
    (tmp_path / "essay.odt").write_bytes(b"PK")
    assert contents_in_words(load_submission(tmp_path / "notes.py")) == "1 code cell, defining no function or class"
    assert contents_in_words(load_submission(tmp_path / "essay.odt")) == "an odt file, for a person to grade"
