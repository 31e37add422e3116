"""Mean Connect 4 edge cases: the boards that pin the mean rule, at any board of at least 4x5.

Each case is drawn as a picture of the bottom-left corner of the board (row 0 of the picture is
its top; ``x`` is +1, ``o`` is -1, ``.`` empty) with the player to move, which
:meth:`~reference.games.mean_connect4.MeanConnect4.from_corner` reads. Disc counts do not tell
whose turn it is after a mean move, so the reference takes any picture with the discs resting on each
other. Where a student's own code builds the positions, one that only mean moves reach is built by a
line chosen for it (:meth:`~reference.games.mean_connect4.MeanConnect4.line_by_undoing`), or left out
when there is none (+1's first disc never leaves the board). The expected answers come from the reference game, never from here;
the readings the template leaves open (the disc back into its own column, the moved disc's
colour) are the game's options, so the same pictures serve every reading.
"""

from __future__ import annotations

from functools import lru_cache

from grader.cases import Case
from grader.games.building import unique
from grader.games.connect4 import edge_boards as plain_connect4
from reference.games.connect4 import Connect4
from reference.games.mean_connect4 import MeanC4State, MeanConnect4
from reference.tactics.mean_connect4 import FREES_A_WIN

#: (picture of the bottom-left corner, player to move); a mean move is (from_col, to_col). FREES_A_WIN,
#: the board the reference's mean_move_win tactic is asked on, is the reference's.
BREAKS_THREE = ("..x../.ooo.", 1)  # (2, 4): +1's disc falls into the middle of -1's open three
BOTH_LINES = ("o..../xoo../oxxx.", 1)  # (0, 3): x x x x below, o o o o above: both have a line
HANDS_A_LINE = ("o..../o..../oxox.", 1)  # (2, 0) puts -1's disc on -1's three: -1 wins
NO_OPPONENT_BOTTOM = ("o..../x.x..", 1)  # +1's discs only in the bottom row: no mean move for +1


def cases(game: MeanConnect4, role: str) -> list[Case]:
    """The edge cases for ``role`` at ``game``'s size (none on boards smaller than 4x5)."""
    if game.rows < 4 or game.cols < 5 or game.k != 4:
        return []
    found = {"actions": _actions, "result": _result, "terminal": _terminal, "utility": _utility}[role](game)
    # A reading of the rule may forbid a move the reference allows (a disc back into its own column).
    out = unique([case for case in found if case.action is None or case.action in game.actions(case.state)])
    for case in out:  # a board only mean moves reach is built by a line chosen for it, or left out: never by luck
        if not game.buildable(case.state):
            game.choose_line(case.state, _mean_line(game, case.state))
    return out


@lru_cache(maxsize=256)
def _mean_line(game: MeanConnect4, state: MeanC4State) -> tuple | None:
    return game.line_by_undoing(state)


def _full_column(game: MeanConnect4) -> str:
    """A corner whose column 0 is full with -1's disc at the bottom (+1 may move it, even back on top)."""
    column = ["x" if (game.rows - 1 - i) % 2 == 0 else "o" for i in range(game.rows)]
    column[-1] = "o"
    return "/".join(f"{mark}...." for mark in column[:-1]) + f"/{column[-1]}.x.."


def _actions(game: MeanConnect4) -> list[Case]:
    full = _full_column(game)
    return [
        Case(game.initial_state(), why="the empty board: only drops, no disc to move"),
        Case(game.from_corner("...../.o...", 1), why="one -1 disc in the bottom row: +1 may move it to any column"),
        Case(game.from_corner("...../.o...", -1), why="-1 to move: its own disc cannot be moved, only drops"),
        Case(game.from_corner(*NO_OPPONENT_BOTTOM), why="+1 to move and no -1 disc in the bottom row: no mean move"),
        Case(game.from_corner("o..../x..../xo.o.", 1),
             why="-1 discs in the bottom row of columns 1 and 3 (not column 0, whose -1 disc is higher up)"),
        Case(game.from_corner(full, 1), why="column 0 is full: a disc may not go there, except its own bottom disc"),
    ]


def _result(game: MeanConnect4) -> list[Case]:
    free, breaks, both = game.from_corner(*FREES_A_WIN), game.from_corner(*BREAKS_THREE), game.from_corner(*BOTH_LINES)
    lone = game.from_corner("...../.o...", 1)
    return [
        Case(game.initial_state(), 3, "a plain drop on the empty board"),
        Case(lone, (1, 4), "+1 moves -1's only disc from column 1 to column 4: it keeps -1's colour"),
        Case(lone, (1, 1), "the disc goes back into its own column (allowed: 'any column')"),
        Case(game.from_corner("..x../.xo../xoox.", -1), (0, 2),
             "-1 moves +1's disc from the bottom of column 0: column 2 gets it on top"),
        Case(game.from_corner("o..../x..../ox...", 1), (0, 3), "the discs above the moved one fall one row"),
        Case(game.from_corner(_full_column(game), 1), (0, 2),
             "a disc taken from a full column: the column falls and its top cell is empty"),
        Case(free, (3, 4), "the mean move that lets +1's disc fall into four in a row"),
        Case(breaks, (2, 4), "+1's mean move lets its own disc fall into the middle of -1's three"),
        Case(both, (0, 3), "a mean move that gives both players four in a row"),
        Case(game.from_corner(*HANDS_A_LINE), (2, 0), "+1 puts -1's disc on -1's three"),
    ]


def _terminal(game: MeanConnect4) -> list[Case]:
    out = [Case(game.initial_state(), why="the empty board is not over")]
    out.append(Case(game.result(game.from_corner(*FREES_A_WIN), (3, 4)), why="+1 has four after its mean move"))
    out.append(Case(game.result(game.from_corner(*HANDS_A_LINE), (2, 0)), why="-1 has four: +1 handed it the disc"))
    out.append(Case(game.result(game.from_corner(*BOTH_LINES), (0, 3)), why="both players have four: it is over"))
    out.append(Case(game.result(game.from_corner(*BREAKS_THREE), (2, 4)), why="the three was broken: not over"))
    return out + _plain_cases(game, "terminal")


def _utility(game: MeanConnect4) -> list[Case]:
    mean = [case for case in _terminal(game)[:5] if game.terminal(case.state) and not game.outcome_open(case.state)]
    return mean + [case for case in _plain_cases(game, "utility") if game.terminal(case.state)]


def _plain_cases(game: MeanConnect4, role: str) -> list[Case]:
    """Connect 4's own cases of ``role`` (lines at every edge, full boards), as Mean Connect 4 states.
    Under the reading that plays on after a full board, a full board's case says so."""
    plain = Connect4(game.rows, game.cols, game.k)
    out = []
    for case in plain_connect4.cases(plain, role):
        state = game.from_course(plain.to_course(case.state), to_move=plain.to_move(case.state))
        why = case.why
        if state.mask == game.board_mask and not game.terminal(state):
            why = "a full board with no line: under this reading play goes on, with mean moves back into own columns"
        out.append(Case(state, case.action, why))
    return out


__all__ = ["cases"]
