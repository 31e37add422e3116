"""Code in the shape of well-known public interfaces, written for the tests: an OpenSpiel-like state (lines
numbered, ``returns()`` one value per player), a gym-like environment (``step``), and a tutorial whose board
size lives in module-level constants. Each is correct code and must be read as such."""

import pytest

from reference.games import load_game
from tests.helpers.adapting import adapted, agrees_with_reference

pytestmark = pytest.mark.timeout(180)


def test_size_constants_follow_the_board_each_call_is_given():
    """ROWS = 6 and COLS = 7 at the top, read by every function: asked on a 5x6 board, the functions run
    with the constants set to 5 and 6."""
    box, student = adapted("c4_tutorial_search_with_depth.py", "connect4")
    with box:
        smaller = load_game("connect4", rows=5, cols=6)
        agrees_with_reference(student.at_size(smaller), smaller, count=6)
        assert any("run with them set to the size" in a for a in student.interface.adaptations)
        agrees_with_reference(student, student.game, count=3)  # and the constants are set back
