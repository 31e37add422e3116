"""Differential tests: our Dots and Boxes against OpenSpiel's, an independent implementation.

OpenSpiel counts the board in BOXES (num_rows x num_cols) and numbers lines horizontals first,
h(r, c) = r*C + c, then v(r, c) = (R+1)*C + r*(C+1) + c: exactly our line bits for the board of
R+1 x C+1 dots, so actions map one to one. Its undo and its states built from strings are known to
be buggy, so only forward play is compared.
"""

from __future__ import annotations

import random

import pytest

from reference.games.dots_and_boxes import DotsAndBoxes

pyspiel = pytest.importorskip("pyspiel")

# (boxes rows, boxes cols, seeded games): a few seconds in total
SIZES = [(1, 1, 3000), (1, 2, 3000), (2, 1, 2000), (2, 2, 3000), (2, 3, 2000), (3, 2, 2000), (3, 3, 3000)]


def openspiel_game(rows: int, cols: int):
    return pyspiel.load_game("dots_and_boxes", {"num_rows": rows, "num_cols": cols, "utility_margin": True})


@pytest.mark.parametrize("rows, cols, games", SIZES)
def test_random_forward_play_matches_openspiel_at_every_step(rows, cols, games):
    ours = DotsAndBoxes(rows + 1, cols + 1)
    theirs = openspiel_game(rows, cols)
    rng = random.Random(rows * 31 + cols)
    for _ in range(games):
        state, spiel = ours.initial_state(), theirs.new_initial_state()
        history = []
        while True:
            where = f"after {history} on {rows}x{cols} boxes"
            legal = [ours.line_index[a] for a in ours.actions(state)]
            assert legal == spiel.legal_actions(), where
            assert ours.terminal(state) == spiel.is_terminal(), where
            if ours.terminal(state):
                margin = ours.utility(state, 1)
                assert spiel.returns() == [margin, -margin], where
                break
            assert spiel.returns() == [0.0, 0.0], where
            assert spiel.current_player() == (0 if ours.to_move(state) == 1 else 1), where  # extra turns
            action = rng.choice(legal)
            history.append(action)
            state = ours.result(state, ours.line_actions[action])
            spiel.apply_action(action)


@pytest.mark.parametrize("rows, cols", [(1, 1), (2, 2), (3, 3), (2, 3)])
def test_openspiel_and_we_agree_on_the_winner(rows, cols):
    ours = DotsAndBoxes(rows + 1, cols + 1)
    theirs = pyspiel.load_game("dots_and_boxes", {"num_rows": rows, "num_cols": cols})  # returns +-1 / 0
    rng = random.Random(99)
    for _ in range(200):
        state, spiel = ours.initial_state(), theirs.new_initial_state()
        while not spiel.is_terminal():
            action = rng.choice(spiel.legal_actions())
            state = ours.result(state, ours.line_actions[action])
            spiel.apply_action(action)
        assert ours.terminal(state)
        winner = ours.winner(state)
        assert spiel.returns() == [float(winner or 0), -float(winner or 0)]


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 2), (3, 3)])
def test_openspiel_has_one_action_per_line_of_ours(rows, cols):
    assert openspiel_game(rows, cols).num_distinct_actions() == DotsAndBoxes(rows + 1, cols + 1).num_lines

