"""Reading the order of a student's arguments (board, player, action) from their parameter names.

Names give the first guess; probing in ``grader.adapt.infer`` confirms it, because names lie
(``def result(s, a, p)`` is common, and so is ``def result(board, col, piece)``).
"""

from __future__ import annotations

import re
from itertools import combinations, permutations
from typing import Sequence

from grader.sandbox.calls import Parameter

ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "state": ("state", "board", "s", "b", "grid", "game", "position", "pos_state", "node", "current_state",
              "game_state", "st", "brd", "field", "current_board"),
    "player": ("player", "p", "turn", "piece", "who", "color", "colour", "current_player", "me", "mark",
               "symbol", "token", "side", "to_move", "agent", "disc", "plr", "player_id", "curr_player",
               "character", "char", "letter"),
    "action": ("action", "a", "move", "col", "column", "c", "m", "line", "act", "pos", "cell",
               "choice", "edge", "index", "idx", "square", "spot", "i", "mv", "location", "loc"),
    # the landing row, which some Connect 4 transitions take beside the column: drop_piece(board, row, col, piece)
    "row": ("row", "r", "row_index", "rowindex", "row_num", "next_row", "open_row", "landing_row"),
    # the board's configuration, Kaggle's way: drop_piece(grid, col, mark, config) reads config.rows
    "config": ("config", "configuration", "conf", "cfg"),
    # a line's orientation, for transitions that take a Dots and Boxes move apart: result(board, orientation, row, col)
    "orientation": ("orientation", "orient", "direction", "dir", "hv", "line_type", "linetype", "line_dir"),
    # the board's size, for functions that take it beside the board: winner(board, rows, cols)
    "rows": ("rows", "n_rows", "nrows", "num_rows", "number_of_rows", "row_count", "rowcount", "height",
             "board_rows", "total_rows"),
    "cols": ("cols", "columns", "n_cols", "ncols", "num_cols", "num_columns", "n_columns", "ncolumns",
             "number_of_columns", "col_count", "colcount", "column_count", "columncount", "width", "board_cols",
             "total_cols"),
}

#: roles that say facts of the board rather than what a call is about: passed wherever the names ask
BOARD_FACTS = ("config", "rows", "cols")

POSITIONAL = ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD")

#: a required parameter the grader has no value for (a last move, a score kept beside the board): passed None,
#: the value such state has before the first move
NOTHING = "nothing"


def spoken_order(order: Sequence[str]) -> str:
    """An argument order as the feedback says it: ``state, None, player``."""
    return ", ".join("None" if r == NOTHING else r for r in order)


def positional_parameters(parameters: Sequence[Parameter]) -> list[Parameter]:
    """The parameters that can be filled positionally, without ``self``."""
    return [p for p in parameters if p.kind in POSITIONAL and p.name != "self"]


_PLURAL = re.compile(r"(?i:(?:board|state|player|action|move)s)(?![a-z])")


def role_of(name: str) -> str | None:
    """'state', 'player' or 'action' when the parameter's name says so."""
    low = name.lower()
    said = next((role for role, words in ROLE_WORDS.items() if low in words), None)
    if said is not None or _PLURAL.search(name):  # a collection (moves_log, players): not one value
        return said
    stems = (("state", ("board", "state")), ("player", ("player",)), ("action", ("action", "move")))
    return next((role for role, words in stems if any(stem in low for stem in words)), None)


def board_by_elimination(roles: Sequence[str | None]) -> list[str | None]:
    """The roles a signature's names say, where no name says the board: every course function takes it, so its
    first parameter named for nothing is the board (``utility(g, last_move, player=1)``)."""
    roles = list(roles)
    if "state" not in roles and None in roles:
        roles[roles.index(None)] = "state"
    return roles


def argument_orders(parameters: Sequence[Parameter] | None, roles: Sequence[str]) -> list[tuple[str, ...]]:
    """Orders in which to pass ``roles``, most likely first: the order the names spell, every named role passed
    (``utility(board, player=1)`` gets its player, lest a default hide a utility from the wrong view), then only
    the required ones; the course's order; then every other permutation that fits the required arguments (fewer
    roles when one can be left out: ``result(state, action)`` that works out the player itself)."""
    orders: list[tuple[str, ...]] = []
    params = positional_parameters(parameters or [])
    # the board's facts are passed where the names say
    roles = (*roles, *(f for f in BOARD_FACTS if f not in roles and any(role_of(p.name) == f for p in params)))
    required = [p for p in params if not p.has_default]
    named = tuple(board_by_elimination([role_of(p.name) for p in params]))
    if params and all(named[: len(required)]) and len(set(named[: len(required)])) == len(required):
        full = tuple(r for r in named if r)
        if len(set(full)) == len(full) and set(full) <= set(roles):
            orders.append(full)
        spelled = tuple(r for r in named[: len(required)] if r)
        if spelled not in orders and set(spelled) <= set(roles):
            orders.append(spelled)
    counts = {len(required)} if parameters is not None else {len(roles), len(roles) - 1}
    counts |= {n for n in range(len(required), len(params) + 1)}
    for n in sorted(counts, reverse=True):
        if not 1 <= n <= len(roles):
            continue
        subsets = [tuple(roles)] if n == len(roles) else [tuple(r for r in roles if r != drop) for drop in roles[1:]]
        orders += [perm for subset in subsets for perm in [subset, *permutations(subset)]]  # repeats dropped below
    spelled, anywhere = _orders_with_nothing(named, len(required), tuple(roles))
    said = all(r is not None for r in named[: len(required)])  # the names say what the others are: theirs first
    return list(dict.fromkeys([*spelled, *orders, *anywhere] if said else [*orders, *spelled, *anywhere]))


def _orders_with_nothing(named: tuple[str | None, ...], required: int,
                         roles: tuple[str, ...]) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """Orders that pass :data:`NOTHING` to required parameters no role fills: (the order the names spell, None where a
    name says no role, a role the call is not given or one given already: ``actions(board, last_mean_move, player=1)``,
    the player passed too; orders with it at every place, where the required parameters outnumber the roles)."""
    said = named[:required]
    foreign = tuple(i for i, r in enumerate(said) if r not in roles or said.index(r) != i)
    spare = required - len(roles)
    guess = []
    if foreign and len(foreign) >= spare:
        spelled = [NOTHING if i in foreign else r for i, r in enumerate(said)]
        for r in named[required:]:  # parameters with defaults whose names say a role not yet passed
            if r not in roles or r in spelled:
                break
            spelled.append(r)
        guess = [tuple(spelled)] if "state" in spelled else []
    spares = combinations(range(required), spare) if 0 < spare <= 2 else ()  # where the Nones go
    return guess, [tuple(NOTHING if i in places else next(rest) for i in range(required))
                   for places in spares for rest in map(iter, permutations(roles))]
