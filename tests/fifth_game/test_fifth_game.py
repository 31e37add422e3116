"""A fifth game is one folder plus one line: gravity m,n,k (4 x 4, three in a row), registered below,
is played by the reference agents, leaves out the hooks it has no use for, and is graded by a rubric."""

from __future__ import annotations

import numpy as np
import pytest

from grader.adapt import representations
from grader.plugs import ROLES, edge_cases, plug_for
from reference.agents import evaluation_for, make_agent
from reference.agents.evaluation import no_evaluation
from reference.games import game_names, load_game, register_game
from reference.solvers import UnsupportedGame, solvable_games, solve
from reference.tactics import TACTICS
from tests.fifth_game.game import GravityMNK, open_lines
from tests.paths import TESTS

register_game(GravityMNK)  # the one line

FOLDER = TESTS / "fifth_game"


def test_the_registered_game_is_found_by_its_name_and_aliases():
    assert "gravity_mnk" in game_names()
    assert load_game("gravity-mnk") == load_game("GRAVITY_MNK") == GravityMNK()
    assert load_game("gravity_mnk", rows=5, cols=6, k=4).dimensions() == {"rows": 5, "cols": 6, "k": 4}


def test_registering_twice_is_harmless_and_a_second_game_of_the_same_name_is_refused():
    register_game(GravityMNK)

    class Impostor(GravityMNK):
        pass

    with pytest.raises(ValueError, match="registered already"):
        register_game(Impostor)


@pytest.mark.parametrize("first, second", [("random", "random"), ("alphabeta:3", "random"),
                                           ("mcts:200", "alphabeta:2"), ("montecarlo:20", "iterative:0.05")])
def test_the_reference_agents_play_it_to_the_end(first, second):
    game = load_game("gravity_mnk")
    agents = {1: make_agent(first, seed=1), -1: make_agent(second, seed=2)}
    state, plies = game.initial_state(), 0
    while not game.terminal(state):
        state = game.result(state, agents[game.to_move(state)].choose(game, state))
        plies += 1
    assert 5 <= plies <= 16 and game.utility(state, 1) in (-1, 0, 1)


def test_a_cutoff_search_takes_a_win_a_random_player_leaves_open():
    game = load_game("gravity_mnk")
    state = game.initial_state()
    for column in (0, 1, 0, 1):  # x has two in column 0; o two in column 1; x to move
        state = game.result(state, column)
    assert make_agent("alphabeta:2", seed=0).choose(game, state) == 0


def test_the_hooks_are_optional_an_evaluation_without_a_solver_or_tactics():
    game = load_game("gravity_mnk")
    assert evaluation_for(game) is open_lines
    assert not game.solvable and "gravity_mnk" not in solvable_games()
    with pytest.raises(UnsupportedGame, match="gravity_mnk"):
        solve(game, game.initial_state())
    assert GravityMNK.tactic_kinds() == {} and "win" in TACTICS  # the other games' tactics are all still there

    class Plain(GravityMNK):
        name = "plain_gravity"

        def evaluation(self):
            return None

    assert evaluation_for(Plain()) is no_evaluation


def test_its_edge_boards_are_reachable_and_named_after_their_rule():
    game = load_game("gravity_mnk")
    for role in ROLES:
        cases = edge_cases(game, role)
        assert cases and all(c.why for c in cases)
        for case in cases:
            assert game.from_course(game.to_course(case.state)) == case.state
            if role == "utility":
                assert game.terminal(case.state) and game.utility(case.state, 1) != 0
    terminal = {c.why: game.terminal(c.state) for c in edge_cases(game, "terminal")}
    assert terminal == {"three in a column": True, "three in a row for the second player": True,
                        "three on a diagonal": True, "a full column without a line is no end": False}


def test_the_board_readings_come_from_its_plug():
    game = load_game("gravity_mnk")
    assert plug_for(game).candidates is not None
    flipped = np.zeros((4, 4), dtype=int).tolist()  # a list of lists: read, in either row order
    found = representations.candidates(game, flipped)
    assert any(r.decode_board(r.encode_board(game.to_course(game.result(game.initial_state(), 1)))).tolist()
               == game.to_course(game.result(game.initial_state(), 1)).tolist() for r in found)


# --- graded like the other four: a staff-solution notebook and a rubric of its own ---


@pytest.fixture(scope="module")
def assignment():
    from grader.rubric import load_rubric

    return load_rubric(FOLDER / "rubric.yaml").assignment("gravity_mnk")


def notebook(tmp_path, text, name="staff.ipynb"):
    from reference.solutions import percent_cells, write_notebook

    return write_notebook(percent_cells(text), tmp_path / name)


def test_the_staff_solution_notebook_earns_every_point(tmp_path, assignment):
    from grader.grading import grade_submission

    graded = grade_submission(notebook(tmp_path, (FOLDER / "solution.py").read_text()), "gravity_mnk", assignment)
    assert graded.status == "graded" and graded.total == graded.max_total == 16, \
        [(c.check, c.points, c.message) for c in graded.checks]


def test_a_solution_blind_to_diagonals_loses_the_diagonal_board(tmp_path, assignment):
    from grader.grading import grade_submission

    blind = (FOLDER / "solution.py").read_text().replace("((0, 1), (1, 0), (1, 1), (1, -1))", "((0, 1), (1, 0))")
    graded = grade_submission(notebook(tmp_path, blind), "gravity_mnk", assignment)
    lost = {c.check: c.message for c in graded.checks if c.status != "passed"}
    assert "terminal: canned boards" in lost and "three on a diagonal" in lost["terminal: canned boards"], lost
