"""Calling a reference agent the course's way: ``agent(board, player)`` on the canonical board.

The course's environments call ``agent(board, player)`` with the board in the course's
representation (a list of 9 for tic-tac-toe, a numpy array for Connect 4, a dict for Dots and
Boxes) and expect the action in the course's format. :func:`course_player` wraps any reference
agent so that it plays there, e.g. as an opponent for students' agents.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from reference.agents.base import Agent
from reference.games.base import Action, Game, Player


def course_player(agent: Agent, game: Game, seconds: float | None = None) -> Callable[..., Action]:
    """``agent`` as a function ``(board, player) -> action`` on ``game``'s course boards.

    ``player`` is +1 or -1. Where the board says whose turn it is (``game.board_shows_turn``: tic-tac-toe,
    Connect 4) a contradicting ``player`` raises :class:`reference.games.base.InvalidBoard`; where it
    does not (Dots and Boxes: an extra turn makes counting lines useless) ``player`` is required.
    ``seconds``, when given, is the time per move handed to the agent as its deadline. Extra
    keyword arguments that environments pass (time limits and the like) are accepted and ignored.
    """

    def play(board: Any, player: Player | None = None, **_ignored: Any) -> Action:
        if player is None and not game.board_shows_turn:
            raise ValueError(
                f"a {type(game).__name__} board does not say whose turn it is: call the agent as "
                "agent(board, player) with player +1 or -1"
            )
        state = game.from_course(board, to_move=player)
        deadline = None if seconds is None else time.perf_counter() + seconds
        return agent.choose(game, state, deadline)

    play.__name__ = f"{agent.name.replace(':', '_')}_player"
    play.__doc__ = f"The reference agent {agent.name!r} playing {game!r} on course boards."
    return play
