"""Dots and Boxes rules, state layout, course representation and drawings (reference/games/dots_and_boxes.py)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from functools import lru_cache

import numpy as np
import pytest

from reference.games import load_game
from reference.games.base import Game, IllegalAction, InvalidBoard
from reference.games.dots_and_boxes import DBState, DotsAndBoxes


def play(game: DotsAndBoxes, *actions, state: DBState | None = None) -> DBState:
    state = game.initial_state() if state is None else state
    for action in actions:
        state = game.result(state, action)
    return state


def random_position(game: DotsAndBoxes, rng: random.Random, drawn: int | None = None) -> DBState:
    """A position reached by uniformly random play, with ``drawn`` lines (random count if None)."""
    state = game.initial_state()
    drawn = rng.randint(0, game.num_lines) if drawn is None else drawn
    for _ in range(drawn):
        state = game.result(state, rng.choice(game.actions(state)))
    return state


# --- size, layout and tables ---


def test_load_game_counts_dots_as_the_course_does():
    game = load_game("dots_and_boxes", rows=4, cols=4)
    assert game == DotsAndBoxes(4, 4)
    assert (game.rows, game.cols, game.num_lines, game.num_boxes) == (4, 4, 24, 9)
    assert game.name == "dots_and_boxes"


def test_default_size_is_four_by_four_dots():
    assert DotsAndBoxes() == DotsAndBoxes(rows=4, cols=4)


@pytest.mark.parametrize("rows, cols", [(1, 4), (4, 1), (0, 3), (True, 3), (2.0, 3)])
def test_a_board_needs_at_least_two_dots_per_side(rows, cols):
    with pytest.raises(ValueError, match="at least 2 dots"):
        DotsAndBoxes(rows, cols)


def test_games_are_equal_and_hash_by_size():
    assert DotsAndBoxes(3, 5) == DotsAndBoxes(3, 5)
    assert DotsAndBoxes(3, 5) != DotsAndBoxes(5, 3)
    assert len({DotsAndBoxes(3, 5), DotsAndBoxes(3, 5), DotsAndBoxes(5, 3)}) == 2
    assert repr(DotsAndBoxes(3, 5)) == "DotsAndBoxes(rows=3, cols=5)"


@pytest.mark.parametrize("rows, cols", [(2, 2), (3, 4), (4, 4), (5, 3)])
def test_line_bits_put_horizontals_first_then_verticals(rows, cols):
    game = DotsAndBoxes(rows, cols)
    for r in range(rows):
        for c in range(cols - 1):
            assert game.line_index[("h", r, c)] == r * (cols - 1) + c
    for r in range(rows - 1):
        for c in range(cols):
            assert game.line_index[("v", r, c)] == rows * (cols - 1) + r * cols + c
    assert game.num_lines == rows * (cols - 1) + (rows - 1) * cols
    assert [game.line_index[a] for a in game.line_actions] == list(range(game.num_lines))
    assert game.all_lines == (1 << game.num_lines) - 1


@pytest.mark.parametrize("rows, cols", [(2, 2), (3, 4), (4, 4), (5, 3)])
def test_box_tables_name_each_box_by_its_top_left_dot_and_its_four_sides(rows, cols):
    game = DotsAndBoxes(rows, cols)
    assert game.num_boxes == (rows - 1) * (cols - 1)
    for b, (r, c) in enumerate(game.box_coords):
        assert b == r * (cols - 1) + c
        sides = [("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)]
        assert game.box_lines[b] == sum(1 << game.line_index[s] for s in sides)
    for i, (kind, r, c) in enumerate(game.line_actions):
        on_edge = (kind == "h" and r in (0, rows - 1)) or (kind == "v" and c in (0, cols - 1))
        assert len(game.line_boxes[i]) == (1 if on_edge else 2)
        assert game.line_box_masks[i] == tuple(game.box_lines[b] for b in game.line_boxes[i])
        for b in game.line_boxes[i]:
            assert game.box_lines[b] >> i & 1


# --- rules ---


def test_initial_state_is_the_empty_board_with_the_first_player_to_move():
    game = DotsAndBoxes(4, 4)
    state = game.initial_state()
    assert state == DBState(lines=0, boxes_first=0, boxes_second=0, player=1)
    assert game.to_move(state) == 1
    assert len(game.actions(state)) == 24
    assert not game.terminal(state)


def test_actions_are_the_undrawn_lines_in_bit_order():
    game = DotsAndBoxes(3, 3)
    state = play(game, ("v", 1, 2), ("h", 0, 0))
    assert game.actions(state) == [a for a in game.line_actions if a not in {("v", 1, 2), ("h", 0, 0)}]
    assert game.actions(state)[0] == ("h", 0, 1)


def test_turn_passes_when_no_box_is_completed():
    game = DotsAndBoxes(3, 3)
    state = play(game, ("h", 0, 0))
    assert game.to_move(state) == -1
    state = play(game, ("v", 0, 0), state=state)
    assert game.to_move(state) == 1
    assert state.boxes_first == state.boxes_second == 0


def test_extra_turn_after_completing_one_box():
    game = DotsAndBoxes(3, 3)
    state = play(game, ("h", 0, 0), ("h", 1, 0), ("v", 0, 0))  # +1, -1, +1: box (0, 0) has three sides
    assert game.to_move(state) == -1
    state = game.result(state, ("v", 0, 1))
    assert game.to_move(state) == -1, "the player who closes a box moves again"
    assert state.boxes_second == 1 << 0 and state.boxes_first == 0
    assert game.to_course(state)["boxes"] == {(0, 0): -1}
    state = game.result(state, ("h", 2, 1))  # closes nothing: now the turn passes
    assert game.to_move(state) == 1


def test_extra_turn_after_completing_two_boxes_at_once():
    game = DotsAndBoxes(2, 3)  # two boxes side by side; ('v', 0, 1) is the wall between them
    state = play(game, ("h", 0, 0), ("h", 0, 1), ("h", 1, 0), ("h", 1, 1), ("v", 0, 0), ("v", 0, 2))
    assert game.to_move(state) == 1
    state = game.result(state, ("v", 0, 1))
    assert state.boxes_first == 0b11 and state.boxes_second == 0
    assert game.terminal(state)
    assert game.utility(state, 1) == 2


def test_extra_turn_after_completing_two_boxes_mid_game():
    game = DotsAndBoxes(3, 3)
    state = play(game, ("h", 0, 0), ("h", 0, 1), ("h", 1, 0), ("h", 1, 1), ("v", 0, 0), ("v", 0, 2), ("h", 2, 0))
    assert game.to_move(state) == -1
    state = game.result(state, ("v", 0, 1))
    assert state.boxes_second == 0b11
    assert game.to_move(state) == -1
    assert not game.terminal(state)


def test_last_line_ends_the_game_and_its_drawer_claims_the_box():
    game = DotsAndBoxes(2, 2)  # one box, four lines: moves alternate +1, -1, +1, -1
    state = play(game, ("h", 0, 0), ("h", 1, 0), ("v", 0, 0))
    assert not game.terminal(state)
    assert game.to_move(state) == -1
    state = game.result(state, ("v", 0, 1))
    assert game.terminal(state)
    assert game.actions(state) == []
    assert state.boxes_second == 1
    assert game.to_move(state) == -1, "after the last line the player field names who drew it"
    assert game.utility(state, -1) == 1 and game.utility(state, 1) == -1
    assert game.winner(state) == -1


def test_utility_is_the_players_boxes_minus_the_opponents():
    game = DotsAndBoxes(4, 4)
    state = DBState(lines=game.all_lines, boxes_first=0b000011111, boxes_second=0b111100000, player=1)
    assert game.utility(state, 1) == 1
    assert game.utility(state, -1) == -1
    assert game.winner(state) == 1
    tie = DBState(lines=DotsAndBoxes(3, 4).all_lines, boxes_first=0b000111, boxes_second=0b111000, player=-1)
    assert DotsAndBoxes(3, 4).utility(tie, 1) == 0
    assert DotsAndBoxes(3, 4).winner(tie) is None


def test_utility_of_an_unfinished_game_is_the_margin_so_far_and_there_is_no_winner_yet():
    game = DotsAndBoxes(3, 3)
    state = play(game, ("h", 0, 0), ("h", 1, 0), ("v", 0, 0), ("v", 0, 1))
    assert game.utility(state, -1) == 1
    assert game.winner(state) is None


def test_drawing_a_drawn_line_is_illegal():
    game = DotsAndBoxes(3, 3)
    state = play(game, ("h", 1, 0))
    with pytest.raises(IllegalAction, match=r"\('h', 1, 0\) is already drawn"):
        game.result(state, ("h", 1, 0))


@pytest.mark.parametrize(
    "action, why",
    [
        (("h", 0, 2), "'h' lines start at rows 0..2, columns 0..1"),
        (("v", 2, 0), "'v' lines start at rows 0..1, columns 0..2"),
        (("h", -1, 0), "does not exist"),
        (("d", 0, 0), "orientation must be 'h' or 'v'"),
        (("H", 0, 0), "orientation must be 'h' or 'v'"),
    ],
)
def test_a_line_that_does_not_exist_is_illegal(action, why):
    game = DotsAndBoxes(3, 3)
    with pytest.raises(IllegalAction, match="does not exist") as error:
        game.result(game.initial_state(), action)
    assert why in str(error.value)


@pytest.mark.parametrize("action", [3, "h00", ("h", 0), ("h", 0, "0"), None])
def test_an_action_that_is_not_a_line_is_illegal(action):
    game = DotsAndBoxes(3, 3)
    with pytest.raises(IllegalAction, match="not a line|does not exist"):
        game.result(game.initial_state(), action)


def test_result_accepts_lists_and_numpy_integers_as_lines():
    game = DotsAndBoxes(3, 3)
    expected = play(game, ("v", 1, 2))
    assert game.result(game.initial_state(), ["v", 1, 2]) == expected
    assert game.result(game.initial_state(), ("v", np.int64(1), np.int8(2))) == expected


def test_states_are_hashable_values():
    game = DotsAndBoxes(3, 3)
    a = play(game, ("h", 0, 0), ("v", 1, 1))
    b = play(game, ("h", 0, 0), ("v", 1, 1))
    assert a == b and hash(a) == hash(b) and a is not b
    assert len({a, b, game.initial_state()}) == 2


# --- random playouts ---


@lru_cache(maxsize=None)
def exact_future_margins(game: DotsAndBoxes, lines: int) -> tuple[tuple[int, float], ...]:
    """Distribution of the mover's future margin under uniformly random play, by recursion on line sets."""
    if lines == game.all_lines:
        return ((0, 1.0),)
    free = [i for i in range(game.num_lines) if not lines >> i & 1]
    dist: Counter = Counter()
    for i in free:
        child = lines | 1 << i
        closed = sum(child & m == m for m in game.line_box_masks[i])
        for margin, p in exact_future_margins(game, child):
            dist[closed + margin if closed else -margin] += p / len(free)
    return tuple(sorted(dist.items()))


def chi_square(samples: list[int], expected: dict[int, float]) -> float:
    counts = Counter(samples)
    assert set(counts) <= set(expected), "a playout produced an impossible margin"
    n = len(samples)
    return sum((counts[k] - n * p) ** 2 / (n * p) for k, p in expected.items())


def test_fast_random_playout_has_the_same_outcome_distribution_as_the_public_api_playout():
    game = DotsAndBoxes(3, 3)  # 2 x 2 boxes: the exact distribution is cheap to compute
    expected = dict(exact_future_margins(game, 0))
    start = game.initial_state()
    fast = [game.random_playout(start, random.Random(seed)) for seed in range(40_000)]
    rng = random.Random(2024)
    generic = [Game.random_playout(game, start, rng) for _ in range(8_000)]
    # 9 possible margins (-4..4): 8 degrees of freedom; chi-square 40 has p < 1e-5.
    assert chi_square(fast, expected) < 40
    assert chi_square(generic, expected) < 40
    mean = sum(k * p for k, p in expected.items())
    assert abs(sum(fast) / len(fast) - mean) < 0.05


def test_random_playout_from_a_position_counts_the_boxes_already_claimed():
    game = DotsAndBoxes(3, 4)
    rng = random.Random(7)
    for _ in range(200):
        state = random_position(game, rng)
        seed = rng.random()
        outcome = game.random_playout(state, random.Random(seed))
        # Replaying the fast playout's line order through result() reaches the same outcome.
        order = [step for step in game._line_steps if not state.lines & step[0]]
        random.Random(seed).shuffle(order)
        replay = state
        for bit, _ in order:
            replay = game.result(replay, game.line_actions[bit.bit_length() - 1])
        assert game.terminal(replay)
        assert outcome == game.utility(replay, 1)


def test_random_playout_of_a_finished_game_is_its_utility():
    game = DotsAndBoxes(3, 3)
    state = random_position(game, random.Random(3), drawn=game.num_lines)
    assert game.random_playout(state, random.Random(0)) == game.utility(state, 1)


# --- the course's representation ---


def test_to_course_lists_drawn_lines_and_claimed_boxes():
    game = DotsAndBoxes(3, 3)
    state = play(game, ("h", 0, 0), ("h", 1, 0), ("v", 0, 0), ("v", 0, 1))
    assert game.to_course(state) == {
        "size": (3, 3),
        "lines": {("h", 0, 0): True, ("h", 1, 0): True, ("v", 0, 0): True, ("v", 0, 1): True},
        "boxes": {(0, 0): -1},
    }


def test_to_course_returns_a_fresh_dict_each_call():
    game = DotsAndBoxes(3, 3)
    state = play(game, ("h", 0, 0))
    board = game.to_course(state)
    board["lines"][("v", 0, 0)] = True
    board["boxes"][(1, 1)] = 1
    assert game.to_course(state) == {"size": (3, 3), "lines": {("h", 0, 0): True}, "boxes": {}}


@pytest.mark.parametrize("rows, cols", [(2, 2), (3, 3), (3, 5), (4, 4), (5, 3)])
def test_course_round_trip_on_random_reachable_positions(rows, cols):
    game = DotsAndBoxes(rows, cols)
    rng = random.Random(rows * 10 + cols)
    for _ in range(150):
        state = random_position(game, rng)
        board = game.to_course(state)
        assert game.from_course(board, to_move=game.to_move(state)) == state


def test_from_course_on_the_empty_board_needs_no_player():
    game = DotsAndBoxes(4, 4)
    board = {"size": (4, 4), "lines": {}, "boxes": {}}
    assert game.from_course(board) == game.initial_state()
    assert game.from_course(board, to_move=1) == game.initial_state()


def test_from_course_accepts_a_list_size_and_numpy_bools():
    game = DotsAndBoxes(3, 3)
    board = {"size": [3, 3], "lines": {("h", 0, 0): np.True_}, "boxes": {}}
    assert game.from_course(board, to_move=-1) == play(game, ("h", 0, 0))


def closed_box_board() -> dict:
    """3 x 3 dots with box (0, 0) closed and claimed by -1."""
    lines = {("h", 0, 0): True, ("h", 1, 0): True, ("v", 0, 0): True, ("v", 0, 1): True}
    return {"size": (3, 3), "lines": lines, "boxes": {(0, 0): -1}}


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda b: b.update(turn=1), "unknown key"),
        (lambda b: b.pop("boxes"), "lacks key"),
        (lambda b: b.update(size=(4, 4)), r"size \(4, 4\) is not this game's \(3, 3\)"),
        (lambda b: b.update(size=3), "size 3 is not"),
        (lambda b: b.update(lines=[("h", 0, 0)]), "must be a dict"),
        (lambda b: b.update(boxes=None), "keeps no box owners"),
        (lambda b: b["lines"].update({("h", 0, 2): True}), r"\('h', 0, 2\) does not exist"),
        (lambda b: b["lines"].update({("x", 0, 0): True}), "orientation must be 'h' or 'v'"),
        (lambda b: b["lines"].update({"h00": True}), "not a line"),
        (lambda b: b["lines"].update({("h", 2, 1): False}), "has value False"),
        (lambda b: b["lines"].update({("h", 2, 1): 1}), "has value 1"),
        (lambda b: b["lines"].update({("h", 2, 1): "yes"}), "has value 'yes'"),
        (lambda b: b["boxes"].update({(1, 1): 1}), r"box \(1, 1\) is claimed by \+1 but is not closed"),
        (lambda b: b["boxes"].pop((0, 0)), r"box \(0, 0\) is closed by four lines but nobody claims it"),
        (lambda b: b["boxes"].update({(0, 0): 2}), "owners are \\+1 and -1"),
        (lambda b: b["boxes"].update({(0, 0): True}), "owners are \\+1 and -1"),
        (lambda b: b["boxes"].update({(2, 0): 1}), r"box \(2, 0\) does not exist"),
        (lambda b: b["boxes"].update({"a": 1}), "not a box"),
    ],
)
def test_from_course_rejects_an_impossible_board(edit, message):
    game = DotsAndBoxes(3, 3)
    board = closed_box_board()
    assert game.from_course(board, to_move=-1).boxes_second == 1  # the unedited board is fine
    edit(board)
    with pytest.raises(InvalidBoard, match=message):
        game.from_course(board, to_move=-1)


def test_a_board_that_keeps_counts_not_owners_is_read_with_its_closed_boxes_shared_out_and_compared_on_counts():
    """Students keep each player's score rather than who owns which box: such a board has the rules' state
    with the counts it says, and is the same board as any with those lines and those counts."""
    game = DotsAndBoxes(3, 3)
    counted = {"size": (3, 3), "lines": closed_box_board()["lines"], "boxes": None, "counts": {1: 0, -1: 1}}
    state = game.from_course(counted, to_move=-1)
    assert (state.boxes_first, state.boxes_second) == (0, 1)
    assert game.same_board(counted, closed_box_board())
    assert not game.same_board({**counted, "counts": {1: 1, -1: 0}}, closed_box_board())
    assert game.same_board({**counted, "counts": None}, closed_box_board())  # nothing kept: the lines decide
    with pytest.raises(InvalidBoard, match="do not share out its 1 closed boxes"):
        game.from_course({**counted, "counts": {1: 1, -1: 1}}, to_move=-1)


def test_from_course_rejects_what_is_not_a_dict():
    with pytest.raises(InvalidBoard, match="is a dict"):
        DotsAndBoxes(3, 3).from_course([[0, 0], [0, 0]], to_move=1)


def test_from_course_needs_to_move_once_a_line_is_drawn():
    game = DotsAndBoxes(3, 3)
    with pytest.raises(InvalidBoard, match="pass to_move"):
        game.from_course(closed_box_board())


@pytest.mark.parametrize("to_move", [0, 2, "x", True])
def test_from_course_rejects_a_player_other_than_plus_or_minus_one(to_move):
    with pytest.raises(InvalidBoard, match="to_move must be"):
        DotsAndBoxes(3, 3).from_course(closed_box_board(), to_move=to_move)


def test_from_course_rejects_the_second_player_to_move_on_the_empty_board():
    with pytest.raises(InvalidBoard, match="empty board"):
        DotsAndBoxes(3, 3).from_course({"size": (3, 3), "lines": {}, "boxes": {}}, to_move=-1)


# --- drawings ---


def test_text_draws_lines_boxes_and_whose_turn_it_is():
    game = DotsAndBoxes(3, 3)
    state = play(game, ("h", 0, 0), ("h", 1, 0), ("v", 0, 0), ("v", 0, 1), ("h", 2, 1))
    assert game.text(state) == "\n".join(
        [
            "   0   1   2",
            "0  o---o   o",
            "   |-1 |",
            "1  o---o   o",
            "",
            "2  o   o---o",
            "boxes +1: 0, -1: 1; +1 to move",
        ]
    )


def test_svg_is_well_formed_and_marks_boxes_and_highlighted_lines():
    game = DotsAndBoxes(3, 4)
    state = play(game, ("h", 0, 0), ("h", 1, 0), ("v", 0, 0), ("v", 0, 1))
    svg = game.svg(state, highlight=[("v", 0, 1)])
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}circle")) == 12  # one per dot
    assert len(root.findall(f"{ns}line")) == game.num_lines
    assert [t.text for t in root.findall(f"{ns}text")] == ["-1"]
    assert svg.count('stroke-width="6"') == 1  # the highlighted line
    with pytest.raises(IllegalAction):
        game.svg(state, highlight=[("h", 5, 5)])


def test_the_line_to_a_position_closes_each_box_by_its_owner_and_leaves_its_player_to_move():
    """How a position is built through a student's own code (``moves_to``): the boxes' owners and the player
    to move come out as the position says, on boards of several sizes."""
    from reference.positions import random_positions
    for rows, cols in ((4, 4), (5, 3)):
        game = DotsAndBoxes(rows, cols)
        for state in random_positions(game, 30, seed=5):
            replay = game.initial_state()
            for line in game.moves_to(state):
                replay = game.result(replay, line)
            assert replay == state or game.terminal(state) and replay[:3] == state[:3]
