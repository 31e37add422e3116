"""The instructor's bindings.yaml: submissions (or "*") -> roles -> Python expressions, each remembered with
its line; a mistake in the file's shape stops the run naming the file and line."""

from __future__ import annotations

import pytest

from grader.bindings_yaml import BindingsError, fingerprint_part, read_bindings
from tests.paths import TESTS

ROLES = {"initial_state", "actions", "result", "terminal", "utility", "random_player", "alpha_beta_player"}
STUDENT = "c4_rules_as_methods_of_a_position_class"


def test_each_binding_keeps_its_expression_and_line():
    found = read_bindings(TESTS / "instructor_bindings" / "position_class.yaml", ROLES)
    bound = found.for_submission(STUDENT)
    assert bound["actions"].expression == "lambda board: Game(1, board=board).actions()"
    assert bound["actions"].where == "position_class.yaml, line 4"
    assert list(bound) == ["initial_state", "actions", "result", "terminal", "utility", "random_player"]
    assert found.for_submission("someone_else") == {}


def test_a_submission_of_its_own_wins_over_every_submission(tmp_path):
    path = tmp_path / "bindings.yaml"
    path.write_text('"*":\n  actions: "lambda board: all_moves(board)"\n  terminal: "is_over"\n'
                    'alice:\n  actions: "lambda board: Game(1, board=board).actions()"\n')
    found = read_bindings(path, ROLES)
    assert found.for_submission("alice")["actions"].expression == "lambda board: Game(1, board=board).actions()"
    assert found.for_submission("alice")["terminal"].line == 3
    assert found.for_submission("bob")["actions"].expression == "lambda board: all_moves(board)"
    assert list(found.for_submission("bob", roles={"terminal"})) == ["terminal"]


@pytest.mark.parametrize("text, words", [
    ('alice:\n  actions: "lambda b: x\n', r"bindings\.yaml, line 3: not valid YAML"),
    ("- alice\n- bob\n", r"bindings\.yaml, line 1: the file must map submission names"),
    ('alice: "lambda b: x"\n', r"bindings\.yaml, line 1: 'alice' must map role names"),
    ('alice:\n  acitons: "lambda b: x"\n', r"bindings\.yaml, line 2: 'acitons' is not a role or agent label of the "
                                          r"rubric \(known: actions, alpha_beta_player, "),
    ("alice:\n  actions: 3\n", r"bindings\.yaml, line 2: alice\.actions must be a Python expression written as text"),
    ('alice:\n  actions: "a"\nalice:\n  result: "r"\n', r"bindings\.yaml, line 3: 'alice' appears twice \(first on "
                                                        r"line 1\)"),
    ('alice:\n  actions: "a"\n  actions: "b"\n', r"bindings\.yaml, line 3: 'actions' is bound twice for 'alice'"),
])
def test_a_mistake_in_the_file_names_the_file_and_line(tmp_path, text, words):
    path = tmp_path / "bindings.yaml"
    path.write_text(text)
    with pytest.raises(BindingsError, match=words):
        read_bindings(path, ROLES)


def test_an_empty_file_binds_nothing(tmp_path):
    (tmp_path / "bindings.yaml").write_text("# nothing bound yet\n")
    assert read_bindings(tmp_path / "bindings.yaml", ROLES).for_submission("alice") == {}


def test_a_key_that_names_no_submission_is_said_with_its_line(tmp_path):
    path = tmp_path / "bindings.yaml"
    path.write_text('"*":\n  actions: "a"\nalcie:\n  result: "r"\n')
    assert read_bindings(path, ROLES).unknown_submissions({"alice", "bob"}) == [
        f"{path}, line 3: no submission is named 'alcie' (keys are file names without the extension, or \"*\" for "
        "every submission)"]


def test_what_a_grade_depends_on_is_the_expressions_not_their_lines(tmp_path):
    first, moved = tmp_path / "first.yaml", tmp_path / "moved.yaml"
    first.write_text('alice:\n  actions: "lambda board: moves(board)"\n')
    moved.write_text('bob:\n  result: "r"\nalice:\n  actions: "lambda board: moves(board)"\n')
    part = fingerprint_part(read_bindings(first, ROLES).for_submission("alice"))
    assert part == fingerprint_part(read_bindings(moved, ROLES).for_submission("alice"))
    assert fingerprint_part({}) == ""  # nothing bound: the fingerprint of a submission is what it always was
