"""What each game says about itself, so that the grader's generic layers never ask which game it is:
player names, whether two course boards are the same, why a player moves again, how a game ended,
which tactics it has, and the Dots and Boxes lines that close or offer boxes."""

from __future__ import annotations

import pytest

from reference.games import load_game
from reference.tactics import TACTICS

TICTACTOE, CONNECT4 = load_game("tictactoe"), load_game("connect4")
MEAN, DOTS = load_game("mean_connect4"), load_game("dots_and_boxes", rows=3, cols=3)
NAMES = {1: "ann", -1: "bo"}


def play(game, moves, state=None):
    state = game.initial_state() if state is None else state
    for action in moves:
        state = game.result(state, action)
    return state


@pytest.mark.parametrize("game, first, second", [
    (TICTACTOE, "x", "o"), (CONNECT4, "+1 (red)", "-1 (yellow)"), (MEAN, "+1 (red)", "-1 (yellow)"),
    (DOTS, "+1", "-1")])
def test_each_game_names_its_players_in_its_own_marks(game, first, second):
    assert (game.player_name(1), game.player_name(-1)) == (first, second)


def test_connect4_boards_are_the_same_by_value_whatever_the_array_type():
    board = CONNECT4.to_course(play(CONNECT4, [3, 3, 4]))
    assert CONNECT4.same_board(board, board.astype(float).tolist())
    assert not CONNECT4.same_board(board, CONNECT4.to_course(play(CONNECT4, [3, 3])))


def test_dots_boards_are_the_same_whatever_the_order_of_their_lines():
    board = DOTS.to_course(play(DOTS, [("h", 0, 0), ("v", 0, 0)]))
    shuffled = {**board, "lines": dict(reversed(list(board["lines"].items())))}
    assert DOTS.same_board(board, shuffled)
    assert not DOTS.same_board(board, DOTS.to_course(play(DOTS, [("h", 0, 0)])))


def test_a_dots_board_that_keeps_no_box_owners_is_compared_on_its_lines():
    closed = DOTS.to_course(play(DOTS, [("h", 0, 0), ("v", 0, 0), ("v", 0, 1), ("h", 1, 0)]))
    assert DOTS.same_board({**closed, "boxes": None}, closed)
    assert not DOTS.same_board({**closed, "boxes": {}}, closed)


def test_the_extra_turn_after_a_box_says_how_many_boxes_were_closed():
    three_sides = play(DOTS, [("h", 0, 0), ("v", 0, 0), ("v", 0, 1)])
    assert DOTS.moves_again_words(three_sides, DOTS.result(three_sides, ("h", 1, 0))).endswith("completing a box")
    two_boxes = play(DOTS, [("h", 0, 0), ("v", 0, 0), ("h", 0, 1), ("v", 0, 2), ("h", 2, 0), ("h", 2, 1),
                            ("v", 1, 0), ("v", 1, 2), ("h", 1, 0), ("h", 1, 1)])
    assert DOTS.moves_again_words(two_boxes, DOTS.result(two_boxes, ("v", 0, 1))).endswith("two boxes at once")
    assert TICTACTOE.moves_again_words(TICTACTOE.initial_state(), TICTACTOE.initial_state()) == \
        "the same player to move again"


def test_a_finished_game_is_described_in_its_own_terms():
    assert TICTACTOE.end_words(play(TICTACTOE, [0, 3, 1, 4, 2]), NAMES) == "ann made 3 in a row"
    assert TICTACTOE.end_words(play(TICTACTOE, [0, 1, 2, 4, 3, 5, 7, 6, 8]), NAMES) == "draw: the board is full"
    assert CONNECT4.end_words(play(CONNECT4, [0, 1, 0, 1, 0, 1, 6, 1]), NAMES) == "bo made 4 in a row"
    one_box = load_game("dots_and_boxes", rows=2, cols=2)
    assert one_box.end_words(play(one_box, [("h", 0, 0), ("h", 1, 0), ("v", 0, 0), ("v", 0, 1)]), NAMES) == \
        "bo won by 1 box"


def test_games_name_only_tactics_that_exist_and_mean_connect4_its_own():
    for game in (TICTACTOE, CONNECT4, DOTS, MEAN):
        assert game.tactics and set(game.tactics + game.depth_tactics) <= set(TACTICS)
    assert not set(MEAN.tactics) & set(CONNECT4.tactics)  # a mean move can undo a win elsewhere


def test_only_dots_and_boxes_has_a_margin_utility_and_extra_turns_and_mean_moves_hide_the_turn_too():
    assert [g.margin_utility for g in (TICTACTOE, CONNECT4, MEAN, DOTS)] == [False, False, False, True]
    # a mean move keeps the disc counts, so a Mean Connect 4 board no longer says who moves
    assert [g.board_shows_turn for g in (TICTACTOE, CONNECT4, MEAN, DOTS)] == [True, True, False, False]
    assert [g.extra_turns for g in (TICTACTOE, CONNECT4, MEAN, DOTS)] == [False, False, False, True]


def test_mean_connect4_is_a_variant_of_connect4_told_apart_by_its_own_phrases():
    assert [g.variant_of() for g in (TICTACTOE, CONNECT4, MEAN, DOTS)] == [None, None, "connect4", None]
    assert [g.title for g in (TICTACTOE, CONNECT4, MEAN, DOTS)] == ["tic-tac-toe", "Connect 4", "Mean Connect 4",
                                                                     "Dots and Boxes"]
    assert "mean move" in MEAN.variant_phrases and CONNECT4.variant_phrases == ()


def test_dots_lines_that_capture_offer_or_are_safe():
    three_sides = play(DOTS, [("h", 0, 0), ("v", 0, 0), ("v", 0, 1)])
    assert DOTS.captures(three_sides) == [("h", 1, 0)]
    two_sides = play(DOTS, [("h", 0, 0), ("v", 0, 0)])
    assert not DOTS.is_safe(two_sides, ("v", 0, 1)) and DOTS.is_safe(two_sides, ("h", 2, 1))
    assert DOTS.undrawn_lines(two_sides) == DOTS.num_lines - 2


def test_promising_actions_put_captures_first_and_gifts_last_in_dots():
    two_sides = play(DOTS, [("h", 0, 0), ("v", 0, 0), ("h", 2, 1)])
    order = DOTS.promising_actions(play(DOTS, [("v", 0, 1)], two_sides))
    assert order[0] == ("h", 1, 0)  # closes box (0, 0)
    assert sorted(order) == sorted(DOTS.actions(play(DOTS, [("v", 0, 1)], two_sides)))
    gifts = [a for a in DOTS.actions(two_sides) if not DOTS.is_safe(two_sides, a)]
    assert DOTS.promising_actions(two_sides)[-len(gifts):] == [a for a in DOTS.promising_actions(two_sides)
                                                               if a in gifts]


@pytest.mark.parametrize("game, first", [(TICTACTOE, 4), (CONNECT4, 3), (MEAN, 3)])
def test_promising_actions_start_in_the_centre(game, first):
    assert game.promising_actions(game.initial_state())[0] == first


def test_mean_connect4_tries_drops_before_mean_moves():
    state = play(MEAN, [3, 4])
    order = MEAN.promising_actions(state)
    kinds = [isinstance(a, tuple) for a in order]
    assert kinds == sorted(kinds) and any(kinds) and order[0] == 3
