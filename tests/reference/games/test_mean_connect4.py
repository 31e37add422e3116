"""Mean Connect 4's rules, as specifications, against a plain list-of-lists model
(tests/helpers/mean_connect4_model.py).

The model reads the template's rule directly: a list of rows (row 0 on top) of 0/1/-1; a drop
puts the mover's disc on the lowest free cell; a mean move takes the opponent's disc from the
bottom row, lets the discs above it fall one row, and drops that disc into a column. Lines are
found by walking every cell in every direction. It shares nothing with the bitboards.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

from reference.agents import make_agent
from reference.games import IllegalAction, InvalidBoard, load_game
from reference.games.mean_connect4 import MeanConnect4
from tests.helpers.mean_connect4_model import (
    READINGS,
    model_actions,
    model_outcome,
    model_result,
)

SIZES = [(6, 7, 4), (4, 4, 4), (4, 5, 3), (5, 6, 4), (3, 3, 3)]


def picture(rows: str) -> np.ndarray:
    """A course board from a picture: '.' empty, 'x' = 1, 'o' = -1; rows top first, separated by '/'."""
    values = {".": 0, "x": 1, "o": -1}
    return np.array([[values[c] for c in row] for row in rows.split("/")], dtype=int)


# --- the reference against the model ---


@pytest.mark.parametrize("reading", READINGS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()))
@pytest.mark.parametrize("rows,cols,k", SIZES)
def test_random_games_give_the_models_successors_actions_and_outcomes(rows, cols, k, reading):
    game = load_game("mean_connect4", rows=rows, cols=cols, k=k, **reading)
    rng = random.Random(rows * 100 + cols * 10 + k)
    checked = 0
    for _ in range(40):
        state = game.initial_state()
        board = [[0] * cols for _ in range(rows)]
        player = 1
        while True:
            assert game.to_course(state).tolist() == board
            assert game.to_move(state) == player
            finished, winner = model_outcome(board, k, player, reading.get("plays_on_full_board", False))
            limit = state.plies >= game.max_plies
            terminal, actions = game.terminal(state), game.actions(state)  # asked once per position
            assert terminal == (finished or limit)
            if terminal:
                assert game.utility(state, 1) == winner
                assert game.utility(state, -1) == -winner
                assert actions == []
                break
            assert actions == model_actions(board, player, reading["same_column"],
                                            reading.get("returns_to_full_column", True))
            successors = []
            for action in actions:  # every successor, not only the one played
                child, child_board = game.result(state, action), model_result(board, player, action,
                                                                               reading["keeps_colour"])
                assert game.to_course(child).tolist() == child_board
                successors.append((child, child_board))
                checked += 1
            state, board = successors[actions.index(rng.choice(actions))]  # the game goes on from one of them
            player = -player
    assert checked > 1000


def test_a_mean_move_takes_the_bottom_disc_and_the_column_falls():
    game = MeanConnect4()
    before = picture("......./......./......./...x.../...o.../.o.x...")
    state = game.from_course(before, to_move=1)
    after = game.to_course(game.result(state, (1, 6)))
    assert after.tolist() == picture("......./......./......./...x.../...o.../...x..o").tolist()
    after = game.to_course(game.result(game.from_course(before, to_move=-1), (3, 0)))
    assert after.tolist() == picture("......./......./......./......./...x.../xo.o...").tolist()


def test_the_moved_disc_keeps_its_colour_and_may_return_to_its_own_column():
    game = MeanConnect4(4, 4)
    state = game.from_course(picture("..../..../x.../ox.."), to_move=1)
    assert (0, 0) in game.actions(state)
    assert game.to_course(game.result(state, (0, 0))).tolist() == picture("..../..../o.../xx..").tolist()
    assert (0, 0) not in MeanConnect4(4, 4, same_column=False).actions(state)
    recoloured = MeanConnect4(4, 4, keeps_colour=False)
    assert recoloured.to_course(recoloured.result(state, (0, 2))).tolist() == picture("..../..../..../xxx.").tolist()


def test_only_an_opponents_disc_in_the_bottom_row_can_be_moved():
    game = MeanConnect4(4, 4)
    state = game.from_course(picture("..../..../o.../xo.."), to_move=1)
    assert [a for a in game.actions(state) if isinstance(a, tuple)] == [(1, 0), (1, 1), (1, 2), (1, 3)]
    with pytest.raises(IllegalAction, match="mover's own"):
        game.result(state, (0, 2))
    with pytest.raises(IllegalAction, match="empty"):
        game.result(state, (2, 0))


def test_a_mean_move_cannot_go_into_a_full_column_but_its_own_full_column_has_room():
    board = picture("o.../x.../o.../x.o.")
    game = MeanConnect4(4, 4)
    mean_moves = [a for a in game.actions(game.from_course(board, to_move=-1)) if isinstance(a, tuple)]
    assert mean_moves == [(0, 0), (0, 1), (0, 2), (0, 3)]
    with pytest.raises(IllegalAction, match="full"):
        game.result(game.from_course(board, to_move=1), (2, 0))
    assert (2, 0) not in game.actions(game.from_course(board, to_move=1))


def test_no_mean_move_without_an_opponents_disc_in_the_bottom_row():
    game = MeanConnect4(4, 4)
    state = game.from_course(picture("..../..../o.../x.x."), to_move=1)
    assert game.actions(state) == [0, 1, 2, 3]


def test_a_mean_move_that_lets_the_movers_disc_fall_into_a_line_wins():
    game = MeanConnect4(4, 5)
    state = game.from_course(picture("...../...../...x./xxxo."), to_move=1)
    winning = [a for a in game.actions(state) if game.winner(game.result(state, a)) == 1]
    assert winning == [(3, t) for t in range(5)]


def test_a_mean_move_giving_both_players_a_line_is_a_draw():
    game = MeanConnect4(4, 4)
    state = game.from_course(picture("..../o.../xoo./oxxx"), to_move=1)
    after = game.result(state, (0, 3))
    assert game.to_course(after).tolist() == picture("..../..../oooo/xxxx").tolist()
    assert game.lines_of(after) == (True, True)
    assert game.terminal(after) and game.winner(after) is None and game.utility(after, 1) == 0


def test_a_mean_move_that_completes_the_opponents_line_loses():
    game = MeanConnect4(4, 4)
    state = game.from_course(picture("..../o.../o.../oxox"), to_move=1)
    after = game.result(state, (2, 0))
    assert game.winner(after) == -1 and game.utility(after, 1) == -1


def test_both_players_with_a_line_is_a_draw():
    game = MeanConnect4(4, 4)
    state = game.from_course(picture("..../..../oooo/xxxx"), to_move=1)
    assert game.terminal(state) and game.winner(state) is None and game.utility(state, 1) == 0


def test_a_full_board_ends_the_game_in_a_draw():
    game = MeanConnect4(2, 2, k=2)
    state = game.from_course(picture("xo/ox"), to_move=1)
    assert game.terminal(state) is True  # x x on a diagonal: +1 won
    full = MeanConnect4(2, 3, k=3)
    state = full.from_course(picture("xox/oxo"), to_move=1)
    assert full.terminal(state) and full.winner(state) is None and full.actions(state) == []


def test_playing_on_a_full_board_puts_an_opponents_bottom_disc_back_on_top_of_its_column():
    board = picture("xox/oxo")
    on = MeanConnect4(2, 3, k=3, plays_on_full_board=True)
    state = on.from_course(board, to_move=1)
    assert not on.terminal(state) and on.actions(state) == [(0, 0), (2, 2)]
    after = on.result(state, (0, 0))
    assert on.to_course(after).tolist() == picture("oox/xxo").tolist() and not on.terminal(after)
    # -1 to move has +1's disc only in column 1 of the bottom row; +1 with none of -1's has no move left
    assert on.actions(on.from_course(board, to_move=-1)) == [(1, 1)]
    narrow = MeanConnect4(3, 2, k=3, plays_on_full_board=True)
    stuck = narrow.from_course(picture("ox/xo/xx"), to_move=1)
    assert narrow.terminal(stuck) and narrow.actions(stuck) == [] and narrow.utility(stuck, 1) == 0
    assert MeanConnect4(2, 3, k=3).terminal(state)  # the reference: a draw


@pytest.mark.parametrize("reading", [r for r in READINGS if r.get("plays_on_full_board")], ids=str)
@pytest.mark.parametrize("rows,cols,k", [(3, 4, 4), (2, 3, 3)])  # boards random games often fill
def test_full_boards_of_random_games_go_on_or_end_as_the_model_says(rows, cols, k, reading):
    on = MeanConnect4(rows, cols, k, **reading)
    draw = MeanConnect4(rows, cols, k, **{**reading, "plays_on_full_board": False})
    rng, full, going_on = random.Random(rows * cols), 0, 0
    for _ in range(300):
        _, state = random_line_to_the_end(on, rng)
        board = on.to_course(state).tolist()
        if all(board[0]):  # a full board was reached: check every full board of this game's end
            full += 1
            player = on.to_move(state)
            finished, winner = model_outcome(board, k, player, plays_on_full_board=True)
            assert on.terminal(state) == (finished or state.plies >= on.max_plies)
            there = draw.from_course(board, to_move=player)
            assert draw.terminal(there) and draw.actions(there) == []
            assert draw.utility(there, 1) == model_outcome(board, k, player)[1]
            if not on.terminal(state):
                assert on.actions(state) == model_actions(board, player, True)
                for action in on.actions(state):
                    child = on.to_course(on.result(state, action)).tolist()
                    assert child == model_result(board, player, action, reading["keeps_colour"])
                going_on += 1
    assert full >= 30 and going_on >= 10


def random_line_to_the_end(game, rng):
    """A random game played until it ends or, on a full board, a few plies after it filled."""
    state, moves, after_full = game.initial_state(), [], rng.randint(0, 6)
    while not game.terminal(state):
        if state.mask == game.board_mask:
            if after_full == 0:
                break
            after_full -= 1
        action = rng.choice(game.actions(state))
        moves.append(action)
        state = game.result(state, action)
    return moves, state


def test_games_end_in_a_draw_at_the_ply_limit():
    game = MeanConnect4(4, 4, max_plies=3)
    state = game.initial_state()
    for action in (0, 1, (1, 1)):
        state = game.result(state, action)
    assert state.plies == 3 and game.terminal(state) and game.utility(state, 1) == 0
    with pytest.raises(IllegalAction, match="over"):
        game.result(state, 2)


def test_whose_turn_is_recorded_not_counted():
    game = MeanConnect4(4, 4)
    state = game.result(game.result(game.initial_state(), 0), (0, 0))
    assert game.to_move(state) == 1
    assert game.to_course(state).tolist() == picture("..../..../..../x...").tolist()
    assert game.from_course(game.to_course(state), to_move=-1).player == -1
    assert game.from_course(picture("..../..../..../x..."), to_move=None).player == -1


def test_from_course_rejects_floating_discs_and_bad_players_but_accepts_any_counts():
    game = MeanConnect4(4, 4)
    assert game.from_course(picture("..../..../x.../xxx."), to_move=-1).mask
    with pytest.raises(InvalidBoard, match="floats"):
        game.from_course(picture("..../x.../..../...."))
    with pytest.raises(InvalidBoard, match="to_move"):
        game.from_course(picture("..../..../..../...."), to_move=2)


@pytest.mark.parametrize("action", [(0,), (0, 1, 2), ("a", 1), (9, 0), -1, 7.5])
def test_malformed_actions_raise_illegal_action(action):
    game = MeanConnect4(4, 4)
    state = game.from_course(picture("..../..../..../ox.."), to_move=-1)
    with pytest.raises(IllegalAction):
        game.result(state, action)


def test_svg_marks_the_source_and_target_of_a_mean_move():
    game = MeanConnect4()
    state = game.result(game.result(game.initial_state(), 3), (3, 5))
    drawing = game.svg(state, highlight=[(3, 5)])
    ElementTree.fromstring(drawing)
    assert drawing.count("<polygon") == 2


@pytest.mark.parametrize("spec", ["random", "alphabeta:2", "montecarlo:5", "mcts:50", "iterative:0.05"])
def test_reference_agents_play_whole_games_unchanged(spec):
    game = MeanConnect4(5, 5)
    agents = {1: make_agent(spec, seed=1), -1: make_agent("random", seed=2)}
    state = game.initial_state()
    while not game.terminal(state):
        action = agents[game.to_move(state)].choose(game, state)
        assert action in game.actions(state)
        state = game.result(state, action)


def test_exact_alpha_beta_finishes_on_a_small_board_thanks_to_the_ply_limit():
    game = MeanConnect4(3, 3, k=3)
    agent = make_agent("alphabeta")
    assert agent.choose(game, game.initial_state()) in game.actions(game.initial_state())


def test_heuristic_alpha_beta_takes_a_win_that_only_a_mean_move_gives():
    game = MeanConnect4(4, 5)
    state = game.from_course(picture("...../...../...x./xxxo."), to_move=1)
    assert make_agent("alphabeta:2").choose(game, state) in [(3, t) for t in range(5)]


def test_the_leaderboard_replay_draws_which_disc_a_mean_move_moved():
    from grader.tournament.leaderboard_page import svg_positions
    from grader.play.records import GameRecord

    # JSON has no tuples: the recorded mean move is the list [3, 5].
    record = GameRecord("g", "g", "mean_connect4", {}, "a", "b", [], [3, [3, 5]], [1, -1], 0, "unfinished")
    drawings = svg_positions(MeanConnect4())(record)
    assert len(drawings) == 3
    drop, mean = drawings[1], drawings[2]
    assert drop.count("<polygon") == 1  # the drop's column
    assert mean.count("<polygon") == 2  # arrows: up at the source column, down at the target
    assert mean.count("<circle") == drop.count("<circle") + 1  # a ring where the moved disc was


def test_grader_play_runs_a_mean_connect4_game(capsys):
    from grader.cli import main

    assert main(["play", "mean_connect4", "alphabeta:1", "random", "--rows", "4", "--cols", "5"]) == 0
    out = capsys.readouterr().out
    assert "alphabeta:1 (first) plays" in out and out.strip().splitlines()[-1].endswith(("wins", "draw"))


def test_grader_play_takes_a_reading_of_the_rule(capsys):
    from grader.cli import main

    assert main(["play", "mean_connect4", "alphabeta:1", "random", "--rows", "3", "--cols", "4",
                 "--rule", "plays_on_full_board=true"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].endswith(("wins", "draw"))
    assert main(["play", "mean_connect4", "--rule", "no_such_rule=true"]) != 0
    assert "no such rule" in capsys.readouterr().err


def test_the_leaderboard_says_the_board_and_the_reading_of_the_rule_played():
    from grader.tournament.leaderboard_page import board_words

    size = MeanConnect4(plays_on_full_board=True, keeps_colour=False).dimensions()
    words = board_words("mean_connect4", size)
    assert words.startswith("6x7, 4 in a row, the moved disc becomes the mover's disc")
    assert words.endswith("when the board is full play goes on with mean moves")
    assert board_words("connect4", {"rows": 6, "cols": 7}) == "6x7"


# --- building a position through a student's own moves (moves_to) ---


@pytest.fixture
def no_lines_remembered(monkeypatch):
    """An empty memory of the lines that reach positions. It is kept for the whole process, and earlier tests
    (adapting Mean Connect 4 students) may have remembered these very positions, mean moves included."""
    monkeypatch.setattr("reference.games.base._LINES", {})


def _replayed(game, moves):
    state = game.initial_state()
    for move in moves:
        state = game.result(state, move)
    return state


@pytest.mark.parametrize("seed", range(8))
def test_a_position_made_by_drops_is_built_again_by_drops_that_reach_it(seed, no_lines_remembered):
    game, rng = MeanConnect4(), random.Random(seed)
    state = game.initial_state()
    for _ in range(rng.randrange(4, 14)):
        drops = [a for a in game.actions(state) if not isinstance(a, tuple)]
        if game.terminal(state) or not drops:
            break
        state = game.result(state, rng.choice(drops))
    line = game.moves_to(state)
    assert line is not None and all(not isinstance(a, tuple) for a in line)
    assert game.position_key(_replayed(game, line)) == game.position_key(state)


def test_a_position_whose_disc_counts_say_a_mean_move_was_played_has_no_line_unless_remembered(no_lines_remembered):
    game = MeanConnect4()
    state = game.initial_state()
    for move in [3, 4]:
        state = game.result(state, move)
    mean = next(a for a in game.actions(state) if isinstance(a, tuple))
    line = [3, 4, mean]
    after = _replayed(game, line)
    assert game.moves_to(after) is None  # one disc each and -1 to move: no line of drops gives that
    game.remember(after, line)
    assert game.moves_to(after) == line


def test_a_position_handed_out_before_a_long_scan_is_still_built_by_the_line_that_made_it():
    """Positions after mean moves are built only by their remembered line: scanning thousands of random games
    for an outcome must not push the lines of positions handed out before it out of memory."""
    from reference.positions import random_line, terminal_with_outcome
    game, rng = MeanConnect4(), random.Random(4)
    while True:  # a position that only its line reaches: a mean move on the way, drops alone cannot build it
        moves, state = random_line(game, rng)
        if any(isinstance(m, tuple) for m in moves) and not game.buildable(state):
            break
    terminal_with_outcome(game, 2, seed=3, tries=4000)  # no such winner: every game looked at (100k positions)
    line = game.moves_to(state)
    assert line is not None and game.position_key(_replayed(game, line)) == game.position_key(state)
