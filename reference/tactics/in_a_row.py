"""The tactics of the k-in-a-row games (tic-tac-toe, Connect 4): take an immediate win, block the
opponent's only one.

- ``win``: no other move also forces a win. Minimax as taught values every win alike (+1), so an
  agent that sees a slower forced win may rightly play it (and a random move would often be one).
  Where the solver cannot settle that (the middle game), no other move may force a win with one of
  the mover's next ``WIN_HORIZON`` stones: a slower win lies deeper than a search that answers in
  time on 6x7 looks (13 plies or more). The
  middle game is where a search that values a win below its heuristic (utility +-1, heuristic in
  tens) shows it: there the heuristic is large everywhere.
- ``block``: there are other legal moves, after the block the opponent has no immediate win, and
  the block does not lose by force (otherwise every move loses and a searching agent may rightly
  not care). Forced outcomes come from the exact solver; a position it cannot settle within
  ``OUTCOME_NODE_BUDGET`` nodes is not used.
"""

from __future__ import annotations

from reference.games.base import Action, Game, State
from reference.solvers import SolverBudgetExceeded, UnsupportedGame, loses_within, solve
from reference.tactics.base import Answer, TacticKind

OUTCOME_NODE_BUDGET = 5_000  # per forced-outcome question; most late Connect 4 positions need far fewer
WIN_HORIZON = 5  # the mover's next stones after its other move: a slower win is 13 plies away or more


def immediate_wins(game: Game, state: State) -> list[Action]:
    """The actions with which the player to move wins at once."""
    me = game.to_move(state)
    return [a for a in game.actions(state) if game.winner(game.result(state, a)) == me]


def threats(game: Game, state: State) -> set[Action]:
    """The opponent's immediate wins in ``state`` (where it would win if it moved now).

    Found by one ply of look-ahead: a reply ``c`` that wins after some own move ``b != c``. In
    tic-tac-toe and Connect 4 an own move elsewhere never changes whether ``c`` wins, and excluding
    ``c == b`` leaves out threats that the own move itself would create (the cell on top of it).
    """
    found: set[Action] = set()
    for b in game.actions(state):
        child = game.result(state, b)
        if not game.terminal(child):
            found.update(c for c in immediate_wins(game, child) if c != b)
    return found


def forced_outcome(game: Game, state: State, node_budget: int = OUTCOME_NODE_BUDGET) -> int | None:
    """+1, 0 or -1: whether the side to move in ``state`` wins, draws or loses with best play
    (None when the solver would need more than ``node_budget`` nodes to know, or has no game)."""
    if game.terminal(state):
        value = game.utility(state, game.to_move(state))
    else:
        try:
            value = solve(game, state, weak=True, node_budget=node_budget)
        except (SolverBudgetExceeded, UnsupportedGame):
            return None
    return (value > 0) - (value < 0)


def _win(game: Game, state: State) -> Answer | None:
    wins = immediate_wins(game, state)
    if not wins or len(wins) == len(game.actions(state)):
        return None  # nothing to find, or nothing to miss
    others = (a for a in game.actions(state) if a not in wins)
    if not all(_wins_no_sooner(game, game.result(state, a)) for a in others):
        return None  # after another move the opponent loses by force too (or the solver could not tell)
    return Answer(tuple(wins))


def _wins_no_sooner(game: Game, after: State) -> bool:
    """Whether, after one of the mover's other moves, the opponent does not lose by force: not at all
    where the solver can tell, else not to one of the mover's next ``WIN_HORIZON`` stones."""
    outcome = forced_outcome(game, after)
    if outcome is not None:
        return outcome in (0, 1)
    try:
        return not loses_within(game, after, WIN_HORIZON, node_budget=OUTCOME_NODE_BUDGET)
    except (SolverBudgetExceeded, UnsupportedGame):
        return False


def _block(game: Game, state: State) -> Answer | None:
    legal = game.actions(state)
    if len(legal) < 2 or immediate_wins(game, state):
        return None
    found = threats(game, state)
    if len(found) != 1:
        return None
    block = next(iter(found))
    after = game.result(state, block)
    if game.terminal(after) or immediate_wins(game, after) or forced_outcome(game, after) not in (0, -1):
        return None  # every move loses (or the solver could not tell)
    return Answer((block,))


WIN = TacticKind(_win, "takes an immediate win")
BLOCK = TacticKind(_block, "blocks the opponent's only immediate win")
