"""Calling conventions of other environments, run inside the sandbox so student code gets the objects it expects.

Games written as classes (the textbook's) call their agents ``player(game, state)``: :data:`GAME_CALL` puts the game
object, which lives in the worker, among the plain arguments there. Kaggle's ConnectX calls ``agent(obs, config)`` with
attribute-style dicts (``obs.board`` a flat list of 0/1/2 with row 0 on top, ``obs.mark`` 1 or 2,
``config.rows``/``columns``/``inarow``, and ``config.actTimeout`` half the grader's move limit, with no overage time).
Such objects cannot cross the sandbox's plain-data wire, so :data:`OBS_CONFIG_CALL` (installed by :data:`SHIM_CELL`
under a dunder name) builds them there and calls the agent.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: the function that calls an ``agent(obs, config)`` inside the sandbox
OBS_CONFIG_CALL = "__grader_obs_config_call__"
#: the function that calls an agent with the submission's game object among its arguments
GAME_CALL = "__grader_game_call__"

#: the cell that gives the submission's namespace the grader's helpers (``grader/sandbox/helpers.py``): the
#: conventions above, and the replays of ``grader.adapt.replayed_states``
SHIM_CELL = "import _sandbox_helpers\n_sandbox_helpers.install(globals())\n"

#: parameter names that take the game object (``player(game, state)``, ``alpha_beta_search(state, game)``)
GAME_NAMES = ("game", "g", "problem", "env", "environment", "the_game")

#: the order of an agent called Kaggle's way, ``agent(obs, config)``
OBS_CONFIG = ("obs", "config")
#: parameter names that say an agent takes Kaggle's (observation, configuration)
OBS_NAMES = ("obs", "observation", "observations", "ob")
CONFIG_NAMES = ("config", "configuration", "conf", "cfg", "configs")


def takes_obs_config(names: list[str]) -> bool:
    """Whether parameter names (without ``self``) spell ``(obs, config)``."""
    return len(names) >= 2 and names[0].lower() in OBS_NAMES and names[1].lower() in CONFIG_NAMES


#: the move limit assumed when a move is asked without one
DEFAULT_MOVE_SECONDS = 2.0


def obs_config_arguments(target: str, board: Any, player: int, inarow: int = 4,
                         move_limit: float | None = None) -> list[Any]:
    """The arguments of :data:`OBS_CONFIG_CALL` for a course Connect 4 board and player (+1/-1), asked
    within ``move_limit`` seconds (the agent is told half of it)."""
    cells = np.asarray(board)
    flat = [0 if v == 0 else 1 if v == 1 else 2 for v in cells.ravel().tolist()]
    seconds = (move_limit or DEFAULT_MOVE_SECONDS) / 2
    return [target, flat, 1 if player == 1 else 2, int(cells.shape[0]), int(cells.shape[1]), inarow, seconds]
