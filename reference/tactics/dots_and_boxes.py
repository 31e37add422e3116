"""The Dots and Boxes tactics, judged against the exact solver:

- ``free_box`` (draw the fourth side of a box that has three) and ``safe_move`` (do not draw the
  third side of a box while a safe line exists): every move the solver rates best is in the answer
  set (no position where declining a box or sacrificing one is the better play). The solver is
  asked only on late positions (at most ``SOLVED_FREE_LINES`` undrawn lines), where it answers
  quickly. On big boards late positions rarely have a safe line: earlier positions, judged by the
  one-ply rule alone, then make up the number (their answer is not ``verified``).
- ``decline`` (leave the boxes on offer when taking them would hand the opponent the rest:
  double-dealing) and ``sacrifice`` (when every line hands boxes over, give up the least), on
  endgame positions (at most ``ENDGAME_FREE_LINES`` lines left) that a search to the end settles:
  the answer set is exactly the moves the solver rates best; none of them takes a box
  (``decline``), or no line is safe and not every line is best (``sacrifice``).
"""

from __future__ import annotations

from typing import Sequence

from reference.games.dots_and_boxes import DBState, DotsAndBoxes, Line
from reference.solvers.dots_and_boxes import SolverBudgetExceeded, action_values
from reference.tactics.base import Answer, TacticKind, either

#: depth tactics use positions with at most this many undrawn lines (a search reaches the end)
ENDGAME_FREE_LINES = 10
#: positions used have at most this many undrawn lines (children are solved by search)
SOLVED_FREE_LINES = 15
SOLVER_NODE_BUDGET = 200_000  # per position


def _best(game: DotsAndBoxes, state: DBState) -> list[Line] | None:
    """The actions the exact solver rates best, or None when the position is too early to solve quickly."""
    if game.undrawn_lines(state) > SOLVED_FREE_LINES:
        return None
    try:
        values = action_values(game, state, node_budget=SOLVER_NODE_BUDGET)
    except SolverBudgetExceeded:
        return None
    best = max(values.values())
    return [a for a, v in values.items() if v == best]


def _checked(game: DotsAndBoxes, state: DBState, answers: list[Line]) -> Answer | None:
    """The answers, if the solver's best moves are all among them (unverified when it cannot tell)."""
    best = _best(game, state)
    if best is None:
        return Answer(tuple(answers), verified=False)
    return Answer(tuple(answers)) if set(best) <= set(answers) else None


def _free_box(game: DotsAndBoxes, state: DBState) -> Answer | None:
    captures = game.captures(state)
    if not captures or len(captures) == len(game.actions(state)):
        return None
    return _checked(game, state, captures)


def _safe_move(game: DotsAndBoxes, state: DBState) -> Answer | None:
    if game.captures(state):
        return None
    legal = game.actions(state)
    safe = [a for a in legal if game.is_safe(state, a)]
    if not safe or len(safe) == len(legal):
        return None
    return _checked(game, state, safe)


def _endgame_best(game: DotsAndBoxes, state: DBState) -> list[Line] | None:
    """The solver's best moves in an endgame a search can take to the end, else None."""
    if game.undrawn_lines(state) > ENDGAME_FREE_LINES:
        return None
    return _best(game, state)


def _decline(game: DotsAndBoxes, state: DBState) -> Answer | None:
    captures = game.captures(state)
    if not captures:
        return None
    best = _endgame_best(game, state)
    if best is None or set(best) & set(captures):
        return None
    return Answer(tuple(best))


def _sacrifice(game: DotsAndBoxes, state: DBState) -> Answer | None:
    legal = game.actions(state)
    if game.captures(state) or any(game.is_safe(state, a) for a in legal):
        return None
    best = _endgame_best(game, state)
    if best is None or len(best) == len(legal):
        return None
    return Answer(tuple(best))


def _to_the_end(game: DotsAndBoxes, state: DBState, answers: Sequence[Line], what: str) -> str:
    return (f"a search to the end of the game ({game.undrawn_lines(state)} lines left) sees that "
            f"{either(answers)}{what}")


FREE_BOX = TacticKind(_free_box, "takes a free box (one with three sides drawn)")
SAFE_MOVE = TacticKind(_safe_move, "does not draw the third side of a box while a safe line exists")
DECLINE = TacticKind(
    _decline, "declines boxes on offer when taking them hands over the endgame",
    lambda game, state, answers: _to_the_end(game, state, answers, ", declining the boxes on offer, wins more "
                                                                   "in the end than taking them"))
SACRIFICE = TacticKind(
    _sacrifice, "when every line hands boxes over, gives up the least",
    lambda game, state, answers: _to_the_end(game, state, answers, " gives up the least of all the lines that "
                                                                   "hand boxes over"))
