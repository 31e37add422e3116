"""Dots and Boxes on a grid of ``rows`` x ``cols`` DOTS, as the course counts (4 x 4 dots = 3 x 3 boxes).

Players take turns drawing one line between two adjacent dots. A player who draws the fourth side
of a box (or of two boxes at once) claims it and moves again; otherwise the turn passes. The game
ends when every line is drawn; the utility is the player's boxes minus the opponent's.

Actions use the course's format ``('h' | 'v', row, col)``: a line named by its starting dot,
0-based; ``'h'`` joins dot (r, c) to (r, c + 1), ``'v'`` joins (r, c) to (r + 1, c).

State layout (fixed: agents and the evaluation code rely on it): :class:`DBState` ``(lines,
boxes_first, boxes_second, player)``, ints used as bit sets.

- Line bits, horizontals first: ``h(r, c) = r * (cols - 1) + c`` for r in 0..rows-1, c in 0..cols-2;
  then verticals ``v(r, c) = rows * (cols - 1) + r * cols + c`` for r in 0..rows-2, c in 0..cols-1.
  (These equal OpenSpiel's action ids for the same board counted in boxes.)
- Box bits: box (r, c), named by its top-left dot, is bit ``r * (cols - 1) + c``.
- ``player`` is the player to move, +1 (moves first) or -1. After the last line it is the player
  who drew it.

Precomputed tables on each :class:`DotsAndBoxes` object (tuples, indexed by bit):

- ``line_actions[i]``: the action of line bit i; ``line_index[action]``: its bit.
- ``box_coords[b]``: the (row, col) of box bit b.
- ``box_lines[b]``: the mask of box b's four lines (top, bottom, left, right).
- ``line_boxes[i]``: the box bits that line i borders (one on the edge, two inside).
- ``line_box_masks[i]``: ``box_lines`` of those boxes: line i closes box b exactly when
  ``lines | (1 << i)`` contains ``box_lines[b]``.
- ``all_lines``, ``all_boxes``: the masks with every line / box set; ``num_lines``, ``num_boxes``.
"""

from __future__ import annotations

import operator
import random
from typing import Any, Mapping, NamedTuple, Sequence

from reference.games import render
from reference.games.base import Game, IllegalAction, InvalidBoard, Player

Line = tuple  # ('h' | 'v', row, col)


class DBState(NamedTuple):
    """A Dots and Boxes position: drawn lines and each player's boxes as bit sets, and who moves."""

    lines: int
    boxes_first: int
    boxes_second: int
    player: int


class DotsAndBoxes(Game):
    """Dots and Boxes with ``rows`` x ``cols`` dots (at least 2 x 2, so that there is a box)."""

    name = "dots_and_boxes"
    aliases = ("dots-and-boxes", "dotsandboxes")
    plug = "grader.games.dots_and_boxes.plug"
    title = "Dots and Boxes"
    margin_utility = True
    board_shows_turn = False
    extra_turns = True
    tactics = ("free_box", "safe_move")
    reply_tactic = "safe_move"
    depth_tactics = ("decline", "sacrifice")
    opening_tolerance = 1.0  # its evaluation counts boxes: one box either way is still an even opening

    def __init__(self, rows: int = 4, cols: int = 4) -> None:
        for label, value in (("rows", rows), ("cols", cols)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 2:
                raise ValueError(f"Dots and Boxes needs at least 2 dots per side: {label}={value!r}")
        self.rows = rows
        self.cols = cols
        self._build_tables()

    def size_readings(self) -> list[tuple[int, int]]:
        """Dots, as the course counts them, then boxes."""
        return [(self.rows, self.cols), (self.rows - 1, self.cols - 1)]

    def _build_tables(self) -> None:
        rows, cols = self.rows, self.cols
        actions = [("h", r, c) for r in range(rows) for c in range(cols - 1)]
        actions += [("v", r, c) for r in range(rows - 1) for c in range(cols)]
        self.line_actions: tuple[Line, ...] = tuple(actions)
        self.line_index: dict[Line, int] = {a: i for i, a in enumerate(actions)}
        self.num_lines = len(actions)
        self.all_lines = (1 << self.num_lines) - 1

        h0, v0 = 0, rows * (cols - 1)
        self.box_coords: tuple[tuple[int, int], ...] = tuple(
            (r, c) for r in range(rows - 1) for c in range(cols - 1)
        )
        self.num_boxes = len(self.box_coords)
        self.all_boxes = (1 << self.num_boxes) - 1
        box_lines = []
        line_boxes: list[list[int]] = [[] for _ in actions]
        for b, (r, c) in enumerate(self.box_coords):
            sides = (
                h0 + r * (cols - 1) + c,  # top
                h0 + (r + 1) * (cols - 1) + c,  # bottom
                v0 + r * cols + c,  # left
                v0 + r * cols + c + 1,  # right
            )
            box_lines.append(sum(1 << s for s in sides))
            for s in sides:
                line_boxes[s].append(b)
        self.box_lines: tuple[int, ...] = tuple(box_lines)
        self.line_boxes: tuple[tuple[int, ...], ...] = tuple(tuple(bs) for bs in line_boxes)
        self.line_box_masks: tuple[tuple[int, ...], ...] = tuple(
            tuple(box_lines[b] for b in bs) for bs in line_boxes
        )
        # For the playout's inner loop: (line bit, masks of the boxes it borders) per line.
        self._line_steps = tuple((1 << i, self.line_box_masks[i]) for i in range(self.num_lines))

    # --- the textbook interface ---

    def initial_state(self) -> DBState:
        return DBState(0, 0, 0, 1)

    def to_move(self, state: DBState) -> Player:
        return state.player

    def actions(self, state: DBState) -> list[Line]:
        """Undrawn lines in bit order: horizontals row by row, then verticals."""
        lines = state.lines
        return [a for i, a in enumerate(self.line_actions) if not lines >> i & 1]

    def result(self, state: DBState, action: Line) -> DBState:
        """Draw ``action``; the mover claims any box it closes and then moves again."""
        i = self._line_bit(action)
        lines, first, second, player = state
        bit = 1 << i
        if lines & bit:
            raise IllegalAction(f"line {action!r} is already drawn")
        lines |= bit
        closed = 0
        for b, mask in zip(self.line_boxes[i], self.line_box_masks[i]):
            if lines & mask == mask:
                closed |= 1 << b
        if not closed:
            return DBState(lines, first, second, -player)
        if player == 1:
            return DBState(lines, first | closed, second, player)
        return DBState(lines, first, second | closed, player)

    def terminal(self, state: DBState) -> bool:
        return state.lines == self.all_lines

    def utility(self, state: DBState, player: Player) -> int:
        """``player``'s boxes minus the opponent's (the final margin once the game is over)."""
        margin = state.boxes_first.bit_count() - state.boxes_second.bit_count()
        return margin if player == 1 else -margin

    def winner(self, state: DBState) -> Player | None:
        if state.lines != self.all_lines:
            return None
        margin = state.boxes_first.bit_count() - state.boxes_second.bit_count()
        return 1 if margin > 0 else -1 if margin < 0 else None

    def random_playout(self, state: DBState, rng: random.Random) -> int:
        """Uniformly random play to the end; the final margin for player +1.

        Every undrawn line stays legal until it is drawn, so uniform random play draws the
        remaining lines in a uniformly random order: one shuffle, then a walk over it.
        """
        lines, _, _, player = state
        steps = self._line_steps
        order = [step for step in steps if not lines & step[0]]
        rng.shuffle(order)
        margin = state.boxes_first.bit_count() - state.boxes_second.bit_count()
        for bit, masks in order:
            lines |= bit
            closed = 0
            for mask in masks:
                if lines & mask == mask:
                    closed += 1
            if closed:
                margin += closed if player == 1 else -closed
            else:
                player = -player
        return margin

    # --- the course's representation ---

    # --- lines that close boxes ---

    def captures(self, state: DBState) -> list[Line]:
        """The undrawn lines that complete a box (the mover claims it and moves again)."""
        out = []
        for action in self.actions(state):
            i = self.line_index[action]
            lines = state.lines | 1 << i
            if any(lines & m == m for m in self.line_box_masks[i]):
                out.append(action)
        return out

    def is_safe(self, state: DBState, action: Line) -> bool:
        """Drawing ``action`` gives no box its third side (the opponent gets nothing to take)."""
        i = self.line_index[action]
        lines = state.lines | 1 << i
        return all((lines & m).bit_count() != 3 for m in self.line_box_masks[i])

    def marks_within(self, state: DBState, target: DBState) -> bool:
        """The lines of ``state`` are drawn in ``target`` too, and each box closed has the same owner there."""
        return not state.lines & ~target.lines and not state.boxes_first & ~target.boxes_first \
            and not state.boxes_second & ~target.boxes_second

    def search_moves_to(self, target: DBState, budget: int) -> list[Line] | None:
        """Lines of ``target`` in an order play could draw them: each box closed by its owner (who moves
        again) and ``target``'s player to move at the end. Lines that border no box closed in ``target``
        are interchangeable, so one of them is tried at each step."""
        lines = [i for i in range(self.num_lines) if target.lines >> i & 1]
        closed = target.boxes_first | target.boxes_second
        free = {i: not any(closed >> b & 1 for b in self.line_boxes[i]) for i in lines}
        failed: set[tuple[int, int, int, Player]] = set()
        steps = 0

        def go(state: DBState, path: list[int]) -> list[int] | None:
            nonlocal steps
            if state.lines == target.lines:
                return path if state == target or self.terminal(target) and state[:3] == target[:3] else None
            key = (state.lines, state.boxes_first, state.boxes_second, state.player)
            steps += 1
            if key in failed or steps > budget:
                return None
            free_taken = False
            for i in lines:
                if state.lines >> i & 1 or (free[i] and free_taken):
                    continue
                free_taken = free_taken or free[i]
                after = self.result(state, self.line_actions[i])
                if not self.marks_within(after, target):
                    continue  # a box closed by the wrong player
                found = go(after, path + [i])
                if found is not None:
                    return found
            failed.add(key)
            return None

        found = go(self.initial_state(), [])
        if found is None:  # trying one free line at a time missed it (rare): every order, as any game
            return super().search_moves_to(target, budget)
        return [self.line_actions[i] for i in found]

    def promising_actions(self, state: DBState) -> list[Line]:
        """Lines that complete a box, then safe lines, and last the lines that give the opponent a box
        (draw a box's third side)."""
        captures, safe, risky = [], [], []
        for i, action in enumerate(self.line_actions):
            if state.lines >> i & 1:
                continue
            sides = [(state.lines & mask).bit_count() for mask in self.line_box_masks[i]]
            if 3 in sides:
                captures.append(action)
            elif 2 in sides:
                risky.append(action)
            else:
                safe.append(action)
        return captures + safe + risky

    def undrawn_lines(self, state: DBState) -> int:
        """How many lines are still to be drawn (the moves left in the game)."""
        return self.num_lines - state.lines.bit_count()

    # --- the course's face ---

    def same_board(self, a: Any, b: Any) -> bool:
        """The same lines drawn and the same owners of the same boxes (dict order and line values aside).
        A board that keeps no box owners (``boxes: None``) is compared on its lines, and on how many boxes
        each player has where it keeps that instead (``counts: {+1: n, -1: m}``, a student's score)."""
        if set(a["lines"]) != set(b["lines"]):
            return False
        if a["boxes"] is not None and b["boxes"] is not None:
            return dict(a["boxes"]) == dict(b["boxes"])
        counts = [box_counts(board) for board in (a, b)]
        return None in counts or counts[0] == counts[1]

    def moves_again_words(self, before: DBState, after: DBState) -> str:
        closed = (after.boxes_first | after.boxes_second).bit_count() \
            - (before.boxes_first | before.boxes_second).bit_count()
        return f"the same player to move again after completing {'a box' if closed == 1 else 'two boxes at once'}"

    def end_words(self, state: DBState, names: Mapping[Player, str]) -> str:
        winner = self.winner(state)
        margin = abs(self.utility(state, 1))
        if winner is None:
            return "draw: equal boxes"
        return f"{names[winner]} won by {margin} box{'es' if margin != 1 else ''}"

    def swap_colours(self, board: Any) -> dict[str, Any]:
        return {**board, "boxes": {rc: -owner for rc, owner in board["boxes"].items()}}

    def to_course(self, state: DBState) -> dict[str, Any]:
        """``{'size': (rows, cols), 'lines': {('h', r, c): True, ...}, 'boxes': {(r, c): +1 | -1}}``."""
        lines = {a: True for i, a in enumerate(self.line_actions) if state.lines >> i & 1}
        boxes: dict[tuple[int, int], int] = {}
        for b, rc in enumerate(self.box_coords):
            if state.boxes_first >> b & 1:
                boxes[rc] = 1
            elif state.boxes_second >> b & 1:
                boxes[rc] = -1
        return {"size": (self.rows, self.cols), "lines": lines, "boxes": boxes}

    def from_course(self, board: Any, to_move: Player | None = None) -> DBState:
        """The state for a course board dict; raises :class:`InvalidBoard` on an impossible one.

        Drawn lines must map to ``True`` (a Python or numpy bool). Any other value, ``False``
        included, is rejected: the course's code tests membership (``line in board['lines']``), so a
        ``False`` entry would read as drawn there and as undrawn to a truthiness test, and the
        harness must not guess which the author meant. Every closed box must be claimed by +1 or
        -1 and only closed boxes may be. The dict does not say whose turn it is, so ``to_move`` is
        required once any line is drawn (the empty board has +1 to move).

        Checked: shape, keys, size, lines and boxes that exist, values, claims against closed
        boxes. Not checked: that some legal sequence of moves reaches the board (for example, on
        one box, the first player can never close it; such a claim is accepted).
        """
        if not isinstance(board, Mapping):
            raise InvalidBoard(
                f"a Dots and Boxes board is a dict with keys 'size', 'lines', 'boxes'; got {type(board).__name__}"
            )
        if "boxes" in board and board["boxes"] is None:
            board = self._owners_from_counts(board)
        missing = [k for k in ("size", "lines", "boxes") if k not in board]
        unknown = [k for k in board if k not in ("size", "lines", "boxes")]
        if unknown:
            raise InvalidBoard(f"unknown key(s) {unknown!r} in the board; expected only 'size', 'lines', 'boxes'")
        if missing:
            raise InvalidBoard(f"the board lacks key(s) {missing!r}; expected 'size', 'lines', 'boxes'")
        size = board["size"]
        try:
            size_ok = tuple(operator.index(n) for n in size) == (self.rows, self.cols)
        except TypeError:
            size_ok = False
        if not size_ok:
            raise InvalidBoard(f"board size {size!r} is not this game's ({self.rows}, {self.cols}) dots")
        if not isinstance(board["lines"], Mapping):
            raise InvalidBoard(f"board['lines'] must be a dict of drawn lines, got {type(board['lines']).__name__}")
        if not isinstance(board["boxes"], Mapping):
            raise InvalidBoard(f"board['boxes'] must be a dict of claimed boxes, got {type(board['boxes']).__name__}")

        lines = 0
        for key, value in board["lines"].items():
            i = self._course_line_bit(key)
            if not _is_true(value):
                raise InvalidBoard(
                    f"line {key!r} has value {value!r}; drawn lines map to True and undrawn lines are left out"
                )
            lines |= 1 << i

        claims: dict[int, int] = {}
        for key, owner in board["boxes"].items():
            b = self._course_box_bit(key)
            if isinstance(owner, bool) or owner not in (1, -1):
                raise InvalidBoard(f"box {key!r} has owner {owner!r}; owners are +1 and -1")
            claims[b] = int(owner)
        first = second = 0
        for b, rc in enumerate(self.box_coords):
            closed = lines & self.box_lines[b] == self.box_lines[b]
            if closed and b not in claims:
                raise InvalidBoard(f"box {rc!r} is closed by four lines but nobody claims it in board['boxes']")
            if not closed and b in claims:
                raise InvalidBoard(f"box {rc!r} is claimed by {claims[b]:+d} but is not closed by four lines")
            if claims.get(b) == 1:
                first |= 1 << b
            elif claims.get(b) == -1:
                second |= 1 << b

        if to_move is None:
            if lines:
                raise InvalidBoard(
                    "the board does not say whose turn it is: pass to_move=+1 or -1 (only the empty board implies +1)"
                )
            to_move = 1
        if isinstance(to_move, bool) or to_move not in (1, -1):
            raise InvalidBoard(f"to_move must be +1 or -1, got {to_move!r}")
        if not lines and to_move != 1:
            raise InvalidBoard("on the empty board the first player (+1) is to move, not -1")
        return DBState(lines, first, second, int(to_move))

    def _owners_from_counts(self, board: Mapping) -> dict:
        """A board read from code that keeps each player's count of boxes, not their owners (``boxes: None``,
        ``counts: {+1: n, -1: m}``), with its closed boxes shared out as the counts say, the first player's
        first: which box is whose changes nothing the rules decide."""
        counts = board.get("counts")
        drawn = sum(1 << self._course_line_bit(key) for key in set(board.get("lines") or ()))
        closed = [rc for rc, sides in zip(self.box_coords, self.box_lines) if drawn & sides == sides]
        if counts is None or counts.get(1, 0) + counts.get(-1, 0) != len(closed):
            raise InvalidBoard(f"the board keeps no box owners, and its counts {counts!r} do not share out its "
                               f"{len(closed)} closed boxes")
        owners = [1] * counts.get(1, 0) + [-1] * counts.get(-1, 0)
        return {"size": board["size"], "lines": board["lines"], "boxes": dict(zip(closed, owners))}

    # --- drawings ---

    def text(self, state: DBState) -> str:
        """Dots as ``o``, lines as ``---`` and ``|``, boxes by owner (``+1``/``-1``), with dot indices."""
        out = ["   " + "".join(f"{c:<4}" for c in range(self.cols)).rstrip()]
        for r in range(self.rows):
            row = [f"{r:<2} o"]
            for c in range(self.cols - 1):
                drawn = state.lines >> self.line_index[("h", r, c)] & 1
                row.append(("---" if drawn else "   ") + "o")
            out.append("".join(row))
            if r == self.rows - 1:
                break
            row = ["   "]
            for c in range(self.cols):
                drawn = state.lines >> self.line_index[("v", r, c)] & 1
                row.append("|" if drawn else " ")
                if c < self.cols - 1:
                    b = r * (self.cols - 1) + c
                    owner = "+1" if state.boxes_first >> b & 1 else "-1" if state.boxes_second >> b & 1 else "  "
                    row.append(f"{owner} ")
            out.append("".join(row).rstrip())
        first, second = state.boxes_first.bit_count(), state.boxes_second.bit_count()
        status = "game over" if self.terminal(state) else f"{state.player:+d} to move"
        out.append(f"boxes +1: {first}, -1: {second}; {status}")
        return "\n".join(out)

    def svg(self, state: DBState, highlight: Sequence[Line] = ()) -> str:
        """Dots, drawn lines (undrawn ones faint), boxes coloured by owner; ``highlight`` lines in green."""
        gap, margin = 48.0, 24.0
        width = margin * 2 + gap * (self.cols - 1)
        height = margin * 2 + gap * (self.rows - 1)
        marked = {self._line_bit(a) for a in highlight}

        def xy(r: int, c: int) -> tuple[float, float]:
            return margin + c * gap, margin + r * gap

        elements = [render.rect(0, 0, width, height, fill=render.EMPTY_WHITE)]
        for b, (r, c) in enumerate(self.box_coords):
            x, y = xy(r, c)
            if state.boxes_first >> b & 1:
                elements.append(render.rect(x, y, gap, gap, fill=render.FIRST_RED, fill_opacity=0.35))
                elements.append(render.label(x + gap / 2, y + gap / 2, "+1", size=14))
            elif state.boxes_second >> b & 1:
                elements.append(render.rect(x, y, gap, gap, fill=render.SECOND_BLUE, fill_opacity=0.35))
                elements.append(render.label(x + gap / 2, y + gap / 2, "-1", size=14))
        for i, (kind, r, c) in enumerate(self.line_actions):
            x1, y1 = xy(r, c)
            x2, y2 = xy(r, c + 1) if kind == "h" else xy(r + 1, c)
            if i in marked:
                elements.append(render.line(x1, y1, x2, y2, render.HIGHLIGHT, stroke_width=6.0, stroke_linecap="round"))
            elif state.lines >> i & 1:
                elements.append(render.line(x1, y1, x2, y2, render.GRID_GREY, stroke_width=4.0, stroke_linecap="round"))
            else:
                elements.append(render.line(x1, y1, x2, y2, "#dddddd", stroke_width=1.0, stroke_dasharray="3,3"))
        for r in range(self.rows):
            for c in range(self.cols):
                elements.append(render.circle(*xy(r, c), 4.0, fill=render.GRID_GREY))
        first, second = state.boxes_first.bit_count(), state.boxes_second.bit_count()
        title = f"Dots and Boxes {self.rows}x{self.cols} dots: +1 {first}, -1 {second}"
        return render.svg_document(width, height, elements, title=title)

    # --- helpers ---

    def _line_bit(self, action: Any) -> int:
        """The bit of a line action, or :class:`IllegalAction` saying what is wrong with it."""
        try:
            return self.line_index[action]
        except (KeyError, TypeError):
            pass
        try:
            kind, r, c = action
            key = (kind, operator.index(r), operator.index(c))
        except (TypeError, ValueError):
            raise IllegalAction(f"action {action!r} is not a line ('h' | 'v', row, col)") from None
        if key in self.line_index:
            return self.line_index[key]
        board = f"a {self.rows}x{self.cols}-dot board"
        raise IllegalAction(f"line {action!r} does not exist on {board}{self._why_missing(key)}")

    def _why_missing(self, key: tuple) -> str:
        kind, r, c = key
        if kind not in ("h", "v"):
            return f": orientation must be 'h' or 'v', not {kind!r}"
        if kind == "h":
            return f": 'h' lines start at rows 0..{self.rows - 1}, columns 0..{self.cols - 2}"
        return f": 'v' lines start at rows 0..{self.rows - 2}, columns 0..{self.cols - 1}"

    def _course_line_bit(self, key: Any) -> int:
        try:
            return self._line_bit(key)
        except IllegalAction as error:
            raise InvalidBoard(f"board['lines']: {error}") from None

    def _course_box_bit(self, key: Any) -> int:
        try:
            r, c = (operator.index(v) for v in key)
        except (TypeError, ValueError):
            raise InvalidBoard(f"board['boxes'] key {key!r} is not a box (row, col)") from None
        if not (0 <= r < self.rows - 1 and 0 <= c < self.cols - 1):
            raise InvalidBoard(
                f"box {key!r} does not exist: boxes are named by their top-left dot, rows 0..{self.rows - 2}, "
                f"columns 0..{self.cols - 2}"
            )
        return r * (self.cols - 1) + c

    def solve(self, state: DBState, *, weak: bool = False, node_budget: int | None = None) -> int:
        """The best margin of future boxes for the side to move (:mod:`reference.solvers.dots_and_boxes`)."""
        from reference.solvers.dots_and_boxes import solve_dots_and_boxes

        return solve_dots_and_boxes(self, state, **({} if node_budget is None else {"node_budget": node_budget}))

    def evaluation(self):
        """Boxes owned and the chain fight, in boxes (:func:`reference.agents.evaluation.dots_and_boxes_eval`)."""
        from reference.agents.evaluation import dots_and_boxes_eval

        return dots_and_boxes_eval

    @classmethod
    def tactic_kinds(cls):
        from reference.tactics import dots_and_boxes as tactics

        return {"free_box": tactics.FREE_BOX, "safe_move": tactics.SAFE_MOVE, "decline": tactics.DECLINE,
                "sacrifice": tactics.SACRIFICE}

    def dimensions(self) -> dict[str, int]:
        return {"rows": self.rows, "cols": self.cols}


def _is_true(value: Any) -> bool:
    """True for ``True`` and a true numpy bool; False for everything else (1, 'yes', False, ...)."""
    if value is True:
        return True
    return type(value).__name__ in ("bool_", "bool") and type(value).__module__ == "numpy" and bool(value)


def box_counts(board: Mapping) -> dict[int, int] | None:
    """How many boxes each player has on a course board: from its owners, else from the counts it keeps."""
    if board["boxes"] is None:
        counts = board.get("counts")
        return None if counts is None else {1: counts.get(1, 0), -1: counts.get(-1, 0)}
    owners = list(board["boxes"].values())
    return {1: owners.count(1), -1: owners.count(-1)}
