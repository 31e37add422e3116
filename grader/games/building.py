"""What the games build their edge-case positions with: real moves from the empty board, a search for
moves that reach a described position, and the error of a case that does not fit the board
(:class:`grader.plugs.EdgeBoardError`)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from grader.cases import Case
from reference.games.base import Action, Game, State


def reach(game: Game, moves: Sequence[Action], state: State | None = None) -> State:
    """The state after ``moves`` from ``state`` (default: the empty board); illegal moves raise."""
    state = game.initial_state() if state is None else state
    for action in moves:
        state = game.result(state, action)
    return state


Rank = Callable[[State, Action], "int | None"]


def search_moves(game: Game, rank: Rank, goal: Callable[[State], bool], *, budget: int = 20_000,
                 start: State | None = None) -> list[Action] | None:
    """Moves from ``start`` that reach a state meeting ``goal`` with no finished game on the way.

    ``rank(state, action)`` says which moves may be tried (None: never) and in which order
    (lower first); a depth-first search with a memory of dead ends. None when there is no such
    line of play, or none was found within ``budget`` positions.
    """
    state0 = game.initial_state() if start is None else start
    dead: set[State] = set()
    path: list[Action] = []
    visited = 0

    def extend(state: State) -> bool:
        nonlocal visited
        visited += 1
        if visited > budget:
            return False
        options = []
        for order, action in enumerate(game.actions(state)):
            r = rank(state, action)
            if r is not None:
                options.append((r, order, action))
        for _, _, action in sorted(options, key=lambda o: o[:2]):
            after = game.result(state, action)
            path.append(action)
            if goal(after):
                return True
            if not game.terminal(after) and after not in dead and extend(after):
                return True
            path.pop()
        if visited <= budget:  # a position abandoned for lack of budget is not known to be dead
            dead.add(state)
        return False

    if goal(state0):
        return []
    return list(path) if extend(state0) else None


def unique(cases: Sequence[Case]) -> list[Case]:
    """The cases without repeats of the same (state, action), first ``why`` kept (small boards make twins)."""
    seen: set[tuple[Any, Any]] = set()
    out = []
    for case in cases:
        key = (case.state, case.action)
        if key not in seen:
            seen.add(key)
            out.append(case)
    return out
