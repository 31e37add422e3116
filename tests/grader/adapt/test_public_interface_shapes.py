"""Code in the shape of well-known public interfaces, written for the tests: an OpenSpiel-like state (lines
numbered, ``returns()`` one value per player), a gym-like environment (``step``), and a tutorial whose board
size lives in module-level constants. Each is correct code and must be read as such."""

import numpy as np
import pytest

from grader.adapt import ReplayedGame
from reference.games import load_game
from reference.positions import random_positions
from tests.helpers.adapting import STUDENTS, adapted, adapted_source, agrees_with_reference
from tests.helpers.connect4_sources import WINNER_TERMINAL_UTILITY
from tests.helpers.replayed_objects import wrong_roles

pytestmark = pytest.mark.timeout(180)


def test_lines_numbered_row_by_row_horizontals_first_are_matched_to_the_course_lines():
    """OpenSpiel numbers Dots and Boxes lines h(r, c) = r * C + c, then the verticals: no table on the object
    says so, the game's size does."""
    box, student = adapted_source((STUDENTS / "dab_openspiel_numbered_lines.py").read_text(), "dots_and_boxes")
    with box:
        assert isinstance(student, ReplayedGame)
        assert "numbers counting the lines" in student.rep.describe()
        wrong = wrong_roles(student)
        assert wrong["actions"] == wrong["result"] == wrong["terminal"] == 0, wrong  # utility: 0 until the end
        assert_utility_on_finished_games(student)


def assert_utility_on_finished_games(student, extra=()):
    game = student.game
    ended = [s for s in random_positions(game, 40, seed=2, include_terminal=True) if game.terminal(s)][:6]
    assert ended
    for state in ended + list(extra):
        for view in (1, -1):
            got = student.utility(game.to_course(state), view)
            margin = game.utility(state, view)
            assert got.ok and got.value == (margin > 0) - (margin < 0), (state, view, got)


def test_returns_with_one_value_per_player_are_the_utility_and_a_draw_is_no_win():
    box, student = adapted_source((STUDENTS / "c4_openspiel_returns_per_player.py").read_text(), "connect4")
    with box:
        game = student.game
        assert student.interface.bindings["utility"].name.endswith("__returns__utility")
        rows = [[-1, -1, 1, 1, -1, -1, 1], [1, 1, -1, -1, 1, 1, -1]] * 3  # full, no line: a draw
        draw = game.from_course(np.array(rows))
        assert game.terminal(draw) and game.utility(draw, 1) == 0
        assert_utility_on_finished_games(student, [draw])


def test_a_gym_environment_is_replayed_through_its_step():
    box, student = adapted_source((STUDENTS / "c4_gym_env_step.py").read_text(), "connect4")
    with box:
        assert isinstance(student, ReplayedGame) and student.rep.transition.name.endswith("__step__result")
        wrong = wrong_roles(student, positions=6)
        assert wrong["actions"] == wrong["result"] == 0, wrong  # its terminal and utility are step's answers


def test_size_constants_follow_the_board_each_call_is_given():
    """ROWS = 6 and COLS = 7 at the top, read by every function: asked on a 5x6 board, the functions run
    with the constants set to 5 and 6."""
    box, student = adapted("c4_tutorial_search_with_depth.py", "connect4")
    with box:
        smaller = load_game("connect4", rows=5, cols=6)
        agrees_with_reference(student.at_size(smaller), smaller, count=6)
        assert any("run with them set to the size" in a for a in student.interface.adaptations)
        agrees_with_reference(student, student.game, count=3)  # and the constants are set back


GRID_OBJECT = '''
import random


class Grid:
    """The board's size, with what the rules derive from it when built."""

    def __init__(self, rows=6, cols=7):
        self.rows, self.cols = rows, cols
        self.columns = list(range(cols))


grid = Grid()


def empty_board():
    return [[0] * grid.cols for _ in range(grid.rows)]


def actions(board):
    if (len(board), len(board[0])) != (grid.rows, grid.cols):
        raise IndexError("a board of another size")
    return [c for c in grid.columns if board[0][c] == 0]


def result(board, player, action):
    after = [row[:] for row in board]
    for r in range(grid.rows - 1, -1, -1):
        if after[r][action] == 0:
            after[r][action] = player
            return after
    raise ValueError("column full")


def _cell(board, r, c):
    return board[r][c]


def random_player(board, player):
    return random.choice(actions(board))
'''.replace("ROWS", "grid.rows") + WINNER_TERMINAL_UTILITY.replace("ROWS", "grid.rows").replace("COLS", "grid.cols")


def test_a_module_level_object_that_keeps_the_size_follows_the_board_each_call_is_given():
    """``grid = Grid()`` keeps 6 and 7 (and a list of columns built from them) and every function reads it: asked
    about a 5x6 board, the functions run with an object of that size built as the notebook builds it, as size
    constants would be set (a red-team agent lost "first moves on small boards" to its 6x7 rules object)."""
    box, student = adapted_source(GRID_OBJECT)
    with box:
        assert any("read grid run with it set to the size" in a for a in student.interface.adaptations)
        smaller = load_game("connect4", rows=5, cols=6)
        agrees_with_reference(student.at_size(smaller), smaller, count=6)
        agrees_with_reference(student, student.game, count=3)  # and the notebook's own object is put back


STACKS_WITH_CONSTANTS = '''
import copy

ROWS, COLS = 6, 7


def empty_board():
    return [[] for _ in range(COLS)]


def actions(board):
    if len(board) != COLS:
        raise IndexError("a board of another width")
    return [c for c in range(COLS) if len(board[c]) < ROWS]


def result(board, player, action):
    after = copy.deepcopy(board)
    after[action].append(player)
    return after


def _cell(board, r, c):
    return board[c][r] if r < len(board[c]) else 0
''' + WINNER_TERMINAL_UTILITY


def test_size_constants_follow_the_size_asked_when_the_board_does_not_show_it():
    """Columns kept as stacks of discs do not show the board's height, and a full 5x6 board's stacks look like a
    6x5 grid: the constants follow the size the grader asks about, not the value's shape."""
    box, student = adapted_source(STACKS_WITH_CONSTANTS)
    with box:
        assert "column stacks" in student.representation.describe()
        smaller = load_game("connect4", rows=5, cols=6)
        resized = student.at_size(smaller)
        agrees_with_reference(resized, smaller, count=6)
        full = smaller.initial_state()
        for move in (0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 4, 5, 4, 5, 4, 5, 5, 4, 5, 4):
            full = smaller.result(full, move)
        assert smaller.terminal(full) and smaller.utility(full, 1) == 0  # a draw that fills the board
        reply = resized.terminal(smaller.to_course(full))
        assert reply.ok and reply.value is True, reply
        agrees_with_reference(student, student.game, count=3)
