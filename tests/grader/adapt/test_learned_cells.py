"""The reading learned from the student's own states (grader.adapt.learned_cells), and the worker's leaves and
writes by path (grader.sandbox.helpers) it stands on."""

from __future__ import annotations

import dataclasses
import random
from collections import namedtuple

import numpy as np

from grader.adapt.learned_cells import course_leaves, course_marks, learn, student_leaves
from grader.sandbox import helpers
from reference.games import load_game
from reference.positions import random_line

Pair = namedtuple("Pair", "board turn")


@dataclasses.dataclass(frozen=True)
class Frozen:
    lines: frozenset
    score: int


class Box:
    def __init__(self) -> None:
        self.grid = np.zeros((2, 2), dtype=int)


def _put_all(state, assignments):
    for path, present, value in assignments:
        state = helpers.put(state, path, present, value)
    return state


def test_leaves_reach_every_plain_value_by_its_path():
    state = {"board": [[0, 1]], "drawn": {("h", 0, 0)}, "pair": Pair((0, "X"), 1)}
    assert sorted(map(repr, helpers.leaves(state))) == sorted(map(repr, [
        [[["k", "board"], ["i", 0], ["i", 0]], 0], [[["k", "board"], ["i", 0], ["i", 1]], 1],
        [[["k", "drawn"], ["m", ("h", 0, 0)]], True],
        [[["k", "pair"], ["a", "board"], ["i", 0]], 0], [[["k", "pair"], ["a", "board"], ["i", 1]], "X"],
        [[["k", "pair"], ["a", "turn"]], 1]]))


def test_a_list_of_the_moves_played_is_the_set_of_its_members():
    """Lines kept in a list in the order drawn: where a line sits in the list says nothing, so a list whose members
    are all moves played is read as a set (a list of other tuples, a grid's rows, keeps its indices), and a line
    written into it is appended or taken out."""
    played = frozenset({("h", 0, 0), ("v", 1, 2)})
    state = {"drawn": [("v", 1, 2), ("h", 0, 0)], "rows": [(0, 1), (1, 0)], "history": [(("h", 0, 0), [])]}
    found = sorted(map(repr, helpers.leaves(state, moves=played)))
    assert repr([[["k", "drawn"], ["m", ("h", 0, 0)]], True]) in found
    assert repr([[["k", "drawn"], ["m", ("v", 1, 2)]], True]) in found
    assert repr([[["k", "rows"], ["i", 1], ["i", 0]], 1]) in found
    assert repr([[["k", "drawn"], ["i", 0], ["i", 0]], "v"]) in map(repr, helpers.leaves(state))  # no moves known
    state = _put_all(state, [[[["k", "drawn"], ["m", ("h", 2, 1)]], True, True],
                             [[["k", "drawn"], ["m", ("v", 1, 2)]], False, None]])
    assert state["drawn"] == [("h", 0, 0), ("h", 2, 1)]


def test_writes_by_path_change_containers_and_rebuild_what_cannot_change():
    state = {"pair": Pair((0, 0), 1), "drawn": set(), "box": Box(), "frozen": Frozen(frozenset(), 0)}
    state = _put_all(state, [
        [[["k", "pair"], ["a", "board"], ["i", 1]], True, "O"],  # a tuple inside a named tuple: both rebuilt
        [[["k", "drawn"], ["m", ("v", 1, 2)]], True, True],
        [[["k", "box"], ["a", "grid"], ["i", 1], ["i", 0]], True, -1],  # a numpy cell
        [[["k", "frozen"], ["a", "lines"], ["m", "a"]], True, True],
        [[["k", "frozen"], ["a", "score"]], True, 3],
    ])
    assert state["pair"] == Pair((0, "O"), 1)
    assert state["drawn"] == {("v", 1, 2)}
    assert state["box"].grid.tolist() == [[0, 0], [-1, 0]]
    assert state["frozen"] == Frozen(frozenset({"a"}), 3)
    state = _put_all(state, [[[["k", "drawn"], ["m", ("v", 1, 2)]], False, None], [[["k", "pair"]], False, None]])
    assert state["drawn"] == set() and "pair" not in state


# --- learning, on tic-tac-toe written as a student might: {'cells': {(r, c): 'X'}, 'moves': n, 'turn': 'X'}

MARKS = {"x": "X", "o": "O"}


def _theirs(board, swap_owners: bool = False) -> dict:
    """The student's state for a course board; ``swap_owners``: a result() that writes the other player's mark."""
    marks = {"x": "O", "o": "X"} if swap_owners else MARKS
    cells = {divmod(i, 3): marks[v] for i, v in enumerate(board) if v != " "}
    return {"cells": cells, "moves": len(cells), "turn": "X"}


def _samples(swap_owners: bool = False, lines: int = 30) -> tuple[list, dict]:
    """Replayed lines of play as the grader sees them, and the course's marks they show."""
    return _replayed(load_game("tictactoe"), lambda b: _theirs(b, swap_owners), lines, seed=3)[:2]


def _replayed(game, theirs, lines: int, seed: int) -> tuple[list, dict, list]:
    """(samples, the course's marks they show, the course boards) of seeded random lines of play, each board
    written the student's way by ``theirs``."""
    rng = random.Random(seed)
    boards, played = [game.to_course(game.initial_state())], []
    for _ in range(lines):
        moves, _ = random_line(game, rng, remember=False)
        state, line = game.initial_state(), []
        for move in moves:
            mover, state = game.to_move(state), game.result(state, move)
            boards.append(game.to_course(state))
            line.append((course_leaves(boards[-1]), mover))
        played.append(line)
    samples = [(course_leaves(b), student_leaves(helpers.leaves(theirs(b)))) for b in boards]
    return samples, course_marks(samples[0][0], played), boards


def test_every_square_count_and_turn_of_a_state_no_reading_knows_is_learned():
    samples, marks = _samples()
    assert marks == {"x": 1, "o": -1}
    learned = learn(samples, ("X", "O"), turn=(("k", "turn"),), marks=marks)
    assert learned is not None and len(learned.cells) == 9 and learned.whole
    assert all(cell.by_ids for cell in learned.cells)  # the marks are the student's ids for the players
    assert [count.leaf for count in learned.counts] == [(("k", "moves"),)]
    board = ["x", "o", " ", " ", "x", " ", " ", " ", " "]
    written = _put_all({"cells": {}, "moves": 0, "turn": "X"}, learned.writes(board))
    assert written == _theirs(board)
    assert learned.differences(helpers.leaves(written), board) == []


def test_a_result_that_writes_the_other_players_mark_is_read_as_doing_so():
    """Learned from replays through a buggy result(), the owners are still read by the student's own ids."""
    samples, marks = _samples(swap_owners=True)
    learned = learn(samples, ("X", "O"), turn=(("k", "turn"),), marks=marks)
    board = ["x"] + [" "] * 8
    wrong = learned.differences(helpers.leaves(_theirs(board, swap_owners=True)), board)
    assert wrong == ["state['cells'][(0, 0)] holds 'O', read as the second player's, where the position has it "
                     "the first player's"]


def test_a_value_that_no_square_explains_leaves_the_state_not_whole():
    samples, marks = _samples()
    samples = [(course, {**theirs, (("k", "noise"),): i % 3}) for i, (course, theirs) in enumerate(samples)]
    learned = learn(samples, ("X", "O"), turn=(("k", "turn"),), marks=marks)
    assert learned is not None and not learned.whole


def test_a_square_no_replay_filled_is_named_and_leaves_the_state_not_whole():
    """A top corner that random games never reach: where it lives is unknown, so it is said, not read as empty."""
    samples, marks = _samples()
    corner = (("i", 8),)
    samples = [(course, theirs) for course, theirs in samples if course[corner] == " "]
    learned = learn(samples, ("X", "O"), turn=(("k", "turn"),), marks=marks)
    assert learned is not None and learned.unreached == (corner,) and not learned.whole
    assert len(learned.cells) == 8


def test_no_reading_is_learned_when_a_square_has_no_leaf_that_follows_it():
    samples = [(course, {q: v for q, v in theirs.items() if q != (("k", "cells"), ("k", (1, 1)))})
               for course, theirs in _samples()[0]]
    assert learn(samples, ("X", "O")) is None


def test_the_lines_a_reading_is_learned_from_fill_every_square_of_every_game():
    # random games of Connect 4 and Mean Connect 4 end long before their top row fills: a square no line fills
    # is one whose reading is never learned, and positions with a disc there were sent to a person
    from grader.adapt.replayed_states import _filling, evidence_positions

    for name in ("connect4", "mean_connect4", "tictactoe"):  # a Dots and Boxes board lists only the lines drawn
        game = load_game(name)
        evidence = evidence_positions(game)
        empty = course_leaves(game.to_course(game.initial_state()))
        filled = {path for state in evidence + _filling(game, evidence)
                  for path, value in course_leaves(game.to_course(state)).items() if value != empty.get(path, value)}
        assert set(empty) <= filled, (name, sorted(set(empty) - filled))


def test_a_list_that_grows_as_squares_fill_is_read_but_never_written():
    """Connect 4 columns kept as stacks of discs: the square (r, c) is the item at the column's height, absent
    until a disc lands there. Writing a position into such a state would index past the end of a list, so only
    play reaches it; reading it still works."""
    game = load_game("connect4")

    def stacks(board) -> dict:
        return {"stacks": [[int(board[r][c]) for r in range(5, -1, -1) if board[r][c]] for c in range(7)]}

    samples, marks, boards = _replayed(game, stacks, 20, seed=5)
    learned = learn(samples, (1, -1), marks=marks)
    assert learned is not None
    board = boards[9]
    assert learned.writes(board) is None
    read = learned.board(helpers.leaves(stacks(board)), game.to_course(game.initial_state()))
    assert np.array_equal(read, board)
