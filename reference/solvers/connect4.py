"""Exact Connect 4 solver: negamax with alpha-beta on bitboards, in the manner of Pascal Pons's solver.

The search is the textbook alpha-beta (negamax form) made fast by the usual Connect 4 ideas:

- bitboards: a position is two integers, the discs of the side to move and all discs;
- only *non-losing* moves are searched: if the opponent threatens to connect on a playable cell
  the move there is forced (two such threats lose at once), and a cell just below an opponent's
  threat is never played;
- moves are ordered by the number of winning cells they create, centre columns first on ties;
- a transposition table keeps a bound for every position searched;
- the exact value is found by a sequence of null-window searches that narrow the interval
  ``[min, max]`` the value lies in (a "weak" solve stops at the sign).

Scores are from the side to move's view: ``0`` for a draw; a win scores higher the sooner it
comes, ``W - n`` where ``n`` is the number of stones the winner has placed when it connects and
``W = ceil(rows * cols / 2) + 1`` (``22 - n`` on 6x7: the convention of the benchmark positions
in ``tests/data/connect4``); a loss is the negative of the opponent's win.

Board layout (Pons's): each column takes ``rows + 1`` bits, the top one an always-empty sentinel;
column ``c`` occupies bits ``c * (rows + 1)`` (bottom row) to ``c * (rows + 1) + rows - 1``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from reference.solvers import SolverBudgetExceeded

#: Transposition-table entries kept before the table is emptied (~190 bytes each: ~0.8 GB when full).
DEFAULT_TABLE_LIMIT = 4_000_000


class Connect4Solver:
    """Exact solver for Connect 4 on a ``rows`` x ``cols`` board with ``k`` in a row to win.

    ``solve`` returns the score of a position; ``nodes`` then holds the number of positions the
    last call searched (calls of negamax, as Pons counts them). The cost grows steeply with the
    number of empty cells: late 6x7 positions take milliseconds, openings minutes, the empty
    6x7 board far longer; ``node_budget`` bounds a call.
    """

    def __init__(self, rows: int = 6, cols: int = 7, k: int = 4, table_limit: int = DEFAULT_TABLE_LIMIT):
        if rows < 1 or cols < 1:
            raise ValueError(f"board must have at least one row and one column, got {rows}x{cols}")
        if k < 1:
            raise ValueError(f"k (stones in a row to win) must be at least 1, got {k}")
        if cols > 64:
            raise ValueError(f"at most 64 columns are supported, got {cols}")
        self.rows, self.cols, self.k = rows, cols, k
        self.table_limit = table_limit
        self.nodes = 0

        height = rows + 1  # bits per column, sentinel included
        self.height = height
        self.cells = rows * cols
        self.bottom = sum(1 << (c * height) for c in range(cols))
        self.board = self.bottom * ((1 << rows) - 1)
        self.column_masks = [((1 << rows) - 1) << (c * height) for c in range(cols)]
        # Centre first, then outwards, left before right: 3, 2, 4, 1, 5, 0, 6 on seven columns.
        self.column_order = [cols // 2 + (1 - 2 * (i % 2)) * ((i + 1) // 2) for i in range(cols)]

        # Score of winning with the next stone, for the side to move after `m` discs.
        best = (self.cells + 1) // 2 + 1
        self.win_now = [best - (m // 2 + 1) for m in range(self.cells + 1)]
        # Score when the opponent wins with its next stone.
        self.lose_now = [-(best - ((m + 1) // 2 + 1)) for m in range(self.cells + 1)]
        # Bounds for a position in which neither side wins with its next stone.
        self.lowest = [-(best - ((m + 3) // 2 + 1)) for m in range(self.cells + 1)]
        self.highest = [best - ((m + 2) // 2 + 1) for m in range(self.cells + 1)]

        self.winning_cells = _winning_cells_function(height, k)
        # Every column's move is tried at once on a packed integer: `cols` copies of the board,
        # one empty column apart. A line from one copy into the next crosses that empty column
        # (or a sentinel), so the copies do not see each other.
        stride = height * (cols + 1)
        self.stride = stride
        self.slot_shifts = [i * stride for i in range(cols)]
        self.replicate = sum(1 << s for s in self.slot_shifts)
        self.slot_moves = sum(
            self.column_masks[column] << shift for column, shift in zip(self.column_order, self.slot_shifts)
        )
        # Move ordering sorts codes `threats << 6 | rank`; the rank breaks ties centre first
        # (the centre column has the highest rank). slot_by_rank[rank] = (column mask, slot shift).
        self.ranked_slots = [
            (cols - 1 - i, self.column_masks[column], self.slot_shifts[i]) for i, column in enumerate(self.column_order)
        ]
        self.slot_by_rank = [(mask, shift) for _, mask, shift in sorted(self.ranked_slots)]

    # --- positions -------------------------------------------------------------------------

    def position(self, moves: str) -> tuple[int, int, int]:
        """``(current, mask, moves)`` after playing ``moves``, 1-based column digits ("4453").

        Raises ``ValueError`` for a column out of range, a full column, or a move after the game
        was already won.
        """
        current = mask = 0
        for ply, char in enumerate(moves):
            column = int(char) - 1 if char.isdigit() else -1
            if not 0 <= column < self.cols:
                raise ValueError(f"move {ply + 1} of {moves!r}: column {char!r} is not in 1..{self.cols}")
            if self.has_connected(current ^ mask):
                raise ValueError(f"move {ply + 1} of {moves!r}: the game was already won")
            move = (mask + self.bottom) & self.column_masks[column]
            if not move:
                raise ValueError(f"move {ply + 1} of {moves!r}: column {column + 1} is full")
            current ^= mask
            mask |= move
        return current, mask, len(moves)

    def has_connected(self, stones: int) -> bool:
        """Whether ``stones`` (one player's discs) contain ``k`` in a row."""
        k = self.k
        for step in (1, self.height, self.height - 1, self.height + 1):
            run = stones
            for t in range(1, k):
                run &= stones >> (t * step)
            if run:
                return True
        return False

    def check_position(self, current: int, mask: int, moves: int) -> None:
        """Raise ``ValueError`` unless the bitboards are a reachable, unfinished position."""
        where = f"position (current={current:#x}, mask={mask:#x}, moves={moves})"
        if mask & ~self.board or (mask + self.bottom) & mask:
            raise ValueError(f"{where}: discs outside the {self.rows}x{self.cols} board or not stacked from the bottom")
        if current & ~mask or mask.bit_count() != moves or current.bit_count() != moves // 2:
            raise ValueError(f"{where}: disc counts do not match the number of moves")
        if self.has_connected(current) or self.has_connected(current ^ mask):
            raise ValueError(f"{where}: the game is over (a player has {self.k} in a row); it has no value to solve")
        if moves >= self.cells:
            raise ValueError(f"{where}: the board is full; the game is over")

    # --- search ----------------------------------------------------------------------------

    def solve(self, current: int, mask: int, moves: int, weak: bool = False, node_budget: int | None = None) -> int:
        """The exact score of the position for the side to move (only its sign, -1/0/+1, if ``weak``).

        The transposition table starts empty for every call, so ``nodes`` measures one solve.
        Raises :class:`SolverBudgetExceeded` once more than ``node_budget`` nodes are searched.
        """
        self.check_position(current, mask, moves)
        self.nodes = 0
        possible = (mask + self.bottom) & self.board
        winning_cells = self.winning_cells
        if winning_cells(current) & possible:
            self.nodes = 1
            return 1 if weak else self.win_now[moves]
        negamax = self._negamax_function(node_budget)
        opponent_threats = winning_cells(current ^ mask) & (self.board ^ mask)
        low, high = self.lose_now[moves], self.win_now[moves]
        if weak:
            low, high = max(low, -1), min(high, 1)
        # Null-window searches: each one tells on which side of `probe` the value lies, and the
        # table carries over from one to the next. Probes are pulled towards zero (half of the
        # bound, rounded towards zero as Pons does) because the sign is the common question.
        try:
            while low < high:
                probe = low + (high - low) // 2
                if probe <= 0 and int(low / 2) < probe:
                    probe = int(low / 2)
                elif probe >= 0 and int(high / 2) > probe:
                    probe = int(high / 2)
                value = negamax(current, mask, moves, opponent_threats, probe, probe + 1)
                if value <= probe:
                    high = value
                else:
                    low = value
        finally:
            self.nodes = negamax.nodes()
        return (low > 0) - (low < 0) if weak else low

    def loses_within(self, current: int, mask: int, moves: int, rounds: int, node_budget: int | None = None) -> bool:
        """Whether the side to move loses by force to one of the opponent's next ``rounds`` stones.

        One null-window search at that bound: every line longer than the bound is cut off at once, so
        the question is cheap where the full value is not (a middle-game position).
        """
        self.check_position(current, mask, moves)
        self.nodes = 0
        if self.winning_cells(current) & (mask + self.bottom) & self.board:
            return False  # it wins with its next stone
        negamax = self._negamax_function(node_budget)
        bound = self.lose_now[moves] + rounds - 1  # losing to the opponent's n-th stone scores lose_now + n - 1
        try:
            return negamax(current, mask, moves, self.winning_cells(current ^ mask) & (self.board ^ mask),
                           bound, bound + 1) <= bound
        finally:
            self.nodes = negamax.nodes()

    def _negamax_function(self, node_budget: int | None) -> Any:
        """A fresh negamax closure (with its own empty transposition table and node counter).

        The search reads its constants from closure cells rather than ``self``: attribute look-ups
        would cost a noticeable share of the time per node.
        """
        bottom, board = self.bottom, self.board
        lose_now, lowest, highest = self.lose_now, self.lowest, self.highest
        draw_from = self.cells - 2  # with two cells left and no immediate win, nobody can win
        winning_cells = self.winning_cells
        replicate, slot_moves = self.replicate, self.slot_moves
        ranked_slots, by_rank = self.ranked_slots, self.slot_by_rank
        # Table entries: an upper bound u is stored as u, a lower bound l as l + lower_tag.
        lower_tag = 2 * self.cells + 8
        lower_split = lower_tag // 2
        table: dict[int, int] = {}
        table_get = table.get
        table_limit = self.table_limit
        nodes = 0
        node_limit = (1 << 62) if node_budget is None else node_budget

        def negamax(current: int, mask: int, moves: int, threats: int, alpha: int, beta: int) -> int:
            """Score of a position in which the side to move cannot win at once.

            Fail-soft alpha-beta: a result <= alpha is an upper bound on the score, >= beta a
            lower bound, in between exact. ``threats`` are the free cells on which the opponent
            would connect (computed by the parent, which needed them to order its moves).
            """
            nonlocal nodes
            nodes += 1
            if nodes > node_limit:
                raise SolverBudgetExceeded(f"Connect 4 search stopped after {node_limit:,} nodes")
            possible = (mask + bottom) & board
            forced = possible & threats
            if forced:
                if forced & (forced - 1):
                    return lose_now[moves]  # two threats to parry: the opponent wins next
                possible = forced
            possible &= ~(threats >> 1)  # never play just below an opponent's threat
            if not possible:
                return lose_now[moves]
            if moves >= draw_from:
                return 0
            bound = lowest[moves]
            if alpha < bound:
                alpha = bound
                if alpha >= beta:
                    return alpha
            bound = highest[moves]
            if beta > bound:
                beta = bound
                if alpha >= beta:
                    return beta
            key = current + mask
            entry = table_get(key)
            if entry is not None:
                if entry > lower_split:
                    bound = entry - lower_tag
                    if alpha < bound:
                        alpha = bound
                        if alpha >= beta:
                            return alpha
                else:
                    if beta > entry:
                        beta = entry
                        if alpha >= beta:
                            return beta
            opponent = current ^ mask
            free = board ^ mask
            child_moves = moves + 1
            if not possible & (possible - 1):
                # One move: no ordering needed.
                score = -negamax(opponent, mask | possible, child_moves,
                                 winning_cells(current | possible) & free, -beta, -alpha)
                if score >= beta:
                    table[key] = score + lower_tag
                    return score
                if score > alpha:
                    alpha = score
            else:
                # The winning cells after each candidate move, all columns in one computation.
                packed = winning_cells(current * replicate | (possible * replicate & slot_moves)) & (free * replicate)
                order = []
                for rank, column_mask, shift in ranked_slots:
                    if possible & column_mask:
                        order.append((((packed >> shift) & board).bit_count() << 6) | rank)
                order.sort(reverse=True)
                for code in order:
                    column_mask, shift = by_rank[code & 63]
                    move = possible & column_mask
                    score = -negamax(opponent, mask | move, child_moves, (packed >> shift) & board, -beta, -alpha)
                    if score >= beta:
                        table[key] = score + lower_tag
                        return score
                    if score > alpha:
                        alpha = score
            if len(table) >= table_limit:
                table.clear()
            table[key] = alpha
            return alpha

        def count() -> int:
            return nodes

        negamax.nodes = count  # type: ignore[attr-defined]
        return negamax


def _winning_cells_function(height: int, k: int) -> Callable[[int], int]:
    """``cells(stones)``: the cells that would complete ``k`` in a row for ``stones``.

    The result may include occupied and off-board cells; callers mask it with the free cells.
    A line that wraps from one column to the next always crosses an (empty) sentinel cell, so
    it never counts.
    """
    steps = (height, height - 1, height + 1)  # horizontal, two diagonals
    if k == 4:
        h1, h2, h3 = steps
        d1, d2, d3 = 2 * h1, 2 * h2, 2 * h3
        t1, t2, t3 = 3 * h1, 3 * h2, 3 * h3

        def cells4(p: int) -> int:
            r = (p << 1) & (p << 2) & (p << 3)  # vertical: three below
            a, b = p << h1, p >> h1
            r |= (a & (p << d1)) & ((p << t1) | b) | (b & (p >> d1)) & (a | (p >> t1))
            a, b = p << h2, p >> h2
            r |= (a & (p << d2)) & ((p << t2) | b) | (b & (p >> d2)) & (a | (p >> t2))
            a, b = p << h3, p >> h3
            r |= (a & (p << d3)) & ((p << t3) | b) | (b & (p >> d3)) & (a | (p >> t3))
            return r

        return cells4

    def cells(p: int) -> int:
        r = -1
        for t in range(1, k):
            r &= p << t  # vertical: k - 1 below
        for step in steps:
            before, after = [-1], [-1]  # runs of own stones ending just before / after the cell
            for t in range(1, k):
                before.append(before[-1] & (p << (t * step)))
                after.append(after[-1] & (p >> (t * step)))
            for a in range(k):
                r |= before[a] & after[k - 1 - a]
        return r

    return cells


@lru_cache(maxsize=None)
def solver_for(rows: int, cols: int, k: int = 4) -> Connect4Solver:
    """The shared solver for one board size (its precomputed masks are reused)."""
    return Connect4Solver(rows, cols, k)


def solve_connect4(game: Any, state: Any, *, weak: bool = False, node_budget: int | None = None) -> int:
    """Score of a Connect 4 ``state`` (``C4State(current, mask, moves)``) for the side to move.

    ``weak`` gives only the sign; ``node_budget`` stops the search (see :meth:`Connect4Solver.solve`).
    """
    solver = solver_for(game.rows, game.cols, getattr(game, "k", 4))
    return solver.solve(state.current, state.mask, state.moves, weak=weak, node_budget=node_budget)
