"""``reference.solve(game, state)``: dispatch by game name, errors for what cannot be solved,
and the exact tic-tac-toe solver (checked against plain minimax on every 3 x 3 position)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from reference import load_game, solve
from reference.solvers import TerminalState, UnsupportedGame
from reference.solvers.dots_and_boxes import solve_dots_and_boxes


def play(game, actions):
    state = game.initial_state()
    for action in actions:
        state = game.result(state, action)
    return state


# --- dispatch and errors ---


def test_unknown_game_is_a_clear_error():
    class Chess:
        name = "chess"

    with pytest.raises(UnsupportedGame, match="'chess'.*supported: tictactoe, connect4, dots_and_boxes"):
        solve(Chess(), None)


def test_object_without_a_name_is_unsupported():
    with pytest.raises(UnsupportedGame, match="None"):
        solve(object(), None)


@pytest.mark.parametrize(
    "name,size,actions",
    [
        ("tictactoe", {}, [0, 3, 1, 4, 2]),  # x completes the top row
        ("tictactoe", {}, [0, 1, 2, 4, 3, 5, 7, 6, 8]),  # full board, a draw
        ("connect4", {}, [0, 1, 0, 1, 0, 1, 0]),  # four in column 1
        ("connect4", {"rows": 2, "cols": 4}, [0, 1, 1, 0, 2, 3, 3, 2]),  # full board, a draw
    ],
)
def test_terminal_state_is_a_clear_error(name, size, actions):
    game = load_game(name, **size)
    state = play(game, actions)
    assert game.terminal(state)
    with pytest.raises(TerminalState, match="terminal"):
        solve(game, state)


def test_terminal_dots_and_boxes_state_is_a_clear_error():
    game = load_game("dots_and_boxes", rows=2, cols=2)
    state = game.initial_state()
    while not game.terminal(state):
        state = game.result(state, game.actions(state)[0])
    with pytest.raises(TerminalState):
        solve(game, state)


def test_dots_and_boxes_is_delegated_to_its_solver():
    for rows, cols in ((2, 2), (2, 3), (3, 3)):  # dots: 1x1, 1x2 and 2x2 boxes
        game = load_game("dots_and_boxes", rows=rows, cols=cols)
        state = game.initial_state()
        assert solve(game, state) == solve_dots_and_boxes(game, state)
    one_box = load_game("dots_and_boxes", rows=2, cols=2)
    assert solve(one_box, one_box.initial_state()) == -1  # the second player takes the box


def test_connect4_is_delegated_to_its_solver():
    game = load_game("connect4", rows=4, cols=5)
    assert solve(game, game.initial_state()) == 0


# --- tic-tac-toe values ---


def test_empty_board_is_a_draw():
    game = load_game("tictactoe")
    assert solve(game, game.initial_state()) == 0


@pytest.mark.parametrize("first_move", range(9))
def test_every_first_move_draws(first_move):
    game = load_game("tictactoe")
    # After x's move it is o's turn; a draw is 0 from either side.
    assert solve(game, play(game, [first_move])) == 0


def test_won_in_one_is_plus_one_for_the_side_to_move():
    game = load_game("tictactoe")
    state = play(game, [0, 3, 1, 4])  # x: 0, 1 (threatens 2); o: 3, 4 (threatens 5); x to move
    assert solve(game, state) == 1


def test_side_to_move_facing_two_threats_loses():
    game = load_game("tictactoe")
    state = play(game, [4, 1, 0, 8, 6])  # x: 4, 0, 6 threatens 2 (diagonal) and 3 (left column)
    assert solve(game, state) == -1


@pytest.mark.parametrize(
    "rows,cols,k,expected",
    [
        (3, 4, 3, 1),  # k = 3 on anything larger than 3 x 3 is a first-player win
        (4, 4, 3, 1),
        (4, 4, 4, 0),  # 4 x 4, four in a row: a draw
        (2, 2, 2, 1),  # k = 2: x's second mark always completes a pair
        (3, 3, 2, 1),
    ],
)
def test_mnk_game_values(rows, cols, k, expected):
    game = load_game("tictactoe", rows=rows, cols=cols, k=k)
    assert solve(game, game.initial_state()) == expected


def test_every_3x3_position_agrees_with_plain_minimax():
    game = load_game("tictactoe")

    @lru_cache(maxsize=None)
    def minimax(state) -> int:
        if game.terminal(state):
            return game.utility(state, game.to_move(state))
        return max(-minimax(game.result(state, a)) for a in game.actions(state))

    seen, frontier = {game.initial_state()}, [game.initial_state()]
    while frontier:
        state = frontier.pop()
        for action in game.actions(state):
            child = game.result(state, action)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    unfinished = [state for state in seen if not game.terminal(state)]
    assert len(seen) == 5478 and len(unfinished) == 5478 - 958
    wrong = [state for state in unfinished if solve(game, state) != minimax(state)]
    assert not wrong, [game.text(state) for state in wrong[:3]]


def test_tictactoe_board_too_large_to_search_is_refused():
    game = load_game("tictactoe", rows=5, cols=5, k=4)
    with pytest.raises(ValueError, match="25 empty cells are too many"):
        solve(game, game.initial_state())
