"""Hand-written edge-case positions ("canned boards") for each game, as data: ``cases(game, role)``.

Each game module describes its positions by what they show (a line of cells for one player, a
full column, a box with three sides) and reaches them by real moves from the empty board, so every
case is a position the game can reach, at whatever board size the rubric chose. Where a board is
too small for a case (no room for a diagonal, a single box), the case is left out, never faked.

The expected answers are never written here: the check asks the reference game.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from grader.checks.base import Case
from reference.games.base import Action, Game, IllegalAction, State

ROLES = ("actions", "result", "terminal", "utility")


class CannedBoardError(ValueError):
    """A canned position that cannot be built on this board (a bug in the case data, or too small a board)."""


def canned_cases(game: Game, role: str) -> list[Case]:
    """The canned cases for ``role`` (actions, result, terminal, utility) on ``game`` at its size."""
    from grader.canned import connect4, dots_and_boxes, mean_connect4, tictactoe

    builders = {"connect4": connect4.cases, "tictactoe": tictactoe.cases, "dots_and_boxes": dots_and_boxes.cases,
                "mean_connect4": mean_connect4.cases}
    if game.name not in builders:
        raise CannedBoardError(f"no canned boards for the game {game.name!r}; known: {', '.join(sorted(builders))}")
    if role not in ROLES:
        raise CannedBoardError(f"no canned boards for the role {role!r}; known: {', '.join(ROLES)}")
    try:
        return builders[game.name](game, role)
    except IllegalAction as e:  # a move sequence of the case data does not fit this board (k < 3, tiny boards)
        raise CannedBoardError(f"the {role} cases do not fit {game!r}: {e}") from None


def play(game: Game, moves: Sequence[Action], state: State | None = None) -> State:
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


def player_name(game: Game, player: int) -> str:
    """How feedback names a player: ``x``/``o`` in tic-tac-toe, ``+1 (red)`` in Connect 4, else ``+1``/``-1``."""
    if game.name == "tictactoe":
        return "x" if player == 1 else "o"
    if game.name in ("connect4", "mean_connect4"):
        return "+1 (red)" if player == 1 else "-1 (yellow)"
    return f"{player:+d}"


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


__all__ = ["CannedBoardError", "Case", "ROLES", "canned_cases", "play", "player_name", "search_moves", "unique"]
