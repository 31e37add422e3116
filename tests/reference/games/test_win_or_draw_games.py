"""Rules every game scored by a win or a draw shares (tic-tac-toe, Connect 4, Mean Connect 4), asked of
each of them alike. Dots and Boxes scores a margin of boxes instead (its own tests)."""

from __future__ import annotations

import pytest

from reference.games import load_game


@pytest.mark.parametrize("name, moves, stranger", [
    ("tictactoe", [0, 3, 1, 4], "x"),  # xx. / oo. / ...
    ("connect4", [3], 2),
    ("mean_connect4", [3], 2),
])
def test_utility_is_zero_for_an_unfinished_game_and_rejects_unknown_players(name, moves, stranger):
    game = load_game(name)
    state = game.initial_state()
    for action in moves:
        state = game.result(state, action)
    assert not game.terminal(state)
    assert game.utility(state, 1) == game.utility(state, -1) == 0
    with pytest.raises(ValueError, match="player"):
        game.utility(state, stranger)
