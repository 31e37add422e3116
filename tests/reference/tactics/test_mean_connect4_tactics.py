"""Mean Connect 4's tactics and the horizon search that proves them, against the plain list-of-lists
model of the rule (``test_mean_connect4``): every answer does what the tactic says, every other move
does not, and the search's forced wins are the model's, found by brute force."""

from __future__ import annotations

import random

import pytest

from grader.checks.agent_tactics import tactic_positions
from reference.games.mean_connect4 import MeanConnect4
from reference.positions import random_positions
from reference.solvers.mean_connect4 import HorizonSearch
from tests.helpers.mean_connect4_model import READINGS, model_actions, model_has_line, model_result


def model_winner(board: list[list[int]], k: int) -> int | None:
    """+1 or -1 for the only player with a line, 0 for both, None for nobody."""
    first, second = model_has_line(board, 1, k), model_has_line(board, -1, k)
    return (1 if first else -1) if first != second else (0 if first else None)


def model_moves(board, player, reading):
    if model_winner(board, reading["k"]) is not None or all(board[0]) and not reading.get("plays_on_full_board"):
        return []
    return model_actions(board, player, reading.get("same_column", True), reading.get("returns_to_full_column", True))


def model_forces_win(board, player, plies, reading) -> bool:
    """Brute force: ``player`` to move wins within ``plies`` plies whatever the other replies."""
    if plies < 1:
        return False
    for action in model_moves(board, player, reading):
        child = model_result(board, player, action, reading.get("keeps_colour", True))
        outcome = model_winner(child, reading["k"])
        if outcome == player:
            return True
        if outcome is None and plies >= 3 and model_moves(child, -player, reading) and all(
                model_winner(grand := model_result(child, -player, reply, reading.get("keeps_colour", True)),
                             reading["k"]) == player or
                model_winner(grand, reading["k"]) is None and model_forces_win(grand, player, plies - 2, reading)
                for reply in model_moves(child, -player, reading)):
            return True
    return False


@pytest.mark.parametrize("reading", READINGS, ids=str)
def test_the_search_finds_the_models_forced_wins_within_one_and_three_plies(reading):
    game = MeanConnect4(4, 4, 3, **reading)
    spec = {**reading, "k": 3}
    search = HorizonSearch(game)
    wins = {1: 0, 3: 0}
    for state in random_positions(game, 60, seed=4):
        board, player = game.to_course(state).tolist(), game.to_move(state)
        for plies in (1, 3):
            expected = model_forces_win(board, player, plies, spec)
            assert search.wins_within(state, plies) == expected, (board, player, plies)
            wins[plies] += expected
    assert wins[1] >= 5 and wins[3] >= wins[1]  # both answers occur (depth finds at least as many)


@pytest.mark.parametrize("reading", [READINGS[0], READINGS[2], READINGS[6]], ids=str)
def test_tactic_answers_are_exactly_the_moves_that_win_or_stop_the_win_in_the_model(reading):
    game = MeanConnect4(6, 7, **reading)
    keeps = reading["keeps_colour"]
    spec = {**reading, "k": 4}
    tactics = tactic_positions(game, ("take_win", "stop_win"), 4, 11)
    assert {t.kind for t in tactics} == {"take_win", "stop_win"}
    for tactic in tactics:
        board, player = game.to_course(tactic.state).tolist(), game.to_move(tactic.state)
        moves = model_moves(board, player, spec)
        assert sorted(map(repr, moves)) == sorted(map(repr, game.actions(tactic.state)))
        if tactic.kind == "take_win":
            right = [a for a in moves if model_winner(model_result(board, player, a, keeps), 4) == player]
        else:
            right = [a for a in moves if model_winner(child := model_result(board, player, a, keeps), 4) in (None, 0)
                     and not model_forces_win(child, -player, 1, spec)]
        assert sorted(map(repr, tactic.answers)) == sorted(map(repr, right)) and len(right) < len(moves)


def test_tactics_that_only_a_mean_move_answers_are_all_mean_moves():
    game = MeanConnect4(6, 7)
    tactics = tactic_positions(game, ("mean_block",), 2, 3)
    assert tactics and all(isinstance(a, tuple) for t in tactics for a in t.answers)
    for tactic in tactics:
        drops = [a for a in game.actions(tactic.state) if not isinstance(a, tuple)]
        assert all(HorizonSearch(game).wins_within(game.result(tactic.state, a), 1) for a in drops)


def test_a_win_is_no_tactic_when_another_move_forces_a_win_within_three_plies():
    from reference.tactics import TACTICS

    game = MeanConnect4(6, 7)
    search, rng, checked = HorizonSearch(game), random.Random(2), 0
    for state in random_positions(game, 200, seed=9):
        answer = TACTICS["take_win"].find(game, state)
        if answer is None:
            continue
        others = [a for a in game.actions(state) if a not in answer.actions]
        for action in rng.sample(others, min(5, len(others))):
            child = game.result(state, action)
            assert game.terminal(child) or not search.loses_within(child, 2)
            checked += 1
    assert checked >= 10


def test_the_mean_move_win_positions_need_a_mean_move_under_every_reading():
    from reference.tactics import TACTICS

    hand_built = TACTICS["mean_move_win"].hand_built
    for reading in MeanConnect4().readings():
        cases = hand_built(reading)
        assert len(cases) == 4 and {reading.to_move(s) for s, _ in cases} == {1, -1}
        for state, wins in cases:
            drops = [a for a in reading.actions(state) if not isinstance(a, tuple)]
            assert wins and not any(reading.winner(reading.result(state, a)) for a in drops)
            assert TACTICS["mean_move_win"].find(reading, state).actions == wins
            if reading == reading.readings()[0]:  # the reference's: only the mean moves win within 3 plies
                assert all(isinstance(a, tuple) for a in wins)
    assert hand_built(MeanConnect4(3, 3, 3)) == []
    assert TACTICS["mean_move_win"].find(MeanConnect4(), MeanConnect4().initial_state()) is None


def test_a_hand_built_tactic_is_asked_on_all_its_positions_whatever_the_count_and_seed():
    from reference.tactics import TACTICS

    game = MeanConnect4(6, 7)
    built = [(state, tuple(wins)) for state, wins in TACTICS["mean_move_win"].hand_built(game)]
    for count, seed in ((1, 0), (10, 5)):
        tactics = tactic_positions(game, ("mean_move_win",), count, seed)
        assert [(t.state, t.answers) for t in tactics] == built and all(t.verified for t in tactics)
    mixed = tactic_positions(game, ("take_win", "mean_move_win"), 2, 3)
    assert [t.kind for t in mixed] == ["take_win"] * 2 + ["mean_move_win"] * 4
