"""The adapter reads submissions written every way real students write them (design.md section 1)."""


import numpy as np
import pytest

from grader.adapt import adapt, find_agent
from grader.adapt.representations.base import NotThisRepresentation
from grader.sandbox import Limits, Sandbox
from grader.sandbox.calls import CallResult
from reference.positions import random_positions
from tests.helpers.adapting import STUDENTS, adapted, agrees_with_reference, functions_of

def test_a_line_kind_reads_as_a_letter_or_its_word_on_boards_as_in_moves():
    from grader.games.dots_and_boxes.representation import DotsAndBoxesRepresentation

    rep = DotsAndBoxesRepresentation(4, 4, players=(1, -1))
    board = {"size": (4, 4), "lines": {("horizontal", 0, 1): True, ("V", 2, 3): True}, "boxes": {}}
    assert set(rep.decode_board(board)["lines"]) == {("h", 0, 1), ("v", 2, 3)}
    with pytest.raises(NotThisRepresentation):
        rep.decode_action(("diagonal", 0, 1), None)


@pytest.mark.parametrize("score, written", [
    ({"b": 0, "r": 0}, {"b": 1, "r": 2}),  # a mapping from each player's mark to a number
    ([0, 0], [1, 2]),  # two numbers in the players' order, under a key that names a score
])
def test_a_score_kept_instead_of_box_owners_is_written_and_read_as_each_players_count(score, written):
    """Students keep each player's score rather than who owns which box: the grader writes the counts its
    boards need and compares the counts a result answers, so such code is judged, not zeroed."""
    from grader.games.dots_and_boxes.representation import candidates

    empty = {"size": (3, 3), "lines": {}, "scores": score}
    rep = next(r for r in candidates(3, 3, empty) if r.players == ("b", "r") and not r.offset and not r.swap_hv)
    drawn = {(kind, r, c): True for kind, r, c in [("h", 0, 0), ("h", 1, 0), ("v", 0, 0), ("v", 0, 1), ("h", 0, 1),
                                                   ("h", 1, 1), ("v", 0, 2), ("h", 2, 0), ("v", 1, 0), ("v", 1, 1)]}
    course = {"size": (3, 3), "lines": drawn, "boxes": {(0, 0): 1, (0, 1): -1, (1, 0): -1}}
    assert rep.encode_board(course) == {"size": (3, 3), "lines": drawn, "scores": written}
    read = rep.decode_board(rep.encode_board(course))
    assert read["boxes"] is None and read["counts"] == {1: 1, -1: 2} and rep.shows_outcome
    assert rep.decode_board({**rep.encode_board(course), "scores": score})["counts"] == {1: 0, -1: 0}


@pytest.fixture(scope="module")
def char_board_bottom_first():
    """c4_char_board_bottom_first.py adapted once for the tests that ask its functions: (sandbox, student)."""
    box, student = adapted("c4_char_board_bottom_first.py", "connect4")
    with box:
        yield box, student


def test_char_board_with_bottom_row_zero_and_swapped_arguments(char_board_bottom_first):
    _, student = char_board_bottom_first
    rep = student.representation
    assert rep.bottom_first and rep.symbols.empty == " " and rep.players == ("x", "o")
    assert student.interface.bindings["result"].order == ("state", "action", "player")
    assert student.interface.bindings["utility"].scale == 1000
    agrees_with_reference(student, student.game)
    assert any("row 0 at the bottom" in a for a in student.interface.adaptations)


def test_terminal_that_returns_done_and_winner_is_read_as_its_first_item(char_board_bottom_first):
    _, student = char_board_bottom_first
    assert "pair" in student.interface.bindings["terminal"].reading
    game = student.game
    from reference.positions import terminal_with_outcome
    won = terminal_with_outcome(game, -1, seed=2)
    assert student.terminal(game.to_course(won)).value is True


def test_players_one_and_two_on_lists_with_player_first_argument_order():
    box, student = adapted("c4_players_1_2_lists.py", "connect4")
    with box:
        assert student.representation.players == (1, 2)
        assert student.interface.bindings["result"].order == ("player", "action", "state")
        agrees_with_reference(student, student.game)


def test_result_without_player_and_utility_from_first_players_view():
    box, student = adapted("c4_player_from_board.py", "connect4")
    with box:
        assert student.interface.bindings["result"].order == ("state", "action")
        assert student.interface.bindings["utility"].order == ("state",)
        agrees_with_reference(student, student.game)
        game = student.game
        from reference.positions import terminal_with_outcome
        won_by_first = game.to_course(terminal_with_outcome(game, 1, seed=1))
        assert student.utility(won_by_first, 1).value == 1
        assert student.utility(won_by_first, -1).value == -1


def test_cs50_tic_tac_toe_grid_with_cell_actions():
    box, student = adapted("ttt_cs50.py", "tictactoe")
    with box:
        rep = student.representation
        assert rep.layout == "grid" and rep.symbols.empty is None and rep.action_kind == "cell"
        agrees_with_reference(student, student.game)


def test_old_dots_and_boxes_layout_with_letter_players_and_extra_turn_pairs():
    box, student = adapted("dab_v1_players_br.py", "dots_and_boxes")
    with box:
        rep = student.representation
        assert rep.layout == "v1" and rep.players == ("b", "r")
        assert student.interface.bindings["result"].reading == "(board, extra turn)"
        agrees_with_reference(student, student.game)
        game = student.game
        state = game.result(game.initial_state(), ("h", 0, 0))
        for line in [("v", 0, 0), ("h", 1, 0)]:
            state = game.result(state, line)
        closing = student.result(game.to_course(state), game.to_move(state), ("v", 0, 1))
        assert closing.moves_again is True and closing.turn == "extra turn True"
        assert closing.value["boxes"] == {(0, 0): game.to_move(state)}


def test_turn_readings_take_player_marks_or_bools_never_both():
    from grader.games.dots_and_boxes.representation import DotsAndBoxesRepresentation
    from grader.adapt.returns import turn_readings

    readings = turn_readings(DotsAndBoxesRepresentation(4, 4, players=(1, 2)))
    board = {"size": (4, 4), "lines": {}, "boxes": {}}
    assert readings["(board, next player)"]((board, 2), 1) == (False, "the other player (2)")
    assert readings["(board, next player)"]((board, np.int64(1)), 1) == (True, "the same player (1)")
    assert readings["(board, next player)"]((board, True), 1) is None  # True is not player 1
    assert readings["(board, next player)"]((board, -1), 1) is None  # not one of this student's marks
    assert readings["(board, extra turn)"]((board, np.bool_(True)), -1) == (True, "extra turn True")
    assert readings["(board, extra turn)"]((board, 1), 1) is None
    assert readings["(board, ..., next player)"]((board, 3, 1), -1) == (False, "the other player (1)")
    assert readings["(board, next player)"](board, 1) is None  # a bare board says nothing about the turn


@pytest.fixture(scope="module")
def agent_shapes():
    """c4_agent_shapes.py adapted once for every shape of agent read from it: (sandbox, student). The test of
    crashing and sleeping agents opens its own, since it makes the worker respawn."""
    box, student = adapted("c4_agent_shapes.py", "connect4")
    with box:
        yield box, student


@pytest.mark.parametrize("label, reading", [
    ("function_player", ""), ("dict_player", "'move' entry"), ("value_move_player", "(value, move)"),
    ("move_score_player", "(move, value)"), ("board_player", "new board"), ("cell_player", ""), ("SeatAgent", ""), ("object_player", ""),
])
def test_every_agent_shape_is_read_as_the_same_move(label, reading, agent_shapes):
    box, student = agent_shapes
    game = student.game
    agent = find_agent(box, student.names, game, student.representation, label, [label])
    assert not isinstance(agent, str), agent
    for state in random_positions(game, 5, seed=9):
        move = agent.move(game.to_course(state), game.to_move(state))
        assert move.ok, move.error
        assert move.action == game.actions(state)[0]
    if reading:
        assert any(reading in note for note in agent.notes), agent.notes


def test_crashing_and_sleeping_agents_are_reported_not_raised():
    box, student = adapted("c4_agent_shapes.py", "connect4")
    with box:
        game = student.game
        board = game.to_course(game.initial_state())
        crash = find_agent(box, student.names, game, student.representation, "x", ["crashing_player"])
        move = crash.move(board, 1)
        assert not move.ok and "RuntimeError" in move.error
        sleepy = find_agent(box, student.names, game, student.representation, "x", ["sleepy_player"])
        move = sleepy.move(board, 1, timeout=0.5)
        assert not move.ok and move.kind == "timeout"
        assert sleepy.timeouts == 1 and crash.timeouts == 0  # what later checks read to ask less
        # the sandbox came back: the next call works
        ok = find_agent(box, student.names, game, student.representation, "x", ["function_player"])
        assert ok.move(board, 1).action == 0


def test_missing_functions_are_named_with_the_aliases_looked_for():
    box = Sandbox(["def something_else():\n    return 1\n"], Limits(call_timeout=2.0))
    with box:
        game, functions = functions_of("connect4")
        student = adapt(box, game, functions)
        assert "no function named actions" in student.interface.problems["actions"]
        reply = student.actions(np.zeros((6, 7), dtype=int))
        assert not reply.ok and reply.kind == "missing"


def test_player_ids_that_result_accepts_either_way_are_decided_by_the_other_functions():
    box, student = adapted("c4_players_1_2_seen_only_by_terminal.py", "connect4")
    with box:
        assert student.representation.players == (1, 2)
        assert not student.interface.bindings["terminal"].note
        agrees_with_reference(student, student.game)


class CountingSandbox(Sandbox):
    """A sandbox that remembers which functions it was asked to call (``call`` goes through ``call_with``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.asked = []

    def call_with(self, target, *args, **kwargs):
        self.asked.append(str(target))
        return super().call_with(target, *args, **kwargs)


def test_binding_stops_asking_a_function_that_keeps_running_out_of_time():
    source = (STUDENTS / "c4_names_outside_the_lists.py").read_text() + (
        "\n\ndef apply_slowly(board, player, move):\n    while True:\n        pass\n")
    box = CountingSandbox([source], Limits(call_timeout=0.5))
    game, functions = functions_of("connect4")
    with box:
        student = adapt(box, game, functions, timeout=0.5, source=source)
        # a hanging candidate costs two timeouts in all, not one per argument order and board reading
        assert box.asked.count("apply_slowly") == 2
        assert student.interface.bindings["result"].name == "nxt"
        agrees_with_reference(student, game)


@pytest.mark.parametrize("answer", [CallResult(ok=False, kind="exception", error_type="TypeError"),
                                    CallResult(ok=True, value=[0, 1, 2])], ids=["failed", "answered"])
def test_a_probe_is_not_repeated_with_equal_arguments(answer):
    from grader.adapt.probe_budget import ProbeBudget

    class Fake:
        def __init__(self):
            self.asked = []

        def call(self, target, *args, timeout=None):
            self.asked.append((target, args))
            return answer

    fake = Fake()
    probes = ProbeBudget(fake)
    board = np.zeros((6, 7), dtype=int)
    for _ in range(3):  # readings that send the very same empty board
        assert probes.call("nxt", board, 1, 0) is answer
    probes.call("nxt", board, 2, 0)  # other arguments are asked
    probes.call("nxt", np.ones((6, 7), dtype=int), 1, 0)
    probes.call("nxt", board.astype(float), 1, 0)  # equal cells of another type: asked
    big = np.zeros(2000, dtype=int)
    other = big.copy()
    other[1000] = 1  # prints as big does (numpy elides the middle): asked, not answered as big was
    probes.call("nxt", big, 1, 0)
    probes.call("nxt", other, 1, 0)
    assert [args[1:] for _, args in fake.asked] == [(1, 0), (2, 0), (1, 0), (1, 0), (1, 0), (1, 0)]


def test_a_function_no_name_vouches_for_is_probed_within_a_short_time():
    """A search or game loop tried for a role whose name it does not carry (here for terminal, which no name
    gives) is stopped at UNNAMED_PROBE_SECONDS, not the call limit: the course's game functions answer in
    milliseconds, and real notebooks spent a whole limit per probe on their agents. The role is still found."""
    from grader.adapt.candidates import UNNAMED_PROBE_SECONDS
    from grader.adapt import conventions

    source = (STUDENTS / "c4_players_1_2_lists.py").read_text().replace("def terminal_test(", "def verdict(")
    source = "def deliberate(board):\n    while True:\n        pass\n\n" + source

    class Recording(Sandbox):
        asked: list = []

        def call(self, target, *args, timeout=None, **kwargs):
            self.asked.append((str(target), timeout))
            return super().call(target, *args, timeout=timeout, **kwargs)

    box = Recording([conventions.SHIM_CELL, source], Limits(call_timeout=2.0), seed=0)
    game, functions = functions_of("connect4")
    student = adapt(box, game, functions, source=source)
    pondered = [t for target, t in box.asked if target == "deliberate"]
    assert student.interface.bindings["terminal"].name == "verdict"
    assert pondered and all(t <= UNNAMED_PROBE_SECONDS for t in pondered)
