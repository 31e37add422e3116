"""The tactics of Mean Connect 4, proven by an exact search to a horizon
(:class:`reference.solvers.mean_connect4.HorizonSearch`).

Connect 4's own finders assume that a move elsewhere never changes a win; a mean move can (the
discs above the moved one fall, and may fall into a line or out of one), so these find their
answers by playing every move:

- ``take_win``: the moves that win at once (a drop, or a mean move that lets the mover's discs fall
  into a line), in positions where some move does not win and no other move forces a win within
  ``HORIZON`` plies (so a search of that depth that values every win alike cannot rightly prefer it).
- ``stop_win``: the moves after which the opponent cannot win at once (a drop on the cell, or a mean
  move that takes a disc out from under its line), in positions where the opponent threatens to
  win (it could win at once if it moved now), the mover cannot win at once, some move lets the
  opponent win, and no answer loses within ``HORIZON`` plies of the opponent's (else every move
  loses and a searching agent may rightly not care).
- ``mean_win`` and ``mean_block``: those positions where every answer is a mean move: an agent that
  never considers mean moves misses them all.
- ``mean_move_win``: hand-built, as random play seldom reaches it: the opponent's disc at the bottom of
  a column under one of the mover's discs, beside the mover's three (:data:`FREES_A_WIN`), as drawn,
  mirrored left to right, and each with the colours swapped (so for both players). Moving the
  opponent's disc anywhere lets the mover's disc fall into four in a row, and no drop wins. The
  answers are every move that forces a win within ``HORIZON`` plies (:func:`forcing_moves`: under some
  readings of the rule a drop does, and a search that values every win alike may rightly play it);
  under the reference's reading only the mean moves do.

Each answer set is exact: every move in it does what it says, and every move outside it does not
(it lets the opponent win at once, or does not win); the search proves both.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from reference.solvers.mean_connect4 import HorizonSearch
from reference.tactics.base import Answer, TacticKind, hand_built_kind

#: plies of the search that proves the answers: the tactic's own move, the reply and one more
HORIZON = 3

#: (picture of the bottom-left corner, player to move; :meth:`MeanConnect4.from_corner`): a mean move
#: (3, t) takes -1's disc out of column 3 and +1's disc falls into x x x x
FREES_A_WIN = ("...x./xxxo.", 1)


def _is_mean(action: Any) -> bool:
    return isinstance(action, tuple)


def _take_win(game: Any, state: Any) -> Answer | None:
    if game.terminal(state):
        return None
    me, search = game.to_move(state), HorizonSearch(game)
    children = {a: game.result(state, a) for a in game.actions(state)}
    wins = tuple(a for a, child in children.items() if game.winner(child) == me)
    if not wins or len(wins) == len(children):
        return None
    for action, child in children.items():
        if action not in wins and not game.terminal(child) and search.loses_within(child, HORIZON - 1):
            return None  # another move forces a win soon after: a search may rightly play it
    return Answer(wins)


def _stop_win(game: Any, state: Any) -> Answer | None:
    if game.terminal(state):
        return None
    me, search = game.to_move(state), HorizonSearch(game)
    if not search.wins_within(game.passed(state), 1):
        return None  # no threat: the opponent could not win at once even if it moved now
    children = {a: game.result(state, a) for a in game.actions(state)}
    if len(children) < 2 or any(game.winner(child) == me for child in children.values()):
        return None  # nothing to choose, or a win to take instead
    answers = tuple(a for a, child in children.items()
                    if game.winner(child) is None and not search.wins_within(child, 1))
    if not answers or len(answers) == len(children):
        return None  # every move loses at once, or none does: nothing to stop
    if any(not game.terminal(children[a]) and search.wins_within(children[a], HORIZON) for a in answers):
        return None  # a block the opponent still beats within the horizon
    return Answer(answers)


def forcing_moves(game: Any, state: Any, plies: int = HORIZON) -> tuple[Any, ...]:
    """The moves after which the side to move wins within ``plies`` plies whatever the replies
    (the move that wins at once among them), proven by the search."""
    me, search = game.to_move(state), HorizonSearch(game)
    out = []
    for action in game.actions(state):
        child = game.result(state, action)
        if game.winner(child) == me or not game.terminal(child) and search.loses_within(child, plies - 1):
            out.append(action)
    return tuple(out)


def _frees_a_win(game: Any) -> list[tuple[Any, tuple[Any, ...]]]:
    """:data:`FREES_A_WIN` four ways, each with its forcing moves; only those where a move wins at once and
    no drop does (none on a board smaller than 4x5, or not four in a row)."""
    if game.rows < 4 or game.cols < 5 or game.k != 4:
        return []
    base = game.to_course(game.from_corner(*FREES_A_WIN))
    out = []
    for board, to_move in ((base, 1), (np.fliplr(base), 1), (-base, -1), (-np.fliplr(base), -1)):
        state = game.from_course(board, to_move=to_move)
        wins = tuple(a for a in game.actions(state) if game.winner(game.result(state, a)) == to_move)
        if wins and all(map(_is_mean, wins)):
            out.append((state, forcing_moves(game, state)))
    return out


def _only_mean(find: Any) -> Any:
    def found(game: Any, state: Any) -> Answer | None:
        answer = find(game, state)
        return answer if answer is not None and all(map(_is_mean, answer.actions)) else None
    return found


TAKE_WIN = TacticKind(_take_win, "takes an immediate win (a drop or a mean move)")
STOP_WIN = TacticKind(_stop_win, "stops the opponent's immediate win (a drop or a mean move)")
MEAN_WIN = TacticKind(_only_mean(_take_win), "takes a win that only a mean move gives")
MEAN_BLOCK = TacticKind(_only_mean(_stop_win), "stops a win that only a mean move stops")
MEAN_MOVE_WIN = hand_built_kind(_frees_a_win, "takes the win a mean move gives on a hand-built board "
                                               "(mirrored, and for both players)")
