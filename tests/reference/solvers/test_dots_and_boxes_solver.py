"""The exact Dots and Boxes solver (reference/solvers/dots_and_boxes.py) against known values and itself."""

from __future__ import annotations

import random

import pytest

from reference.games.dots_and_boxes import DBState, DotsAndBoxes
from reference.solvers.dots_and_boxes import (
    AlphaBetaSolver,
    SolverBudgetExceeded,
    action_values,
    retrograde_table,
    solve_dots_and_boxes,
)


def boxes(rows: int, cols: int) -> DotsAndBoxes:
    """The board of ``rows`` x ``cols`` BOXES (the literature's count) as a game counted in dots."""
    return DotsAndBoxes(rows + 1, cols + 1)


def random_position(game: DotsAndBoxes, rng: random.Random, drawn: int) -> DBState:
    state = game.initial_state()
    for _ in range(drawn):
        state = game.result(state, rng.choice(game.actions(state)))
    return state


# design.md section 3: the first player's margin with best play from the empty board, in boxes.
KNOWN_VALUES = [(1, 1, -1), (1, 2, 0), (1, 3, -1), (1, 4, 0), (2, 2, 2), (2, 3, -2), (2, 4, 2), (3, 3, -3)]


@pytest.mark.parametrize("rows, cols, value", KNOWN_VALUES)
def test_value_of_the_empty_board_matches_the_literature(rows, cols, value):
    game = boxes(rows, cols)
    assert solve_dots_and_boxes(game, game.initial_state()) == value


@pytest.mark.parametrize("rows, cols, value", [(r, c, v) for r, c, v in KNOWN_VALUES if r != c and r * c <= 6])
def test_a_transposed_board_has_the_same_value(rows, cols, value):
    game = boxes(cols, rows)
    assert solve_dots_and_boxes(game, game.initial_state()) == value


@pytest.mark.parametrize("rows, cols, value", [(r, c, v) for r, c, v in KNOWN_VALUES if r * c <= 6])
def test_alpha_beta_alone_finds_the_known_values(rows, cols, value):
    game = boxes(rows, cols)
    assert AlphaBetaSolver(game).value(0) == value


def test_on_two_by_two_boxes_only_first_moves_on_the_outer_edge_win():
    game = boxes(2, 2)
    values = action_values(game, game.initial_state())
    assert len(values) == 12
    for (kind, r, c), value in values.items():
        on_edge = (kind == "h" and r in (0, 2)) or (kind == "v" and c in (0, 2))
        assert value == (2 if on_edge else 0), (kind, r, c)


def test_the_best_action_value_is_the_solved_value():
    game = boxes(2, 3)
    rng = random.Random(5)
    for drawn in range(0, game.num_lines, 2):
        state = random_position(game, rng, drawn)
        assert max(action_values(game, state).values()) == solve_dots_and_boxes(game, state)


def test_optimal_play_by_both_sides_achieves_the_solved_margin():
    game = boxes(2, 3)
    state = game.initial_state()
    expected = solve_dots_and_boxes(game, state)
    while not game.terminal(state):
        values = action_values(game, state)
        state = game.result(state, max(values, key=values.get))
    assert game.utility(state, 1) == expected == -2


def test_boxes_already_on_the_board_and_the_player_field_do_not_change_the_value():
    game = boxes(2, 2)
    rng = random.Random(11)
    for _ in range(50):
        state = random_position(game, rng, rng.randint(0, game.num_lines))
        value = solve_dots_and_boxes(game, state)
        relabelled = DBState(state.lines, state.boxes_second, state.boxes_first, -state.player)
        assert solve_dots_and_boxes(game, relabelled) == value
        assert abs(value) <= game.num_boxes - (state.boxes_first | state.boxes_second).bit_count()


def test_a_finished_game_has_value_zero():
    game = boxes(2, 3)
    state = random_position(game, random.Random(1), game.num_lines)
    assert solve_dots_and_boxes(game, state) == 0


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 2), (3, 3)])
def test_retrograde_table_agrees_with_alpha_beta_on_random_late_positions(rows, cols):
    game = boxes(rows, cols)
    table = retrograde_table(game)
    rng = random.Random(rows * 100 + cols)
    min_drawn = max(0, game.num_lines - 13)  # keeps alpha-beta fast
    for _ in range(60):
        state = random_position(game, rng, rng.randint(min_drawn, game.num_lines))
        assert AlphaBetaSolver(game).value(state.lines) == int(table[state.lines]), game.text(state)


def test_a_table_over_the_free_lines_of_a_large_board_agrees_with_alpha_beta():
    game = boxes(4, 4)  # 40 lines: too many for a whole-board table
    rng = random.Random(3)
    state = random_position(game, rng, game.num_lines - 16)
    table = retrograde_table(game, drawn=state.lines)
    assert len(table) == 2**16
    free = [i for i in range(game.num_lines) if not state.lines >> i & 1]
    assert int(table[0]) == AlphaBetaSolver(game).value(state.lines) == solve_dots_and_boxes(game, state)
    for _ in range(20):
        later = random_position_from(game, state, rng, rng.randint(1, 12))
        index = sum(1 << k for k, i in enumerate(free) if later.lines >> i & 1)
        assert int(table[index]) == AlphaBetaSolver(game).value(later.lines)


def random_position_from(game: DotsAndBoxes, state: DBState, rng: random.Random, moves: int) -> DBState:
    for _ in range(moves):
        state = game.result(state, rng.choice(game.actions(state)))
    return state


def test_alpha_beta_stops_at_its_node_budget_with_a_clear_error():
    game = boxes(4, 4)
    with pytest.raises(SolverBudgetExceeded, match="gave up after 1,000 nodes .* 40 free lines"):
        solve_dots_and_boxes(game, game.initial_state(), node_budget=1_000)


def test_a_table_over_too_many_free_lines_is_refused():
    game = boxes(4, 4)
    with pytest.raises(ValueError, match="2\\*\\*40 entries"):
        retrograde_table(game)


def test_the_solver_rejects_another_game_or_a_foreign_state():
    game = boxes(1, 1)
    with pytest.raises(TypeError, match="DotsAndBoxes"):
        solve_dots_and_boxes(object(), game.initial_state())
    with pytest.raises(ValueError, match="not a state"):
        solve_dots_and_boxes(game, DBState(1 << 10, 0, 0, 1))
