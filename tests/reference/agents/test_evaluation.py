"""Evaluation functions: their scale, their symmetry, and that they see what they claim to see."""

from __future__ import annotations

import random

import numpy as np
import pytest

from reference.agents.evaluation import (
    HEURISTIC_BOUND,
    PARITY_HINT,
    _loony_endgame_value,
    connect4_eval,
    dots_and_boxes_eval,
    evaluation_for,
    no_evaluation,
    tictactoe_eval,
)
from reference.games import load_game

TTT = load_game("tictactoe")
C4 = load_game("connect4")
DB4 = load_game("dots_and_boxes", rows=4, cols=4)


def random_positions(game, count, seed=0):
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(0, 30)):
            child = game.result(state, rng.choice(game.actions(state)))
            if game.terminal(child):
                break
            state = child
        positions.append(state)
    return positions


def c4_state(discs, to_move=None):
    board = np.zeros((6, 7), dtype=int)
    for player, cells in discs.items():
        for row, col in cells:
            board[row, col] = player
    return C4.from_course(board, to_move=to_move)


def dots(lines, to_move, boxes=None):
    return DB4.from_course({"size": (4, 4), "lines": dict.fromkeys(lines, True), "boxes": boxes or {}}, to_move=to_move)


@pytest.mark.parametrize(
    "game, evaluate", [(TTT, tictactoe_eval), (C4, connect4_eval), (DB4, dots_and_boxes_eval)], ids=["ttt", "c4", "dots"]
)
def test_evaluations_are_zero_sum(game, evaluate):
    for state in random_positions(game, 40):
        assert evaluate(game, state, 1) == pytest.approx(-evaluate(game, state, -1))


@pytest.mark.parametrize("game, evaluate", [(TTT, tictactoe_eval), (C4, connect4_eval)], ids=["ttt", "c4"])
def test_win_loss_evaluations_stay_below_the_utility_of_a_win(game, evaluate):
    for state in random_positions(game, 60, seed=1):
        assert abs(evaluate(game, state, 1)) < HEURISTIC_BOUND < 1


def test_evaluation_for_picks_the_games_function():
    assert evaluation_for(TTT) is tictactoe_eval
    assert evaluation_for(C4) is connect4_eval
    assert evaluation_for(DB4) is dots_and_boxes_eval

    class OtherGame:
        name = "nim"

    assert evaluation_for(OtherGame()) is no_evaluation


# --- tic-tac-toe ---


def test_tictactoe_centre_beats_corner_beats_edge_for_the_first_mark():
    centre, corner, edge = (TTT.result(TTT.initial_state(), cell) for cell in (4, 0, 1))
    assert tictactoe_eval(TTT, centre, 1) > tictactoe_eval(TTT, corner, 1) > tictactoe_eval(TTT, edge, 1) > 0


def test_tictactoe_an_open_two_is_worth_more_than_a_blocked_one():
    open_two = TTT.from_course(["x", "x", " ", " ", "o", " ", " ", " ", " "])
    blocked = TTT.from_course(["x", "x", "o", " ", " ", " ", " ", " ", " "])
    assert tictactoe_eval(TTT, open_two, 1) > tictactoe_eval(TTT, blocked, 1)


# --- Connect 4 ---


def test_connect4_a_centre_disc_beats_an_edge_disc():
    centre = C4.result(C4.initial_state(), 3)
    edge = C4.result(C4.initial_state(), 0)
    assert connect4_eval(C4, centre, 1) > connect4_eval(C4, edge, 1) > -0.01


def test_connect4_three_in_an_open_row_scores_for_its_owner():
    threat = c4_state({1: [(5, 2), (5, 3), (5, 4)], -1: [(4, 3), (3, 3)]})
    assert connect4_eval(C4, threat, 1) > 0.1
    assert connect4_eval(C4, threat, -1) < -0.1


def swap_colours(discs):
    return {-player: cells for player, cells in discs.items()}


def test_connect4_threats_count_more_on_their_owners_good_rows():
    # A horizontal three on the 3rd row from the bottom (odd) and one on the 2nd (even). Swapping
    # the colours keeps every window count and changes only who owns the threat: the first
    # player profits from odd-row threats, the second from even-row ones.
    odd = {1: [(3, 1), (3, 2), (3, 3), (4, 1), (4, 3), (5, 2)], -1: [(5, 1), (4, 2), (5, 3), (5, 5), (5, 6), (4, 6)]}
    even = {1: [(4, 1), (4, 2), (4, 3), (5, 2)], -1: [(5, 1), (5, 3), (5, 6), (4, 6)]}
    assert connect4_eval(C4, c4_state(odd), 1) > connect4_eval(C4, c4_state(swap_colours(odd)), -1)
    assert connect4_eval(C4, c4_state(swap_colours(even)), -1) > connect4_eval(C4, c4_state(even), 1)


# --- Dots and Boxes ---


def test_dots_and_boxes_counts_owned_boxes():
    lines = [("h", 0, 0), ("h", 1, 0), ("v", 0, 0), ("v", 0, 1), ("h", 3, 2)]
    state = dots(lines, to_move=-1, boxes={(0, 0): 1})
    assert dots_and_boxes_eval(DB4, state, 1) == pytest.approx(1, abs=PARITY_HINT)


def test_dots_and_boxes_gives_free_boxes_to_the_player_to_move():
    # box (0, 0) has three sides: the mover takes it.
    lines = [("h", 0, 0), ("h", 1, 0), ("v", 0, 0), ("h", 3, 2)]
    for mover in (1, -1):
        state = dots(lines, to_move=mover)
        assert dots_and_boxes_eval(DB4, state, mover) == pytest.approx(1, abs=PARITY_HINT)


def test_dots_and_boxes_takes_a_whole_open_chain_as_free():
    # The top row of boxes is a chain of three, opened at box (0, 0): all three are the mover's.
    lines = [("h", 0, c) for c in range(3)] + [("h", 1, c) for c in range(3)] + [("v", 0, 0)]
    state = dots(lines, to_move=1)
    assert dots_and_boxes_eval(DB4, state, 1) >= 3 - PARITY_HINT


def test_dots_and_boxes_values_a_finished_chain_fight_exactly():
    # Three rows of boxes, each a chain of three, no safe line left: the mover must open one, and
    # the other side keeps control (1 + 1 + 3 boxes against 2 + 2). Brute force agrees.
    lines = [("h", r, c) for r in range(4) for c in range(3)]
    state = dots(lines, to_move=1)
    expected = _loony_endgame_value(((3, False), (3, False), (3, False)))
    assert dots_and_boxes_eval(DB4, state, 1) == expected
    from reference.agents.alphabeta import AlphaBetaSearch

    exact = AlphaBetaSearch(DB4).value(state, float("inf"), -100, 100)
    assert round(exact) == expected


@pytest.mark.parametrize(
    "regions, value",
    [
        ((), 0),
        (((1, False),), -1),
        (((3, False),), -3),
        (((3, False), (3, False)), -2),  # controller takes 1, hands out 2, takes the last 3
        (((1, False), (3, False)), 2),  # open the single box first: the other side must open the 3
        (((3, False), (4, True)), -1),  # open the loop first
        (((3, False), (3, False), (3, False)), -1),  # the controller gets 1 + 1 + 3, the opener 2 + 2
    ],
)
def test_loony_endgame_values(regions, value):
    assert _loony_endgame_value(tuple(sorted(regions))) == value


def test_dots_and_boxes_parity_hint_stays_below_one_box():
    assert 0 < PARITY_HINT < 1
