"""Correct Dots and Boxes notebooks in shapes students plausibly write, each mixing several traits the
metamorphic catalogue exercises one at a time (red team, 2026-11-28): every function and agent keeps its
points, and the general rules each one needed hold on their own."""

from __future__ import annotations

import math

import pytest

from grader.adapt.infer import arithmetic_player_pairs
from grader.adapt.learned_cells import learn
from grader.adapt.replayed_states import NUMBERED, match_encoding
from grader.adapt.representations import candidates
from grader.adapt.search_arguments import WATCHED, read_arguments
from grader.search_tree import read_search
from grader.games.dots_and_boxes.moves import NUMBERINGS, dots_to_line, lettered
from grader.grading import grade_submission
from grader.rubric import load_rubric
from grader.sandbox import Limits, Sandbox
from reference.games import load_game
from tests.helpers.adapting import STUDENTS

pytestmark = pytest.mark.timeout(300)

GAME = load_game("dots_and_boxes", rows=4, cols=4)


# --- the rules, one by one -------------------------------------------------------------------------


def test_a_line_given_as_the_set_of_its_two_dots_is_read_like_the_pair():
    assert dots_to_line(frozenset({(0, 1), (0, 0)})) == ("h", 0, 0)
    assert dots_to_line({(2, 3), (3, 3)}, offset=1) == ("v", 1, 2)


def test_a_lines_kind_written_as_its_word_is_read_as_its_letter():
    assert lettered(("horizontal", 0, 1)) == ("h", 0, 1)
    assert lettered(("Vertical", 2, 0)) == ("v", 2, 0)
    assert lettered(("hello", 0, 1)) is None and lettered(("row", 0, 1)) is None


def test_the_games_own_move_forms_are_read_when_written_as_text():
    one_based = [f"{k.upper()} {r + 1} {c + 1}" for k, r, c in GAME.actions(GAME.initial_state())]
    words = [w for w, _ in match_encoding(one_based, GAME, GAME.initial_state())]
    assert "('h'|'v', row, col) 1-based written as text" in words


def test_a_move_whose_numbers_run_together_in_its_text_is_read_a_digit_for_each():
    named = [f"{k}{r}{c}" for k, r, c in GAME.actions(GAME.initial_state())]
    assert [w for w, _ in match_encoding(named, GAME, GAME.initial_state())] == [
        "('h'|'v', row, col) written as text, a digit for each number"]


def test_lines_numbered_from_0_read_in_every_numbering_and_from_1_are_paired_in_order_with_the_courses():
    count = len(GAME.actions(GAME.initial_state()))
    found = match_encoding(list(range(count)), GAME, GAME.initial_state())
    # a list of every line's number says nothing of the numbering: each is a reading the replay chooses among
    assert [w.removeprefix("numbers counting the lines ") for w, _ in found] == [w for w, _ in NUMBERINGS]
    openspiel, _, by_rows, _ = (table for _, table in found)
    assert openspiel[("h", 0, 0)] == 0 and openspiel[("v", 0, 0)] == 12  # 4x4 dots: 12 horizontals first
    assert by_rows[("h", 0, 2)] == 2 and by_rows[("v", 0, 0)] == 3 and by_rows[("h", 1, 0)] == 7
    from_one = match_encoding(list(range(1, count + 1)), GAME, GAME.initial_state())
    assert [w for w, _ in from_one] == [NUMBERED] and from_one[0][1][("v", 0, 0)] == 13
    # one move missing (an actions() bug): the same numberings, as a last resort; half of them or fewer: none
    assert [w for w, _ in match_encoding(list(range(count - 1)), GAME, GAME.initial_state())] == [w for w, _ in found]
    assert match_encoding(list(range(count // 2)), GAME, GAME.initial_state()) == []


def test_the_other_player_as_arithmetic_names_the_ids():
    assert arithmetic_player_pairs("def f(board, player):\n    return 1 - player\n") == ((0, 1),)
    assert arithmetic_player_pairs("nxt = 3 - state.mover\n") == ((1, 2),)
    assert arithmetic_player_pairs("q = 1 - p_win\n") == ()  # a probability is no player


def test_a_board_whose_parts_no_reading_decodes_has_no_reading():
    """Keys 'lines' and 'boxes' are the course's outline, but box owners in a grid are not its boxes."""
    board = {"rows": 4, "cols": 4, "lines": set(), "boxes": [[None] * 3 for _ in range(3)], "turn": "A"}
    assert candidates(GAME, board) == []
    assert candidates(GAME, {"size": (4, 4), "lines": {}, "boxes": {}})


def test_a_line_that_keeps_who_drew_it_reads_as_drawn_but_a_box_keeps_its_owner():
    """Lines hold the drawer's id, which the course's board does not keep; a box's id still names its owner."""
    line, box = (("k", "lines"), ("k", ("h", 0, 0))), (("k", "boxes"), ("k", (0, 0)))
    their_line, their_box = (("k", "lines"), ("k", (1, 1, 1, 2))), (("k", "boxes"), ("k", (1, 1)))
    samples = [({}, {}), ({line: True}, {their_line: "X"}), ({line: True}, {their_line: "O"}),
               ({line: True, box: 1}, {their_line: "X", their_box: "X"}),
               ({line: True, box: 1}, {their_line: "O", their_box: "O"})]  # the box given to the wrong player
    cells = {cell.square: cell for cell in learn(samples, ("X", "O")).cells}
    assert cells[line].read("O") is True and cells[line].read("X") is True
    assert cells[box].read("O") == -1


# a correct max/min alpha-beta on a tree with extra turns: a node is a leaf's value or a list of (keeps the
# turn, child); the agent loops over the root's moves itself
SEARCH = '''
import math

def max_value(node, alpha, beta, me):
    if isinstance(node, int):
        return node
    v = -math.inf
    for keeps, child in node:
        v = max(v, (max_value if keeps else min_value)(child, alpha, beta, me))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v

def min_value(node, alpha, beta, me):
    if isinstance(node, int):
        return node
    v = math.inf
    for keeps, child in node:
        v = min(v, (min_value if keeps else max_value)(child, alpha, beta, me))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v

def root_loop_agent(tree):
    best, alpha = None, -math.inf
    for i, (keeps, child) in enumerate(tree):
        v = (max_value if keeps else min_value)(child, alpha, math.inf, 1)
        if v > alpha:
            best, alpha = i, v
    return best

def agent(tree):
    return max_value(tree, -math.inf, math.inf, 1)
'''

# after the root's capture its mover branches again; the opponent's replies all keep the turn (min_value never
# calls max_value back), and every opponent position is cut after one reply
CAPTURES = [(True, [(False, [(True, 5)]), (False, [(True, 7)])]),
            (False, [(True, 1), (True, 8)]), (False, [(True, 2), (True, 9)])]


@pytest.fixture(scope="module")
def box():
    with Sandbox([SEARCH], Limits(call_timeout=10.0)) as box:
        assert box.load_report.ok, box.load_report
        yield box


def test_a_function_entered_beside_the_search_that_calls_into_it_holds_positions_too(box):
    """max_value calls itself through no cycle of this tree, yet holds the positions after the root's capture."""
    r = box.call_with("root_loop_agent", (CAPTURES,), count_calls=True)
    search = read_search(r.counted)
    assert search.functions == ("max_value", "min_value")
    assert len(search.searches) == 1 and search.searches[0].levels[:2] == (1, 3)


def test_with_extra_turns_branching_on_consecutive_levels_is_no_window_left_unchanged(box):
    r = box.call_with("agent", (CAPTURES,), count_calls=True, watch=WATCHED)
    nodes = read_search(r.counted).nodes
    assert read_arguments(r.counted, nodes, None, alternating=True).window_unchanged  # levels read as sides
    passed = read_arguments(r.counted, nodes, None, alternating=False)
    assert passed.beta_fixed and not passed.window_unchanged


# --- whole notebooks -----------------------------------------------------------------------------------


#: the alpha-beta checks every fixture's search passes; the timing on 5x5 boards and the tactics that need a deep
#: search depend on each fixture's own depth schedule, not on the grader
SEARCH_CHECKS = ("legal moves in time", "tactics", "beats random", "positions searched")


def points_by_check(fixture: str) -> dict[str, tuple[float, float]]:
    """Points of the checks that judged the notebook: not those graded by hand, nor a search that counting its
    calls slowed past its budget on this machine (status skipped: not judged, nothing charged)."""
    graded = grade_submission(STUDENTS / fixture, "dots_and_boxes", load_rubric(None).assignment("dots_and_boxes"),
                              public_only=True)
    return {c.check: (c.points, c.max_points) for c in graded.checks if c.status not in ("manual", "skipped")}


#: whole notebooks graded at about 10 s each: CI runs them after the default selection (.ci/run), as the other slow ones
SLOW = pytest.mark.slow


@pytest.mark.parametrize("fixture, lost", [
    pytest.param("dab_play_in_place_answers_extra_turn.py", {"result: does not change its input board"},
                 marks=SLOW),  # the course's rule
    ("dab_boxes_in_a_grid_moves_as_four_numbers.py", set()),
    pytest.param("dab_aima_game_class_sized_in_boxes.py", set(), marks=SLOW),
    pytest.param("dab_lines_numbered_in_order.py", set(), marks=SLOW),
    pytest.param("dab_class_text_moves_one_based.py", {"result: does not change its input board"}, marks=SLOW),
    pytest.param("dab_line_kinds_as_words_players_0_1.py", set(), marks=SLOW),
    ("dab_state_pair_lines_named_h01.py", set()),
    ("dab_template_outline_lines_as_four_numbers.py", set()),
])
def test_correct_notebooks_in_mixed_shapes_keep_their_points(fixture, lost):
    checks = points_by_check(fixture)
    judged = {name: pm for name, pm in checks.items() if not name.startswith(("alpha_beta_player", "mcts_player"))
              or name.startswith("alpha_beta_player") and name.split(": ", 1)[1] in SEARCH_CHECKS}
    short = {name for name, (got, most) in judged.items() if not math.isclose(got, most)}
    assert short == lost, {name: checks[name] for name in short}


def test_moves_that_nest_the_starting_dot_are_read_and_played_through_the_students_class():
    """Moves ('H', (r, c)) read as ('h', r, c) (a line's parts, however they nest): positions are built through the
    student's in-place class, so its functions and agents keep their points (before, no encoding read them and
    every role went to a person). Only the in-place transition loses its check, as the course asks."""
    graded = grade_submission(STUDENTS / "dab_class_nested_moves.py", "dots_and_boxes",
                              load_rubric(None).assignment("dots_and_boxes"), public_only=True)
    by_name = {c.check: c for c in graded.checks}
    rules = [c for c in graded.checks if c.check.startswith(("initial_state", "actions", "result", "terminal",
                                                                "utility"))]
    assert {c.check for c in rules if c.points < c.max_points} == {"result: does not change its input board"}
    for check in ("random_player: legal moves in time", "alpha_beta_player: legal moves in time",
                  "alpha_beta_player: tactics"):
        assert (by_name[check].status, by_name[check].points) == ("passed", by_name[check].max_points), check
