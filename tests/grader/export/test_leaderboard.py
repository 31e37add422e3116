"""The leaderboard's round robin: the baselines' own games are played once, at export, and every rating is made
against them; a submission whose agents cannot play gets no entry and a line that says why."""

from __future__ import annotations

from grader.export.leaderboard import play_baseline_games, rate_submission
from grader.export.settings import LeaderboardSettings
from grader.rubric import load_rubric
from grader.play.records import GameStore
from tests.grader.export.conftest import RUBRIC

SETTINGS = LeaderboardSettings(baselines=("random", "alphabeta:1"), games_per_pair=2)


def test_the_baselines_play_each_other_once_with_both_colours(tmp_path):
    games = tmp_path / "baseline_games.jsonl"
    assert play_baseline_games(load_rubric(RUBRIC).assignment("connect4"), SETTINGS, games) == 2
    records = GameStore(games).load()
    assert {(r.first, r.second) for r in records} == {("ref:random", "ref:alphabeta:1"),
                                                      ("ref:alphabeta:1", "ref:random")}


def test_a_submission_whose_agents_cannot_play_gets_no_entry_and_says_why(tmp_path):
    rules_only = tmp_path / "rules_only.py"
    rules_only.write_text("import numpy as np\n\ndef empty_board():\n    return np.zeros((6, 7), dtype=int)\n",
                          encoding="utf-8")
    outcome = rate_submission(rules_only, load_rubric(RUBRIC).assignment("connect4"), SETTINGS)
    assert outcome.entries == []
    assert outcome.words.startswith("Leaderboard: not rated, no usable agent (")
