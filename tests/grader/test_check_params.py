"""Each kind of check declares its parameters as a model (:mod:`grader.check_params`): the rubric is checked
against the models without loading a check, the checks read nothing else, and the reference page of the
check kinds is written from them."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

from grader.checks.kinds import KINDS
from grader.check_params import PARAMS, kinds_markdown, read_params
from grader.cli import main
from tests.paths import ROOT

DOCS = ROOT / "docs" / "check-kinds.md"


def test_every_check_kind_is_implemented_with_the_parameters_the_rubric_knows():
    assert list(KINDS) == list(PARAMS)
    for kind, check in KINDS.items():
        assert check.Params is PARAMS[kind], kind
        assert (check.target, check.words) == (PARAMS[kind].target, PARAMS[kind].words), kind


def test_a_check_reads_only_the_parameters_its_model_declares():
    for kind, check in KINDS.items():
        source = Path(inspect.getfile(type(check))).read_text(encoding="utf-8")
        assert "spec.params" not in source, f"{kind} reads spec.params: read spec.settings, the typed model"
        read = set(re.findall(r"(?:spec\.settings|\bparams)\.(\w+)", source))
        assert read <= set(PARAMS[kind].model_fields), f"{kind} reads {sorted(read - set(PARAMS[kind].model_fields))}"


def test_defaults_are_filled_in_and_a_whole_number_is_a_number():
    settings = read_params("notebook_runs", {"cell_seconds": 5})
    assert (settings.cell_seconds, settings.total_seconds, settings.partial) == (5.0, 300.0, False)
    assert isinstance(settings.cell_seconds, float)


@pytest.mark.parametrize("kind, params, words", [
    ("agent_legal", {"positions": "eight"}, "positions: expected a whole number, got 'eight'"),
    ("notebook_runs", {"partial": 1}, "partial: expected true or false, got 1"),
    ("agent_tactics", {"kinds": 3}, "kinds: expected a list or text, got 3"),
    ("manual", {"notes": "x"}, "notes: manual has no parameter 'notes'; it reads note"),
    ("initial_state", {"positions": 3}, "positions: initial_state has no parameter 'positions'; it reads none"),
    ("agent_strength", {"opponent": "genius"}, "opponent: unknown agent spec 'genius'; valid specs: "),
])
def test_a_parameter_mistake_says_which_and_what_was_wrong(kind, params, words):
    with pytest.raises(ValueError) as error:
        read_params(kind, params)
    assert str(error.value).startswith(words)


def test_grader_rubric_finds_an_unknown_opponent(tmp_path, capsys):
    bad = tmp_path / "rubric.yaml"
    bad.write_text((ROOT / "rubric.yaml").read_text(encoding="utf-8").replace(
        "opponent: random", "opponent: genius", 1), encoding="utf-8")
    assert main(["rubric", str(bad)]) == 2
    assert "params.opponent: unknown agent spec 'genius'" in capsys.readouterr().err


def test_reading_a_rubric_loads_no_check_and_at_most_15_of_our_modules():
    code = ("import sys, grader.rubric; grader.rubric.load_rubric(); "
            "print(' '.join(m for m in sys.modules if m.split('.')[0] in ('grader', 'reference')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=ROOT).stdout.split()
    imported = subprocess.run([sys.executable, "-c", code.replace(" grader.rubric.load_rubric();", "")],
                              capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    assert len(imported) <= 15, sorted(imported)
    assert not [m for m in loaded if m.startswith(("grader.checks.", "grader.adapt", "grader.sandbox"))
                and m != "grader.check_params"], sorted(loaded)


def test_the_check_kinds_page_is_written_from_the_models():
    assert DOCS.read_text(encoding="utf-8") == kinds_markdown(), \
        "docs/check-kinds.md is out of date: run `grader rubric --docs > docs/check-kinds.md`"
