"""Roles are found by what functions do, with names as evidence: the binder."""

import numpy as np
import pytest

from grader.adapt import find_agent
from reference.games import load_game
from reference.positions import random_positions
from tests.helpers.adapting import ASSIGNMENTS, STUDENTS, adapted, adapted_source, agrees_with_reference, \
    functions_of, graded_way
from tests.helpers.connect4_sources import WINNER_TERMINAL_UTILITY
from tests.paths import TESTS

from grader.adapt import adapt, candidates, conventions, student_agent
from grader.sandbox import Limits, Sandbox
from grader.sandbox.calls import NameInfo, Parameter


@pytest.fixture(scope="module")
def names_outside_the_lists():
    """c4_names_outside_the_lists.py adapted once for the tests that read it: (sandbox, student)."""
    box, student = adapted("c4_names_outside_the_lists.py", "connect4")
    with box:
        yield box, student


def test_transition_with_no_telling_name_is_found_by_its_boards(names_outside_the_lists):
    box, student = names_outside_the_lists
    bound = {role: b.name for role, b in student.interface.bindings.items()}
    assert bound == {"initial_state": "fresh", "actions": "open_columns", "result": "nxt",
                     "terminal": "finished", "utility": "payoff"}
    assert not any(b.note for b in student.interface.bindings.values())
    agrees_with_reference(student, student.game)
    assert any("nxt() as result()" in a for a in student.interface.adaptations)


def test_display_and_input_helpers_are_never_candidates(names_outside_the_lists):
    box, student = names_outside_the_lists
    for role in ("initial_state", "actions", "result", "terminal", "utility", "random_player"):
        ranked = {c.target for c in candidates.rank(student.names, role, [role], classes=True)}
        assert "nxt" in ranked or role in ("initial_state", "random_player")  # unnamed callables are there
        assert not {"show_board", "play_against_human"} & ranked


def test_agents_under_other_names_are_found_and_play_legal_moves(names_outside_the_lists):
    box, student = names_outside_the_lists
    game = student.game
    for label, aliases in (("alpha_beta_player", ["alpha_beta_player"]), ("heuristic_player", ["heuristic_player"])):
        agent = find_agent(box, student.names, game, student.representation, label, aliases,
                           labels=["random_player", "alpha_beta_player", "heuristic_player"])
        if label == "heuristic_player":
            assert isinstance(agent, str)  # nothing here says heuristic or cutoff
            continue
        assert agent.name in ("ab_minmax_player", "findBestMove")
        board = np.zeros((6, 7), dtype=int)
        board[5, 0:3] = 1
        board[4, 0:3] = -1
        assert agent.move(board, 1).action == 3  # takes the win


def test_a_buggy_named_function_is_not_replaced_by_a_correct_helper():
    box, student = adapted("c4_buggy_terminal_beside_a_correct_helper.py", "connect4")
    with box:
        binding = student.interface.bindings["terminal"]
        assert binding.name == "terminal" and binding.note
        game = student.game
        state = game.initial_state()
        for column in (0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3):  # +1 completes a rising diagonal
            state = game.result(state, column)
        diagonal = game.to_course(state)
        assert game.terminal(game.from_course(diagonal))
        assert student.terminal(diagonal).value is False  # the student's bug, as it is


def test_old_dots_and_boxes_template_with_module_board_and_counters():
    box, student = adapted("dab_v1_module_board_no_initial_state.py", "dots_and_boxes")
    with box:
        iface = student.interface
        assert "initial_state" not in iface.bindings
        assert iface.bindings["actions"].name == "get_lines" and not iface.bindings["actions"].note
        assert iface.bindings["result"].name == "draw_line" and not iface.bindings["result"].note
        assert iface.bindings["terminal"].name == "is_over" and not iface.bindings["terminal"].note
        assert iface.bindings["utility"].name == "utility" and not iface.bindings["utility"].note
        assert iface.representation.offset == 1 and iface.representation.layout == "v1"
        assert any("module-level board" in a for a in iface.adaptations)
        agrees_with_reference(student, load_game("dots_and_boxes", rows=4, cols=4))


def test_dots_and_boxes_lines_kept_in_a_set_are_sent_as_a_set():
    box, student = adapted("dab_lines_in_a_set.py", "dots_and_boxes")
    with box:
        rep = student.interface.representation
        assert rep.lines_as is set and rep.players == ("A", "B")
        assert student.interface.bindings["result"].name == "result"
        agrees_with_reference(student, load_game("dots_and_boxes", rows=4, cols=4))


def test_dots_and_boxes_lines_written_as_the_dots_they_join():
    box, student = adapted("dab_lines_as_dot_pairs.py", "dots_and_boxes")
    with box:
        rep = student.interface.representation
        assert rep.action_kind == "dots"
        assert rep.encode_action(("v", 1, 2), None) == ((1, 2), (2, 2))
        agrees_with_reference(student, load_game("dots_and_boxes", rows=4, cols=4))


def test_methods_of_a_sized_rules_object_are_asked_through_an_object_of_the_other_size():
    box, student = graded_way("c4_rules_object_with_size.py", "connect4")
    with box:
        assert student.game_object == "rules"
        small = load_game("connect4", rows=5, cols=6)
        resized = student.at_size(small)
        assert resized.game_object == "rules_5x6"
        assert student.at_size(small).game_object == "rules_5x6" and list(student.sized_objects) == [("rules", 5, 6)]
        assert resized.interface.bindings["terminal"].name == "rules_5x6.over"
        agrees_with_reference(resized, small)
        agent = find_agent(box, student.names, student.game, student.representation, "alpha_beta_player",
                           ["alpha_beta_player"], game_object=student.game_object)
        state = student.game.initial_state()
        move = agent.move(student.game.to_course(state), 1, options={"depth": 2})  # keywords reach the agent
        assert move.ok, move.error


def test_a_game_status_code_is_read_as_terminal_whatever_its_going_on_value():
    box, student = adapted("c4_game_status_codes.py", "connect4")
    with box:
        binding = student.interface.bindings["terminal"]
        assert binding.name == "game_status" and binding.reading == "a status (-1 while the game goes on)"
        agrees_with_reference(student, student.game)


def test_functions_that_take_the_board_size_get_the_size_of_the_board_they_are_asked_about():
    box, student = graded_way("c4_size_arguments.py", "connect4")
    with box:
        assert student.interface.bindings["initial_state"].order == ("rows", "cols")
        assert student.interface.bindings["terminal"].order == ("state", "rows", "cols")
        agrees_with_reference(student, student.game)
        small = load_game("connect4", rows=5, cols=6)
        agrees_with_reference(student.at_size(small), small)  # not the globals ROWS, COLS
        agent = find_agent(box, student.names, student.game, student.representation, "random_player",
                           ["random_player"])
        assert agent.order == ("state", "player", "cols") and agent.describe_call(1) == "random_player(board, 1, 7)"
        state = student.game.initial_state()
        assert agent.move(student.game.to_course(state), 1).ok


def test_a_utility_that_names_the_winner_and_a_terminal_pair_with_the_flag_last():
    box, student = adapted("c4_utility_names_the_winner.py", "connect4")
    with box:
        bindings = student.interface.bindings
        assert bindings["utility"].reading == "the winner's mark" and bindings["utility"].order == ("state",)
        assert bindings["terminal"].reading == "the last item of a (winner, done) pair"
        agrees_with_reference(student, student.game)
    box, student = adapted("dab_utility_names_the_winner.py", "dots_and_boxes")  # 'A', 'B' or 'draw'
    with box:
        assert student.interface.bindings["utility"].reading == "the winner's mark"
        agrees_with_reference(student, load_game("dots_and_boxes", rows=4, cols=4))


def test_a_monte_carlo_search_that_requires_its_number_of_simulations_gets_one():
    box, student = adapted("c4_monte_carlo_budget_argument.py", "connect4")
    with box:
        agent = find_agent(box, student.names, student.game, student.representation, "mcts_player", ["mcts_player"])
        assert agent.name == "pmcs_player" and agent.order == ("state", "player", "simulations")
        assert agent.describe_call(1) == "pmcs_player(board, 1, 200)"
        assert any("200 simulations" in note for note in agent.notes)


def test_connect4_columns_numbered_from_one_are_learned_from_the_students_own_moves():
    box, student = adapted("c4_columns_numbered_from_one.py", "connect4")
    with box:
        rep = student.interface.representation
        assert rep.action_kind == "learned" and rep.encode_action(0, None, 1) == 1
        assert rep.decode_action(7, None) == 6
        agrees_with_reference(student, student.game)


def test_actions_answering_successor_and_move_pairs_are_read_as_their_moves():
    box, student = adapted("c4_actions_as_successor_pairs.py", "connect4")
    with box:
        assert student.interface.bindings["actions"].name == "get_possible_moves"
        game = student.game
        state = game.result(game.initial_state(), 3)
        reply = student.actions(game.to_course(state), game.to_move(state))
        assert reply.ok and sorted(reply.value) == game.actions(state)


def test_a_terminal_that_names_the_winner_is_not_taken_for_a_utility_the_student_did_not_write():
    source = (STUDENTS / "c4_utility_names_the_winner.py").read_text().replace("def utility(", "def who_won(")
    source = source.replace("w = utility(board)", "w = who_won(board)")
    box = Sandbox([source], Limits(call_timeout=2.0), seed=0)
    game, functions = functions_of("connect4")
    with box:
        student = adapt(box, game, functions, source=source)
        assert "utility" not in student.interface.bindings  # who_won says nothing of a utility by its name


def test_a_dots_and_boxes_board_that_says_its_size_in_its_own_keys_says_each_boards_size():
    box, student = adapted("dab_size_in_rows_and_cols_keys.py", "dots_and_boxes")
    with box:
        small = load_game("dots_and_boxes", rows=5, cols=3)
        resized = student.at_size(small)
        empty = small.to_course(small.initial_state())
        assert {k: v for k, v in resized.representation.encode_board(empty).items() if k in ("rows", "cols")} \
            == {"rows": 5, "cols": 3}
        agrees_with_reference(resized, small)


def test_a_state_written_as_a_dataclass_is_sent_as_the_students_own_class():
    box, student = adapted("c4_dataclass_state.py", "connect4")
    with box:
        assert "State(board, to_move)" in student.interface.representation.describe()
        agrees_with_reference(student, student.game)


def test_a_transition_that_draws_in_place_and_answers_whether_it_drew_is_read_after_the_call():
    box, student = adapted("dab_result_draws_in_place.py", "dots_and_boxes")
    with box:
        binding = student.interface.bindings["result"]
        assert binding.name == "result" and binding.in_place and not binding.note
        agrees_with_reference(student, load_game("dots_and_boxes", rows=4, cols=4))


def test_a_tic_tac_toe_board_kept_as_a_string_is_read_and_sent_as_one():
    box, student = adapted("ttt_board_as_a_string.py", "tictactoe")
    with box:
        rep = student.interface.representation
        game = student.game
        assert rep.encode_board(game.to_course(game.result(game.initial_state(), 4))) == "....X...."
        agrees_with_reference(student, game)


def test_a_connect4_board_of_rows_written_as_strings_is_read_and_sent_as_strings():
    box, student = adapted("c4_rows_as_strings.py", "connect4")
    with box:
        game = student.game
        sent = student.interface.representation.encode_board(game.to_course(game.result(game.initial_state(), 3)))
        assert sent == ["......."] * 5 + ["...X..."]
        agrees_with_reference(student, game)


def test_a_transition_taking_the_lines_parts_as_the_templates_draw_line_does():
    box, student = adapted("dab_result_takes_the_line_apart.py", "dots_and_boxes")
    with box:
        binding = student.interface.bindings["result"]
        assert binding.order == ("state", "orientation", "row", "action", "player") and not binding.note
        board = student.game.to_course(student.game.initial_state())
        assert student.describe_call("result", board, 1, ("v", 1, 2)) == "result(board, 'v', 1, 2, 1)"
        agrees_with_reference(student, load_game("dots_and_boxes", rows=4, cols=4))


def test_connect4_columns_kept_as_stacks_of_discs_are_read_and_sent_as_stacks():
    box, student = adapted("c4_column_stacks.py", "connect4")
    with box:
        rep = student.interface.representation
        assert rep.layout == "stacks"
        game = student.game
        state = game.result(game.result(game.initial_state(), 3), 3)
        assert rep.encode_board(game.to_course(state)) == [[], [], [], list(rep.players), [], [], []]
        agrees_with_reference(student, game)


FLAT_COLUMN_BY_COLUMN = """
ROWS, COLS = 6, 7


def empty_board():
    return [0] * 42


def _cell(board, r, c):  # row r from the top of column c: the cells are kept column by column
    return board[c * 6 + r]


def actions(board):
    return [c for c in range(7) if _cell(board, 0, c) == 0]


def result(board, player, action):
    after = list(board)
    row = max(r for r in range(6) if _cell(board, r, action) == 0)
    after[action * 6 + row] = player
    return after
""" + WINNER_TERMINAL_UTILITY


def test_a_flat_connect4_board_kept_column_by_column_is_read_so():
    box, student = adapted_source(FLAT_COLUMN_BY_COLUMN)
    with box:
        rep = student.interface.representation
        assert rep.layout == "flat_columns", rep.describe()
        game = student.game
        state = game.result(game.initial_state(), 2)
        assert rep.encode_board(game.to_course(state))[2 * 6 + 5] == rep.players[0]
        agrees_with_reference(student, game)


def test_transition_that_changes_the_board_in_place_is_read_after_the_call():
    box, student = adapted("c4_result_in_place.py", "connect4")
    with box:
        binding = student.interface.bindings["result"]
        assert binding.name == "drop_piece" and binding.in_place and not binding.note
        assert binding.order == ("state", "action", "player")
        game = student.game
        state = game.result(game.initial_state(), 3)
        reply = student.result(game.to_course(state), -1, 3)
        assert reply.ok and reply.mutated
        assert (reply.value == game.to_course(game.result(state, 3))).all()
        assert any("changes the board it is given" in a for a in student.interface.adaptations)


def test_kaggle_connectx_agent_is_called_with_obs_and_config():
    source = (STUDENTS / "c4_kaggle_connectx_agent.py").read_text()
    box = Sandbox([conventions.SHIM_CELL, source], Limits(call_timeout=2.0), seed=0)  # as grading loads it: shims first
    game, functions = functions_of("connect4")
    student = adapt(box, game, functions, source=source)
    with box:
        game = student.game
        # named for the label: a win-or-block agent is no search, so no name-less label takes it
        # (tests/grader/adapt/test_kaggle_shapes.py)
        agent = find_agent(box, student.names, game, student.representation, "alpha_beta_player",
                           ["my_agent"], labels=["random_player", "alpha_beta_player"])
        assert not isinstance(agent, str) and agent.name == "my_agent"
        state = game.initial_state()
        for column in (0, 6, 0, 6, 0):  # red threatens column 0; yellow to move must block
            state = game.result(state, column)
        assert agent.move(game.to_course(state), -1).action == 0
        assert any("obs, config" in n for n in agent.notes)
        # its helper drop(grid, col, mark, config) is its result, given Kaggle's flat 0/1/2 grids and a config
        binding = student.interface.bindings["result"]
        assert binding.name == "drop" and binding.order == ("state", "action", "player", "config")
        assert student.representation.players == (1, 2)
        assert student.result(game.to_course(state), -1, 0).value.tolist() == game.to_course(game.result(state, 0)).tolist()


def test_the_template_names_decide_over_helpers_that_fit():
    box, student = adapted("c4_template_names_beat_helpers.py", "connect4")
    with box:
        bindings = student.interface.bindings
        assert bindings["initial_state"].name == "empty_board"
        assert bindings["result"].name == "result" and bindings["result"].note  # its bug, graded as it is
        game = student.game
        assert not student.result(game.to_course(game.initial_state()), 1, 3).ok


def test_tutorial_search_gets_its_depth_window_and_side_and_serves_both_search_labels():
    """minimax(board, depth, alpha, beta, maximizingPlayer) with a fixed maximizing piece, beside an
    in-place drop_piece(board, row, col, piece): the shape of a popular Connect 4 tutorial."""
    box, student = adapted("c4_tutorial_search_with_depth.py", "connect4")
    with box:
        game = student.game
        assert student.interface.bindings["result"].order == ("state", "row", "action", "player")
        agrees_with_reference(student, game)
        labels = ["random_player", "alpha_beta_player", "heuristic_player", "mcts_player"]
        alpha_beta = find_agent(box, student.names, game, student.representation, "alpha_beta_player",
                                ["alpha_beta_player"], labels=labels, source=student.source)
        heuristic = find_agent(box, student.names, game, student.representation, "heuristic_player",
                               ["heuristic_player"], labels=labels, source=student.source)
        assert alpha_beta.name == heuristic.name == "minimax"
        assert heuristic.order == ("state", "depth", "alpha", "beta", "maximizing")
        assert any("serves as heuristic_player too" in n for n in heuristic.notes)
        # its piece 2 maximizes: the second player (-1 in course terms)
        assert alpha_beta.maximizing_side == -1
        for mover in (1, -1):  # each side takes its own win (column 3), though both have one (column 6)
            board = np.zeros((6, 7), dtype=int)
            board[5, 0:3] = mover
            board[3:6, 6] = -mover
            if mover == -1:
                board[4, 0] = 1  # one more +1 disc: -1 to move
            assert alpha_beta.move(board, mover).action == 3
        assert alpha_beta.describe_call(1) == "minimax(board, 4, -inf, inf, False)"


def test_depth_is_read_from_the_students_own_calls():
    from grader.adapt.search_parameters import depth_from_calls
    source = "DEPTH = 5\ndef minimax(b, depth, a, c, m):\n    return minimax(b, depth - 1, a, c, not m)\n" \
             "col, _ = minimax(board, DEPTH, -math.inf, math.inf, True)\n"
    assert depth_from_calls(source, "minimax", 1, "depth") == 5
    assert depth_from_calls(source + "minimax(board, depth=3)\n", "minimax", 1, "depth") is None  # two depths
    assert depth_from_calls("minimax(board, 6, -1, 1, True)", "minimax", 1, "depth") == 6
    assert depth_from_calls("def f(:", "minimax", 1, "depth") is None


def test_textbook_game_class_is_played_through_an_object_of_it():
    """class TicTacToe(Game) with GameState named tuples and agents player(game, state): no object of it
    at the top level, so the grader makes one; its initial attribute is the initial state."""
    box, student = graded_way("textbook_game_classes.py", "tictactoe")
    with box:
        bound = {role: b.name for role, b in student.interface.bindings.items()}
        assert bound == {"initial_state": "tictactoe_game.initial", "actions": "tictactoe_game.actions",
                         "result": "tictactoe_game.result", "terminal": "tictactoe_game.terminal_test",
                         "utility": "tictactoe_game.utility"}
        assert not any(b.note for b in student.interface.bindings.values())
        assert student.initial_state().value == student.game.to_course(student.game.initial_state())
        agrees_with_reference(student, student.game)
        agent = find_agent(box, student.names, student.game, student.representation, "minimax_player",
                           ["alpha_beta_player"], labels=["random_player", "minimax_player"],
                           source=student.source, game_object=student.game_object)
        assert agent.order == ("game", "state")
        board = ["x", "x", " ", "o", "o", " ", " ", " ", " "]
        assert agent.move(board, 1).action == 2  # takes the win
        assert agent.move(["x", " ", " ", "o", "o", " ", "x", " ", " "], 1).action == 5  # blocks


def test_of_several_game_classes_the_one_whose_methods_agree_plays_every_role():
    """ConnectFour(TicTacToe): the tic-tac-toe object's result fits Connect 4 boards too, but its actions do
    not; all roles come from one object, the Connect 4 one, and the agents get that object."""
    box, student = graded_way("textbook_game_classes.py", "connect4")
    with box:
        assert {b.name.split(".")[0] for b in student.interface.bindings.values()} == {"connectfour_game"}
        assert student.game_object == "connectfour_game"
        agrees_with_reference(student, student.game)
        agent = find_agent(box, student.names, student.game, student.representation, "alpha_beta_player",
                           ["alpha_beta_player"], labels=["random_player", "alpha_beta_player"],
                           source=student.source, game_object=student.game_object)
        board = np.zeros((6, 7), dtype=int)
        board[5, 0:3] = 1
        board[4, 0:3] = -1
        assert agent.move(board, 1).action == 3


def test_a_textbook_result_that_misses_a_win_is_charged_for_the_utility_it_records():
    """The textbook's result() works out the utility of the new state: a wrong one makes its answer a
    state that contradicts its own board, said as such."""
    source = (STUDENTS / "textbook_game_classes.py").read_text().replace(
        "for dx, dy in ((0, 1), (1, 0), (1, -1), (1, 1)):", "for dx, dy in ((0, 1), (1, 0)):")
    box = Sandbox([source], Limits(call_timeout=2.0))
    game, functions = functions_of("connect4")
    with box:
        student = adapt(box, game, functions, source=source)
        state = game.initial_state()
        for column in (0, 1, 1, 2, 2, 3, 2, 3, 3, 6):  # +1 to complete a rising diagonal in column 3
            state = game.result(state, column)
        reply = student.result(game.to_course(state), 1, 3)
        assert not reply.ok and "its utility is 0, but for its board it would be 1" in reply.error


def both_sides_win(mover: int) -> np.ndarray:
    """A 6x7 board, ``mover`` to move, where the mover wins in column 3 and the opponent in column 6."""
    board = np.zeros((6, 7), dtype=int)
    board[5, 0:3] = mover
    board[3:6, 6] = -mover
    if mover == -1:
        board[4, 0] = 1
    return board


def test_an_agent_that_always_plays_one_side_gets_the_other_sides_turns_colour_swapped():
    box, student = adapted("c4_fixed_side_agent.py", "connect4")
    with box:
        game = student.game
        labels = ["random_player", "alpha_beta_player"]
        # named for the label: a win-or-block move is no search, which no name-less label takes
        agent = find_agent(box, student.names, game, student.representation, "alpha_beta_player",
                           ["computer_move"], labels=labels, source=student.source)
        assert agent.name == "computer_move" and agent.order == ("state",)
        assert agent.fixed_side == -1  # piece 2 is the second player
        assert any("always plays 2" in note for note in agent.notes)
        for mover in (1, -1):  # each side takes its own win (column 3), though both have one (column 6)
            assert agent.move(both_sides_win(mover), mover).action == 3


def test_a_board_of_the_course_shape_read_transposed_is_sent_columns_first():
    """The student's empty board is 6x7 but their code takes axis 0 for the column: the grader sends
    7x6 boards, and asks their empty_board for that shape when judging it."""
    box, student = adapted("c4_transposed_axis0_columns.py", "connect4")
    with box:
        assert student.representation.layout == "columns"
        agrees_with_reference(student, student.game)
        assert student.initial_state().value.tolist() == student.game.to_course(student.game.initial_state()).tolist()


def test_a_function_that_takes_no_board_is_not_a_candidate_for_a_role_about_boards():
    from grader.adapt.infer import _may_take_a_board
    from grader.sandbox.calls import NameInfo, Parameter

    def cand(*names):
        params = tuple(Parameter(n, "POSITIONAL_OR_KEYWORD") for n in names)
        return candidates.Candidate("utilityFunction", NameInfo("utilityFunction", "function", "function", params), 1)
    assert not _may_take_a_board(cand("player"))  # a win tally, not a utility
    assert _may_take_a_board(cand("board", "player")) and _may_take_a_board(cand("s", "p"))
    assert _may_take_a_board(cand("x"))  # a name that says nothing is tried


def test_state_the_notebook_keeps_in_a_global_is_passed_as_its_own_calls_pass_it(tmp_path):
    """The template's first Dots and Boxes version kept box owners off the board: a `tally` global
    rides along as an extra argument. Lines are judged; a wrong line is still caught."""
    box, student = adapted("dab_v1_score_argument.py", "dots_and_boxes")
    with box:
        game = student.game
        assert not student.interface.representation.keeps_boxes
        assert student.interface.bindings["result"].name == "result" and not student.interface.bindings["result"].note
        assert any(a.startswith("result(): fills tally") for a in student.interface.adaptations)
        for state in random_positions(game, 10, seed=2):
            board, player = game.to_course(state), game.to_move(state)
            action = game.actions(state)[-1]
            got = student.result(board, player, action)
            assert game.same_board(got.value, game.to_course(game.result(state, action))), got
        agent = find_agent(box, student.names, game, student.representation, "random_player", ["random_player"])
        state = random_positions(game, 1, seed=4)[0]
        assert agent.move(game.to_course(state), game.to_move(state)).action in game.actions(state)

    wrong = (STUDENTS / "dab_v1_score_argument.py").read_text().replace(
        "new[line] = True", "new[(line[0], line[2], line[1])] = True")  # rows and columns swapped
    box = Sandbox([wrong], Limits(call_timeout=2.0))
    with box:
        game, functions = functions_of("dots_and_boxes")
        student = adapt(box, game, functions, source=wrong)
        assert student.interface.bindings["result"].note  # no reading makes its boards right


def test_a_utility_whose_boards_keep_no_owners_is_left_to_a_person_not_charged():
    """Who won lives in the student's own `tally`, not on the board: no board the grader builds can
    say it, so the utility check goes to hand grading; the lines-only result still earns its points."""
    from grader.grading import grade_submission
    from grader.rubric import load_rubric

    result = grade_submission(STUDENTS / "dab_v1_score_argument.py", "dots_and_boxes",
                              load_rubric(None).assignment("dots_and_boxes"), public_only=True)
    by_name = {c.check: c for c in result.checks}
    assert by_name["utility: canned boards"].status == "manual"
    assert "tally" in by_name["utility: canned boards"].message or "box owners" in by_name["utility: canned boards"].message
    assert by_name["result: canned boards"].status == "passed"
    assert by_name["random_player: legal moves in time"].status == "passed"


def test_agents_playouts_and_experiment_runners_are_no_evidence_of_a_game_function():
    """`random_player` and `playouts` say "play", `play_vs_random(N=1000)` too: none of them is
    evidence of a transition (each was probed under every argument order and board reading)."""
    names = {
        "random_player": NameInfo("random_player", "function", "function", (Parameter("board", "POSITIONAL_OR_KEYWORD"),)),
        "playouts": NameInfo("playouts", "function", "function", (Parameter("board", "POSITIONAL_OR_KEYWORD"),)),
        "play_move": NameInfo("play_move", "function", "function", (Parameter("board", "POSITIONAL_OR_KEYWORD"),
                                                                     Parameter("col", "POSITIONAL_OR_KEYWORD"))),
    }
    tiers = {c.target: c.tier for c in candidates.rank(names, "result", ["result"])}
    assert tiers == {"play_move": 2}  # names of agents and playouts are never candidates for a game function
    source = "def play_vs_random(N=1000, shape=(4, 4)):\n    return [N, shape]\n" + \
        (STUDENTS / "c4_names_outside_the_lists.py").read_text()
    box = Sandbox([source], Limits(call_timeout=2.0))
    with box:
        game, functions = functions_of("connect4")
        student = adapt(box, game, functions, source=source)
        assert student.interface.bindings["result"].name == "nxt"


def test_the_textbooks_cutoff_search_and_monte_carlo_tree_search_are_found_and_a_person_is_never_asked():
    """alpha_beta_cutoff_search(state, game, d, cutoff_test, eval_fn) is the heuristic agent and
    mcts_player(game, state) the Monte Carlo one; query_player asks input() and is no agent."""
    source = (STUDENTS / "textbook_game_classes.py").read_text() + "\n" + \
        (STUDENTS / "textbook_more_agents.py").read_text()
    box = Sandbox([conventions.SHIM_CELL, source], Limits(call_timeout=2.0), seed=0)
    game, functions = functions_of("connect4")
    agents = ASSIGNMENTS["connect4"]["agents"]
    with box:
        student = adapt(box, game, functions, source=source)
        labels = list(agents)
        found = {label: find_agent(box, student.names, student.game, student.representation, label, agents[label],
                                   labels=labels, source=source, game_object=student.game_object)
                 for label in ("heuristic_player", "mcts_player", "random_player")}
        assert found["heuristic_player"].name == "alpha_beta_cutoff_search"
        assert found["mcts_player"].name in ("mcts_player", "monte_carlo_tree_search")
        assert found["random_player"].name == "random_player"
        board = np.zeros((6, 7), dtype=int)
        board[5, 0:3] = 1
        board[4, 0:3] = -1
        for label in ("heuristic_player", "mcts_player"):
            assert found[label].move(board, 1, timeout=10).action == 3, label  # takes the win


def test_kaggle_lookahead_agent_and_its_config_taking_helpers_on_numpy_grids():
    """Kaggle's n-step lookahead: drop_piece(grid, col, mark, config) is result and
    is_terminal_node(grid, config) terminal, on numpy grids of 0/1/2; agent(obs, config) wins and blocks."""
    box, student = graded_way("c4_kaggle_lookahead_agent.py", "connect4")
    with box:
        game = student.game
        bound = {role: b.name for role, b in student.interface.bindings.items()}
        assert bound["result"] == "drop_piece" and bound["terminal"] == "is_terminal_node"
        assert not student.interface.bindings["result"].note and not student.interface.bindings["terminal"].note
        assert student.representation.players == (1, 2)
        for state in random_positions(game, 15, seed=5):  # no actions(): valid moves are computed inline
            board, player, action = game.to_course(state), game.to_move(state), game.actions(state)[-1]
            assert game.same_board(student.result(board, player, action).value,
                              game.to_course(game.result(state, action)))
            assert student.terminal(board).value is False
        agents = ASSIGNMENTS["connect4"]["agents"]
        agent = find_agent(box, student.names, game, student.representation, "alpha_beta_player",
                           agents["alpha_beta_player"], labels=list(agents))
        assert not isinstance(agent, str) and agent.name == "agent"
        state = game.initial_state()
        for column in (0, 6, 0, 6, 0):  # red threatens column 0
            state = game.result(state, column)
        assert agent.move(game.to_course(state), -1, timeout=10).action == 0  # yellow blocks
        state = game.result(state, 5)
        assert agent.move(game.to_course(state), 1, timeout=10).action == 0  # red wins


def test_an_agent_object_for_one_side_that_answers_the_new_board_is_read_on_both_sides():
    """An object built for piece 2 whose .act(board) returns the board after its move: before its side
    is known its answer on the other side's turn shows its own piece; after, the board it is sent is
    colour-swapped, and so is the board it answers."""
    source = (STUDENTS / "c4_fixed_side_agent.py").read_text() + (
        "\n\nclass ComputerAgent:\n"
        "    def __init__(self, piece):\n"
        "        self.piece = piece\n"
        "    def act(self, board):\n"
        "        return result(board, self.piece, computer_move(board))\n"
        "\n\ncomputer_agent = ComputerAgent(2)\n")
    box = Sandbox([source], Limits(call_timeout=2.0))
    game, functions = functions_of("connect4")
    with box:
        student = adapt(box, game, functions, source=source)
        agent = find_agent(box, student.names, student.game, student.representation, "alpha_beta_player",
                           ["computer_agent"], labels=["random_player", "alpha_beta_player"], source=source)
        assert agent.name == "computer_agent" and agent.fixed_side == -1
        for mover in (1, -1):  # each side takes its own win (column 3), though both have one (column 6)
            assert agent.move(both_sides_win(mover), mover).action == 3


@pytest.fixture(scope="module")
def tutorial_grid_module_board():
    """ttt_tutorial_grid_module_board.py adapted once for the tests that read it: (sandbox, student)."""
    box, student = adapted("ttt_tutorial_grid_module_board.py", "tictactoe")
    with box:
        yield box, student


def test_a_module_level_board_is_read_before_a_probe_can_play_on_it(tutorial_grid_module_board):
    """The tutorial keeps its board at module level and its ai_turn() (no arguments, so a candidate for
    initial_state) plays on it: the empty board is read before any probe runs."""
    _, student = tutorial_grid_module_board
    rep = student.representation
    assert rep.layout == "grid" and (rep.symbols.empty, *rep.players) == (0, 1, -1)
    assert any("module-level board" in a for a in student.interface.adaptations)
    assert student.interface.bindings["actions"].name == "empty_cells"
    assert not student.interface.bindings["actions"].note


def test_a_search_whose_own_code_passes_the_moves_left_as_its_depth_is_called_that_way(tutorial_grid_module_board):
    """minimax(state, depth, player) answering [row, col, score] is right only at the depth its own call
    passes, len(empty_cells(board)): at depth 4 on three empty cells it values a draw as a win."""
    box, student = tutorial_grid_module_board
    game = student.game
    agent = find_agent(box, student.names, game, student.representation, "minimax_player", ["minimax"],
                       labels=["random_player", "minimax_player"], source=student.source)
    assert agent.name == "minimax" and agent.depth_is_moves_left
    assert agent.describe_call(1) == "minimax(board, moves_left, 1)"
    board = ["o", " ", "x", "x", " ", "o", "x", "o", " "]  # x wins at 4 (the diagonal 2-4-6)
    move = agent.move(board, 1)
    assert move.action == 4 and "(row, col, value) triple" in " ".join(agent.notes)


def test_depth_as_moves_left_is_read_only_from_calls_that_pass_a_count():
    from grader.adapt.search_parameters import depth_is_moves_left

    recursive = "def minimax(s, depth, p):\n    return minimax(s, depth - 1, -p)\n"
    assert depth_is_moves_left(recursive + "def turn(b):\n    d = len(empty_cells(b))\n    return minimax(b, d, 1)\n",
                               "minimax", 1, "depth")
    assert depth_is_moves_left(recursive + "x = minimax(board, len(moves(board)), 1)\n", "minimax", 1, "depth")
    assert not depth_is_moves_left(recursive + "x = minimax(board, 4, 1)\n", "minimax", 1, "depth")
    assert not depth_is_moves_left(recursive, "minimax", 1, "depth")  # only its own recursion: nothing said


@pytest.fixture(scope="module")
def best_move_always_o():
    """ttt_best_move_always_o.py adapted once for the tests that find its agents: (sandbox, student)."""
    box, student = adapted("ttt_best_move_always_o.py", "tictactoe")
    with box:
        yield box, student


def test_an_agent_that_always_plays_o_is_known_by_the_piece_its_own_code_places(best_move_always_o):
    """best_move(board) always plays 'O' and, not preferring quicker wins, may block where it could win,
    so whose win it takes misleads; the piece it passes to make_move does not."""
    box, student = best_move_always_o
    game = student.game
    agent = find_agent(box, student.names, game, student.representation, "minimax_player", ["best_move"],
                       labels=["random_player", "minimax_player"], source=student.source)
    assert agent.name == "best_move" and agent.fixed_side == -1
    assert any("always plays 'O'" in note for note in agent.notes)
    o_wins = ["x", "o", "x", "x", "o", " ", "o", " ", "x"]  # o to move wins at 7 (the middle column)
    assert agent.move(o_wins, -1).action == 7


def test_a_random_player_is_never_said_to_play_one_side(best_move_always_o):
    box, student = best_move_always_o
    agent = find_agent(box, student.names, student.game, student.representation, "random_player",
                       ["random_move"], labels=["random_player", "minimax_player"], source=student.source)
    assert agent.name == "random_move" and agent.fixed_side is None
    assert not any("always plays" in note for note in agent.notes)


def test_an_agent_named_for_the_label_is_graded_even_when_it_fails_and_the_feedback_says_which():
    box, student = adapted("c4_named_agent_broken_beside_a_working_one.py", "connect4")
    with box:
        labels = ["random_player", "alpha_beta_player", "heuristic_player"]
        aliases = ["alpha_beta_player", "alpha_beta_agent", "alpha_beta_search"]
        agent = find_agent(box, student.names, student.game, student.representation, "alpha_beta_player", aliases,
                           labels=labels)
        assert agent.name == "alpha_beta_agent"  # not the working heuristic_alpha_beta_agent
        assert agent.notes[0] == "alpha_beta_player: graded your alpha_beta_agent()"
        assert not agent.move(np.zeros((6, 7), dtype=int), 1).ok
        heuristic = find_agent(box, student.names, student.game, student.representation, "heuristic_player",
                               ["heuristic_player"], labels=labels)
        assert heuristic.name == "heuristic_alpha_beta_agent"
        assert heuristic.notes[0] == "heuristic_player: graded your heuristic_alpha_beta_agent()"


def test_of_two_agents_named_for_the_label_the_one_that_moves_is_graded_and_the_other_is_named():
    source = (STUDENTS / "c4_named_agent_broken_beside_a_working_one.py").read_text().replace(
        "def alpha_beta_search(board, player=1):\n    return max_value_ab(board, player, -np.inf, np.inf)[1]",
        "def alpha_beta_search(board, player=1):\n    return max_value_ab(board, player, -np.inf, np.inf, 0, 2)[1]")
    box = Sandbox([source], Limits(call_timeout=2.0))
    game, functions = functions_of("connect4")
    student = adapt(box, game, functions, source=source)
    with box:
        agent = find_agent(box, student.names, game, student.representation, "alpha_beta_player",
                           ["alpha_beta_player", "alpha_beta_agent", "alpha_beta_search"],
                           labels=["random_player", "alpha_beta_player", "heuristic_player"])
        assert agent.name == "alpha_beta_search"
        said = [n for n in agent.notes if "also named for it" in n]
        assert said and "alpha_beta_agent() (" in said[0] and "TypeError" in said[0]


def test_players_named_by_constants_are_read_where_the_empty_board_shows_no_marks():
    """An empty board of None says nothing of the players' marks; RED, YELLOW = 'Red', 'Yellow' does, and a
    search that asks other('x') for the opponent only works with them."""
    box, student = adapted("c4_players_named_in_constants.py", "connect4")
    with box:
        assert student.representation.players == ("Red", "Yellow")
        agrees_with_reference(student, student.game)
        agent = find_agent(box, student.names, student.game, student.representation, "alpha_beta_player",
                           ["alpha_beta_player"], labels=["random_player", "alpha_beta_player"],
                           source=student.source)
        assert agent.move(np.zeros((6, 7), dtype=int), 1).ok  # its (column, value) answers are read as such
        board = np.zeros((6, 7), dtype=int)
        board[5, 0:3] = -1
        board[4, 0:2] = 1
        board[5, 6] = 1
        # blocks the only immediate win of the opponent, answering (3, 0), which is also where a disc in
        # column 0 would land: the reading its earlier answers needed decides
        assert agent.move(board, 1).action == 3


def test_mark_pairs_are_the_values_the_code_names_together():
    from grader.adapt.infer import named_mark_pairs

    assert named_mark_pairs("RED, YELLOW = 'Red', 'Yellow'\n") == (("Red", "Yellow"), ("Yellow", "Red"))
    assert named_mark_pairs("P1 = 'A'\nP2 = 'B'\nN = 3\n") == (("A", "B"), ("B", "A"))
    assert named_mark_pairs("P1 = 'A'\nN = 3\nP2 = 'B'\n") == ()  # not named together
    assert named_mark_pairs("def f():\n    a, b = 'x', 'y'\n") == (("x", "y"), ("y", "x"))
    assert named_mark_pairs("def other(p):\n    return 'O' if p == 'X' else 'X'\n")[0] == ("O", "X")
    assert ("red", "yellow") in named_mark_pairs("NAMES = {1: 'red', -1: 'yellow'}\n")
    assert (True, False) in named_mark_pairs("FIRST, SECOND = True, False\n")
    assert named_mark_pairs("x = ('a', 3)\n") == ()  # a string beside a number is no pair of marks


def test_a_pair_that_names_the_games_own_kinds_of_move_is_no_pair_of_players():
    """Dots and Boxes code says 'h' and 'v' (or 'horizontal' and 'vertical') together for its lines: taken
    for player marks, they would win every tie between readings that a buggy result() leaves open."""
    from grader.adapt.infer import named_mark_pairs
    from reference.games import load_game

    dab, c4 = load_game("dots_and_boxes"), load_game("connect4")
    code = "KINDS = ('h', 'v')\nNAMES = {'h': 'horizontal', 'v': 'vertical'}\nP = ('A', 'B')\n"
    assert named_mark_pairs(code, dab) == (("A", "B"), ("B", "A"))
    assert ("h", "v") in named_mark_pairs(code, c4) and ("h", "v") in named_mark_pairs(code)


def test_two_names_of_the_empty_boards_own_fields_are_no_pair_of_players():
    """The template's first Dots and Boxes layout keeps its size as 'n' and 'm', and its code skips them as
    ``key not in ('n', 'm')``: taken for player marks they made a reading whose box owners are 'n' and 'm'."""
    from grader.adapt.infer import with_named_marks
    from grader.adapt.representations import candidates
    from reference.games import load_game

    dab = load_game("dots_and_boxes")
    board = {"n": 3, "m": 3}
    code = "def lines(board):\n    return [k for k in board if k not in ('n', 'm')]\nPLAYERS = ('A', 'B')\n"
    marks = {rep.players for rep in with_named_marks(candidates(dab, board), code, dab, board)}
    assert ("A", "B") in marks and ("n", "m") not in marks
    assert ("n", "m") in {rep.players for rep in with_named_marks(candidates(dab, board), code, dab)}


def test_an_agent_that_plays_into_the_board_it_is_given_is_read_by_what_it_did():
    box, student = adapted("dab_agent_draws_its_line_itself.py", "dots_and_boxes")
    with box:
        game = student.game
        agent = find_agent(box, student.names, game, student.representation, "random_player", ["random_player"],
                           labels=["random_player"], source=student.source)
        state = game.initial_state()
        for _ in range(5):
            state = game.result(state, game.actions(state)[0])
        move = agent.move(game.to_course(state), game.to_move(state))
        assert move.ok and move.action in game.actions(state)
        assert any("played its move" in note for note in agent.notes)


def test_a_position_shown_at_the_top_level_shows_the_marks_and_the_agent_is_the_move_not_the_value():
    """With no function that makes a board, the position the code shows (cells '_', 'x', 'o') says how
    boards are written; minimax(board, depth, isMax) answers a value, findBestMove(board) the move."""
    box, student = adapted("ttt_find_best_move_on_a_shown_position.py", "tictactoe")
    with box:
        rep = student.representation
        assert (rep.layout, rep.symbols.empty, rep.players) == ("grid", "_", ("x", "o"))
        assert any("marks of the position" in a for a in student.interface.adaptations)
        # isMovesLeft(board) takes one argument: its name says "moves", yet it cannot be result()
        assert "result" not in student.interface.bindings
        assert "nor any other function" in student.interface.problems["result"]
        agent = find_agent(box, student.names, student.game, rep, "minimax_player",
                           ["alpha_beta_player", "minimax_player", "best_move"],
                           labels=["random_player", "minimax_player"], source=student.source)
        assert agent.name == "findBestMove" and agent.fixed_side == 1
        o_wins = ["x", "o", "x", "x", "o", " ", "o", " ", "x"]  # o to move wins at 7; x (findBestMove) sees it
        assert agent.move(o_wins, -1).action == 7


def test_a_random_player_under_a_plain_name_is_told_by_its_moves_despite_a_buggy_actions():
    """dice_agent draws from an actions() that offers full columns: on a late position its moves are
    often illegal, yet early in a game it plays legal moves at random. play_random(player_1,
    player_2), a match runner named "random", fails and must not be graded in its place."""
    box, student = adapted("c4_random_player_under_a_plain_name.py", "connect4")
    with box:
        for _ in range(6):  # on the late probe position 3 of its 7 columns are full: 4/7 of a chance each
            agent = find_agent(box, student.names, student.game, student.representation, "random_player",
                               ["random_player", "random_agent"], labels=["random_player", "alpha_beta_player"],
                               source=student.source)
            assert not isinstance(agent, str), agent
            assert agent.name == "dice_agent"


def test_a_name_that_puts_the_labels_word_first_says_it_more_strongly():
    """MinimaxAgentHeuristicOrdering is a minimax agent whose moves are ordered by a heuristic, defined
    before HeuristicMinimaxAgent: the heuristic agent is the one whose name starts with the word."""
    def agent_class(name):
        return NameInfo(name, "class", "type", (Parameter("max_depth", "POSITIONAL_OR_KEYWORD", True),))
    names = {n: agent_class(n) for n in ("MinimaxAgentHeuristicOrdering", "HeuristicMinimaxAgent")}
    ranked = candidates.rank(names, "heuristic_player", ["heuristic_player"], classes=True)
    assert [(c.target, c.tier) for c in ranked] == [("HeuristicMinimaxAgent", 2),
                                                     ("MinimaxAgentHeuristicOrdering", 2)]


def test_a_monte_carlo_search_is_never_graded_as_the_alpha_beta_player():
    """pure_monte_carlo_search says "search", a word of alpha-beta names, but "monte carlo" says the Monte
    Carlo label: beside an alpha-beta agent under names no list knows, it must not stand in for it."""
    plain_names = (STUDENTS / "c4_names_outside_the_lists.py").read_text().replace(
        "ab_minmax_player", "choose_column").replace("findBestMove", "column_for")
    source = plain_names + '''

def pure_monte_carlo_search(board, player, n=20):
    import random
    def playout(b, p):
        while not finished(b):
            b = nxt(b, p, random.choice(open_columns(b)))
            p = -p
        return payoff(b, player)
    return max(open_columns(board), key=lambda c: sum(playout(nxt(board, player, c), -player) for _ in range(n)))
'''
    box = Sandbox([source], Limits(call_timeout=2.0))
    with box:
        game, functions = functions_of("connect4")
        student = adapt(box, game, functions, source=source)
        labels = ["random_player", "alpha_beta_player", "heuristic_player", "mcts_player"]
        found = find_agent(box, student.names, student.game, student.representation, "alpha_beta_player",
                           ["alpha_beta_player"], labels=labels, source=source)
        assert isinstance(found, str) or found.name != "pure_monte_carlo_search"
        mcts = find_agent(box, student.names, student.game, student.representation, "mcts_player",
                          ["mcts_player"], labels=labels, source=source)
        assert not isinstance(mcts, str) and mcts.name == "pure_monte_carlo_search"


def test_a_random_player_whose_moves_are_sometimes_illegal_is_no_search_agent():
    """A random player that sometimes answers a column off the board still plays at random: its
    illegal answers must not make it pass for a search, serving the heuristic label in a file where
    no search is named."""
    source = (STUDENTS / "c4_random_player_under_a_plain_name.py").read_text().replace(
        "np.random.choice(legal_columns(board))",
        "np.random.randint(board.shape[1] + 1 + 0 * discs(list(board[0])))  # bug: one column too many") + '''

def discs(cells):
    """Discs in a list of cells, counted recursively: code that calls itself, as a search's does."""
    return 0 if not cells else int(cells[0] != 0) + discs(cells[1:])
'''
    box = Sandbox([source], Limits(call_timeout=2.0))
    with box:
        game, functions = functions_of("connect4")
        student = adapt(box, game, functions, source=source)
        for _ in range(4):
            found = find_agent(box, student.names, student.game, student.representation, "heuristic_player",
                               ["heuristic_player"], labels=["random_player", "heuristic_player"], source=source)
            assert isinstance(found, str) or found.name != "dice_agent", found.notes


def test_an_agent_that_fails_by_itself_is_graded_rather_than_a_game_loop_the_grader_cannot_call():
    """Neither the agent (its bug raises) nor a game loop that also says "alphabeta" answers the probe;
    the loop ranks first by its name, but the grader's calls of it leave out its players and board. The
    agent the grader can call in full is the one graded, so its own failure is what the feedback shows."""
    solution = (TESTS.parent / "reference" / "solutions" / "tictactoe.py").read_text()
    written = solution.replace("def alpha_beta_player(board, player='x'):",
                               "def pick_alphabeta(board, player='x'):\n    return {}[player]\n\n\n"
                               "def _unused(board, player='x'):")
    written = written.replace("alpha_beta_search", "deliberate")  # no other name says alpha-beta
    assert written != solution
    written += ("\n\ndef alphabeta_match(red, yellow, start_board, n=100):\n"
                "    board = start_board\n"
                "    for _ in range(n):\n"
                "        board = result(board, 'x', red(board, 'x'))\n"
                "    return board\n")
    box, student = adapted_source(written, "tictactoe")
    with box:
        agent = student_agent(box, student, "alpha_beta_player", ["alpha_beta_player"], ["alpha_beta_player"], 2.0)
        assert not isinstance(agent, str), agent
        assert agent.target == "pick_alphabeta", agent.notes
        assert not agent.unfilled_parameters()


def test_an_agent_answering_two_whole_numbers_is_read_value_first_once_the_first_never_changes():
    """A search that answers (its root value, its move) with the value 0 on every early position: both numbers are
    legal columns, and the first reads as the move until the answers show which of the two stays put."""
    solution = (TESTS.parent / "reference" / "solutions" / "connect4.py").read_text()
    written = solution.replace("def alpha_beta_player(", "def _alpha_beta_move(", 1) + (
        "\n\ndef alpha_beta_player(board, player=1):\n"
        "    return (0, _alpha_beta_move(board, player))\n")
    box, student = adapted_source(written, "connect4")
    game = load_game("connect4", rows=6, cols=7)
    with box:
        agent = student_agent(box, student, "alpha_beta_player", ["alpha_beta_player"], ["alpha_beta_player"], 2.0)
        assert not isinstance(agent, str), agent
        moves = [agent.move(game.to_course(state), game.to_move(state))
                 for state in random_positions(game, 4, seed=3)]
    assert all(m.ok for m in moves)
    assert agent.reading == "the move of a (value, move) pair", agent.notes
    assert {m.action for m in moves[1:]} != {0}  # from the second answer on, the move is the second number
