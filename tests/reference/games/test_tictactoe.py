"""Tic-tac-toe (m,n,k) rules and the known facts of the 3 x 3 game, as specifications."""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ElementTree
from functools import lru_cache

import numpy as np
import pytest

from reference.games import IllegalAction, InvalidBoard, load_game
from reference.games.tictactoe import TicTacToe, TTTState

GAME = TicTacToe()


def board(rows: str) -> list[str]:
    """A course board from a picture: '.' empty, 'x', 'o'; rows separated by '/'."""
    return [" " if c == "." else c for c in rows.replace("/", "")]


def reachable_states(game: TicTacToe) -> set[TTTState]:
    """Every state reachable from the empty board through actions/result."""
    seen = {game.initial_state()}
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        for action in game.actions(state):
            child = game.result(state, action)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


@pytest.fixture(scope="module")
def reachable() -> set[TTTState]:
    return reachable_states(GAME)


# --- facts of the 3 x 3 game (design.md section 3) ---


def test_5478_positions_are_reachable_958_of_them_terminal(reachable):
    assert len(reachable) == 5478
    assert sum(GAME.terminal(state) for state in reachable) == 958


def test_765_positions_and_138_terminal_ones_up_to_symmetry(reachable):
    def cells_to_state(cells):
        return TTTState(
            sum(1 << i for i, c in enumerate(cells) if c == "x"),
            sum(1 << i for i, c in enumerate(cells) if c == "o"),
        )

    # the 8 symmetries of the square as permutations of (row, col)
    transforms = [
        lambda r, c: (r, c),
        lambda r, c: (c, 2 - r),
        lambda r, c: (2 - r, 2 - c),
        lambda r, c: (2 - c, r),
        lambda r, c: (r, 2 - c),
        lambda r, c: (2 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (2 - c, 2 - r),
    ]

    def canonical(state):
        cells = GAME.to_course(state)
        images = []
        for transform in transforms:
            image = [" "] * 9
            for i, symbol in enumerate(cells):
                r, c = transform(*divmod(i, 3))
                image[r * 3 + c] = symbol
            images.append(tuple(image))
        return min(images)

    classes = {canonical(state) for state in reachable}
    assert len(classes) == 765
    assert sum(GAME.terminal(cells_to_state(cells)) for cells in classes) == 138


def test_255168_games_by_winner_and_by_length():
    @lru_cache(maxsize=None)
    def games(state):
        """Counter of finished games below ``state``: (winner, length) -> count."""
        if GAME.terminal(state):
            length = state.x.bit_count() + state.o.bit_count()
            return {(GAME.winner(state), length): 1}
        total: dict = {}
        for action in GAME.actions(state):
            for key, count in games(GAME.result(state, action)).items():
                total[key] = total.get(key, 0) + count
        return total

    counts = games(GAME.initial_state())
    assert sum(counts.values()) == 255_168
    by_winner = {w: sum(n for (winner, _), n in counts.items() if winner == w) for w in (1, -1, None)}
    assert by_winner == {1: 131_184, -1: 77_904, None: 46_080}
    by_length = {length: sum(n for (_, ln), n in counts.items() if ln == length) for length in range(10)}
    assert by_length == {0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 1_440, 6: 5_328, 7: 47_952, 8: 72_576, 9: 127_872}


def test_the_full_game_tree_has_549946_nodes():
    @lru_cache(maxsize=None)
    def nodes(state):
        return 1 + sum(nodes(GAME.result(state, a)) for a in GAME.actions(state))

    assert nodes(GAME.initial_state()) == 549_946


def test_the_game_is_a_draw_and_every_first_move_draws():
    @lru_cache(maxsize=None)
    def value(state):  # minimax value for x
        if GAME.terminal(state):
            return GAME.utility(state, 1)
        values = [value(GAME.result(state, a)) for a in GAME.actions(state)]
        return max(values) if GAME.to_move(state) == 1 else min(values)

    start = GAME.initial_state()
    assert value(start) == 0
    assert [value(GAME.result(start, a)) for a in range(9)] == [0] * 9


# --- rules ---


def test_x_moves_first_and_players_alternate():
    state = GAME.initial_state()
    assert GAME.to_move(state) == 1
    state = GAME.result(state, 4)
    assert GAME.to_move(state) == -1 and GAME.to_course(state)[4] == "x"
    state = GAME.result(state, 0)
    assert GAME.to_move(state) == 1 and GAME.to_course(state)[0] == "o"


def test_actions_are_the_empty_cells_in_index_order():
    state = GAME.from_course(board("x../.o./..x"))
    assert GAME.actions(state) == [1, 2, 3, 5, 6, 7]
    assert GAME.actions(GAME.initial_state()) == list(range(9))


def test_an_action_is_the_cell_index_row_times_cols_plus_col():
    game = TicTacToe(3, 5, 3)
    state = game.result(game.initial_state(), 1 * 5 + 3)
    assert game.to_course(state)[8] == "x"
    assert game.text(state).splitlines()[1] == ". . . x ."


def straight_k_sets(rows: int, cols: int, k: int) -> set[frozenset]:
    """Every k consecutive cells along a row, column or diagonal, worked out from coordinates."""
    found = set()
    for cells in itertools.combinations([(r, c) for r in range(rows) for c in range(cols)], k):
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(cells, cells[1:])}
        if len(steps) == 1 and steps.pop() in {(0, 1), (1, 0), (1, 1), (1, -1)}:
            found.add(frozenset(r * cols + c for r, c in cells))
    return found


@pytest.mark.parametrize("rows, cols, k", [(3, 3, 3), (4, 4, 3), (3, 5, 3), (5, 3, 3), (4, 4, 4), (3, 4, 2)])
def test_exactly_the_straight_lines_of_k_win_on_mnk_boards(rows, cols, k):
    """Every k cells in a row, column or either diagonal win, edges included; no other k cells do
    (in particular none that wrap from the end of one row to the start of the next)."""
    game = TicTacToe(rows, cols, k)
    lines = straight_k_sets(rows, cols, k)
    assert lines  # the parametrisation makes sense
    for cells in itertools.combinations(range(rows * cols), k):
        bits = sum(1 << cell for cell in cells)
        wins = frozenset(cells) in lines
        assert game.winner(TTTState(bits, 0)) == (1 if wins else None), cells
        assert game.winner(TTTState(0, bits)) == (-1 if wins else None), cells
        assert game.terminal(TTTState(bits, 0)) == wins


@pytest.mark.parametrize(
    "rows, cols, k, moves, winner",
    [
        (5, 5, 4, [0, 5, 1, 6, 2, 7, 3], 1),  # top row, from the left edge
        (5, 5, 4, [24, 0, 19, 1, 14, 2, 9], 1),  # right column, from the bottom corner
        (5, 5, 4, [6, 0, 12, 1, 18, 2, 24], 1),  # main diagonal ending in the corner
        (5, 5, 4, [0, 4, 1, 8, 2, 12, 6, 16], -1),  # anti-diagonal from the top-right corner
        (4, 4, 3, [15, 0, 10, 1, 5], 1),  # diagonal into the bottom-right corner
        (3, 5, 3, [2, 0, 6, 1, 10], 1),  # 3 x 5: anti-diagonal 2, 6, 10 down to the left edge
        (3, 5, 3, [4, 0, 8, 1, 12], 1),  # 3 x 5: anti-diagonal from the top-right corner
        (3, 5, 3, [2, 0, 8, 1, 14], 1),  # 3 x 5: diagonal into the bottom-right corner
    ],
)
def test_a_line_of_k_ends_the_game_for_its_owner(rows, cols, k, moves, winner):
    game = TicTacToe(rows, cols, k)
    state = game.initial_state()
    for move in moves[:-1]:
        state = game.result(state, move)
        assert not game.terminal(state)
    state = game.result(state, moves[-1])
    assert game.terminal(state)
    assert game.winner(state) == winner
    assert game.utility(state, winner) == 1 and game.utility(state, -winner) == -1
    assert game.actions(state) == []


def test_a_full_board_without_a_line_is_a_draw():
    state = GAME.from_course(board("xox/xox/oxo"))
    assert GAME.terminal(state)
    assert GAME.winner(state) is None
    assert GAME.utility(state, 1) == GAME.utility(state, -1) == 0
    assert GAME.actions(state) == []


@pytest.mark.parametrize(
    "action, words",
    [
        (4, "cell 4 .* taken by x"),
        (9, "cell 9 is off"),
        (-1, "off"),
        ("4", "not a cell index"),
        (1.0, "not a cell"),
        (True, "not a cell"),
    ],
)
def test_result_raises_illegal_action_naming_the_action_and_why(action, words):
    state = GAME.result(GAME.initial_state(), 4)
    with pytest.raises(IllegalAction, match=words):
        GAME.result(state, action)


def test_no_move_after_the_game_is_over():
    state = GAME.from_course(board("xxx/oo./..."))
    with pytest.raises(IllegalAction, match="game is over .x has won"):
        GAME.result(state, 5)


def test_result_leaves_the_given_state_unchanged():
    start = GAME.initial_state()
    after = GAME.result(start, 0)
    assert start == TTTState(0, 0) and after == TTTState(1, 0)


def test_numpy_integer_actions_are_accepted():
    assert GAME.result(GAME.initial_state(), np.int64(2)) == TTTState(4, 0)


# --- the course's face ---


def test_course_board_round_trips_for_every_reachable_position(reachable):
    for state in reachable:
        cells = GAME.to_course(state)
        assert isinstance(cells, list) and len(cells) == 9 and set(cells) <= {" ", "x", "o"}
        assert GAME.from_course(cells) == state
        assert GAME.from_course(tuple(cells)) == state


def test_to_course_returns_a_fresh_list_every_call():
    state = GAME.result(GAME.initial_state(), 0)
    first = GAME.to_course(state)
    first[1] = "o"
    assert GAME.to_course(state) == ["x"] + [" "] * 8


def test_from_course_infers_and_checks_to_move():
    state = GAME.from_course(board("x../.../..."))
    assert GAME.to_move(state) == -1
    assert GAME.from_course(board("x../.../..."), to_move=-1) == state
    with pytest.raises(InvalidBoard, match="contradicts"):
        GAME.from_course(board("x../.../..."), to_move=1)
    with pytest.raises(InvalidBoard, match="to_move"):
        GAME.from_course(board("x../.../..."), to_move="o")


def test_two_lines_through_the_last_move_are_a_valid_win():
    state = GAME.from_course(board("xxx/xoo/xoo"))
    assert GAME.winner(state) == 1


@pytest.mark.parametrize(
    "cells, words",
    [
        ("x" * 9, "9 cells"),  # a string is not a list of cells
        ([" "] * 8, "has 9 cells"),
        ([[" "] * 3] * 3, "got a list of 3"),  # nested rows are the adapter's job
        (board("X../.../..."), "cell 0 holds 'X'"),
        ([None] * 9, "cell 0 holds None"),
        ([0] * 9, "cell 0 holds 0"),
        (board("o../.../..."), "x moves first"),
        (board("xx./.../..."), "x moves first"),
        (board("xxx/ooo/x.."), "both players have 3 in a row"),
        (board("xxx/oo./o.."), "x has 3 in a row but the other player moved"),
        (board("ooo/xx./x.x"), "o has 3 in a row but the other player moved"),
    ],
)
def test_from_course_rejects_boards_that_cannot_occur(cells, words):
    with pytest.raises(InvalidBoard, match=words):
        GAME.from_course(cells)


def test_from_course_rejects_lines_that_no_single_last_move_completes():
    game = TicTacToe(4, 4, 3)
    # x has two separate lines (top row left, bottom row right) and o no line
    cells = board("xxxo/oo.o/o.../.xxx")
    with pytest.raises(InvalidBoard, match="no cell in common"):
        game.from_course(cells)


def test_from_course_rejects_a_non_list():
    with pytest.raises(InvalidBoard, match="flat list of 9 cells"):
        GAME.from_course({"board": board("........")})


# --- the game as a value, and its drawings ---


def test_games_compare_and_hash_by_size():
    assert load_game("tictactoe") == TicTacToe() == TicTacToe(3, 3, 3)
    assert TicTacToe(4, 4, 3) != TicTacToe(4, 4, 4) and TicTacToe(3, 3, 3) != load_game(
        "connect4", rows=3, cols=3, k=3
    )
    assert {TicTacToe(): "classic"}[TicTacToe(rows=3, cols=3, k=3)] == "classic"
    assert repr(TicTacToe(5, 5, 4)) == "TicTacToe(rows=5, cols=5, k=4)"
    assert (GAME.name, GAME.rows, GAME.cols, GAME.k) == ("tictactoe", 3, 3, 3)


@pytest.mark.parametrize("size", [(0, 3, 3), (3, 3, 4), (3, 3, 0), (3.0, 3, 3), (True, 3, 1)])
def test_sizes_that_make_no_game_are_rejected(size):
    with pytest.raises(ValueError):
        TicTacToe(*size)


def test_text_draws_rows_of_marks():
    state = GAME.from_course(board("x.o/.x./..."))
    assert GAME.text(state) == "x . o\n. x .\n. . ."


def test_svg_is_well_formed_and_marks_the_highlighted_cell():
    state = GAME.from_course(board("x.o/.x./..."))
    plain = ElementTree.fromstring(GAME.svg(state))
    marked = ElementTree.fromstring(GAME.svg(state, highlight=[4]))
    assert plain.tag.endswith("svg") and "o to move" in GAME.svg(state)
    assert len(marked) == len(plain) + 1
    with pytest.raises(IllegalAction):
        GAME.svg(state, highlight=[9])


# --- random playouts ---


def test_random_playout_from_a_finished_game_returns_its_utility():
    assert GAME.random_playout(GAME.from_course(board("ooo/xx./..x")), random.Random(0)) == -1
    assert GAME.random_playout(GAME.from_course(board("xox/xox/oxo")), random.Random(0)) == 0
