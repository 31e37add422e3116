"""The Connect 4 tactics that need search depth:

- ``double_threat`` (make two immediate wins at once: the opponent can block only one; a depth-3
  search sees it): neither side can win at once, and no move outside the answer set forces a win
  at all (the solver says so), so a search that values every win alike cannot rightly prefer another.
- ``avoid_trap`` (do not play under the opponent's winning cell; depth 2): neither side can win at
  once, some moves let the opponent win on top of them, and none of the other moves loses by force
  (the solver says so): a search of any depth keeps clear.
- ``avoid_double_threat`` (do not let the opponent make two threats at once; depth 4: the move, the
  opponent's double threat, the one block, the opponent's win): neither side can win at once, some
  move hands the opponent no win at once yet lets it make a double threat, and the answers are the
  moves that allow neither, none of which loses by force (the solver says so). A depth-3 search
  stops before the opponent's win and cannot tell the moves apart.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from reference.games.connect4 import C4State, Connect4
from reference.solvers.connect4 import solver_for
from reference.tactics.base import Answer, TacticKind, either
from reference.tactics.in_a_row import forced_outcome


class Connect4Cells(NamedTuple):
    """A Connect 4 position as bit masks (the reference's layout): where a disc can go now, and the
    free cells where the player to move (``mine``) or the opponent (``theirs``) would complete four."""

    playable: int
    mine: int
    theirs: int


def connect4_cells(game: Connect4, state: C4State) -> Connect4Cells:
    """The bit masks of ``state`` that the depth tactics read."""
    winning = solver_for(game.rows, game.cols, game.k).winning_cells
    free = game.board_mask & ~state.mask
    return Connect4Cells((state.mask + game.bottom_mask) & game.board_mask, winning(state.current) & free,
                         winning(state.current ^ state.mask) & free)


def _quiet(game: Connect4, state: C4State) -> bool:
    """Neither side can win at once in this position, and there is a choice of moves."""
    if game.terminal(state) or len(game.actions(state)) < 2:
        return False
    cells = connect4_cells(game, state)
    return not cells.playable & (cells.mine | cells.theirs)


def makes_double_threat(game: Connect4, state: C4State, action: int) -> bool:
    """After ``action`` the opponent cannot win at once, and the mover has two winning cells it can
    play (or one with another right above it): the opponent can block only one."""
    after = connect4_cells(game, game.result(state, action))  # seen from the opponent's turn
    if after.playable & after.mine:
        return False  # the opponent wins at once
    ready = after.playable & after.theirs
    return ready.bit_count() >= 2 or bool(ready & (after.theirs >> 1))


def hands_over_a_win(game: Connect4, state: C4State, action: int) -> bool:
    """After ``action`` the opponent can win at once (in a quiet position: on the cell right above it)."""
    after = connect4_cells(game, game.result(state, action))
    return bool(after.playable & after.mine)


def allows_double_threat(game: Connect4, state: C4State, action: int) -> bool:
    """After ``action`` the opponent has a move that makes two threats at once (see :func:`makes_double_threat`)."""
    child = game.result(state, action)
    return not game.terminal(child) and any(makes_double_threat(game, child, reply) for reply in game.actions(child))


def _double_threat(game: Connect4, state: C4State) -> Answer | None:
    if not _quiet(game, state):
        return None
    legal = game.actions(state)
    answers = [a for a in legal if makes_double_threat(game, state, a)]
    if not answers or len(answers) == len(legal):
        return None
    if any(forced_outcome(game, game.result(state, a)) not in (0, 1) for a in legal if a not in answers):
        return None  # another move forces a win too (or the solver could not tell)
    return Answer(tuple(answers))


def _avoid_trap(game: Connect4, state: C4State) -> Answer | None:
    if not _quiet(game, state):
        return None
    legal = game.actions(state)
    answers = [a for a in legal if not hands_over_a_win(game, state, a)]
    if not answers or len(answers) == len(legal):
        return None
    if any(forced_outcome(game, game.result(state, a)) not in (0, -1) for a in answers):
        return None  # a safe move loses by force all the same (or the solver could not tell)
    return Answer(tuple(answers))


def _avoid_double_threat(game: Connect4, state: C4State) -> Answer | None:
    if not _quiet(game, state):
        return None
    legal = game.actions(state)
    handing_over = [a for a in legal if hands_over_a_win(game, state, a)]
    allowing = [a for a in legal if a not in handing_over and allows_double_threat(game, state, a)]
    answers = [a for a in legal if a not in handing_over and a not in allowing]
    if not allowing or not answers:
        return None  # no double threat to avoid (only a trap one row up), or no way to avoid it
    if any(forced_outcome(game, game.result(state, a)) not in (0, -1) for a in answers):
        return None  # a move that allows no double threat loses by force all the same (or the solver could not tell)
    return Answer(tuple(answers))


def _allowing_words(game: Connect4, state: C4State, answers: Sequence[int]) -> str:
    allowing = [a for a in game.actions(state) if a not in answers and not hands_over_a_win(game, state, a)]
    return (f"a depth-4 search sees that after {_columns(game, allowing)} the opponent can make two threats at once "
            f"(only one can be blocked); {_columns(game, answers)} allows neither that nor a win "
            "on top of it")


def _columns(game: Connect4, actions: Sequence[int]) -> str:
    return game.action_noun + either(actions)


DOUBLE_THREAT = TacticKind(
    _double_threat, "makes two threats at once (a win in two moves)",
    lambda game, state, answers: f"a depth-3 search sees that {_columns(game, answers)} makes two threats at once "
                                 "(the opponent can block only one)", depth=3)
AVOID_TRAP = TacticKind(
    _avoid_trap, "does not play under the opponent's winning cell",
    lambda game, state, answers: "a depth-2 search sees that the opponent wins at once on top of "
                                 f"{_columns(game, [a for a in game.actions(state) if a not in answers])}; "
                                 f"{_columns(game, answers)} is safe", depth=2)
AVOID_DOUBLE_THREAT = TacticKind(_avoid_double_threat, "does not let the opponent make two threats at once",
                                 _allowing_words, depth=4)
