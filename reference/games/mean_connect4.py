""""Mean" Connect 4: Connect 4 where a player may move an opponent's bottom-row disc instead of dropping.

The rule, in the course template's words: "Every time it is a player's turn, the player can decide
to instead of playing a new disk, take a bottom row disk of the opponent and place it in any
column. All disks above the removed disk will fall down one position. Note that a player can only
move an opponent's disc that is in the bottom row of the board."

Actions: a column index ``c`` drops the mover's disc into column ``c`` (as in Connect 4); a pair
``(from_col, to_col)`` is a mean move: the opponent's disc at the bottom of ``from_col`` leaves,
the discs above it fall one row, and the disc is dropped into ``to_col``.

The template leaves some points open. The reference reads them as follows; the readings the text
also allows are constructor options (``same_column``, ``returns_to_full_column``, ``keeps_colour``,
``plays_on_full_board``) so that a student can be judged by the reading their own code shows.

- **Back into its own column?** Yes: "place it in any column" includes the one it came from (the
  disc then lands on top of that column; a lone disc lands where it was, and the move only passes
  the turn). ``same_column=False`` is the reading that excludes it.
- **Into a full column?** No: there is no room. Its own full column has room once the disc left it;
  ``returns_to_full_column=False`` is the reading that judges room before the disc is lifted (a disc
  from a full column must go elsewhere).
- **Which colour is the moved disc?** The opponent's: the player moves "a disc of the opponent",
  nothing says it changes hands. ``keeps_colour=False`` is the reading where it becomes the mover's.
- **Lines made by a mean move.** The move is legal whatever lines it makes, for either side (the
  falling discs may complete the mover's line, or the opponent's; the placed disc may complete the
  opponent's). The game ends as soon as someone has k in a row: one side with a line wins, even
  when the mover made it for the opponent; when both sides have one, neither was first and the
  game is a **draw**.
- **Full board: a draw, or play on?** A draw, as in Connect 4. The mean rule is Connect 4's game
  with "an additional rule" that offers a player something to do "instead of playing a new disk":
  it is a choice within a turn, not a turn of its own, and Connect 4 has no turn after the board
  is full. The text does not say so in as many words, and "every time it is a player's turn, the
  player can decide to ... take a bottom row disk of the opponent and place it in any column" can
  be read as going on: on a full board the only room is the disc's own column (once it left it),
  so the game goes on with mean moves that put the opponent's bottom disc back on top of its own
  column. ``plays_on_full_board=True`` is that reading; the game then ends (a draw) only when the
  player to move has no move, i.e. no opponent disc in the bottom row. It needs the readings where
  the disc may go back into its own full column (otherwise no move is left and it is moot).
- **Endless games.** Mean moves keep the number of discs, so play could cycle forever; the
  template sets no limit. The reference ends a game in a draw after ``max_plies`` plies
  (``4 * rows * cols`` by default), so that search to the end and tournaments finish. Random games
  end long before (on 6x7 the longest of 500 took 89 plies, half took 23 or fewer), so the positions
  the grader shows students are never cut short by it. A state read from a course board counts
  one ply per disc.
- **Whose turn.** Disc counts no longer tell (a mean move keeps them), so the state records the
  player to move; :meth:`MeanConnect4.from_course` takes ``to_move`` and, without it, guesses as
  plain Connect 4 would (+1 when +1 has no more discs than -1).

Inside, a state is :class:`MeanC4State`: Connect 4's bitboards (Pons layout, ``current`` = the
mover's discs, ``mask`` = all discs) plus the player to move and the plies played.
"""

from __future__ import annotations

import operator
import random
from typing import Any, NamedTuple, Sequence

import numpy as np

from reference.games import render
from reference.games.base import Action, Game, IllegalAction, InvalidBoard, Player
from reference.games.connect4 import Connect4, has_alignment

MeanMove = tuple[int, int]  # (from_col, to_col)


class MeanC4State(NamedTuple):
    """A Mean Connect 4 position: the mover's discs, all discs, the player to move, plies played."""

    current: int
    mask: int
    player: int
    plies: int


class MeanConnect4(Connect4):
    """Connect 4 plus mean moves; players +1 (red, first) and -1. Utility +1/-1/0 as in Connect 4."""

    name = "mean_connect4"
    aliases = ("mean-connect-4", "mean_connect_four")
    plug = "grader.games.mean_connect4.plug"
    title = "Mean Connect 4"
    variant_phrases = ("Mean Connect 4", "mean connect four", "mean move", "mean part", "mean rule")
    # Connect 4's tactic finders assume that a move elsewhere never changes a win: a mean move can, so
    # these play every move and prove their answers by a search to a horizon (reference.tactics.mean_connect4);
    # the tactics only a mean move answers are asked by name, mean_move_win on hand-built boards.
    tactics = ("take_win", "stop_win")
    depth_tactics = ("mean_win", "mean_block", "mean_move_win")
    reply_tactic = "stop_win"
    counted_depth = 3
    action_noun = ""  # a mean move is a pair of columns, not a column
    board_shows_turn = False  # a mean move keeps the disc counts, so they no longer say who moves

    def __init__(
        self,
        rows: int = 6,
        cols: int = 7,
        k: int = 4,
        same_column: bool = True,
        keeps_colour: bool = True,
        returns_to_full_column: bool = True,
        plays_on_full_board: bool = False,
        max_plies: int | None = None,
    ) -> None:
        super().__init__(rows, cols, k)
        self.same_column = bool(same_column)
        self.returns_to_full_column = bool(returns_to_full_column) or not self.same_column  # moot without it
        self.keeps_colour = bool(keeps_colour)
        # moot unless a disc may go back into its own full column: a full board has no other room
        self.plays_on_full_board = bool(plays_on_full_board) and self.same_column and self.returns_to_full_column
        if max_plies is not None and (isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 1):
            raise ValueError(f"max_plies must be a positive int or None, got {max_plies!r}")
        self.max_plies = 4 * self.size if max_plies is None else max_plies

    # No exact solver and no bounded-loss search: a mean move can undo a win elsewhere, which Connect 4's
    # solver never sees (its tactics search to a horizon instead). The evaluation is Connect 4's: the same
    # bitboards, a mean move only rearranges them.
    solve = Game.solve
    loses_within = Game.loses_within

    @classmethod
    def tactic_kinds(cls):
        from reference.tactics import mean_connect4 as tactics

        return {"take_win": tactics.TAKE_WIN, "stop_win": tactics.STOP_WIN, "mean_win": tactics.MEAN_WIN,
                "mean_block": tactics.MEAN_BLOCK, "mean_move_win": tactics.MEAN_MOVE_WIN}

    def dimensions(self) -> dict[str, Any]:
        return {
            **super().dimensions(),
            "same_column": self.same_column,
            "returns_to_full_column": self.returns_to_full_column,
            "keeps_colour": self.keeps_colour,
            "plays_on_full_board": self.plays_on_full_board,
            "max_plies": self.max_plies,
        }

    def readings(self) -> list[MeanConnect4]:
        """Every combination of the open points the text allows, the reference's reading first."""
        size = {"rows": self.rows, "cols": self.cols, "k": self.k, "max_plies": self.max_plies}
        reference = MeanConnect4(**size)
        others = [MeanConnect4(**size, same_column=same, keeps_colour=keeps, returns_to_full_column=full,
                               plays_on_full_board=on)
                  for on in (False, True) for full in (True, False) for keeps in (True, False) for same in (True, False)]
        return list(dict.fromkeys([reference, *others]))

    def rare_positions(self) -> list[MeanC4State]:
        """A full board with no line, each player to move: random games almost never fill a 6x7 board,
        and there the readings part (a draw, or play on with mean moves)."""
        # runs of at most two in every direction: columns in pairs of rows, alternating colours
        board = [[1 if (row // 2 + col) % 2 == 0 else -1 for col in range(self.cols)] for row in range(self.rows)]
        if self.k < 3 or any(self.lines_of(self.from_course(board, to_move=1))):
            return []
        return [self.from_course(board, to_move=player) for player in (1, -1)]

    def reading_words(self) -> str:
        """E.g. 'the moved disc keeps the opponent's colour and may go back into its own column'."""
        colour = "keeps the opponent's colour" if self.keeps_colour else "becomes the mover's disc"
        column = "may go back into its own column" if self.same_column else "must go to another column"
        if not self.returns_to_full_column:
            column += " unless that column was full"
        end = "play goes on with mean moves" if self.plays_on_full_board else "the game is a draw"
        return f"the moved disc {colour} and {column}; when the board is full {end}"

    # --- the textbook's functions ---

    def initial_state(self) -> MeanC4State:
        """The empty board; +1 to move."""
        return MeanC4State(0, 0, 1, 0)

    def to_move(self, state: MeanC4State) -> Player:
        """The player the state records (disc counts do not tell after a mean move)."""
        return state.player

    def passed(self, state: MeanC4State) -> MeanC4State:
        """The same board with the other player to move (what the opponent threatens now)."""
        return MeanC4State(state.current ^ state.mask, state.mask, -state.player, state.plies)

    def lines_of(self, state: MeanC4State) -> tuple[bool, bool]:
        """Whether +1 and -1 (in that order) have k in a row."""
        mover = has_alignment(state.current, self.rows, self.k)
        other = has_alignment(state.current ^ state.mask, self.rows, self.k)
        return (mover, other) if state.player == 1 else (other, mover)

    def winner(self, state: MeanC4State) -> Player | None:
        """The only player with k in a row; None when nobody or both have one (a draw)."""
        first, second = self.lines_of(state)
        if first != second:
            return 1 if first else -1
        return None

    def outcome_open(self, state: MeanC4State) -> bool:
        """Both players have k in a row: the template does not say who wins then (the reference: a draw)."""
        return all(self.lines_of(state))

    def terminal(self, state: MeanC4State) -> bool:
        """Someone has k in a row, the board is full (and, playing on, no mean move is left), or
        ``max_plies`` plies were played."""
        return (
            self._board_over(state.current, state.mask)
            or state.plies >= self.max_plies
            or any(self.lines_of(state))
        )

    def _board_over(self, mover: int, mask: int) -> bool:
        """The board is full and the game cannot go on: the reading ends it there, or the mover
        (``mover`` = its discs) has no opponent disc in the bottom row to move."""
        return mask == self.board_mask and not (self.plays_on_full_board and (mover ^ mask) & self.bottom_mask)

    def actions(self, state: MeanC4State) -> list[Action]:
        """Drops (columns, left to right), then mean moves ``(from_col, to_col)`` in that order."""
        if self.terminal(state):
            return []
        mask = state.mask
        open_cols = [col for col, top in enumerate(self.top_masks) if not mask & top]
        theirs = state.current ^ mask
        moves: list[Action] = list(open_cols)
        for source, bottom in enumerate(self.bottom_masks):
            if theirs & bottom:
                moves.extend((source, target) for target in self._targets(source, open_cols))
        return moves

    def _targets(self, source: int, open_cols: list[int]) -> list[int]:
        """Where the disc from ``source`` may go: open columns, and its own column when the reading allows."""
        if self._may_return(source in open_cols):
            return sorted({*open_cols, source})
        return [col for col in open_cols if col != source]

    def _may_return(self, source_open: bool) -> bool:
        """Whether the moved disc may go back on top of its own column (open before the move or not)."""
        return self.same_column and (source_open or self.returns_to_full_column)

    def result(self, state: MeanC4State, action: Action) -> MeanC4State:
        """The position after the player to move drops a disc, or makes a mean move ``(from_col, to_col)``."""
        if self.terminal(state):
            raise IllegalAction(f"action {action!r}: the game is over ({self._outcome_words(state)})")
        current, mask, player, plies = state
        if isinstance(action, tuple) or isinstance(action, list):
            current, mask = self._mean_move(current, mask, action)
        else:
            col = self._column_index(action)
            if mask & self.top_masks[col]:
                raise IllegalAction(f"column {col} is full ({self.rows} discs)")
            mask |= mask + self.bottom_masks[col]
            current |= mask ^ state.mask
        return MeanC4State(current ^ mask, mask, -player, plies + 1)

    def _mean_move(self, current: int, mask: int, action: Sequence[Any]) -> tuple[int, int]:
        """The mover's discs and all discs after the mean move ``action``; IllegalAction if it is not one."""
        if len(action) != 2:
            raise IllegalAction(f"a mean move is a pair (from_col, to_col), got {action!r}")
        source, target = (self._column_index(a) for a in action)
        bottom = self.bottom_masks[source]
        if not mask & bottom:
            raise IllegalAction(f"mean move {action!r}: column {source} is empty")
        if current & bottom:
            raise IllegalAction(f"mean move {action!r}: the bottom disc of column {source} is the mover's own")
        if source == target and not self._may_return(not mask & self.top_masks[source]):
            why = "its column was full before it left" if self.same_column else "the disc must go to another column"
            raise IllegalAction(f"mean move {action!r}: {why}")
        current, mask = self.lifted(current, mask, source)
        landing = (mask + self.bottom_masks[target]) & self.column_masks[target]
        if not landing:
            raise IllegalAction(f"mean move {action!r}: column {target} is full ({self.rows} discs)")
        mask |= landing
        if not self.keeps_colour:
            current |= landing
        return current, mask

    def lifted(self, mover: int, mask: int, source: int) -> tuple[int, int]:
        """The mover's discs and all discs once the bottom disc of column ``source`` has left and the
        discs above it have fallen one row (a shift down within the column)."""
        column = self.column_masks[source]
        return (mover & ~column) | ((mover & column) >> 1), (mask & ~column) | ((mask & column & ~self.bottom_masks[source]) >> 1)

    def random_playout(self, state: MeanC4State, rng: random.Random) -> int:
        """Play uniformly random actions to the end; return the utility for player +1.

        Each step plays ``actions(state)[int(rng.random() * len(actions(state)))]`` (tests compare
        with that loop), but counts the actions instead of listing them and keeps the bitboards
        in local variables.
        """
        if self.terminal(state):
            return self.utility(state, 1)
        mine, mask, sign, plies = state.current, state.mask, state.player, state.plies
        rows, k, cols = self.rows, self.k, range(self.cols)
        tops, bottoms, columns = self.top_masks, self.bottom_masks, self.column_masks
        may_return, keeps_colour, board_over = self._may_return, self.keeps_colour, self._board_over
        random_float = rng.random
        while True:
            open_cols = [col for col in cols if not mask & tops[col]]
            theirs = mine ^ mask
            sources = [col for col in cols if theirs & bottoms[col]]
            n_open = len(open_cols)
            per_source = [n_open - (not mask & tops[s]) + may_return(not mask & tops[s]) for s in sources]
            index = int(random_float() * (n_open + sum(per_source)))
            if index < n_open:
                col = open_cols[index]
                mask |= mask + bottoms[col]
                mine |= mask ^ (mine | theirs)
                mover_line, other_line = has_alignment(mine, rows, k), False
            else:
                index -= n_open
                for source, count in zip(sources, per_source):
                    if index < count:
                        break
                    index -= count
                targets = sorted({*open_cols, source}) if may_return(not mask & tops[source]) \
                    else [c for c in open_cols if c != source]
                target = targets[index]
                column = columns[source]
                mask = (mask & ~column) | ((mask & column & ~bottoms[source]) >> 1)
                mine = (mine & ~column) | ((mine & column) >> 1)
                landing = (mask + bottoms[target]) & columns[target]
                mask |= landing
                if not keeps_colour:
                    mine |= landing
                mover_line = has_alignment(mine, rows, k)
                other_line = has_alignment(mine ^ mask, rows, k)
            plies += 1
            if mover_line != other_line:
                return sign if mover_line else -sign
            if mover_line or plies >= self.max_plies or board_over(mine ^ mask, mask):
                return 0
            mine, sign = mine ^ mask, -sign

    # --- the course's face ---

    def to_course(self, state: MeanC4State) -> np.ndarray:
        """A fresh int array (rows, cols): 0 empty, 1 first player, -1 second; row 0 on top."""
        first = state.current if state.player == 1 else state.current ^ state.mask
        return self._board_of(first, state.mask)

    def position_key(self, state: MeanC4State) -> Any:
        """The discs and the mover: the same board reached in more plies is the same position."""
        return state.current, state.mask, state.player

    def building_actions(self, state: MeanC4State) -> list[Action]:
        """Drops only: a mean move takes a disc away, which a search over added discs cannot follow (a position
        after mean moves is built by the line that made it, :meth:`remember`)."""
        return [a for a in self.actions(state) if not isinstance(a, tuple)]

    def line_by_undoing(self, target: MeanC4State, undos: int = 3) -> tuple[Action, ...] | None:
        """A line of play to ``target`` with one mean move, found by undoing up to ``undos`` moves from it (the
        mean move among them) until drops alone reach the rest: how a hand-built board after a mean move is
        built, the same way every time. None when no such line exists."""
        frontier: list[tuple[MeanC4State, tuple, bool]] = [(target, (), False)]
        for _ in range(undos):
            deeper = []
            for state, tail, meant in frontier:
                for before, move in self._undone(state):
                    mean = isinstance(move, tuple)
                    if mean and meant:
                        continue
                    line = (move, *tail)
                    if (mean or meant) and self.buildable(before):
                        head = self.search_moves_to(before, 20_000)
                        if head is not None and self._reaches(tuple(head) + line, target):
                            return tuple(head) + line
                    deeper.append((before, line, meant or mean))
            frontier = deeper
        return None

    def _undone(self, state: MeanC4State) -> list[tuple[MeanC4State, Action]]:
        """(position, move) pairs whose move makes ``state``: a drop of the last mover's top disc, or a mean move
        that landed a top disc after taking it from the bottom of a column."""
        board, mover = self.to_course(state), -state.player
        out: list[tuple[MeanC4State, Action]] = []
        for col in range(self.cols):
            discs = np.flatnonzero(board[:, col])
            if not len(discs):
                continue
            top = discs[0]
            lifted = board.copy()
            lifted[top, col] = 0
            if board[top, col] == mover:
                out.append((self.from_course(lifted, to_move=mover), col))
            for source in range(self.cols):
                if lifted[0, source]:
                    continue  # no room below to put the disc back
                before = lifted.copy()
                stack = before[:, source][before[:, source] != 0]
                before[:, source] = 0
                before[self.rows - 1 - len(stack):self.rows - 1, source] = stack
                before[self.rows - 1, source] = board[top, col]
                try:
                    previous = self.from_course(before, to_move=mover)
                except InvalidBoard:
                    continue
                if (source, col) in self.actions(previous) and \
                        self.position_key(self.result(previous, (source, col))) == self.position_key(state):
                    out.append((previous, (source, col)))
        return out

    def _reaches(self, line: tuple, target: MeanC4State) -> bool:
        state = self.initial_state()
        for move in line:
            if self.terminal(state) or move not in self.actions(state):
                return False
            state = self.result(state, move)
        return self.position_key(state) == self.position_key(target)

    def buildable(self, target: MeanC4State) -> bool:
        """Drops alone reach a position only when its disc counts say it is its mover's turn."""
        first, second = self._discs_by_player(target)
        return first.bit_count() - second.bit_count() == (0 if target.player == 1 else 1)

    def from_course(self, board: Any, to_move: Player | None = None) -> MeanC4State:
        """The state for a (rows, cols) board of 0/1/-1 with row 0 on top, ``to_move`` to play.

        Rejected: wrong shape, values other than 0, 1, -1, discs above an empty cell. Any disc
        counts and lines can occur (mean moves keep counts and may make lines for both sides).
        Without ``to_move``, +1 moves when it has no more discs than -1. Plies = discs.
        """
        first, second = self._discs_of(board)
        if to_move is None:
            to_move = 1 if first.bit_count() <= second.bit_count() else -1
        elif to_move not in (1, -1) or isinstance(to_move, bool):
            raise InvalidBoard(f"to_move must be +1 or -1, got {to_move!r}")
        mask = first | second
        return MeanC4State(first if to_move == 1 else second, mask, to_move, mask.bit_count())

    def from_corner(self, corner: str, to_move: Player) -> MeanC4State:
        """The state whose bottom-left corner is the picture ``corner``, the rest empty: its rows top
        first, '/' between, ``x`` for +1, ``o`` for -1, ``.`` empty (``"...x./xxxo."``). A hand-built
        position fits every board of at least its size, and every reading of the rule."""
        values = {".": 0, "x": 1, "o": -1}
        rows = corner.split("/")
        board = np.zeros((self.rows, self.cols), dtype=int)
        for i, row in enumerate(rows):
            for col, mark in enumerate(row):
                board[self.rows - len(rows) + i, col] = values[mark]
        return self.from_course(board, to_move=to_move)

    def promising_actions(self, state: MeanC4State) -> list[Action]:
        """Drops nearest the centre first, then mean moves whose disc lands farthest from the centre
        (the opponent's disc ends where it lies on fewest lines)."""
        middle = (self.cols - 1) / 2
        actions = self.actions(state)
        drops = sorted((a for a in actions if not isinstance(a, tuple)), key=lambda col: abs(col - middle))
        means = sorted((a for a in actions if isinstance(a, tuple)), key=lambda move: -abs(move[1] - middle))
        return drops + means

    def _outcome_words(self, state: MeanC4State) -> str:
        first, second = self.lines_of(state)
        if first and second:
            return f"both players have {self.k} in a row: a draw"
        if first or second:
            return f"{1 if first else -1:+d} has won"
        if state.mask == self.board_mask:
            return "the board is full" + (" and no mean move is left" if self.plays_on_full_board else "")
        return f"the game reached {self.max_plies} plies: a draw"

    # --- drawings ---

    def svg(self, state: MeanC4State, highlight: Sequence[Action] = ()) -> str:
        """The board as SVG; a highlighted drop marks its column, a mean move its source and target columns.

        The source column's marker is hollow (the disc left its bottom), the target's solid.
        """
        drops = [a for a in highlight if not isinstance(a, (tuple, list))]
        moves = [tuple(a) for a in highlight if isinstance(a, (tuple, list))]
        size, top = 50, 24
        document = super().svg(state, [*drops, *(target for _, target in moves)])
        extra = []
        for source, _ in moves:
            col = operator.index(source)
            cx = (col + 0.5) * size
            extra.append(render.polygon([(cx - 9, top - 4), (cx + 9, top - 4), (cx, 4)], render.HIGHLIGHT))
            extra.append(
                render.circle(cx, top + (self.rows - 0.5) * size, size * 0.44, stroke=render.HIGHLIGHT, stroke_width=3.0)
            )
        if not extra:
            return document
        return document.replace("</svg>", "".join(extra) + "</svg>")
