"""Kaggle ConnectX agents copied into the Connect 4 assignment: agents written in a ``%%writefile
submission.py`` cell, self-contained ``my_agent(observation, configuration)`` files, Monte Carlo agents
that read obs as a dict; each is graded for the course roles it really implements."""

import numpy as np

from grader.adapt import adapt, conventions, find_agent
from grader.load import load_submission
from grader.sandbox import Limits, Sandbox
from tests.helpers.adapting import ASSIGNMENTS, STUDENTS, functions_of
from tests.helpers.adapting import graded_way

AGENTS = ASSIGNMENTS["connect4"]["agents"]


def test_an_agent_written_in_a_writefile_cell_is_graded_and_replaces_the_starting_agent():
    """The course's starting my_agent (a random move) sits in an ordinary cell; the student's alpha-beta
    my_agent only in the %%writefile submission.py cell after it. Before, that cell was skipped whole and
    no search agent was found (10.67/87 then, 64/87 now); now its Python is kept and, as the later
    definition, graded."""
    cells = load_submission(STUDENTS / "c4_kaggle_writefile_agent.ipynb").cells
    notes = [s.reason for cell in cells for s in cell.skipped]
    assert any(n.startswith("cell magic %%writefile submission.py") and
               n.endswith("its my_agent replaces the earlier definition") for n in notes)
    kept = [cell.kept for cell in cells]
    box = Sandbox([conventions.SHIM_CELL, *kept], Limits(call_timeout=5.0), seed=0)
    game, functions = functions_of("connect4")
    with box:
        student = adapt(box, game, functions, source="\n".join(kept))
        assert {role: b.name for role, b in student.interface.bindings.items()} == {"result": "drop_piece"}
        found = {label: find_agent(box, student.names, student.game, student.representation, label,
                                   AGENTS[label], labels=list(AGENTS), source=student.source, timeout=10.0)
                 for label in AGENTS}
        assert found["random_player"].name == "agent_random"
        for label in ("alpha_beta_player", "heuristic_player"):  # the random starter would be taken for neither
            assert found[label].name == "my_agent"
            assert any("its code, which searches" in n for n in found[label].notes)
        assert isinstance(found["mcts_player"], str) and "no agent named mcts_player" in found["mcts_player"]
        board = np.zeros((6, 7), dtype=int)
        board[5, 0:3] = 1
        board[4, 0:3] = -1
        for _ in range(3):  # the search takes the win every time; the random starter would not
            assert found["alpha_beta_player"].move(board, 1, timeout=10.0).action == 3


def test_a_kaggle_negamax_submission_is_alpha_beta_and_cutoff_but_no_monte_carlo_player():
    """A submission.py with one self-contained my_agent(observation, configuration): negamax with
    alpha-beta, iterative deepening until half of configuration.actTimeout. Before, it also earned every
    Monte Carlo point (10/10), as the one agent serving every label; its code draws nothing at random."""
    source = (STUDENTS / "c4_kaggle_negamax_submission.py").read_text()
    box, student = graded_way("c4_kaggle_negamax_submission.py", "connect4")
    with box:
        found = {label: find_agent(box, student.names, student.game, student.representation, label,
                                   AGENTS[label], labels=list(AGENTS), source=source)
                 for label in ("alpha_beta_player", "heuristic_player", "mcts_player")}
        assert found["alpha_beta_player"].name == "my_agent" and found["heuristic_player"].name == "my_agent"
        assert any("its code, which searches" in n for n in found["alpha_beta_player"].notes)
        assert isinstance(found["mcts_player"], str) and "my_agent is not taken for it" in found["mcts_player"]
        assert "no random playouts" in found["mcts_player"]
        agent = found["alpha_beta_player"]
        assert agent.describe_call(1) == "my_agent(obs, config)"  # shown beside a failed move
        board = np.zeros((6, 7), dtype=int)
        board[5, 0:3] = -1
        board[4, 0:3] = 1
        board[5, 6] = 1
        assert agent.move(board, -1, timeout=4.0).action == 3  # yellow (mark 2) takes its win


def test_a_one_move_agent_is_no_search_whatever_labels_are_asked():
    """A win-or-block agent with no search (the course's first exercise) is not taken for alpha-beta,
    the cutoff search or Monte Carlo when nothing is named for them: before, it served all three."""
    source = (STUDENTS / "c4_kaggle_connectx_agent.py").read_text()
    box, student = graded_way("c4_kaggle_connectx_agent.py", "connect4")
    with box:
        for label in ("alpha_beta_player", "heuristic_player", "mcts_player"):
            found = find_agent(box, student.names, student.game, student.representation, label, AGENTS[label],
                               labels=list(AGENTS), source=source)
            assert isinstance(found, str) and "my_agent is not taken for it: its code shows no" in found, label


def test_a_kaggle_agent_is_told_half_the_move_limit_and_may_read_obs_as_a_dict():
    """config.actTimeout (and config.timeout) is half the grader's move limit, the median the timing
    checks allow, so an agent that searches until its time is up stays inside them; obs and config are
    dicts whose keys also read as attributes."""
    source = ("def my_agent(obs, config):\n"
              "    assert obs['board'] == obs.board and obs['mark'] == obs.mark\n"
              "    assert obs.remainingOverageTime == 0 and config['columns'] == config.columns == 7\n"
              "    return int(config.actTimeout * 2) if config.timeout == config.actTimeout else None\n")
    box = Sandbox([conventions.SHIM_CELL, source], Limits(call_timeout=5.0), seed=0)
    game, functions = functions_of("connect4")
    with box:
        student = adapt(box, game, functions, source=source)
        agent = find_agent(box, student.names, student.game, student.representation, "my_agent", ["my_agent"],
                           source=source)
        empty = np.zeros((6, 7), dtype=int)
        assert agent.move(empty, 1, timeout=2.0).action == 2
        assert agent.move(empty, 1, timeout=4.0).action == 4
    assert conventions.obs_config_arguments("f", empty, -1, 4, 3.0)[2:] == [2, 6, 7, 4, 1.5]


def test_a_monte_carlo_agent_with_dict_obs_beside_kaggle_experiment_code():
    """The Getting Started notebook's top level (make, a trainer loop, evaluate) is skipped, its
    mean_reward(rewards) is no utility, the random agent reads obs['board'] and the Monte Carlo agent is
    found by its playouts; its helpers are the result and actions it really has."""
    source = (STUDENTS / "c4_kaggle_monte_carlo.py").read_text()
    box, student = graded_way("c4_kaggle_monte_carlo.py", "connect4")
    with box:
        bound = {role: b.name for role, b in student.interface.bindings.items()}
        assert bound.get("result") == "drop_piece" and bound.get("actions") == "get_valid_moves"
        assert "utility" not in bound  # before: mean_reward, "its name says so"
        found = {label: find_agent(box, student.names, student.game, student.representation, label,
                                   AGENTS[label], labels=list(AGENTS), source=source)
                 for label in ("random_player", "mcts_player", "alpha_beta_player")}
        assert found["random_player"].name == "random_agent"
        assert found["mcts_player"].name == "monte_carlo_agent"
        assert isinstance(found["alpha_beta_player"], str)  # playouts are no alpha-beta search
