"""Exact values of Dots and Boxes positions: retrograde tables for small boards, alpha-beta for late positions.

The value of a position is the best margin the side to move can secure over the rest of the game:
its FUTURE boxes minus the opponent's future boxes (boxes already on the board do not count). It
depends only on the set of drawn lines, so both methods work on the line bit set ``state.lines``:

    value(S) = 0                                           if every line is drawn
    value(S) = max over free lines l of  c + value(S | l)  if l closes c >= 1 boxes (the mover moves again)
                                         - value(S | l)    if l closes none (the turn passes)

- :func:`retrograde_table` fills that recurrence bottom-up with numpy over every superset of the
  drawn lines (2 ** free_lines entries, int8), layer by layer from the full board down. Tables are
  cached in memory per (size, drawn lines); on boards with at most 24 lines (3 x 3 boxes, 4 x 4
  dots) the table of the whole board is built once and every later position is a look-up.
- :class:`AlphaBetaSolver` is negamax with alpha-beta and a transposition table on the line set,
  for positions with more free lines than a table can hold; it stops with
  :class:`SolverBudgetExceeded` after ``node_budget`` nodes instead of running for hours.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import numpy as np

from reference.games.dots_and_boxes import DBState, DotsAndBoxes
from reference.solvers import SolverBudgetExceeded
from reference.solvers.bounds import proven_bounds

#: a table over at most this many free lines (2 ** 24 int8 = 16 MiB) is built rather than searched
MAX_TABLE_FREE_LINES = 24
#: positions with at most this many free lines are searched: faster than any table not yet built
SEARCH_FREE_LINES = 14
DEFAULT_NODE_BUDGET = 2_000_000

#: cached tables are dropped, least recently used first, beyond this many bytes (3 whole 3 x 3 tables)
CACHE_BYTES = 3 * 2**24 + 2**22
_tables: OrderedDict[tuple[int, int, int], np.ndarray] = OrderedDict()


def solve_dots_and_boxes(game: DotsAndBoxes, state: DBState, *, node_budget: int = DEFAULT_NODE_BUDGET) -> int:
    """The best margin of future boxes the side to move can secure (own minus opponent's).

    Looks the position up in a cached table when one covers it; searches late positions (at most
    ``SEARCH_FREE_LINES`` free lines, or more than ``MAX_TABLE_FREE_LINES``) with alpha-beta, which
    raises :class:`SolverBudgetExceeded` after ``node_budget`` nodes; otherwise builds a table.
    """
    _check(game, state)
    return _value_of(game, state.lines, node_budget)


def action_values(game: DotsAndBoxes, state: DBState, *, node_budget: int = DEFAULT_NODE_BUDGET) -> dict[Any, int]:
    """For each legal action, the margin of future boxes the mover secures by playing it, then playing best.

    The actions with the largest value are the optimal moves; the largest value is
    :func:`solve_dots_and_boxes` of the state.
    """
    _check(game, state)
    values = {}
    searcher = None
    for i, action in enumerate(game.line_actions):
        bit = 1 << i
        if state.lines & bit:
            continue
        child = state.lines | bit
        closed = sum(child & m == m for m in game.line_box_masks[i])
        if _table_for(game, child) is not None or _free_lines(game, child) > SEARCH_FREE_LINES:
            child_value = _value_of(game, child, node_budget)
        else:
            searcher = searcher or AlphaBetaSolver(game, node_budget)  # one transposition table for all
            child_value = searcher.value(child)
        values[action] = closed + child_value if closed else -child_value
    return values


def retrograde_table(game: DotsAndBoxes, drawn: int = 0) -> np.ndarray:
    """The value of every line set containing ``drawn``, indexed by its free lines packed into bits.

    Entry ``t`` is the value of ``drawn`` plus the free lines whose ranks (in ascending line-bit
    order) are the set bits of ``t``; with ``drawn = 0`` the index is the line set itself. Cached in
    memory per (board size, ``drawn``).
    """
    key = (game.rows, game.cols, drawn)
    if key in _tables:
        _tables.move_to_end(key)
        return _tables[key]
    free = [i for i in range(game.num_lines) if not drawn >> i & 1]
    if len(free) > MAX_TABLE_FREE_LINES:
        raise ValueError(
            f"a table over {len(free)} free lines would hold 2**{len(free)} entries; "
            f"tables stop at {MAX_TABLE_FREE_LINES} free lines (search late positions instead)"
        )
    rank = {line: k for k, line in enumerate(free)}
    # For each free line (by rank): per box it borders, the OTHER free lines that must be drawn
    # for it to close the box (lines already in ``drawn`` need nothing).
    needs = [
        [sum(1 << rank[j] for j in free if mask >> j & 1 and j != line) for mask in game.line_box_masks[line]]
        for line in free
    ]
    table = _retrograde(len(free), needs)
    _tables[key] = table
    while sum(t.nbytes for t in _tables.values()) > CACHE_BYTES and len(_tables) > 1:
        _tables.popitem(last=False)
    return table


def _retrograde(n: int, needs: list[list[int]]) -> np.ndarray:
    """Fill ``value[S]`` for all 2**n local line sets, from the full set down, one popcount layer at a time."""
    value = np.zeros(1 << n, dtype=np.int8)  # value[full set] = 0; every other entry is overwritten
    popcount = np.zeros(1, dtype=np.uint8)
    for _ in range(n):
        popcount = np.concatenate([popcount, popcount + 1])
    index_type = np.int32 if n < 31 else np.int64
    for layer in range(n - 1, -1, -1):
        sets = np.flatnonzero(popcount == layer).astype(index_type)
        best = np.full(sets.shape, -128, dtype=np.int8)
        for k in range(n):
            bit = index_type(1 << k)
            free = (sets & bit) == 0
            after = value[sets | bit]
            closed = np.zeros(sets.shape, dtype=np.int8)
            for need in needs[k]:
                closed += (sets & index_type(need)) == need
            candidate = np.where(closed > 0, after + closed, -after)
            np.maximum(best, np.where(free, candidate, np.int8(-128)), out=best)
        value[sets] = best
    del popcount
    return value


class AlphaBetaSolver:
    """Negamax with alpha-beta pruning and a transposition table of value bounds keyed by line set.

    Moves are tried captures first, then moves that hand no box over (no box gets its third
    side), then the rest. ``nodes`` counts expanded positions across calls.
    """

    def __init__(self, game: DotsAndBoxes, node_budget: int = DEFAULT_NODE_BUDGET) -> None:
        self.game = game
        self.node_budget = node_budget
        self.nodes = 0
        self.table: dict[int, tuple[int, int]] = {}  # line set -> (lower bound, upper bound)
        self._root = 0

    def value(self, lines: int) -> int:
        """The exact value of the line set ``lines`` for the side to move."""
        game = self.game
        self._root = lines
        open_boxes = sum((lines & m) != m for m in game.box_lines)
        return self._negamax(lines, -open_boxes, open_boxes, open_boxes)

    def _negamax(self, lines: int, alpha: int, beta: int, open_boxes: int) -> int:
        if open_boxes == 0:  # every box closed: every line is drawn
            return 0
        lower, upper = self.table.get(lines, (-open_boxes, open_boxes))
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        if lower == upper:
            return lower
        alpha, beta = max(alpha, lower), min(beta, upper)
        self.nodes += 1
        if self.nodes > self.node_budget:
            raise SolverBudgetExceeded(
                f"alpha-beta gave up after {self.node_budget:,} nodes on a {self.game.rows}x{self.game.cols}-dot "
                f"position with {_free_lines(self.game, self._root)} free lines; "
                "raise node_budget or solve a later position"
            )
        alpha0 = alpha
        best = -open_boxes - 1
        for bit, closed in self._ordered_moves(lines):
            child = lines | bit
            if closed:
                score = closed + self._negamax(child, alpha - closed, beta - closed, open_boxes - closed)
            else:
                score = -self._negamax(child, -beta, -alpha, open_boxes)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        self.table[lines] = proven_bounds(best, alpha0, beta, lower, upper)
        return best

    def _ordered_moves(self, lines: int) -> list[tuple[int, int]]:
        captures, safe, rest = [], [], []
        for i, masks in enumerate(self.game.line_box_masks):
            bit = 1 << i
            if lines & bit:
                continue
            sides = [(lines & m).bit_count() for m in masks]  # drawn sides of each box it borders
            closed = sides.count(3)
            if closed:
                captures.append((bit, closed))
            elif 2 in sides:
                rest.append((bit, 0))
            else:
                safe.append((bit, 0))
        captures.sort(key=lambda move: -move[1])
        return captures + safe + rest


def _value_of(game: DotsAndBoxes, lines: int, node_budget: int) -> int:
    found = _table_for(game, lines)
    if found is not None:
        return found
    free = _free_lines(game, lines)
    if free <= SEARCH_FREE_LINES or free > MAX_TABLE_FREE_LINES:
        return AlphaBetaSolver(game, node_budget).value(lines)
    drawn = 0 if game.num_lines <= MAX_TABLE_FREE_LINES else lines  # a whole-board table serves every position
    found = _table_for(game, lines, retrograde_table(game, drawn))
    assert found is not None
    return found


def _table_for(game: DotsAndBoxes, lines: int, table: np.ndarray | None = None) -> int | None:
    """The value of ``lines`` from a cached table that covers it (``drawn`` a subset), else None."""
    for (rows, cols, drawn), candidate in reversed(_tables.items()):
        if (rows, cols) != (game.rows, game.cols) or lines & drawn != drawn:
            continue
        if table is not None and candidate is not table:
            continue
        index = 0
        rank = 0
        for i in range(game.num_lines):
            if drawn >> i & 1:
                continue
            if lines >> i & 1:
                index |= 1 << rank
            rank += 1
        return int(candidate[index])
    return None


def _free_lines(game: DotsAndBoxes, lines: int) -> int:
    return game.num_lines - lines.bit_count()


def _check(game: Any, state: Any) -> None:
    if not isinstance(game, DotsAndBoxes):
        raise TypeError(f"solve_dots_and_boxes needs a DotsAndBoxes game, got {game!r}")
    if not isinstance(state, DBState) or state.lines & ~game.all_lines:
        raise ValueError(f"{state!r} is not a state of {game!r}")
