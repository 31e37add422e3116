"""The interface every reference game offers: the textbook's vocabulary over a fast core.

A game object holds only the rules and the board size; states are separate immutable, hashable
values (tuples of ints inside), so agents can use them as transposition-table keys and nothing
can change a state behind the referee's back.

Players are ``+1`` (moves first) and ``-1``. Actions are in the course's format for each game.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reference.tactics.base import TacticKind

Player = int  # +1 moves first, -1 second
State = Hashable
Action = Hashable


class IllegalAction(ValueError):
    """An action that is not legal in the given state; the message names the action and why."""


class InvalidBoard(ValueError):
    """A board (course representation) or state that cannot occur in the game."""


def action_number(action: Any) -> int | None:
    """``action`` as an int when it is a whole number (a numpy int too), else None; a bool is not one
    here, though Python counts ``True`` as 1."""
    if isinstance(action, bool):
        return None
    try:
        return operator.index(action)
    except TypeError:
        return None


#: positions the position generators made, by (game, position): the moves from the initial state
_LINES: dict[tuple[Game, State], tuple] = {}
_REMEMBERED = 50_000


class Game(ABC):
    """A two-player, zero-sum, perfect-information game, as in AIMA's ``Game`` class."""

    #: registry name, e.g. ``"connect4"``
    name: str = ""
    #: other spellings of ``name`` that ``load_game`` accepts (``"connect-4"``)
    aliases: tuple[str, ...] = ()
    #: the module that tells the grader the rest of this game (board readings, edge boards): a dotted
    #: path, so that the reference imports nothing of the grader; "" for a game the grader does not know
    plug: str = ""
    #: the game's name in words, as a notebook's title writes it (``"Connect 4"``)
    title: str = ""
    #: phrases that tell a variant's notebooks from those of the game it varies (its text names both)
    variant_phrases: tuple[str, ...] = ()
    #: the utility is a score margin (boxes), not only +1/0/-1 for a win, a draw or a loss
    margin_utility: bool = False
    #: a course board says whose turn it is (not where a move can earn another turn: Dots and Boxes)
    board_shows_turn: bool = True
    #: a move can earn its mover another turn (Dots and Boxes: completing a box)
    extra_turns: bool = False
    #: the tactics (:mod:`reference.tactics`) a one-ply look-ahead settles, and those that need a deeper search
    tactics: tuple[str, ...] = ()
    depth_tactics: tuple[str, ...] = ()
    #: the one-ply tactic that needs the opponent's reply seen (a search whose opponent never moves misses it)
    reply_tactic: str | None = None
    #: random plies that open each pair of test and tournament games (enough to vary them, few enough to
    #: stay balanced)
    opening_plies: int = 4
    #: how far from even an opening may be, in the evaluation's units from the side to move's view
    opening_tolerance: float = 0.1
    #: a search depth whose game tree is small enough to count position by position
    counted_depth: int = 3
    #: how a move reads before its action in feedback (``column 3``); nothing where the action says it
    action_noun: str = ""

    @abstractmethod
    def initial_state(self) -> State:
        """The empty board with the first player (+1) to move."""

    @abstractmethod
    def to_move(self, state: State) -> Player:
        """The player whose turn it is: +1 or -1."""

    @abstractmethod
    def actions(self, state: State) -> list[Action]:
        """Legal actions, in a fixed order (empty when the game is over)."""

    @abstractmethod
    def result(self, state: State, action: Action) -> State:
        """The state after ``action``; raises :class:`IllegalAction` for an illegal one."""

    @abstractmethod
    def terminal(self, state: State) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def utility(self, state: State, player: Player) -> int:
        """The outcome from ``player``'s view (see each game for the scale)."""

    @abstractmethod
    def to_course(self, state: State) -> Any:
        """The board in the course's canonical representation (a fresh, mutable copy)."""

    def swap_colours(self, board: Any) -> Any:
        """The course board with the players' marks exchanged (each side's pieces become the other's);
        for agents that only ever play one side."""
        raise NotImplementedError(f"{self.name} does not say how to exchange the players' marks")

    @abstractmethod
    def from_course(self, board: Any, to_move: Player | None = None) -> State:
        """The state for a canonical course board; raises :class:`InvalidBoard` on an impossible one.

        ``to_move`` is inferred from the board when it determines it, and checked when given.
        """

    @abstractmethod
    def text(self, state: State) -> str:
        """A plain-text drawing of the board, for terminals and Markdown feedback."""

    @abstractmethod
    def svg(self, state: State, highlight: Sequence[Action] = ()) -> str:
        """A self-contained ``<svg>`` drawing of the board; ``highlight`` marks actions (e.g. a move)."""

    def promising_actions(self, state: State) -> list[Action]:
        """The legal actions, most promising first, so that alpha-beta prunes early (a new list; the
        game's own order unless the game knows better)."""
        return self.actions(state)

    # --- words and comparisons of the course's face; games override what they say differently ---

    def player_name(self, player: Player) -> str:
        """How feedback names a player: ``+1`` / ``-1`` unless the game has names for them."""
        return f"{player:+d}"

    def same_board(self, a: Any, b: Any) -> bool:
        """Whether two course boards are the same board (not merely equal objects: arrays by value)."""
        return list(a) == list(b)

    def moves_again_words(self, before: State, after: State) -> str:
        """Why the mover moves again after ``before`` -> ``after``, for feedback on a wrong turn."""
        return "the same player to move again"

    def end_words(self, state: State, names: Mapping[Player, str]) -> str:
        """How the finished game ``state`` ended, naming the players by ``names``."""
        winner = self.winner(state)
        return f"{names[winner]} won" if winner is not None else "draw"

    # --- helpers with a generic definition; games override them with faster ones ---

    def winner(self, state: State) -> Player | None:
        """+1 or -1 for a won game, ``None`` for a draw or an unfinished game."""
        if not self.terminal(state):
            return None
        u = self.utility(state, 1)
        return 1 if u > 0 else -1 if u < 0 else None

    def random_playout(self, state: State, rng: random.Random) -> int:
        """Play uniformly random moves to the end; return the utility for player +1.

        Monte Carlo agents spend their time here, so games override it with a tight loop.
        """
        while not self.terminal(state):
            state = self.result(state, rng.choice(self.actions(state)))
        return self.utility(state, 1)

    def marks_within(self, state: State, target: State) -> bool:
        """Whether every mark of ``state`` is in ``target`` as the same player's: ``target`` may still
        follow from ``state``. Only games whose moves add marks and never take one away define it."""
        raise NotImplementedError(f"{self.name} moves can take marks away: a position is no set of marks")

    def position_key(self, state: State) -> Hashable:
        """What makes two states the same position (a state may also count what led to it)."""
        return state

    def remember(self, state: State, moves: Sequence[Action]) -> None:
        """Remember ``moves`` (from the initial state) as the way to ``state``, so that building it again
        (``moves_to``) needs no search: Mean Connect 4's mean moves take marks away, which no search over
        added marks can follow. The lines used last are kept longest (a scan of thousands of random games
        for a draw does not push out the positions found before it)."""
        key = (self, self.position_key(state))
        _LINES[key] = _LINES.pop(key, tuple(moves))
        if len(_LINES) > _REMEMBERED:
            del _LINES[next(iter(_LINES))]

    def choose_line(self, state: State, moves: Sequence[Action] | None) -> None:
        """Make ``moves`` the way to ``state`` (None: no way, :meth:`moves_to` finds none unless it searches
        one), replacing whatever line a random game happened to pass it by: a hand-built board is then
        built the same way, or left out, whatever was graded before in this process."""
        key = (self, self.position_key(state))
        _LINES.pop(key, None)
        if moves is not None:
            _LINES[key] = tuple(moves)

    def building_actions(self, state: State) -> list[Action]:
        """The moves :meth:`moves_to` searches: those that add marks (all of them, in most games)."""
        return self.actions(state)

    def buildable(self, target: State) -> bool:
        """Whether :meth:`moves_to` may find a line to ``target`` by :meth:`building_actions` alone."""
        return True

    def moves_to(self, target: State, budget: int = 20_000) -> list[Action] | None:
        """Moves from the empty board that reach ``target`` (its player to move too) with no finished game
        on the way: how a position is built through a student's own transition. A depth-first search
        that only adds marks ``target`` has, with a memory of dead ends; None when none is found within
        ``budget`` positions (or the game's moves take marks away)."""
        known = _LINES.get((self, self.position_key(target)))
        if known is not None:
            self.remember(target, known)  # used again: kept longer
            return list(known)
        try:
            self.marks_within(self.initial_state(), target)
        except NotImplementedError:
            return None
        if not self.buildable(target):
            return None
        return self.search_moves_to(target, budget)

    def search_moves_to(self, target: State, budget: int) -> list[Action] | None:
        """The search behind :meth:`moves_to` (a game that knows which moves are interchangeable searches
        fewer orders)."""
        dead: set[State] = set()
        path: list[Action] = []
        visited = 0

        def extend(state: State) -> bool:
            nonlocal visited
            if state == target:
                return True
            visited += 1
            if visited > budget or self.terminal(state):
                return False
            for action in self.building_actions(state):
                after = self.result(state, action)
                if after in dead or not self.marks_within(after, target):
                    continue
                path.append(action)
                if extend(after):
                    return True
                path.pop()
            if visited <= budget:
                dead.add(state)
            return False

        return list(path) if extend(self.initial_state()) else None

    # --- what a game may add: an exact solver, an evaluation, tactics (each module imported when asked) ---

    def solve(self, state: State, *, weak: bool = False, node_budget: int | None = None) -> int:
        """The exact value of the unfinished ``state`` for the side to move, on the game's own scale
        (:func:`reference.solvers.solve` asks it); a game with an exact solver overrides this."""
        from reference.solvers import UnsupportedGame

        raise UnsupportedGame(f"no exact solver for game {self.name!r}")

    @property
    def solvable(self) -> bool:
        """Whether this game has an exact solver (overrides :meth:`solve`)."""
        return type(self).solve is not Game.solve

    def loses_within(self, state: State, rounds: int, *, node_budget: int | None = None) -> bool:
        """Whether the side to move loses by force to one of the opponent's next ``rounds`` moves: a
        bounded question for where :meth:`solve` is out of reach; only games that can answer it override it."""
        from reference.solvers import UnsupportedGame

        raise UnsupportedGame(f"no bounded-loss search for game {self.name!r}")

    def evaluation(self) -> Callable[[Game, State, Player], float] | None:
        """The function that estimates a state's worth for cutoff search (AIMA 5.3), ``evaluate(game,
        state, player)``; None for a game without one (searches then see only finished games)."""
        return None

    @classmethod
    def tactic_kinds(cls) -> dict[str, TacticKind]:
        """The kinds of :attr:`tactics` and :attr:`depth_tactics`, by name (a game without them has none)."""
        return {}

    def outcome_open(self, state: State) -> bool:
        """Whether the assignment's text leaves open who won this finished position, so that no
        answer of a student's ``utility`` on it is wrong."""
        return False

    def variant_of(self) -> str | None:
        """The name of the game this one varies (the game class it extends, as Mean Connect 4 extends
        Connect 4), or None."""
        return next((c.name for c in type(self).__mro__[1:] if issubclass(c, Game) and c.name), None)

    def readings(self) -> list[Game]:
        """This game under each reading of its rules that the assignment's text allows, this one first.

        Most rules are unambiguous (just ``[self]``); the grader judges a student by the reading
        their own code shows (Mean Connect 4 leaves some points open).
        """
        return [self]

    def rare_positions(self) -> list[State]:
        """Positions where readings of the rules differ that random play seldom reaches (a full
        board), so that a student's reading can be seen there too; none for most games."""
        return []

    def reading_words(self) -> str:
        """This reading of the rules in words, for feedback ('' when the rules leave nothing open)."""
        return ""

    def size_readings(self) -> list[tuple[int, int]]:
        """The ways a student may count this board's size, most common first (rows and columns of cells;
        Dots and Boxes adds boxes to its dots)."""
        return [(self.rows, self.cols)]

    @abstractmethod
    def dimensions(self) -> dict[str, int]:
        """The board size as ``load_game``'s keyword arguments, e.g. ``{'rows': 6, 'cols': 7, 'k': 4}``."""

    # Games are values: equal when they are the same game at the same size.

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.dimensions() == other.dimensions()

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.dimensions().items())))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v}' for k, v in self.dimensions().items())})"
