"""Working out how a submission wants to be called, by evidence: its names, its own empty board,
and what its ``result``, ``terminal`` and ``utility`` answer on boards whose answers we know.

The outcome is an :class:`Interface`: which student function plays which role, the argument
order, how to read the answers, the board representation, and every adaptation in words.
Nothing is guessed silently: where no reading fits, the role is left unbound with the reason.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import islice
from typing import Any, Callable, Iterator, Mapping, Protocol, Sequence

import numpy as np

from grader.adapt import candidates, game_objects, representations, returns
from grader.adapt.candidates import Candidate, spoken
from grader.adapt.routes import shown_call
from grader.adapt.representations.move_shapes import LearnedMoves, MoveShape, leaves, move_kind, skeleton
from grader.adapt.representations.base import NotThisRepresentation, Representation, cell_values, container_of, \
    rebuild, same_mark, cells as board_cells
from grader.adapt.search_parameters import parsed
from grader.adapt.signatures import BOARD_FACTS, NOTHING, argument_orders, positional_parameters, role_of, \
    spoken_order
from grader.sandbox.calls import BAD_RETURN, CallResult, NameInfo
from reference.games.base import Game, InvalidBoard, State
from reference.positions import random_line, terminal_with_outcome

#: the course's argument order for each role
COURSE_ORDER = {
    "initial_state": (),
    "actions": ("state",),
    "result": ("state", "player", "action"),
    "terminal": ("state",),
    "utility": ("state", "player"),
}


class Caller(Protocol):
    """What inference needs of a sandbox (``call_with`` also sees the arguments as a call left them)."""

    def call(self, target: Any, *args: Any, timeout: float | None = None, **kwargs: Any) -> CallResult: ...

    def read(self, target: Any, *, timeout: float | None = None) -> CallResult: ...

    def call_with(self, target: Any, args: Sequence[Any] = (), kwargs: dict[str, Any] | None = None, *,
                  timeout: float | None = None, return_args: bool = False, count_calls: bool = False,
                  count_seconds: float | None = None, watch: Sequence[str] = ()) -> CallResult: ...


@dataclass
class Binding:
    """How one role (``result``...) is called: the student's name and the order of the roles."""

    role: str
    name: str
    order: tuple[str, ...]
    reading: str = ""  # how the answer is read (terminal, utility; result: the turn, '' if not said), in words
    scale: float = 1.0  # utility: the value of a win
    draw: float = 0.0  # utility: the value of a draw, between a loss's and a win's (0.5 on a 0..1 scale)
    empty_value: Any = False  # terminal: its answer on the empty board (a status string reading needs it)
    note: str = ""
    says: tuple[str, ...] = ()  # the adaptations this binding makes, in words (said once it is chosen)
    #: why a person should check this binding (the evidence for it is thin), with the evidence; '' when sure
    doubt: str = ""
    #: result: changes the board it is given (returning nothing or a bool); the board is read after the call
    in_place: bool = False
    read: bool = False  # initial_state: an attribute read, not a call (a game object's ``initial``)


@dataclass
class Interface:
    """Everything the grader learned about how to call a submission."""

    game: Game
    representation: Representation | None
    bindings: dict[str, Binding] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)  # role -> why it could not be bound
    adaptations: list[str] = field(default_factory=list)
    initial_unread: bool = False  # the student makes an initial state, but no reading of a board knows it
    #: roles left unbound although something of the student's seems to play them: role -> the evidence
    doubts: dict[str, str] = field(default_factory=dict)
    #: why no board the student's code is handed or answers can be trusted (no reading was confirmed): an agent's
    #: checks are then for a person, whatever they give when not even the empty board reads, else when they get nothing
    boards_doubt: str = ""
    #: why another reading of the boards explains the code as well as the one taken, each leaving another function
    #: wrong: a check that loses points may be charged for the other reading's function
    tied: str = ""
    #: the student's actions() answered nothing the reading could read as moves: the move form is a guess too
    moves_unread: bool = False

    def doubtful(self) -> dict[str, str]:
        """Every role a person should check, with the evidence: bound on thin evidence, or left unbound."""
        return {**{role: b.doubt for role, b in self.bindings.items() if b.doubt}, **self.doubts}

    def arguments(self, role: str, board: Any, player: int | None = None, action: Any = None) -> list[Any]:
        """The positional arguments for ``role`` in the student's order and representation."""
        return encode_arguments(self.representation, self.bindings[role].order, board, player, action)


#: what decoding a value that is no board under a reading raises
NOT_A_BOARD = (NotThisRepresentation, KeyError, TypeError, ValueError, IndexError)


def decoded_board(rep: Representation, value: Any) -> Any | None:
    """The course board ``value`` is under ``rep``, or None when it is none."""
    try:
        return rep.decode_board(value)
    except NOT_A_BOARD:
        return None


def decode_result_board(rep: Representation, value: Any) -> Any | None:
    """The course board in a ``result`` answer (the answer itself, or the first item of a ``(board, next_player)``
    or ``(board, extra_turn)`` tuple), or None."""
    parts = [value, *([value[0]] if isinstance(value, tuple) and len(value) in (2, 3) else [])]
    return next((board for board in (decoded_board(rep, part) for part in parts) if board is not None), None)


def decode_actions(rep: Representation, value: Any, board: Any) -> list[Any]:
    """The course's moves in an ``actions`` answer: moves, or successors paired with the moves that make them
    (``[(child_board, col), ...]``, either order); raises NotThisRepresentation, TypeError or ValueError."""
    items = listed(value)
    try:
        return [rep.decode_action(a, board) for a in items]
    except (NotThisRepresentation, TypeError, ValueError):
        if not items or not all(isinstance(a, (tuple, list)) and len(a) == 2 for a in items):
            raise
    for at in (1, 0):
        try:
            for a in items:
                rep.decode_board(a[1 - at])
            return [rep.decode_action(a[at], board) for a in items]
        except (NotThisRepresentation, TypeError, ValueError, KeyError, IndexError):
            continue
    raise NotThisRepresentation("neither moves nor (successor, move) pairs")


@lru_cache(maxsize=32)
def _probe_moves(game: Game, seed: int = 7) -> tuple[tuple[State, Any], ...]:
    """(state, action) pairs on which ``result`` readings differ: first moves, a reply, mid-game moves,
    and, where a move can earn another turn, such a move (Dots and Boxes: one that completes a box)."""
    s0 = game.initial_state()
    acts = game.actions(s0)
    first = acts[1 % len(acts)]
    s1 = game.result(s0, first)
    a1 = game.actions(s1)
    reply = first if first in a1 else a1[len(a1) // 2]
    rng = random.Random(seed)
    mid_game = [(state, rng.choice(game.actions(state))) for state in islice(_unfinished(game, rng, 3, 8), 2)]
    probes = [(s0, first), (s1, reply), *mid_game]
    probes += _other_kinds_of_move(game, probes, rng)
    if game.extra_turns:  # one by each player, so that the box owner's mark is pinned for both
        again = [_move_that_moves_again(game, seed, mover) for mover in (1, -1)]
        probes += [move for move in again if move is not None]
    return tuple(probes)


def _other_kinds_of_move(game: Game, probes: list[tuple[State, Any]], rng: random.Random) -> list[tuple[State, Any]]:
    """A probe for each kind (Python type) of action the probes lack, e.g. Mean Connect 4's mean moves,
    so that the way a submission writes each kind is seen by its ``result``."""
    first: dict[type, tuple[State, Any]] = {}  # each kind's first move
    for state in _unfinished(game, rng, 2, 8):
        for action in game.actions(state):
            first.setdefault(type(action), (state, action))
    return [probe for kind, probe in first.items() if kind not in {type(a) for _, a in probes}]


def _unfinished(game: Game, rng: random.Random, fewest: int, most: int, lines: int = 40) -> Iterator[State]:
    """The unfinished positions that end random lines of play of ``fewest`` to ``most`` moves, of ``lines``
    lines drawn with ``rng`` (each line's length drawn before it)."""
    for _ in range(lines):
        _, state = random_line(game, rng, plies=rng.randint(fewest, most))
        if not game.terminal(state):
            yield state


def _move_that_moves_again(game: Game, seed: int, mover: int) -> tuple[State, Any] | None:
    """A position where ``mover`` has a move that earns another turn, and that move."""
    for state in _unfinished(game, random.Random(seed), 3, 12, lines=200):
        for a in game.actions(state) if game.to_move(state) == mover else ():
            nxt = game.result(state, a)
            if game.to_move(nxt) == game.to_move(state) and not game.terminal(nxt):
                return state, a
    return None


def _variants(rep: Representation) -> list[Representation]:
    """The representation with each way of writing moves its game allows (column, cell, 1-based index)."""
    return [rep.with_action_kind(kind) for kind in rep.action_kinds] or [rep]


def infer_interface(caller: Caller, names: Mapping[str, NameInfo], game: Game,
                    aliases: Mapping[str, Sequence[str]], timeout: float = 2.0, source: str = "") -> Interface:
    """Bind the student's functions to the roles in ``aliases`` (role -> the rubric's names): names rank every
    callable (``grader.adapt.candidates``), behaviour on the probe boards decides. ``source`` breaks ties between
    player ids the functions accept equally (``1/-1`` or ``1/2``): the ids the code itself mentions win."""
    ranked = {role: [c for c in candidates.rank(names, role, alias_list)
                     if (c.tier < 2 or _takes(c, role) or (c.tier == 2 and _can_take(c, ARITY[role][0])))
                     and (role == "initial_state" or _may_take_a_board(c))
                     and (c.tier < 2 or role == "initial_state" or _requires_an_argument(c))]
              for role, alias_list in aliases.items() if role in COURSE_ORDER}
    iface = Interface(game, None)

    # Read before any probe runs: a probe of ``ai_turn()`` may play its move on the notebook's module-level board.
    module_board = _module_board(caller, names, game, timeout)
    initial = None
    pick = _choose(ranked.get("initial_state", []),
                   lambda c: _initial_fit(caller, c, game, c.probe_seconds(timeout)), unnamed_limit=6)
    if pick is not None and pick[1] > 0:
        cand, _, initial = pick
        iface.bindings["initial_state"] = Binding("initial_state", cand.target, _size_order(cand))
        _say_name(iface, "initial_state", cand)
    elif pick is not None:
        iface.problems["initial_state"] = f"{pick[0].target}() did not return a board"
    if initial is None:  # an object of the student's own (not plain data): it stays in the worker, replayed
        iface.initial_unread = any(caller.call(c.target, timeout=timeout).kind == BAD_RETURN
                                   for c in ranked.get("initial_state", [])[:3] if not _requires_an_argument(c))
        # else a game object's initial state (the textbook's ``game.initial``)
        unread = None  # one no reading knows: positions may still be built by replaying moves from it
        for target in game_objects.initial_attributes(names):
            r = caller.read(target, timeout=timeout)
            if r.ok and representations.candidates(game, r.value):
                initial = r.value
                iface.bindings["initial_state"] = Binding("initial_state", target, (), read=True)
                iface.problems.pop("initial_state", None)
                iface.adaptations.append(f"uses your {target} as initial_state()")
                break
            if r.ok and unread is None and module_board is None:
                unread = r.value
        initial = initial if initial is not None else unread
    if initial is None and module_board is not None:
        name, initial, shown = module_board
        iface.adaptations.append(f"reads your boards from the marks of the position your module-level {name} "
                                 "holds (no function makes an empty board)" if shown else
                                 f"reads your boards from the module-level {name} (no function makes an empty board)")
    candidate_reps = sorted(with_named_marks(representations.candidates(game, initial), source, game, initial),
                            key=lambda r: -player_affinity(r, source))
    if not candidate_reps:
        candidate_reps = representations.candidates(game, None)
        if initial is not None:
            iface.initial_unread = True
            iface.adaptations.append("your empty board has a shape or marks the grader does not know; "
                                     "trying the course's representation")

    fitting: list[Representation] = []
    results_tried: list = []
    pick = _choose(ranked.get("result", []),
                   lambda c: _result_fit(caller, c, game, candidate_reps, c.probe_seconds(timeout),
                                          ranked.get("actions", [])[:3]),
                   unnamed_limit=8, tried=results_tried)
    if pick is not None:
        cand, _, (fitting, binding) = pick
        iface.bindings["result"] = replace(binding, doubt=doubt("result", pick, results_tried))
        _say_name(iface, "result", cand)
        iface.adaptations.extend(binding.says)

    tried: list[Interface] = []

    def trial(rep: Representation) -> Interface:
        """The interface under reading ``rep``, the other functions bound (each reading tried once)."""
        for t in tried:
            if t.representation == rep:
                return t
        t = replace(iface, representation=rep, bindings=dict(iface.bindings), problems=dict(iface.problems),
                    adaptations=list(iface.adaptations), doubts=dict(iface.doubts))
        if fitting and rep not in fitting:
            t.bindings["result"] = replace(t.bindings["result"], note="its boards fit only a reading of the "
                                           "board that your other functions contradict")
        for role, binder in (("actions", _bind_actions), ("terminal", _bind_terminal), ("utility", _bind_utility)):
            if role not in ranked:
                continue
            ask, role_tried = reading_asker(caller, game, rep, timeout), []
            choice = _choose(ranked[role], lambda c: binder(ask, c, game, t.representation), unnamed_limit=8,
                             tried=role_tried)
            if choice is not None:
                # moves listed that no reading reads say the reading is wrong; an actions() that raises may be a bug
                t.moves_unread = t.moves_unread or (role == "actions" and choice[1] == FAILS
                                                    and choice[2].note != NEVER_ANSWERED)
                t.bindings[role] = replace(choice[2], doubt=doubt(role, choice, role_tried))
                _say_name(t, role, choice[0])
                t.adaptations.extend(choice[2].says)
        tried.append(t)
        return t

    # Several representations may fit result() (it often works with any player ids): the one under which the other
    # functions also agree is the student's. When even the best has a function that agrees nowhere, result() may be
    # the bug (a disc left on top reads as rows from the bottom): every representation then competes, result()
    # counted against those it does not fit, ties going to the conventions' order (``min`` keeps the first).
    best: Interface | None = None
    for rep in fitting or candidate_reps:  # no result() fits: the other functions choose the reading alone
        t = trial(rep)
        if best is None or misses(t) < misses(best):
            best = t
        if misses(best) == misses(iface):  # nothing beyond what result() already missed
            break
    if fitting and misses(best) > 0:
        learned = [rep for rep in fitting if getattr(rep, "action_kind", "") == "learned"]
        # moves learned under one reading are tried under every other reading too: a result() that fits only
        # one reading (a disc left on top reads as rows from the bottom) must not choose how moves are written
        moved = [LearnedMoves(v, rep.shapes, game) for rep in learned for base in candidate_reps
                 for v in _variants(base) if type(v) is type(rep.inner) and v != rep.inner]
        best = min((trial(v) for v in [*(v for base in candidate_reps for v in _variants(base)), *learned, *moved]),
                   key=misses)
        rival = next((t for t in tried if misses(t) == misses(best) and _missed(t) != _missed(best)), None)
        if rival is not None:
            best.tied = (f"another reading of your boards ({rival.representation.describe()}) explains your code as "
                         f"well as the one taken: under it {_functions(_missed(rival))} the rules, under this one "
                         f"{_functions(_missed(best))}")
            for role in set(_missed(rival)) - set(_missed(best)):  # right here, wrong there: in doubt even when right
                best.bindings[role] = replace(best.bindings[role], doubt=best.bindings[role].doubt or best.tied)
    if not fitting and best.representation is not None and "actions" in best.bindings:
        # No result() says how moves are written: as the student's actions() writes them, if it agrees no less.
        written = _written_like_actions(caller, game, best, timeout)
        if written is not None and written != best.representation and misses(trial(written)) <= misses(best):
            best = trial(written)
    if fitting:
        best.adaptations.append(f"reads your boards as: {best.representation.describe()}")
        if not best.bindings["result"].note:
            _bind_turn(caller, game, best, timeout)
    for role, alias_list in aliases.items():
        if role in COURSE_ORDER and role not in best.bindings and role not in best.problems:
            best.problems[role] = (f"no function named {' / '.join(alias_list[:6])}, nor any other function, "
                                   f"does what {role}() does")
            said = [c for c in ranked.get(role, []) if c.tier <= 2]
            bound = {b.name for b in best.bindings.values()}
            others = [spoken(c.target) for c in ranked.get(role, []) if c.tier == 3 and c.target not in bound]
            if said:  # a function whose name says the role, which no way of calling it made answer
                best.doubts[role] = (f"{spoken(said[0].target)}() is named like {role}() but could not be called "
                                     "in any way tried")
            elif others:  # the code has functions that might be it, under names that do not say so
                best.doubts[role] = (f"nothing is named for {role}(), and none of {', '.join(others[:4])}"
                                     f"{' ...' if len(others) > 4 else ''} does what it does on the probe positions")
    confirmed = [r for r in ("result", "actions", "terminal", "utility") if r in best.bindings
                 and not best.bindings[r].note]
    if not confirmed and best.bindings.keys() - {"initial_state"}:
        why = ("no reading of your boards was confirmed: none of your functions gives the reference's answers "
               "under any reading tried, so every function was asked on boards written in a guessed form")
        for role, binding in best.bindings.items():
            if (role != "initial_state" or best.initial_unread) and not binding.doubt:
                best.bindings[role] = replace(binding, doubt=why)
        actions = best.bindings.get("actions")
        never_listed = actions is not None and actions.note == NEVER_ANSWERED  # it raised on every board it was given
        if best.initial_unread or best.moves_unread or never_listed:  # the boards handed to agents are a guess too
            best.boards_doubt = why
    if not best.boards_doubt and not any(r in best.bindings and not best.bindings[r].note
                                         for r in ("initial_state", "actions", "result")):
        # nothing of the student's makes, lists the moves of or changes a board under any reading: the boards
        # their agents are handed are guesses, so an agent that fails on them goes to a person
        best.boards_doubt = ("no function of yours that makes a board, lists its moves or plays one was found "
                             "under any reading tried, so your agents were handed boards written in a guessed form")
    return best


#: how many arguments a role's function requires, for candidates that only behaviour can vouch for
ARITY = {"initial_state": (0, 0), "actions": (1, 2), "result": (2, 3), "terminal": (1, 1), "utility": (1, 2)}


def _may_take_a_board(cand: Candidate) -> bool:
    """False for a function whose every parameter is named for something else than a board
    (``utilityFunction(player)`` keeps a win tally): it cannot answer about the boards it is given."""
    params = positional_parameters(cand.info.parameters or [])
    return not params or any(role_of(p.name) not in ("player", "action") for p in params)


def _requires_an_argument(cand: Candidate) -> bool:
    """Whether a function must be given something: one that runs on defaults alone
    (``play_vs_random(N=1000, shape=(4, 4))``) is an experiment, not a function of a board."""
    return any(not p.has_default for p in positional_parameters(cand.info.parameters or []))


def _can_take(cand: Candidate, count: int) -> bool:
    """Whether a function accepts ``count`` arguments at all: a name that says a role in other words
    (``isMovesLeft(board)`` for ``result``) cannot play a role that must be given more."""
    params = cand.info.parameters
    return params is None or any(p.kind == "VAR_POSITIONAL" for p in params) or \
        len(positional_parameters(params)) >= count


def _takes(cand: Candidate, role: str) -> bool:
    """Whether a function may be called with the role's arguments: one more required parameter is passed None
    where its name says no player (state kept beside the board: ``terminal(board, last_move)``; a
    ``utility(board, player)`` is no terminal test)."""
    params = positional_parameters(cand.info.parameters or [])
    required, (fewest, most) = sum(not p.has_default for p in params), ARITY[role]
    beside = most > 0 and required == most + 1 and all(role_of(name) != "player"
                                                       for name in _unknown_parameters(cand, role))
    return (fewest <= required <= most or beside) and len(params) >= fewest


#: how well a candidate fits a role: it matches the reference, it answers but wrongly, it fails to answer
FITS, ANSWERS, FAILS = 2, 1, 0


def _choose(ranked: Sequence[Candidate], attempt: Callable[[Candidate], tuple[int, Any]],
            unnamed_limit: int, tried: list | None = None) -> tuple[Candidate, int, Any] | None:
    """The candidate that plays a role: (candidate, fit, what ``attempt`` made of it), or None.

    The first tier that has candidates decides. Under a rubric name (tiers 0 and 1) the first that fits wins,
    else the first that answers, else the first as it is: the student named it for the role, so its bug or crash
    is what the checks must show, and a helper that happens to fit never takes its place. A name that says the
    role in other words (tier 2) counts when it answers; unnamed candidates (tier 3) only when they fit."""
    for tier in (0, 1, 2, 3):
        group = [c for c in ranked if c.tier == tier]
        answered = fallback = None
        for cand in group[:unnamed_limit] if tier == 3 else group:
            fit, made = attempt(cand)
            if tried is not None:
                tried.append((cand, fit))
            if fit == FITS:
                return cand, fit, made
            if tier < 3 and fit == ANSWERS and answered is None:
                answered = (cand, fit, made)
            if tier <= 1 and fallback is None:
                fallback = (cand, fit, made)
        if answered is not None or fallback is not None:
            return answered or fallback
    return None


def doubt(role: str, picked: tuple[Candidate, int, Any], tried: Sequence[tuple[Candidate, int]]) -> str:
    """Why the function taken for ``role`` needs a person, with the evidence; '' when the evidence is enough: a
    candidate that does what the role does on every probe is sure, and so is one the student named for the role
    (its bug or crash is theirs to answer for); any other pick is a guess."""
    cand, fit, _ = picked
    unknown = _unknown_parameters(cand, role)
    if fit == FAILS and unknown:
        return (f"the grader knows no value for {', '.join(unknown)} (it passes None) and {spoken(cand.target)}() "
                "raised on every call: the failure may be the grader's call, not the code")
    if fit == FITS or cand.tier <= 1:
        return ""
    words = {FITS: "agrees with the reference", ANSWERS: "answers, but not as the reference does",
             FAILS: "could not be called in any way tried"}
    others = [f"{spoken(c.target)}() {words[f]}" for c, f in tried if c is not cand][:3]
    return (f"no function is named for {role}() and none does what it does on every probe position: "
            f"{spoken(cand.target)}() was taken and {words[fit]}"
            + (f"; also tried: {'; '.join(others)}" if others else ""))


def _unknown_parameters(cand: Candidate, role: str) -> list[str]:
    """The required parameters of a candidate that name nothing the role is given (``last_mean_move`` of an
    actions()), or that outnumber what it is given: the grader passes them None."""
    required = [p.name for p in positional_parameters(cand.info.parameters or []) if not p.has_default]
    given = (*COURSE_ORDER[role], "player", *BOARD_FACTS)
    named = [role_of(name) for name in required]
    foreign = [name for i, (name, r) in enumerate(zip(required, named)) if r not in given or r in named[:i]]
    return foreign or required[ARITY[role][1]:]


def _say_name(iface: Interface, role: str, cand: Candidate) -> None:
    if candidates.is_route(cand.target):
        how = "a method of your own state" if spoken(cand.target).startswith("state.") else \
            "your class is built from the position"
        iface.adaptations.append(f"calls {shown_call(cand.info.doc, {})} as {role}() ({how})")
    elif cand.target != role:
        how = "" if cand.tier <= 1 else (" (its name says so)" if cand.tier == 2 else " (it does what the role does)")
        iface.adaptations.append(f"uses your {spoken(cand.target)}() as {role}(){how}")


def _missed(iface: Interface) -> list[str]:
    """The functions that :func:`misses` counts, by role."""
    return sorted(role for role, b in iface.bindings.items() if role != "utility" and b.note)


def _functions(roles: Sequence[str]) -> str:
    return f"{', '.join(f'{r}()' for r in roles)} {'disagrees with' if len(roles) == 1 else 'disagree with'}"


def misses(iface: Interface) -> int:
    """Functions bound without any reading that matched the reference. Not ``utility``: one from the wrong player's
    view would otherwise choose the reading that swaps the players and hide its own bug."""
    return len(_missed(iface))


_PLAYER_PATTERNS = {
    2: r"3\s*-\s*[\w.]*(?:player|mark)|player\w*\s*==\s*2\b|player\w*\s*=\s*2\b|\b2\s+if\s+\w+\s*==\s*1\b",
    -1: r"(?:^|[=(,\[\s])-\w*player\b|\*\s*-1\b|player\w*\s*==\s*-1\b|player\w*\s*=\s*-1\b",
}


def with_named_marks(reps: list[Representation], source: str, game: Game | None = None,
                     board: Any = None) -> list[Representation]:
    """``reps`` and the same readings with the marks the code names for its two players (``RED, YELLOW =
    'Red', 'Yellow'``, ``'O' if p == 'X' else 'X'``, ``(True, False)``): an empty board does not show them. Two
    names of the student's empty ``board``'s own fields (``('n', 'm')``) are no pair of players."""
    known = {rep.players for rep in reps}
    fields = {k for k in board if isinstance(k, str)} if isinstance(board, dict) else set()
    pairs = [pair for pair in named_mark_pairs(source, game) if pair not in known and not set(pair) <= fields][:6]
    found = dict.fromkeys(reps)  # in order, once each: readings that differed only in their marks are one now
    for rep in reps:
        inner = getattr(rep, "inner", None)  # a state record around a board: the board's marks are named
        if inner is not None:
            found.update(dict.fromkeys(rep.with_marks(named) for named in with_named_marks([inner], source, game)[1:]))
            continue
        if not dataclasses.is_dataclass(rep) or "players" not in {f.name for f in dataclasses.fields(rep)}:
            continue
        symbols = getattr(rep, "symbols", None)  # grids keep the marks in their cells' symbols too
        for first, second in pairs:
            if isinstance(first, str) != isinstance(rep.players[0], str) and not isinstance(first, bool):
                continue  # strings replace strings; numbers stay numbers; booleans may replace either
            if symbols is None:
                found.setdefault(dataclasses.replace(rep, players=(first, second)))
            elif not any(same_mark(symbols.empty, m) for m in (first, second)):
                found.setdefault(dataclasses.replace(rep, players=(first, second),
                                                     symbols=dataclasses.replace(symbols, first=first, second=second)))
    return list(found)


@lru_cache(maxsize=32)
def _move_words(game: Game) -> set[str]:
    """The words of the game's own moves (Dots and Boxes' 'h' and 'v'), lower case."""
    def words(value: Any) -> set[str]:
        if isinstance(value, str):
            return {value.lower()}
        return set().union(*(words(v) for v in value)) if isinstance(value, (tuple, list)) else set()
    return set().union(*(words(a) for a in game.actions(game.initial_state())))


def named_mark_pairs(source: str, game: Game | None = None) -> tuple[tuple[Any, Any], ...]:
    """Pairs of values the code names together for its two players, both ways round, most named first: two short
    strings or booleans in one literal (``PLAYERS = ('Red', 'Yellow')``), the branches of ``'O' if p == 'X' else
    'X'``, or two such names assigned in a row; never two kinds of the ``game``'s own moves (``'h'``/``'v'``)."""
    tree = parsed(source)

    def mark(node: ast.AST | None) -> Any:
        if not isinstance(node, ast.Constant):
            return None
        v = node.value
        return v if isinstance(v, bool) or (isinstance(v, str) and 0 < len(v.strip()) <= 10) else None

    def pair(values: list[Any]) -> None:
        if len(values) == 2 and None not in values and values[0] != values[1] and \
                type(values[0]) is type(values[1]):
            counts[(values[0], values[1])] += 1

    counts: Counter[tuple[Any, Any]] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            pair([mark(e) for e in node.elts])
        elif isinstance(node, ast.Dict):
            pair([mark(v) for v in node.values])
        elif isinstance(node, ast.IfExp):
            pair([mark(node.body), mark(node.orelse)])
    singles = [mark(node.value) if isinstance(node, ast.Assign) and len(node.targets) == 1
               and isinstance(node.targets[0], ast.Name) else None for node in tree.body]
    for previous, single in zip(singles, singles[1:]):
        pair([previous, single])
    moves = _move_words(game) if game is not None else set()

    def names_moves(pair: tuple[Any, Any]) -> bool:
        kinds = [next((w for w in moves if isinstance(m, str) and m.lower().startswith(w)), None) for m in pair]
        return None not in kinds and kinds[0] != kinds[1]

    ranked = [p for p, _ in counts.most_common() if not names_moves(p)]
    return tuple(dict.fromkeys(ranked + [(b, a) for a, b in ranked]))


#: what the code computes the other player as, and the ids that arithmetic implies
_OTHER_PLAYER = {("-", 1): (0, 1), ("^", 1): (0, 1), ("-", 3): (1, 2)}
#: words in the name of a variable that holds whose turn it is
_TURN_WORDS = ("player", "turn", "mover", "who", "side", "colo")


def arithmetic_player_pairs(source: str) -> tuple[tuple[int, int], ...]:
    """The numeric ids the code's arithmetic for the other player implies, most used first: ``1 - player`` and
    ``player ^ 1`` mean 0/1, ``3 - player`` means 1/2 (an empty state shows no ids, and a function that only
    passes its player along answers the same under any)."""
    tree = parsed(source)

    def turn_name(node: ast.AST) -> bool:
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else \
            node.slice.value if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) else None
        return isinstance(name, str) and (name.lower() == "p" or any(w in name.lower() for w in _TURN_WORDS))

    counts: Counter[tuple[int, int]] = Counter()
    for node in ast.walk(tree):
        if not isinstance(node, ast.BinOp) or not isinstance(node.op, (ast.Sub, ast.BitXor)):
            continue
        op = "-" if isinstance(node.op, ast.Sub) else "^"
        sides = [(node.left, node.right)] + ([(node.right, node.left)] if op == "^" else [])
        for number, other in sides:
            if isinstance(number, ast.Constant) and type(number.value) is int and turn_name(other):
                if (op, number.value) in _OTHER_PLAYER:
                    counts[_OTHER_PLAYER[(op, number.value)]] += 1
    return tuple(p for p, _ in counts.most_common())


def player_affinity(rep: Representation, source: str) -> int:
    """How often the code mentions the second player's id the way code that uses it does."""
    second = rep.players[1]
    if isinstance(second, str):  # both marks, so that ('b', 'r') and ('r', 'b') tie and keep their order
        return min(len(re.findall(rf"""['"]{re.escape(mark)}['"]""", source)) for mark in rep.players)
    pattern = _PLAYER_PATTERNS.get(second)
    return len(re.findall(pattern, source)) if pattern else 0


#: words in the name of a module-level value that holds the empty board
BOARD_WORDS = ("board", "initial", "empty", "state", "grid", "game")


def _module_board(caller: Caller, names: Mapping[str, NameInfo], game: Game,
                  timeout: float) -> tuple[str, Any, bool] | None:
    """(name, the empty board, whether it was made from a position) of a module-level value some reading takes for
    the empty board (old templates' ``board = {'n': 4, 'm': 4}``), else for a position (copied code's ``board =
    [['x', 'o', 'x'], ...]``: its empty board is made in its container and marks); None when there is neither."""
    def plainness(name: str) -> tuple:  # 'board' itself first, then the strongest word, then test boards last
        low = name.lower()
        return ("test" in low, low != "board", min(k for k, w in enumerate(BOARD_WORDS) if w in low), name)

    named = [n for n, i in names.items() if i.kind == "value" and any(w in n.lower() for w in BOARD_WORDS)
             and i.member("copy") is not None]
    values = {}
    for name in sorted(named, key=plainness):
        r = caller.call(f"{name}.copy", timeout=timeout)
        if not r.ok:
            continue
        value = values[name] = representations.at_size(game, r.value)
        for rep in representations.candidates(game, value):
            board = decoded_board(rep, value)
            if board is not None and game.same_board(board, game.to_course(game.initial_state())):
                return name, value, False
    for name, value in values.items():  # a position shown at the top level still shows the marks
        empty = _emptied(game, value)
        if empty is not None:
            return name, empty, True
    return None


def _emptied(game: Game, position: Any) -> Any | None:
    """The empty board in the container and marks of ``position`` (a grid the notebook shows at the top level), when
    one of its values is the empty mark under a reading that takes it for a position of the game; else None."""
    try:
        grid = board_cells(position)
    except (TypeError, ValueError):
        return None
    if grid.ndim not in (1, 2) or grid.dtype == object and any(isinstance(v, (list, dict)) for v in grid.ravel()):
        return None
    container = container_of(position)
    for mark in cell_values(position):
        empty = rebuild([mark] * grid.size, grid.shape, container)
        for rep in representations.candidates(game, empty):
            try:
                game.from_course(rep.decode_board(position))
            except (NotThisRepresentation, InvalidBoard, KeyError, TypeError, ValueError, IndexError):
                continue
            return empty
    return None


def _size_order(cand: Candidate) -> tuple[str, ...]:
    """The board facts an ``initial_state`` requires by name (``create_board(rows, cols)``), in order;
    none when it requires nothing or something else."""
    required = [role_of(p.name) for p in positional_parameters(cand.info.parameters or []) if not p.has_default]
    return tuple(required) if required and all(r in ("rows", "cols") for r in required) else ()


def _initial_fit(caller: Caller, cand: Candidate, game: Game, timeout: float) -> tuple[int, Any]:
    """(fit, the board) of a candidate ``initial_state``: it fits when some known reading takes its
    answer for a board, it answers when it returns anything at all."""
    target, info = cand.target, cand.info
    size_words = {**dict.fromkeys(("rows", "n", "height", "r", "nrows", "num_rows"), game.rows),
                  **dict.fromkeys(("cols", "m", "width", "columns", "ncols", "num_cols", "c"), game.cols),
                  **dict.fromkeys(("size", "shape"), (game.rows, game.cols)), "k": getattr(game, "k", None)}
    required = [p for p in positional_parameters(info.parameters or []) if not p.has_default]
    attempts: list[list[Any]] = [[]]
    if required:
        guess = [size_words.get(p.name.lower()) for p in required]
        if all(g is not None for g in guess):
            attempts.insert(0, guess)
        attempts += [[game.rows, game.cols], [(game.rows, game.cols)], [game.rows]]
    answers = (caller.call(target, *args, timeout=timeout) for args in attempts)  # asked until one answers
    first = next((r.value for r in answers if r.ok and r.value is not None), None)
    optional = [p for p in positional_parameters(info.parameters or []) if p.has_default]
    if first is not None and not representations.candidates(game, first) and optional \
            and size_words.get(optional[0].name.lower()) is not None:
        # empty_board(shape=(4, 4)): a default of another size (for experiments); ask for the rubric's
        r = caller.call(target, size_words[optional[0].name.lower()], timeout=timeout)
        if r.ok and r.value is not None and representations.candidates(game, r.value):
            return FITS, r.value
    if first is None:
        return FAILS, None
    return (FITS if representations.candidates(game, first) else ANSWERS), first


def _result_fit(caller: Caller, cand: Candidate, game: Game, candidates: list[Representation],
                timeout: float, actions: Sequence[Candidate] = ()) -> tuple[int, tuple[list[Representation], Binding]]:
    """How a candidate ``result`` fits: (fit, (every representation that fits, its binding)). The first argument
    order some representation fits wins; the other functions choose among those. Moves are written in each form
    the representation lists, else as the moves of the student's ``actions`` candidates show."""
    name = cand.target
    probes = _probe_moves(game)
    expected = [game.to_course(game.result(s, a)) for s, a in probes]
    named = {role_of(p.name) for p in positional_parameters(cand.info.parameters or [])}
    # the landing row passed too (drop_piece(board, row, col, piece)), or a line's parts (result(board, orientation,
    # row, col, player))
    parts = [r for r in ("row", "orientation") if r in named] + (["row"] if "orientation" in named else [])
    orders = argument_orders(cand.info.parameters, tuple(dict.fromkeys((*COURSE_ORDER["result"], *parts))))
    last_error, answered, in_place = "", False, False

    def fits(rep: Representation, order: tuple[str, ...]) -> bool:
        """Whether ``result`` called in ``order`` under ``rep`` makes the reference's board on every probe."""
        nonlocal last_error, answered, in_place
        for (state, action), want in zip(probes, expected):
            board = game.to_course(state)
            try:
                args = encode_arguments(rep, order, board, game.to_move(state), action)
            except (NotThisRepresentation, KeyError, ValueError):
                return False
            r, got, changed = board_made(caller, name, args, order, rep, timeout)
            if not r.ok:
                last_error = r.describe_error()
                return False
            in_place = in_place or changed
            answered = answered or got is not None
            if got is None or not game.same_board(got, want):
                return False
        return True

    for order in orders:
        fitting = [rep for base in candidates for rep in _variants(base) if fits(rep, order)]
        if not fitting and actions:  # moves written in no form listed: learned from the student's own
            learned = (_learned_variant(caller, name, order, base, game, actions, timeout) for base in candidates)
            fitting = [rep for rep in learned if rep is not None and fits(rep, order)]
        if fitting:
            notes = [f"calls {name}({spoken_order(order)}) in your argument order"] \
                if order != COURSE_ORDER["result"] else []
            if in_place:
                notes.append(f"{name}() changes the board it is given instead of returning a new one: the board "
                             "is read after the call (the course asks for a new board)")
            return FITS, (fitting, Binding("result", name, order, in_place=in_place, says=tuple(notes)))
    why = ("no reading of the arguments made " + name + "() give the right board on every probe move"
           + (f" (last error: {last_error})" if last_error else ""))
    # Judged board by board all the same: a result() wrong for one player is still right for the other.
    order = orders[0] if orders else COURSE_ORDER["result"]
    says = (f"{why}: it is called as {name}({', '.join(order)}) and judged board by board",)
    return (ANSWERS if answered else FAILS), ([], Binding("result", name, order, note=why, in_place=in_place,
                                                          says=says))


def board_made(caller: Caller, name: str, args: list, order: tuple[str, ...], rep: Representation,
               timeout: float) -> tuple[CallResult, Any, bool]:
    """What ``result`` called with ``args`` answers, the board it makes under ``rep`` (None if unread), and whether
    it changed the board it was given instead, returning nothing or a bool (the template's draw_line's True)."""
    r = caller.call(name, *args, timeout=timeout)
    if not r.ok:
        return r, None, False
    got = decode_result_board(rep, r.value)
    if (r.value is None or isinstance(r.value, bool)) and "state" in order:
        after = caller.call_with(name, args, {}, timeout=timeout, return_args=True)
        if after.ok and after.args_after is not None:
            got = decode_result_board(rep, after.args_after[order.index("state")])
            return r, got, got is not None
    return r, got, False


def _learned_variant(caller: Caller, name: str, order: tuple[str, ...], base: Representation, game: Game,
                     actions: Sequence[Candidate], timeout: float) -> Representation | None:
    """``base`` writing moves the way the student's own moves show, or None: each move their ``actions`` lists on
    a probe board stands for the one reference move whose board their ``result`` makes of it, and the shapes these
    examples share are learned (:mod:`grader.adapt.representations.move_shapes`), so any way of writing works."""
    if "action" not in order:
        return None
    examples: dict[tuple, list[tuple[Any, tuple[int, ...], Any]]] = {}
    for state in dict.fromkeys(s for s, _ in _probe_moves(game)):
        board, mover = game.to_course(state), game.to_move(state)
        written = _student_moves(reading_asker(caller, game, base, timeout), actions, state, mover)
        successors = [(game.to_course(game.result(state, a)), a) for a in game.actions(state)]
        try:
            args = encode_arguments(base, order, board, mover, game.actions(state)[0])
        except (NotThisRepresentation, KeyError, ValueError):  # an order this reading cannot fill
            return None
        matched = 0
        for move in _spread(written):
            args[order.index("action")] = move
            got = board_made(caller, name, args, order, base, timeout)[1]
            same = [a for after, a in successors if got is not None and game.same_board(got, after)]
            if len(same) == 1:
                kind, fields = move_kind(same[0])
                examples.setdefault(kind, []).append((move, fields, base.encode_player(mover)))
                matched += 1
        if not matched:  # under this reading of the board its result() makes no reference board
            return None
    shapes = {kind: shape for kind, shown in examples.items() if (shape := MoveShape.learn(shown)) is not None}
    return LearnedMoves(base, shapes, game) if shapes else None


def _written_like_actions(caller: Caller, game: Game, iface: Interface, timeout: float) -> Representation | None:
    """The reading with moves written as the student's ``actions`` writes them on the empty board (``(i, j)`` cells
    where the reading has cell numbers), among the ways its family allows; None when none does."""
    state = game.initial_state()
    board, mover = game.to_course(state), game.to_move(state)
    r = caller.call(iface.bindings["actions"].name, *iface.arguments("actions", board, mover), timeout=timeout)
    try:
        written = {_as_written(m) for m in listed(r.value)} if r.ok else set()
        paired = _paired_in_order(r.value, game, state, iface.representation) if written else None
    except (TypeError, NotThisRepresentation):
        return None
    for variant in [*_variants(iface.representation), paired]:
        try:
            if variant is not None and \
                    written == {_as_written(variant.encode_action(a, board, mover)) for a in game.actions(state)}:
                return variant
        except (NotThisRepresentation, KeyError, TypeError, ValueError):
            continue
    return None


def _paired_in_order(moves: Any, game: Game, state: State, base: Representation) -> Representation | None:
    """``base`` writing moves as the student's listed ``moves`` write the course's on ``state``, each paired with
    the course move in the same place in order (columns 1-7 for 0-6); the caller checks it writes them all."""
    def order(fields: Sequence[Any]) -> list:
        return [(isinstance(f, str), f if not isinstance(f, str) else 0, str(f)) for f in fields]

    mover = base.encode_player(game.to_move(state))
    theirs = sorted(listed(moves), key=lambda m: order(leaves(m)))
    ours = sorted(game.actions(state), key=lambda a: order(move_kind(a)[1]))
    if len(theirs) != len(ours):
        return None
    examples: dict[tuple, list] = {}
    for move, action in zip(theirs, ours):
        kind, fields = move_kind(action)
        examples.setdefault(kind, []).append((move, fields, mover))
    shapes = {kind: shape for kind, shown in examples.items() if (shape := MoveShape.learn(shown)) is not None}
    return LearnedMoves(base, shapes, game) if len(shapes) == len(examples) else None


def _as_written(move: Any) -> Any:
    """A move as plain, hashable values: ``(np.int64(0), 1)`` and ``[0, 1]`` are both ``(0, 1)``."""
    return tuple(_as_written(m) for m in move) if isinstance(move, (list, tuple, np.ndarray)) else returns.plain(move)


def _student_moves(ask: Asker, actions: Sequence[Candidate], state: State, player: int) -> list[Any]:
    """The moves the first answering ``actions`` candidate lists on ``state`` (in any argument order)."""
    for cand in actions:
        for _, (r,) in _answered_orders(ask, cand, [(state, player)]):
            try:
                moves = listed(r.value)
            except TypeError:
                continue
            if moves:
                return moves
    return []


def _spread(moves: Sequence[Any], per_shape: int = 6) -> list[Any]:
    """A few moves of each shape, spread over the list (so that they differ in their columns)."""
    by_shape: dict[tuple, list[Any]] = {}
    for move in moves:
        by_shape.setdefault(skeleton(move), []).append(move)
    return [m for group in by_shape.values() for m in group[::max(1, len(group) // per_shape)][:per_shape]]


def _bind_turn(caller: Caller, game: Game, iface: Interface, timeout: float) -> None:
    """When ``result`` answers a tuple, read its other item as the turn if one reading fits.

    Only moves that complete no box decide the reading (the other player moves next in every game). After a box
    the answer need only have the reading's type: a missing extra turn is for the checks to mark wrong, not
    another convention."""
    binding, rep = iface.bindings["result"], iface.representation
    answers = []  # (the answer, the mover, whether the reference gives the mover another turn)
    for state, action in _probe_moves(game):
        after = game.result(state, action)
        if game.terminal(after):
            continue  # nobody moves after the last line: no evidence either way
        r = caller.call(binding.name, *iface.arguments("result", game.to_course(state), game.to_move(state),
                                                       action), timeout=timeout)
        if not r.ok:
            return
        answers.append((r.value, game.to_move(state), game.to_move(after) == game.to_move(state)))
    if not answers or not all(isinstance(v, tuple) and len(v) in (2, 3) and decoded_board(rep, v) is None
                              for v, _, _ in answers):  # (board, ...) tuples, not boards
        return
    for words, read in returns.turn_readings(rep).items():
        said = [read(value, mover) for value, mover, _ in answers]
        if all(s is not None for s in said) and \
                not any(s[0] for s, (_, _, again) in zip(said, answers) if not again):
            iface.bindings["result"] = replace(binding, reading=words)
            iface.adaptations.append(f"{binding.name}() returns {words}: the turn it gives is judged with the board")
            return
    iface.adaptations.append(f"{binding.name}() returns a tuple whose other items are neither the next player "
                             "nor an extra-turn flag: only its board is judged")


def encode_arguments(rep: Representation, order: Sequence[str], board: Any, player: int | None,
                     action: Any) -> list[Any]:
    """Course board, player and action as the student's arguments, in the student's order; a transition taking a
    line's parts (``draw_line(board, orientation, row, col)``) gets the student's move spread over them."""
    values = {"state": lambda: rep.encode_state(board, player), "player": lambda: rep.encode_player(player),
              "action": lambda: rep.encode_action(action, board, player), "row": lambda: rep.encode_row(action, board),
              "config": rep.encode_config, "rows": lambda: rep.rows, "cols": lambda: rep.cols, NOTHING: lambda: None}
    if "orientation" in order:
        parts = move_parts(rep, action, board, player)
        values.update(orientation=lambda: parts[0], row=lambda: parts[1], action=lambda: parts[2])
    return [values[r]() for r in order]


def move_parts(rep: Representation, action: Any, board: Any, player: int | None) -> tuple:
    """The student's move as (orientation, row, col), for transitions that take the three apart."""
    move = rep.encode_action(action, board, player)
    if not (isinstance(move, tuple) and len(move) == 3 and isinstance(move[0], str)):
        raise NotThisRepresentation(f"{move!r} is not an (orientation, row, col) line")
    return move


#: asks a candidate, in an argument order, about the student's own position of a course state, for a player:
#: ``ask(candidate, order, state, player)``, within the time its name allows (``Candidate.probe_seconds``). A reading
#: encodes the board (:func:`reading_asker`); a replay brings the student's own state there through their code
#: (``grader.adapt.replayed_states``). The binders below serve both.
Asker = Callable[[Candidate, tuple[str, ...], State, Any], CallResult]


def reading_asker(caller: Caller, game: Game, rep: Representation, timeout: float) -> Asker:
    """Asks with the board written under the reading ``rep``."""
    def ask(cand: Candidate, order: tuple[str, ...], state: State, player: Any) -> CallResult:
        return caller.call(cand.target, *encode_arguments(rep, order, game.to_course(state), player, None),
                           timeout=cand.probe_seconds(timeout))
    return ask


def _answered_orders(ask: Asker, cand: Candidate,
                     cases: Sequence[tuple[State, Any]]) -> Iterator[tuple[tuple[str, ...], list[CallResult]]]:
    """Each plausible argument order (board first among its roles) whose calls on every
    (state, player) case answered, with the answers; orders where a call failed are passed over."""
    for order in argument_orders(cand.info.parameters, ("state", "player")):
        if "state" not in order:
            continue
        answers = []
        for state, player in cases:
            r = ask(cand, order, state, player)
            if not r.ok:
                break
            answers.append(r)
        else:
            yield order, answers


def _bind_actions(ask: Asker, cand: Candidate, game: Game, rep: Representation) -> tuple[int, Binding]:
    states = [game.initial_state()] + [s for s, _ in _probe_moves(game)[1:3]]
    cases = [(s, game.to_move(s)) for s in states]
    answered, fallback, first = False, None, ("state",)
    if _unknown_parameters(cand, "actions"):  # its failures are shown as called with None where names say so
        first = argument_orders(cand.info.parameters, ("state", "player"))[0]
    for order, answers in _answered_orders(ask, cand, cases):
        fallback = fallback or order  # the first order it answers in (a Mean Connect 4 actions needs its player)
        try:
            got = [sorted(map(repr, decode_actions(rep, r.value, game.to_course(s)))) for r, (s, _) in
                   zip(answers, cases)]
        except (NotThisRepresentation, TypeError, ValueError):
            continue
        answered = True
        if all(g == sorted(map(repr, game.actions(s))) for g, s in zip(got, states)):
            return FITS, Binding("actions", cand.target, order)
    # Bound anyway, in the first order it answered in (else the course's): the checks will show what
    # went wrong, board by board.
    return (ANSWERS if answered else FAILS), Binding(
        "actions", cand.target, fallback or first,
        note=NEVER_ANSWERED if fallback is None else "its answers never matched the reference on the probe boards")


#: the note of an actions() that raised in every order tried: boards it cannot read, or a bug of its own
NEVER_ANSWERED = "it raised on the probe boards in every order tried"


def listed(value: Any) -> list[Any]:
    """A collection of actions as a list (numpy arrays, sets and dict keys too); TypeError for anything else."""
    if isinstance(value, np.ndarray):
        return list(value.tolist())
    if hasattr(value, "__iter__") and not isinstance(value, (str, bytes)):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not a collection of actions")


def _sample_boards(game: Game) -> tuple[tuple[State, bool], ...]:
    """(state, is_terminal) for the terminal probes: empty, mid-game, won by each side, drawn; each one's line
    of play remembered afresh, as replay builds them through the student's code."""
    lines = _sample_lines(game)
    for state, _, line in lines:
        if line is not None:
            game.remember(state, line)
    return tuple((state, over) for state, over, _ in lines)


@lru_cache(maxsize=32)
def _sample_lines(game: Game) -> tuple[tuple[State, bool, tuple | None], ...]:
    rng = random.Random(3)  # positions the game goes on in: a status reading must be one answer there too
    mids = [random_line(game, rng, plies=plies)[1] for plies in (4, 1, 7, 10, 13)]
    ends = [terminal_with_outcome(game, winner, seed=11, tries=3000) for winner in (1, -1, None)]
    out = [(game.initial_state(), False), *((s, False) for s in mids if not game.terminal(s)),
           *((s, True) for s in ends if s is not None)]
    lines = [game.moves_to(state) for state, _ in out]
    return tuple((state, over, None if line is None else tuple(line)) for (state, over), line in zip(out, lines))


def _bind_terminal(ask: Asker, cand: Candidate, game: Game, rep: Representation) -> tuple[int, Binding]:
    samples = _sample_boards(game)
    cases = [(s, game.to_move(s)) for s, _ in samples]
    answered, closest = False, (-1, ("state",), "a bool", None)
    for order, answers in _answered_orders(ask, cand, cases):
        empty_value = answers[0].value  # samples start with the empty board
        for words, read in returns.terminal_readings(empty_value).items():
            said = [read(r.value) for r in answers]
            answered = answered or None not in said
            agree = sum(s == want for s, (_, want) in zip(said, samples))
            if agree == len(samples):
                says = () if words.startswith("a bool") else (f"reads {spoken(cand.target)}()'s answer as {words}",)
                return FITS, Binding("terminal", cand.target, order, reading=words, empty_value=empty_value,
                                     says=says)
            if None not in said and agree > closest[0] and cand.tier <= 1:
                closest = (agree, order, words, empty_value)
    # named for the role, it is read as its answers fit best (a status that misses a draw is still a status),
    # its bug its own; another function that fits no reading is not taken for a status
    _, order, words, empty_value = closest
    return (ANSWERS if answered else FAILS), Binding(
        "terminal", cand.target, order, reading=words, empty_value=empty_value,
        note="no reading of its answers matched the reference")


#: how a utility that names the winner (its mark, or 0/None for nobody) is read
WINNER_READING = "the winner's mark"


def _bind_utility(ask: Asker, cand: Candidate, game: Game, rep: Representation) -> tuple[int, Binding]:
    samples = [s for s, over in _sample_boards(game) if over]
    cases = [(s, p) for s in samples for p in (1, -1)]
    want = [game.utility(s, p) for s, p in cases]
    first_view = [returns.sign(game.utility(s, 1)) for s, _ in cases]  # without a player, the only view there is
    # A utility that names a player parameter must answer for that player: reading it as taking
    # none (its default) would hide the bug of ignoring it.
    takes_player = any(role_of(p.name) == "player" for p in positional_parameters(cand.info.parameters or []))
    answered, fallback, evaluates, fallback_draw = False, ("state", "player"), False, 0.0
    for order, answers in _answered_orders(ask, cand, cases):
        if takes_player and "player" not in order:
            continue
        values = [returns.per_player(r.value) for r in answers]  # one number per player: the first's less the second's
        evaluates = evaluates or (not game.margin_utility and _evaluates(values))
        signs = [returns.sign(v) for v in values]
        if "player" not in order and cand.tier <= 2:  # named for the role: a terminal test that names the winner
            winners = [returns.winner_of(v, rep) for v in values]  # does the utility's job only inside another
            if winners == first_view and any(winners) and winners != signs:
                return FITS, Binding("utility", cand.target, order, reading=WINNER_READING,
                                     says=(f"{spoken(cand.target)}() says who won: read as +1 for the winner, -1 for "
                                           "the loser",))
        if None in signs:
            continue
        if not answered:
            fallback = order  # the first order it answers numbers in: judged board by board in it
        answered = True
        expected_signs = [returns.sign(w) for w in want] if "player" in order else first_view
        draw = 0.0
        decisive = [float(returns.plain(v)) for v, e in zip(values, expected_signs) if e]
        if signs != expected_signs and decisive and not game.margin_utility:
            # wins and losses on a scale of the student's own (1 and 0): a draw is their middle, whatever a draw
            # answers (a wrong one is the utility's bug, charged where draws are asked)
            middle = (max(decisive) + min(decisive)) / 2
            if [returns.sign(v - middle) for v in decisive] == [e for e in expected_signs if e]:
                draw = middle
                values = [float(returns.plain(v)) - draw for v in values]
                signs = [returns.sign(v) for v in values]
                if fallback == order:  # right on wins and losses: judged board by board on this scale
                    fallback_draw = draw
        if signs != expected_signs:
            continue
        scale = max({returns.utility_scale(v) for v in values} - {None}, default=1.0)
        words = "from the player's view" if "player" in order else "from the first player's view"
        if game.margin_utility:
            exact = "player" in order and [float(returns.plain(v)) for v in values] == list(map(float, want))
            words += ", box margin" if exact else ", win/loss sign"
        says = []
        if "player" not in order:
            says.append(f"{spoken(cand.target)}() takes no player: read {words}")
        if draw:
            says.append(f"{spoken(cand.target)}() reports a draw as {draw:g}: read about it, a win above and a loss "
                        "below")
        elif scale not in (1, 1.0) and not game.margin_utility:
            says.append(f"{spoken(cand.target)}() reports a win as {scale:g}; read as +1")
        return FITS, Binding("utility", cand.target, order, reading=words, scale=scale, draw=draw, says=tuple(says))
    if evaluates and cand.tier >= 2:  # a name that only says "score" in other words: a heuristic helper
        return FAILS, Binding("utility", cand.target, fallback, reading="a number",
                              note="it values finished games on a sliding scale, as a heuristic does")
    return (ANSWERS if answered else FAILS), Binding(
        "utility", cand.target, fallback, reading="a number", draw=fallback_draw,
        note="no reading of its answers matched the reference")


def _evaluates(values: Sequence[Any]) -> bool:
    """Whether answers on finished games read as a heuristic evaluation (the tutorial's ``score_position`` counts
    open windows) rather than a utility: more than two magnitudes, where a utility has a win's and a draw's zero."""
    magnitudes = {abs(float(v)) for v in map(returns.plain, values)
                  if isinstance(v, (int, float)) and not isinstance(v, bool)}
    return len(magnitudes) > 2
