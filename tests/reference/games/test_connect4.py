"""Connect 4 rules on any board size, the course's board face and the bitboard layout, as specifications.

The rules are checked against a deliberately naive model written here from the course's
description (a numpy board, row 0 on top, discs fall to the largest free row index, lines found
by scanning every cell in every direction), so that the bitboards are judged by something that
shares none of their tricks.
"""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

from reference.games import IllegalAction, InvalidBoard, load_game
from reference.games.connect4 import (
    C4State,
    Connect4,
    alignment_lines,
    board_mask,
    bottom_mask,
    cell_bit,
    column_mask,
    has_alignment,
    top_mask,
)

GAME = Connect4()
SIZES = [
    (6, 7, 4),
    (4, 4, 4),
    (4, 5, 3),
    (5, 4, 3),
    (7, 6, 4),
    (3, 8, 3),
    (8, 9, 5),
    (1, 5, 2),
    (5, 1, 3),
    (6, 7, 1),
]


def picture(rows: str) -> np.ndarray:
    """A course board from a picture: '.' empty, 'x' = 1, 'o' = -1; rows top first, separated by '/'."""
    values = {".": 0, "x": 1, "o": -1}
    return np.array([[values[c] for c in row] for row in rows.split("/")], dtype=int)


def empty_rows(n: int, cols: int = 7) -> str:
    return "/".join(["." * cols] * n)


# --- the naive model ---


def naive_drop(board: np.ndarray, col: int, player: int) -> np.ndarray:
    board = board.copy()
    free = [row for row in range(board.shape[0]) if board[row, col] == 0]
    board[max(free), col] = player
    return board


def naive_has_line(board: np.ndarray, player: int, k: int) -> bool:
    rows, cols = board.shape
    for row, col, (d_row, d_col) in itertools.product(
        range(rows), range(cols), [(0, 1), (1, 0), (1, 1), (1, -1)]
    ):
        cells = [(row + i * d_row, col + i * d_col) for i in range(k)]
        if all(0 <= r < rows and 0 <= c < cols and board[r, c] == player for r, c in cells):
            return True
    return False


# --- rules ---


def test_row_0_is_the_top_and_a_disc_falls_to_the_largest_free_row_index():
    state = GAME.result(GAME.initial_state(), 2)
    board = GAME.to_course(state)
    assert board[5, 2] == 1 and np.count_nonzero(board) == 1
    board = GAME.to_course(GAME.result(state, 2))
    assert board[4, 2] == -1 and board[5, 2] == 1


def test_the_first_player_is_plus_one_and_players_alternate():
    state = GAME.initial_state()
    assert GAME.to_move(state) == 1
    state = GAME.result(state, 0)
    assert GAME.to_move(state) == -1
    assert GAME.to_move(GAME.result(state, 0)) == 1


def test_actions_are_the_columns_that_are_not_full_left_to_right():
    state = GAME.from_course(picture("x....../o....../x....../o....../x....../o.....x"))
    assert GAME.actions(state) == [1, 2, 3, 4, 5, 6]
    assert GAME.actions(GAME.initial_state()) == list(range(7))


def test_a_full_column_raises_illegal_action():
    state = GAME.initial_state()
    for _ in range(6):
        state = GAME.result(state, 0)
    with pytest.raises(IllegalAction, match="column 0 is full"):
        GAME.result(state, 0)


@pytest.mark.parametrize(
    "action, words",
    [
        (7, "column 7 is off"),
        (-1, "off the board"),
        ("3", "not a column"),
        (3.0, "not a column"),
        (None, "not a column"),
        (True, "not a column"),
    ],
)
def test_result_raises_illegal_action_naming_the_action_and_why(action, words):
    with pytest.raises(IllegalAction, match=words):
        GAME.result(GAME.initial_state(), action)


def test_numpy_integer_actions_are_accepted():
    assert GAME.result(GAME.initial_state(), np.int64(3)) == GAME.result(GAME.initial_state(), 3)


@pytest.mark.parametrize(
    "before, column, direction",
    [
        (empty_rows(4) + "/...ooo./...xxx.", 6, "horizontal, bottom row, at the right edge"),
        (
            empty_rows(1) + "/x....../x....../x....../o....../o.....o",
            0,
            "vertical, up to the top row, left column",
        ),
        (empty_rows(3) + "/..xo.../.xoo.../xoox..x", 3, "diagonal from the bottom-left corner"),
        (empty_rows(3) + "/...ox../...oox./x..xoox", 3, "anti-diagonal into the bottom-right corner"),
    ],
)
def test_k_in_a_row_wins_in_every_direction_at_the_edges(before, column, direction):
    state = GAME.from_course(picture(before))
    assert not GAME.terminal(state), direction
    state = GAME.result(state, column)
    assert GAME.terminal(state) and GAME.winner(state) == 1, direction
    assert GAME.utility(state, 1) == 1 and GAME.utility(state, -1) == -1
    assert GAME.actions(state) == []
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.result(state, 5)


def test_a_full_board_without_a_line_is_a_draw():
    state = GAME.initial_state()
    for move in "330254564223355224331121550404466660106011":  # a random game that filled the board
        assert not GAME.terminal(state)
        state = GAME.result(state, int(move))
    board = GAME.to_course(state)
    assert np.count_nonzero(board) == 42
    assert not naive_has_line(board, 1, 4) and not naive_has_line(board, -1, 4)
    assert GAME.terminal(state) and GAME.winner(state) is None and GAME.actions(state) == []
    assert GAME.utility(state, 1) == GAME.utility(state, -1) == 0


@pytest.mark.parametrize("rows, cols, k", SIZES)
def test_random_games_follow_the_naive_rules_on_boards_of_any_size(rows, cols, k):
    """Board, actions, terminal, winner and the course round trip agree with the naive model at every step."""
    game = Connect4(rows, cols, k)
    rng = random.Random(rows * 100 + cols * 10 + k)
    for _ in range(40):
        state, board, player = game.initial_state(), np.zeros((rows, cols), dtype=int), 1
        while True:
            assert np.array_equal(game.to_course(state), board)
            assert game.from_course(board) == state and game.to_move(state) == player
            won = naive_has_line(board, -player, k)  # only the last mover can have a line
            full = not (board == 0).any()
            assert game.terminal(state) == (won or full)
            assert game.winner(state) == (-player if won else None)
            if won or full:
                assert game.actions(state) == []
                break
            assert game.actions(state) == [c for c in range(cols) if board[0, c] == 0]
            column = rng.choice(game.actions(state))
            state, board, player = game.result(state, column), naive_drop(board, column, player), -player


# --- bitboards ---


def test_state_layout_is_pons_bitboards_with_a_sentinel_row():
    """Column c holds bits c*(rows+1) .. c*(rows+1)+rows-1, bottom row lowest; current = the mover's discs."""
    state = GAME.result(GAME.initial_state(), 3)
    assert state == C4State(current=0, mask=1 << 21, moves=1)
    state = GAME.result(state, 3)
    assert state == C4State(current=1 << 21, mask=0b11 << 21, moves=2)
    state = GAME.result(state, 0)
    assert state == C4State(current=1 << 22, mask=0b11 << 21 | 1, moves=3)


def test_bitboard_helpers_for_the_classic_board():
    bottom = sum(1 << (7 * c) for c in range(7))
    assert bottom_mask(6, 7) == bottom == GAME.bottom_mask
    assert board_mask(6, 7) == bottom * 0b111111 == GAME.board_mask
    assert column_mask(2, 6) == 0b111111 << 14 == GAME.column_masks[2]
    assert top_mask(2, 6) == 1 << 19 == GAME.top_masks[2]
    assert GAME.bottom_masks[2] == 1 << 14
    assert cell_bit(5, 0, 6) == 1 and cell_bit(0, 0, 6) == 1 << 5 and cell_bit(5, 6, 6) == 1 << 42
    assert len(alignment_lines(6, 7, 4)) == len(GAME.lines) == 69


@pytest.mark.parametrize("rows, cols, k", [(4, 4, 3), (4, 5, 4), (5, 4, 4), (3, 3, 2), (6, 7, 4)])
def test_has_alignment_finds_exactly_the_straight_lines_of_k(rows, cols, k):
    """Every k consecutive cells in a row, column or diagonal align; no other k cells do (no wrapping)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]

    def bit(r, c):  # the documented layout, worked out independently: row 0 is the top
        return 1 << (c * (rows + 1) + rows - 1 - r)

    straight = set()
    for r, c, (dr, dc) in itertools.product(range(rows), range(cols), [(0, 1), (1, 0), (1, 1), (1, -1)]):
        line = [(r + i * dr, c + i * dc) for i in range(k)]
        if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in line):
            straight.add(frozenset(line))
    assert {sum(bit(*cell) for cell in line) for line in straight} == set(alignment_lines(rows, cols, k))
    subsets = (
        itertools.combinations(cells, k) if (rows, cols) != (6, 7) else (tuple(line) for line in straight)
    )
    for subset in subsets:
        bits = sum(bit(*cell) for cell in subset)
        assert has_alignment(bits, rows, k) == (frozenset(subset) in straight), subset
        assert Connect4(rows, cols, k).has_won(bits) == (frozenset(subset) in straight)


# --- the course's face ---


def test_course_board_round_trips_on_random_reachable_positions():
    rng = random.Random(11)
    for _ in range(300):
        state = GAME.initial_state()
        for _ in range(rng.randrange(43)):
            if GAME.terminal(state):
                break
            state = GAME.result(state, rng.choice(GAME.actions(state)))
        board = GAME.to_course(state)
        assert board.shape == (6, 7) and board.dtype.kind == "i" and set(np.unique(board)) <= {-1, 0, 1}
        assert GAME.from_course(board) == state
        assert GAME.from_course(board, to_move=GAME.to_move(state)) == state


def test_to_course_returns_a_fresh_array_every_call():
    state = GAME.result(GAME.initial_state(), 3)
    board = GAME.to_course(state)
    board[0, 0] = -1
    assert GAME.to_course(state)[0, 0] == 0


def test_from_course_accepts_lists_of_lists_and_other_numeric_dtypes():
    board = picture(empty_rows(5) + "/...xo..")
    state = GAME.from_course(board)
    assert GAME.from_course(board.tolist()) == state
    for dtype in (np.int8, np.int64, np.float64, np.float32):
        assert GAME.from_course(board.astype(dtype)) == state


def test_from_course_checks_to_move():
    board = picture(empty_rows(5) + "/...x...")
    assert GAME.to_move(GAME.from_course(board)) == -1
    with pytest.raises(InvalidBoard, match="contradicts"):
        GAME.from_course(board, to_move=1)
    with pytest.raises(InvalidBoard, match="to_move"):
        GAME.from_course(board, to_move=0)


@pytest.mark.parametrize(
    "board, words",
    [
        (np.zeros((7, 6), dtype=int), r"shape \(7, 6\)"),
        (np.zeros(42, dtype=int), r"shape \(42,\)"),
        ([[0] * 7] * 5 + [[0] * 6], "shape|different lengths"),
        ("." * 42, "got str"),
        (np.full((6, 7), " "), "dtype"),  # the old template's characters are the adapter's job
        (picture(empty_rows(5) + "/...x...").astype(bool), "dtype bool"),
        (np.where(picture(empty_rows(5) + "/...x..."), 2, 0), "holds 2"),
        (picture(empty_rows(5) + "/...x...") * 0.5, "holds 0.5"),
        ([[None] * 7] * 6, "holds None"),
        ([[0] * 7] * 5 + [[0, 0, 0, True, 0, 0, 0]], "holds True"),
        (np.where(picture(empty_rows(5) + "/...x..."), np.nan, 0), "holds nan"),
        (picture(empty_rows(4) + "/x....../......o"), "floats above"),
        (picture(empty_rows(5) + "/o......"), "as many discs"),
        (picture(empty_rows(5) + "/xxo...x"), "as many discs"),
        (picture(empty_rows(4) + "/oooo.../xxxx..."), "both players"),
        (picture(empty_rows(4) + "/ooo..../xxxx..o"), r"\+1 has 4 in a row but the other player moved"),
        (
            picture(empty_rows(2) + "/......o/......o/......o/xxx.xxo"),
            r"-1 has 4 in a row but the other player moved",
        ),
        (
            picture(empty_rows(2) + "/......x/oo....x/ooo...x/xxxxoox"),
            "no single last disc",
        ),  # two lines of +1 with no disc in common
        (
            picture("......./o....../x....../x....../x....../xooox.."),
            "no single last disc",
        ),  # -1 covered the +1 line, then +1 moved elsewhere
    ],
)
def test_from_course_rejects_boards_that_cannot_occur(board, words):
    with pytest.raises(InvalidBoard, match=words):
        GAME.from_course(board)


# --- the game as a value, and its drawings ---


def test_games_compare_and_hash_by_size():
    assert load_game("connect4") == Connect4() == Connect4(rows=6, cols=7, k=4)
    assert Connect4(5, 5) != Connect4(5, 5, 3) and Connect4(4, 5) != Connect4(5, 4)
    assert {Connect4(): "classic"}[load_game("connect_four")] == "classic"
    assert repr(Connect4(5, 4, 3)) == "Connect4(rows=5, cols=4, k=3)"
    assert (GAME.name, GAME.rows, GAME.cols, GAME.k) == ("connect4", 6, 7, 4)


@pytest.mark.parametrize("size", [(0, 7, 4), (6, 7, 8), (6, 7, 0), (6, 7.0, 4)])
def test_sizes_that_make_no_game_are_rejected(size):
    with pytest.raises(ValueError):
        Connect4(*size)


def test_text_draws_the_top_row_first_with_column_numbers():
    state = GAME.from_course(picture(empty_rows(5) + "/...xo.."))
    assert GAME.text(state).splitlines() == [". . . . . . ."] * 5 + [". . . x o . .", "0 1 2 3 4 5 6"]


def test_svg_is_well_formed_and_marks_the_highlighted_column():
    state = GAME.from_course(picture(empty_rows(5) + "/...xo.."))
    plain = ElementTree.fromstring(GAME.svg(state))
    marked = ElementTree.fromstring(GAME.svg(state, highlight=[4]))
    assert plain.tag.endswith("svg") and "+1 to move" in GAME.svg(state)
    assert len(marked) > len(plain)
    with pytest.raises(IllegalAction):
        GAME.svg(state, highlight=[7])


# --- random playouts ---


def test_random_playout_from_a_finished_game_returns_its_utility():
    state = GAME.from_course(picture(empty_rows(4) + "/ooo..../xxxx..."))
    assert GAME.random_playout(state, random.Random(0)) == 1
