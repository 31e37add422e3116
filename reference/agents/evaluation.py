"""Evaluation functions (AIMA 5.3): a cheap estimate of how good a state is, for cutoff search.

Every function is ``evaluate(game, state, player) -> float`` and scores ``state`` from the view
of the given ``player`` (not necessarily the one to move), so ``evaluate(g, s, p) == -evaluate(g, s, -p)``.

Scales, chosen so that a search never prefers a heuristic hope to a real result:

- tic-tac-toe and Connect 4: strictly inside (-0.5, +0.5), below the win (+1) and above the loss (-1);
- Dots and Boxes: an estimate of the final margin in boxes, the utility's own unit, because there
  the size of the win is what counts; it is the boxes already owned plus an estimate of the rest.

Each game names its own (``Game.evaluation``); :func:`evaluation_for` asks it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from reference.games.base import Game, Player, State

#: Heuristic values of win/lose/draw games stay strictly inside (-HEURISTIC_BOUND, +HEURISTIC_BOUND).
HEURISTIC_BOUND = 0.5


def squash(score: float, scale: float) -> float:
    """Map any real ``score`` into (-HEURISTIC_BOUND, +HEURISTIC_BOUND), keeping its order; ``scale`` maps to half-way."""
    return HEURISTIC_BOUND * score / (abs(score) + scale)


# --- tic-tac-toe ---------------------------------------------------------------------------


def tictactoe_eval(game: Game, state: State, player: Player) -> float:
    """Open lines: each line still winnable by one side counts for that side, more with more marks in it.

    A line holding m of a side's marks and none of the other's is worth 3**m - 1 (2, 8, 26, ...).
    """
    if game.terminal(state):
        return float(game.utility(state, player))
    mine, theirs = (state.x, state.o) if player == 1 else (state.o, state.x)
    score = 0
    for line in game.lines:
        m, t = (line & mine).bit_count(), (line & theirs).bit_count()
        if not t:
            score += 3**m - 1
        elif not m:
            score -= 3**t - 1
    return squash(score, 3 ** (game.k - 1) * 2)


# --- Connect 4 ------------------------------------------------------------------------------


class _Connect4Tables:
    """Per board size: the windows of k cells, cell masks by row parity and the centre columns."""

    def __init__(self, game: Game) -> None:
        rows, height = game.rows, game.rows + 1
        self.windows = game.lines
        # Row r counted from the bottom, 0-based: "odd rows" of the threat rule are r = 0, 2, 4, ...
        self.odd_rows = sum(1 << (c * height + r) for c in range(game.cols) for r in range(0, rows, 2))
        self.even_rows = game.board_mask & ~self.odd_rows
        middle = (game.cols - 1) / 2
        self.centre = sum(game.column_masks[c] for c in range(game.cols) if abs(c - middle) < 1)
        self.near_centre = sum(game.column_masks[c] for c in range(game.cols) if 1 <= abs(c - middle) < 2)
        # Weight of a window holding m discs of one side and none of the other: 0, 1, 4, 9, ...
        self.weights = tuple(m * m for m in range(game.k + 1))


@lru_cache(maxsize=32)
def _connect4_tables(game: Game) -> _Connect4Tables:
    return _Connect4Tables(game)


def connect4_eval(game: Game, state: State, player: Player) -> float:
    """Windows of k, threats by row parity, centre discs; computed on the bitboard.

    - every window of k cells still open to one side scores for it, by the square of its discs;
    - a threat (an empty cell that would complete k for a side) scores more on the side's good
      rows: the first player profits from threats on odd rows (1st, 3rd, ... from the bottom),
      the second from even rows, because zugzwang at the end decides who must fill below them;
      a cell both sides threaten is worth nothing to either (whoever plays there takes it);
    - discs in the centre column(s) and next to them, which lie on the most windows.
    """
    if game.terminal(state):
        return float(game.utility(state, player))
    tables = _connect4_tables(game)
    mover_discs, mask = state.current, state.mask
    mine = mover_discs if game.to_move(state) == player else mover_discs ^ mask
    theirs = mine ^ mask
    weights, threat_size = tables.weights, game.k - 1
    score = 0
    my_threats = their_threats = 0
    for window in tables.windows:
        m = (window & mine).bit_count()
        t = (window & theirs).bit_count()
        if not t:
            score += weights[m]
            if m == threat_size:
                my_threats |= window & ~mask
        elif not m:
            score -= weights[t]
            if t == threat_size:
                their_threats |= window & ~mask
    shared = my_threats & their_threats
    my_threats &= ~shared
    their_threats &= ~shared
    my_good, their_good = (tables.odd_rows, tables.even_rows) if player == 1 else (tables.even_rows, tables.odd_rows)
    score += 8 * ((my_threats & my_good).bit_count() - (their_threats & their_good).bit_count())
    score += 4 * (my_threats.bit_count() - their_threats.bit_count())
    score += 3 * ((mine & tables.centre).bit_count() - (theirs & tables.centre).bit_count())
    score += (mine & tables.near_centre).bit_count() - (theirs & tables.near_centre).bit_count()
    return squash(score, 40.0)


# --- Dots and Boxes ---------------------------------------------------------------------------

#: Worth, in boxes, of being the side that will not have to open the first chain (while safe lines remain).
PARITY_HINT = 0.4


def dots_and_boxes_eval(game: Game, state: State, player: Player) -> float:
    """An estimate of the final margin for ``player``: boxes owned, free boxes, and the chain fight.

    1. Boxes already owned count as they are.
    2. Free boxes (a box with three sides drawn) go to the player to move, who takes them all,
       and then the boxes they open in turn (a chain is taken whole).
    3. Then the rest is the chain fight. Safe lines (giving no box its third side) are drawn
       one by one, in the game's line order, until none is left; whoever must move then opens a
       chain (the parity that the long chain rule is about). The remaining regions are valued
       by :func:`_loony_endgame_value`: the opener hands out each chain or loop, and the other
       side either takes it all or keeps control by declining the last 2 (4 in a loop). That
       value counts in full once no safe line is left and every region is a plain chain or loop.
       Otherwise (safe lines left: the fill order is only a guess; or junctions) only its sign
       counts, as PARITY_HINT (below one box, so the heuristic alone never sacrifices a box).
    """
    mover = game.to_move(state)
    margin = game.utility(state, mover)  # boxes owned, for the mover
    lines, taken = _take_free_boxes(game, state.lines)
    margin += taken
    lines, safe_moves = _fill_safe_lines(game, lines)
    opener_sign = 1 if safe_moves % 2 == 0 else -1  # +1: the mover must open the first chain
    regions, simple = _regions(game, lines)
    rest = _loony_endgame_value(tuple(sorted(regions)))
    if safe_moves == 0 and simple:
        estimate = margin + opener_sign * rest
    else:  # only a hint, below one box: never worth giving a box away for by itself
        estimate = margin + PARITY_HINT * opener_sign * ((rest > 0) - (rest < 0))
    return estimate if player == mover else -estimate


def _take_free_boxes(game: Game, lines: int) -> tuple[int, int]:
    """Draw the fourth side of every box with three, repeatedly; the lines after and the boxes taken."""
    taken = 0
    progress = True
    while progress:
        progress = False
        for mask in game.box_lines:
            missing = mask & ~lines
            if missing and not missing & (missing - 1):  # exactly one side missing
                lines |= missing
                # That line may be a neighbour's fourth side as well.
                line = missing.bit_length() - 1
                taken += sum(1 for m in game.line_box_masks[line] if lines & m == m)
                progress = True
    return lines, taken


def _fill_safe_lines(game: Game, lines: int) -> tuple[int, int]:
    """Draw safe lines (no box gets a third side) in line order until none is left; lines after and how many."""
    drawn = 0
    for i in range(game.num_lines):
        if lines >> i & 1:
            continue
        if all((lines & mask).bit_count() < 2 for mask in game.line_box_masks[i]):
            lines |= 1 << i
            drawn += 1
    return lines, drawn


def _regions(game: Game, lines: int) -> tuple[list[tuple[int, bool]], bool]:
    """The unclaimed boxes as regions joined by undrawn lines: (size, is_loop) for each; and whether all are simple.

    A region is simple when every box in it has exactly two undrawn lines: then it is a chain
    (ending on the board's edge) or a loop (no box on the edge). A region with a box of three or
    four undrawn lines (a junction) is counted as a chain, and makes the answer not simple.
    """
    open_boxes = [b for b, mask in enumerate(game.box_lines) if lines & mask != mask]
    neighbours: dict[int, list[int]] = {b: [] for b in open_boxes}
    edge_ends: dict[int, int] = dict.fromkeys(open_boxes, 0)
    for i in range(game.num_lines):
        if lines >> i & 1:
            continue
        boxes = game.line_boxes[i]
        if len(boxes) == 2:
            a, b = boxes
            neighbours[a].append(b)
            neighbours[b].append(a)
        else:
            edge_ends[boxes[0]] += 1
    regions, seen, simple = [], set(), True
    for start in open_boxes:
        if start in seen:
            continue
        seen.add(start)
        stack, members = [start], []
        while stack:
            b = stack.pop()
            members.append(b)
            for n in neighbours[b]:
                if n not in seen:
                    seen.add(n)
                    stack.append(n)
        is_loop = len(members) >= 4 and all(len(neighbours[b]) == 2 and not edge_ends[b] for b in members)
        regions.append((len(members), is_loop))
        simple = simple and all(len(neighbours[b]) + edge_ends[b] == 2 for b in members)
    return regions, simple


@lru_cache(maxsize=4096)
def _loony_endgame_value(regions: tuple[tuple[int, bool], ...]) -> int:
    """Net boxes for the player who must open one of ``regions`` (sorted (size, is_loop) pairs).

    The opener picks the region to open; the other side takes it all and opens next, or (chains
    of 3 or more, loops) takes all but 2 (4 in a loop), handing those back so the opener must
    open the next one too. Short chains of 1 or 2 are handed out so they cannot be declined.
    """
    if not regions:
        return 0
    best = None
    for index, (size, is_loop) in enumerate(regions):
        if index and regions[index - 1] == (size, is_loop):
            continue  # the same region again
        rest = _loony_endgame_value(regions[:index] + regions[index + 1 :])
        take_all = -size - rest
        keep_control = -(size - 4) + 4 + rest if is_loop else -(size - 2) + 2 + rest
        value = min(take_all, keep_control) if (is_loop or size >= 3) else take_all
        best = value if best is None else max(best, value)
    return best


# --- choosing one ------------------------------------------------------------------------------

Evaluation = Callable[[Game, State, Player], float]


def no_evaluation(game: Game, state: State, player: Player) -> float:
    """For a game without its own evaluation: the utility of finished states, 0 otherwise."""
    return float(game.utility(state, player)) if game.terminal(state) else 0.0


def evaluation_for(game: Game) -> Evaluation:
    """The evaluation function of ``game`` (``game.evaluation()``); :func:`no_evaluation` for a game without one
    (an object that is no reference game included)."""
    own = getattr(game, "evaluation", None)
    return (own() if callable(own) else None) or no_evaluation
