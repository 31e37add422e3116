"""Student agents however they were written: functions, callable objects, bound methods, classes
that fix their player at construction, agents returning dicts, pairs or a whole new board.

:class:`StudentAgent` answers ``move(board, player)`` in the course representation and says in
words how it had to call the student's agent.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from grader.adapt import candidates, conventions, returns, search_parameters, techniques
from grader.adapt.candidates import Candidate, normalise
from grader.adapt.infer import Caller, decode_result_board, encode_arguments
from grader.adapt.representations.base import Representation, plain
from grader.adapt.conventions import OBS_CONFIG
from grader.adapt.search_parameters import DEFAULT_DEPTH, DEFAULT_SIMULATIONS, SEARCH_ROLES, opening_value, \
    search_role
from grader.adapt.sides import settle_sides
from grader.adapt.signatures import BOARD_FACTS, NOTHING, board_by_elimination, positional_parameters, role_of, \
    spoken_order
from grader.sandbox.calls import TIMEOUT, CountedCalls, NameInfo
from grader.text import short
from reference.games.base import Game
from reference.positions import random_line

#: method names under which agent objects answer, most common first
AGENT_METHODS = ("act", "play", "choose_action", "get_move", "get_action", "choose_move", "select_action",
                 "select_move", "best_move", "move", "decide", "next_move", "search", "__call__")


@dataclass
class Move:
    """One answer of an agent: the course action (None if unusable) and how it was read."""

    action: Any = None
    ok: bool = False
    error: str = ""
    kind: str = ""  # sandbox error kind, 'unreadable' or 'illegal'
    raw: Any = None
    seconds: float = 0.0  # CPU seconds the agent's process tree used for it: the clock its limits are judged on
    stdout: str = ""
    counted: CountedCalls | None = None  # the calls to the student's functions, when they were counted
    wall_seconds: float = 0.0  # wall-clock seconds it took (more on a busy machine)


def time_spent(move: Move, limit: float) -> float:
    """The student time a move counts for against a budget: its CPU seconds, and the whole move limit when it
    ran out of time (a move stopped by the wall-clock backstop, because it slept or blocked, used little CPU
    but held up the game for longer than the limit)."""
    return max(move.seconds, limit) if move.kind == TIMEOUT else move.seconds


@dataclass
class StudentAgent:
    """A student's agent behind the sandbox, called course-style: ``move(board, player)``."""

    caller: Caller
    game: Game
    representation: Representation
    name: str
    target: str
    kind: str  # 'function', 'object', 'class'
    parameters: tuple = ()
    order: tuple[str, ...] = ("state", "player")
    seats: dict[int, Any] = field(default_factory=dict)  # player -> Handle, for classes fixed per seat
    method: str = "__call__"  # for classes: the method that answers a move
    constructor_params: tuple = ()  # for classes: what building one takes (a player, or nothing we know)
    settings: dict = field(default_factory=dict)  # for classes: the search settings building one needs, by name
    reading: str = ""
    #: every answer of two whole numbers so far: which of the two stays put over the positions tells the value
    number_pairs: list[tuple[int, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    depth: int = DEFAULT_DEPTH  # for a search called with its depth: the depth to pass
    depth_is_moves_left: bool = False  # the student's code passes the number of moves left as the depth
    simulations: int = DEFAULT_SIMULATIONS  # for a Monte Carlo search called with its budget: the number to pass
    maximizing_side: int | None = None  # for a search told whether it maximizes: the player that does (None: the mover)
    game_object: str | None = None  # for agents taking the game (``player(game, state)``): the object's name
    fixed_side: int | None = None  # an agent that always plays one player: the other's turns go to it colour-swapped
    timeouts: int = 0  # moves that ran out of time so far, over every check (checks ask less once it is many)
    #: (the game, the student's own result(board, player, action) -> Reply): a new board an agent answers that no
    #: reference successor matches is read through it, so a result() bug is charged to result() alone
    own_result: tuple[Game, Callable[[Any, int, Any], Any]] | None = None

    def move(self, board: Any, player: int, timeout: float | None = None, *, options: Mapping[str, Any] | None = None,
             count_calls: bool = False, count_seconds: float | None = None, watch: Sequence[str] = ()) -> Move:
        """The agent's move on course ``board`` for ``player`` (+1/-1), read into a course action. ``options`` are
        keyword arguments for the agent (a search depth); ``count_calls`` keeps the calls its search made to the
        student's functions (``watch``: the parameters kept at each), and ``count_seconds`` stops it after that
        long (a move of kind 'stopped', the calls kept)."""
        state = self.game.from_course(board, to_move=player)
        legal = self.game.actions(state)
        target = self._target_for(player, timeout)
        if isinstance(target, Move):
            return target
        rep = self.representation
        sent, side = board, player  # what the agent is asked: the other side's turn colour-swapped if it plays one
        if self.fixed_side is not None and player != self.fixed_side:
            sent, side = self.game.swap_colours(board), self.fixed_side
        if self.order == OBS_CONFIG and isinstance(target, str):
            args = conventions.obs_config_arguments(target, sent, side, getattr(self.game, "k", 4), timeout)
            target = conventions.OBS_CONFIG_CALL
        else:  # a search's settings as a search opens, the rest as any function of the board gets them
            maximizing = self.maximizing_side in (None, side)
            depth = len(legal) if self.depth_is_moves_left else self.depth
            args = [opening_value(r, depth, maximizing, self.simulations) if r in SEARCH_ROLES else
                    encode_arguments(rep, (r,), sent, side, None)[0] for r in self.order if r != "game"]
            if "game" in self.order and isinstance(target, str):  # player(game, state): the object is in the worker
                args = [target, self.game_object, self.order.index("game"), *args]
                target = conventions.GAME_CALL
        if options or count_calls:
            r = self.caller.call_with(target, args, dict(options or {}), timeout=timeout, count_calls=count_calls,
                                      count_seconds=count_seconds, watch=watch)
        else:
            r = self.caller.call(target, *args, timeout=timeout)
        timed = {"seconds": r.cpu_seconds, "stdout": r.stdout, "wall_seconds": r.duration}
        self.timeouts += r.kind == TIMEOUT
        if not r.ok:
            return Move(ok=False, error=r.describe_error(), kind=r.kind or "error", **timed)
        if r.counted is not None and r.counted.stopped:
            return Move(ok=False, error="stopped while its calls were counted", kind="stopped", counted=r.counted,
                        **timed)
        action, reading = self._read(r.value, board, state, legal, swapped=sent is not board)
        if action is None and r.value is None and "state" in self.order and isinstance(target, str) \
                and target not in (conventions.OBS_CONFIG_CALL, conventions.GAME_CALL):
            # nothing answered: an agent that plays its move into the board it is given (the template's
            # draw_line) is asked again and read by what it did to that board
            again = self.caller.call_with(target, args, dict(options or {}), timeout=timeout, return_args=True)
            if again.ok and again.value is None and again.args_after is not None:
                played = again.args_after[list(self.order).index("state")]
                action, _ = self._read(played, board, state, legal, swapped=sent is not board)
                reading = "the board it was given, into which it played its move (it returns nothing)"
                timed.update(seconds=again.cpu_seconds, wall_seconds=again.duration)
        if action is None:
            return Move(ok=False, error=f"returned {short(r.value, 80)}, which is not a legal move here",
                        kind="illegal", raw=r.value, **timed)
        if reading != "the move itself" and reading != self.reading:
            self.reading = reading
            note = f"{self.name}: reads its answer as {reading}"
            if note not in self.notes:
                self.notes.append(note)
        return Move(action=action, ok=True, raw=r.value, counted=r.counted, **timed)

    def unfilled_parameters(self) -> list[str]:
        """The required parameters the grader has no value for (a global of the same name would have filled
        them already): passed None, or left out, so a call may fail whatever the code does."""
        if self.kind == "class":
            return []
        params = positional_parameters(self.parameters)
        required = [p.name for p in params if not p.has_default]
        return [p.name for p, r in zip(params, self.order) if r == NOTHING] + required[len(self.order):]

    def describe_call(self, player: int) -> str:
        """The call as the student would write it, e.g. ``minimax(board, 4, -inf, inf, True)``."""
        try:
            shown = {"state": "board", "player": repr(self.representation.encode_player(player))}
        except (AttributeError, IndexError):
            shown = {"state": "board", "player": "player"}
        maximizing = self.maximizing_side in (None, player)
        shown.update(game=self.game_object or "game", rows=str(getattr(self.representation, "rows", "rows")),
                     cols=str(getattr(self.representation, "cols", "cols")), obs="obs", config="config", **{NOTHING: "None"})
        if self.depth_is_moves_left:
            shown["depth"] = "moves_left"
        args = [shown.get(r) or str(opening_value(r, self.depth, maximizing, self.simulations)) for r in self.order]
        return f"{self.name}({', '.join(args)})"

    def _target_for(self, player: int, timeout: float | None) -> Any:
        """What answers a move; for classes, one instance per seat: they often take their player (and nothing
        else we know) when built."""
        if self.kind != "class":
            return self.target
        if player not in self.seats:
            wants_player = any(role_of(p.name) == "player" for p in self.constructor_params if not p.has_default)
            args = (self.representation.encode_player(player),) if wants_player else ()
            r = self.caller.create(self.target, *args, timeout=timeout, **self.settings)
            if not r.ok:
                return Move(ok=False, error=f"could not create {self.name}: {r.describe_error()}",
                            kind=r.kind or "error")
            self.seats[player] = r.value
        return self.seats[player].attr(self.method)

    def _read(self, value: Any, board: Any, state: Any, legal: Sequence[Any], swapped: bool = False) -> tuple[Any, str]:
        """The move in an agent's answer on ``board`` (sent colour-swapped when ``swapped``), and how it was read."""
        rep = self.representation
        # the reading its earlier answers needed comes first: a (column, 0) answer would also read as the
        # cell where a disc lands in column 0
        action, reading = returns.legal_move_in(value, rep, board, legal, preferred=self.reading)
        if reading == returns.MOVE_THEN_VALUE and self._value_comes_first(value):
            again = returns.legal_move_in(value, rep, board, legal, preferred=returns.VALUE_THEN_MOVE)
            action, reading = again if again[0] is not None else (action, reading)
        if action is not None:
            return action, reading
        new_board = None if reading == returns.ILLEGAL_MOVE else decode_result_board(rep, value)
        if new_board is None:
            return None, ""
        if swapped:  # a new board made from the colour-swapped one: back to the real colours
            new_board = self.game.swap_colours(new_board)
        for action in legal:
            if self.game.same_board(self.game.to_course(self.game.result(state, action)), new_board):
                return action, "a new board (the move is what changed)"
        if self.own_result is not None and self.own_result[0] == self.game:
            for action in legal:
                made = self.own_result[1](board, self.game.to_move(state), action)
                if made.ok and self.game.same_board(made.value, new_board):
                    return action, "a new board, as your result() makes it (the move is what changed)"
        # The same cells changed, but with the other side's piece: an agent that always plays one side,
        # asked before its side is known (grids only; sides.py then gives it colour-swapped boards).
        changed = _changed_cells(board, new_board)
        if changed:
            for action in legal:
                if _changed_cells(board, self.game.to_course(self.game.result(state, action))) == changed:
                    return action, "a new board (the move is what changed, played with the other side's piece)"
        return None, ""

    def _value_comes_first(self, answer: Any) -> bool:
        """Whether an answer of two whole numbers, both legal moves here, is (value, move): over the positions asked
        so far its first number never changed while its second did (a search whose root value is 0 early on)."""
        pair = tuple(plain(v) for v in answer)
        if not all(type(v) is int for v in pair):
            return False
        self.number_pairs.append(pair)
        firsts, seconds = ({pair[i] for pair in self.number_pairs} for i in (0, 1))
        return len(firsts) == 1 and len(seconds) > 1


def _changed_cells(before: Any, after: Any) -> set[tuple[int, ...]] | None:
    """The cells in which two grid boards differ, or None for boards that are not grids of one shape."""
    try:
        a, b = np.asarray(before), np.asarray(after)
        return {tuple(int(i) for i in cell) for cell in np.argwhere(a != b)} if a.shape == b.shape and a.ndim else None
    except (TypeError, ValueError):
        return None


def find_agent(caller: Caller, names: Mapping[str, NameInfo], game: Game, representation: Representation,
               label: str, aliases: Sequence[str], *, labels: Sequence[str] = (),
               timeout: float | None = 2.0, source: str = "", game_object: str | None = None) -> StudentAgent | str:
    """The agent the rubric calls ``label``, found by its name and confirmed by its moves, or why there is none.

    A name that also speaks for another of the rubric's ``labels`` ranks after one that speaks only for this one.
    Where names leave a choice, the first candidate that answers a legal move on a late position wins; else the
    first that could be called is the student's agent all the same (the checks show what goes wrong with it)."""
    found = _find_agent(caller, names, game, representation, label, aliases, labels, timeout, source, game_object)
    if label not in RANDOM_LABELS:  # a random move says nothing of a side, and needs none
        found = settle_sides(found, timeout)
    if not isinstance(found, str):
        found.notes.insert(0, f"{label}: graded your {found.target}()")
    return found


def _find_agent(caller: Caller, names: Mapping[str, NameInfo], game: Game, representation: Representation, label: str,
                aliases: Sequence[str], labels: Sequence[str], timeout: float | None, source: str,
                game_object: str | None) -> StudentAgent | str:
    """:func:`find_agent` before its sides are settled."""
    # A random player shows itself by its moves, whatever its name. Where no search agent is named for any label
    # (Kaggle or copied code), an agent shows itself by a name that says "agent" (or Kaggle's signature), code that
    # shows the label's technique, and moves that are legal and not random.
    others = [other for other in labels if other != label]
    random_label = label in RANDOM_LABELS
    agent_for = partial(_agent_for, caller, game, representation, source=source, game_object=game_object)
    unnamed_search = not random_label and not any(
        c.tier < 3 for other in (label, *others) if other not in RANDOM_LABELS
        for c in candidates.rank(names, other, [], classes=True, unnamed=False))
    pool = [c for c in candidates.rank(names, label, aliases, classes=True)
            if c.tier <= 1 or not (NOT_AN_AGENT.search(normalise(c.target))
                                   or candidates.says_another_label(c.target, label, others))]
    # A search named only in other words (tier 2: ``minimax(node, depth, maximizing, mark, config)``)
    # may be the helper of an agent that says only "agent": then that agent is a candidate too.
    searches_only = not any(c.tier <= 1 for c in pool) and any(c.tier == 2 for c in pool)
    ranked = [c for c in pool if c.tier < 3 or random_label or ((unnamed_search or searches_only) and _agentish(c))]
    other_words = [w for other in others for w in candidates.role_words(other)]
    ranked.sort(key=lambda c: (c.tier, any(w in normalise(c.target) for w in other_words)
                               and not any(w in normalise(c.target) for w in candidates.role_words(label))))
    named = [c for c in ranked if c.tier == 0] or [c for c in ranked if c.tier == 1]
    # the template's name, or the only rubric name: theirs
    if len(named) == 1 and not any(_is_stand_in(info) for info in names.values()):
        return agent_for(named[0])
    fallback: StudentAgent | None = None  # the first agent named for the label, though it failed the probe
    why_not: str | None = None  # why the first rubric-named candidate could not be built
    failed: list[str] = []  # the rubric-named candidates that did not answer the probe, and how
    borrowed: list[str] = []  # candidates that only call code the submission imports from a missing package
    board, player = late_position(game)
    unnamed = 0
    technique = None if random_label else techniques.needed_for(label)
    lacking: list[str] = []  # unnamed agents whose code shows no search (or no playouts) for this label
    deferred: StudentAgent | None = None  # a search whose bare-number answer may be a value that happens to be legal
    for cand in ranked:
        if failed and cand.tier > 1:
            # An agent the student named for the label is theirs even when it fails, as a function named
            # for a role is: a search named for another label, or a helper, that answers never stands in.
            break
        if cand.tier == 3:
            if unnamed >= UNNAMED_LIMIT or any(w in normalise(cand.target) for w in other_words):
                continue
            if technique and techniques.shows(source, cand.target, technique) is False:
                lacking.append(cand.target)
                continue
            unnamed += 1
        agent = agent_for(cand)
        if isinstance(agent, str):
            why_not = why_not or (agent if cand.tier <= 1 else None)
            continue
        if random_label and cand.tier == 3:
            # a random player is told by its moves early in a game, where no column is full yet: a bug of
            # the actions() it draws from must not hide it (the checks charge that bug)
            early_board, early_player, _ = _telling_position(game)
            move = agent.move(early_board, early_player, timeout=RANDOM_SECONDS)
        else:
            move = agent.move(board, player, timeout=timeout)
        if not move.ok and STAND_IN_REFUSAL in (move.error or ""):  # it only calls a package the grader lacks
            borrowed.append(f"{cand.target}() calls {_missing_code(move)}")
            continue
        # a bare number from a search called with the grader's depth and maximizing flag (``minimax(board, depth,
        # isMax)`` beside a ``findBestMove``) may be its value: it is taken only when nothing else answers
        number = isinstance(move.raw, (int, float)) and not isinstance(move.raw, bool)
        if move.ok and deferred is None and number and "depth" in agent.order and "maximizing" in agent.order:
            deferred = agent
            continue
        if move.ok and (cand.tier < 3 or _plays_at_random(agent, game) == random_label):
            if cand.tier > 1:
                shown = technique is not None and techniques.shows(source, cand.target, technique)
                how = ("its name and its moves" if cand.tier == 2 else "its moves, which are legal and vary at random"
                       if random_label else f"its legal, not random moves{TECHNIQUE_SHOWN[technique] if shown else ''}: "
                       "nothing else is named for it (one agent may serve several labels)")
                agent.notes.append(f"{cand.target}: found as {label} by {how}")
            if failed:
                agent.notes.append(f"{label}: your {'; '.join(failed)}, also named for it, did not answer a legal "
                                   f"move on the probe position; {cand.target}() did")
            if borrowed:
                agent.notes.append(f"{label}: your {'; '.join(borrowed)}, code that is not in your submission, so "
                                   f"{cand.target}(), your own, is graded instead")
            return agent
        # Named for the label and failing here, it is still the student's agent: the checks say how it fails. One
        # the grader calls with every argument it requires beats one whose calls leave some out (a game loop
        # ``play_cutoff(red, yellow, start_board)``): the first fails by its own code.
        if cand.tier < 3 and (fallback is None or (fallback.unfilled_parameters() and not agent.unfilled_parameters())):
            fallback = agent
        if cand.tier <= 1:
            failed.append(f"{cand.target}() ({_probe_failure(move)})")
    if fallback is not None or deferred is not None or why_not is not None:
        return fallback or deferred or why_not
    shared = _shared_search(agent_for, names, label, others, board, player, timeout)
    if shared is not None:
        return shared
    imported = [a for a in aliases if a in names and _is_stand_in(names[a])]
    if borrowed or imported:
        why = [f"your {b}" for b in borrowed] + [f"{a} is imported from a package the grader lacks" for a in imported]
        return f"{'; '.join(why)}: code that is not in your submission, and no agent of your own was found " \
               f"for {label}"
    asked = [c.target for c in ranked if c.target not in lacking][:4]
    tried = f" ({', '.join(asked)} did not answer a legal move)" if asked else ""
    if lacking:
        one = len(lacking) == 1
        tried += (f"; {', '.join(lacking[:4])} {'is' if one else 'are'} not taken for it: {'its' if one else 'their'} "
                  f"code shows no {TECHNIQUE_WORDS[technique]}")
    return f"no agent named {' / '.join(aliases[:6])} was found, nor another agent whose name says {label}{tried}"


#: what a stand-in for a package the grader lacks raises once graded code calls it (the worker's StandIn)
STAND_IN_REFUSAL = "cannot be used by graded code"


def _is_stand_in(info: NameInfo) -> bool:
    """Whether a name is a stand-in for something imported from a package the grader lacks."""
    return info.kind == "module" and info.type_name.endswith(".StandIn")


def _missing_code(move: Move) -> str:
    """What a borrowing agent called, in the stand-in's words (``games.alpha_beta_search``)."""
    called = re.search(r"so `([^`]+)` " + STAND_IN_REFUSAL, move.error or "")
    return f"`{called.group(1)}`" if called else "a package the grader lacks"


#: what each technique is, in the words of the feedback: missing, and shown
TECHNIQUE_WORDS = {techniques.SEARCH: "search (no function that calls itself)",
                   techniques.PLAYOUTS: "random playouts (no random move drawn over and over)"}
TECHNIQUE_SHOWN = {techniques.SEARCH: " and its code, which searches",
                   techniques.PLAYOUTS: " and its code, which plays random playouts"}


def _probe_failure(move: Move) -> str:
    """Why an agent's answer on the probe position did not confirm it, in a few words."""
    if move.kind == "timeout":
        return "no move in time"
    return short(move.error, 80) if move.error else (f"answered {short(move.action, 40)}" if move.ok else "no usable move")


#: the words of the other searching label one search may serve, by the words of the label it is found for
SIBLING_SEARCH = {candidates.ROLE_WORDS["heuristic"]: candidates.ROLE_WORDS["alphabeta"],
                  candidates.ROLE_WORDS["alphabeta"]: candidates.ROLE_WORDS["heuristic"]}


def _shared_search(agent_for: Callable[[Candidate], StudentAgent | str], names: Mapping[str, NameInfo], label: str,
                   others: Sequence[str], board: Any, player: int, timeout: float | None) -> StudentAgent | None:
    """One search serving two labels (tutorials write a single ``minimax(board, depth, alpha, beta, maximizing)``):
    an alpha-beta agent that takes a depth for a heuristic cutoff agent, and the other way round."""
    sibling_words = SIBLING_SEARCH.get(candidates.role_words(label))
    if sibling_words is None:
        return None
    needs_depth = sibling_words == candidates.ROLE_WORDS["alphabeta"]  # a cutoff agent takes a depth
    for other in others:
        if candidates.role_words(other) != sibling_words:
            continue
        for cand in candidates.rank(names, other, [], classes=True, unnamed=False):
            if NOT_AN_AGENT.search(normalise(cand.target)):
                continue
            agent = agent_for(cand)
            if isinstance(agent, str) or (needs_depth and "depth" not in agent.order and not any(
                    search_parameters.search_role(p.name) == "depth" for p in agent.parameters)):
                continue
            if agent.move(board, player, timeout=timeout).ok:
                why = "a search with a depth cutoff" if needs_depth else "a heuristic alpha-beta search"
                agent.notes.append(f"{cand.target}: serves as {label} too: nothing is named for it, and "
                                   f"{cand.target} is {why}")
                return agent
    return None


#: labels whose agent is found by its random moves when no name says so
RANDOM_LABELS = ("random_player",)
#: unnamed candidates tried for a random player, and the time each move may take (a random move is instant)
UNNAMED_LIMIT, RANDOM_SECONDS = 10, 0.25
#: names of evaluation helpers: they answer a number that reads as a column, but are not agents
NOT_AN_AGENT = re.compile(r"eval|score|heuristicvalue|utility|value$")


def agent_method(info: NameInfo) -> str | None:
    """The method of an agent class or object that answers a move: a usual name, else the first in the class's own
    order whose name says so (ranked by word, a helper listing moves, ``get_moves``, came before ``minimaxDecision``)."""
    exact = next((m for m in AGENT_METHODS if info.member(m) is not None), None)
    return exact or next((m.name for m in info.members if m.callable and not m.name.startswith("_")
                          and any(w in normalise(m.name) for w in candidates.MOVE_WORDS)), None)


def _agentish(cand: Candidate) -> bool:
    """A name that says it is some agent (``my_agent``, ``ai_player``), or Kaggle's ``(obs, config)``."""
    params = [p.name for p in positional_parameters(cand.info.parameters or [])]
    return any(w in normalise(cand.target) for w in candidates.AGENTISH) or conventions.takes_obs_config(params)


def _plays_at_random(agent: "StudentAgent", game: Game, calls: int = 8) -> bool:
    """Whether an agent is a random player: on a position where exactly one move gains at once (wins,
    or completes a box), its quick answers vary and do not always take that move, as no search would.
    An answer that is not a legal move counts as it is: a random player with a bug is still a random
    player (its checks charge the bug), and must not pass for a search because its moves are illegal."""
    board, player, good = _telling_position(game)
    moves = []
    for _ in range(calls):
        move = agent.move(board, player, timeout=RANDOM_SECONDS)  # move() never changes the board it is given
        if move.seconds > RANDOM_SECONDS or not (move.ok or move.kind == "illegal"):
            return False
        moves.append(repr(move.action) if move.ok else short(move.raw, 200))
    return len(set(moves)) > 1 and moves.count(repr(good)) < calls


@lru_cache(maxsize=16)
def _telling_position(game: Game) -> tuple[Any, int, Any]:
    """(course board, player, the one move that gains at once) from a seeded random game."""
    rng = random.Random(9)
    fallback = None
    for _ in range(500):
        moves, _ = random_line(game, rng)
        state = game.initial_state()
        for action in moves:
            legal = game.actions(state)
            good = [a for a in legal if _gains(game, state, a)]
            if len(good) == 1 and len(legal) >= 3:
                return game.to_course(state), game.to_move(state), good[0]
            fallback = fallback or (game.to_course(state), game.to_move(state), None)
            state = game.result(state, action)
    return fallback


def _gains(game: Game, state: Any, action: Any) -> bool:
    """Whether ``action`` wins at once, or (games with extra turns) earns the mover another move."""
    after, mover = game.result(state, action), game.to_move(state)
    return game.utility(after, mover) > 0 if game.terminal(after) else game.to_move(after) == mover


def _agent_for(caller: Caller, game: Game, representation: Representation, cand: Candidate,
               source: str = "", game_object: str | None = None) -> StudentAgent | str:
    """A :class:`StudentAgent` over one candidate (a function, an object's method, a class per seat)."""
    hit, info = cand.target, cand.info
    agent = StudentAgent(caller, game, representation, name=hit, target=hit, kind="function")
    if info.kind == "class":
        method = agent_method(info)
        if method is None:
            return f"class {hit} has none of the methods {', '.join(AGENT_METHODS[:6])}"
        agent.kind, agent.method = "class", method
        agent.constructor_params = tuple(positional_parameters(info.parameters or []))
        agent.settings = _constructor_settings(agent.constructor_params, hit, source, game.counted_depth)
        agent.parameters = tuple(info.member(method).parameters or ())
        built = ", ".join(f"{k}={v}" for k, v in agent.settings.items())
        agent.notes.append(f"{hit}: creates one {f'{hit}({built})' if built else hit} per seat and calls its "
                           f".{method}()")
    elif info.callable and info.kind in ("function", "builtin", "partial"):
        agent.parameters = tuple(info.parameters or ())
    else:
        method = agent_method(info)
        if method is None:
            return f"{hit} is a {info.type_name}, not a function or an agent object with .act()/.play()"
        agent.kind = "object"
        agent.target = f"{hit}.{method}" if method != "__call__" else hit
        member = info.member(method)
        agent.parameters = tuple(member.parameters or ()) if member else ()
        agent.notes.append(f"{hit}: calls the object's .{method}()")
    agent.game_object = game_object
    agent.order = _agent_order(agent.parameters, game_object)
    _settle_search(agent, source)
    if agent.order == OBS_CONFIG:
        agent.notes.append(f"{hit}: called Kaggle's way, {hit}(obs, config), with obs.board a flat list of "
                           "0/1/2 (row 0 on top) and obs.mark 1 or 2")
    elif agent.order != ("state", "player"):
        agent.notes.append(f"{hit}: called as ({spoken_order(agent.order)})")
    return agent


def _constructor_settings(params: Sequence[Any], cls: str, source: str, depth: int) -> dict[str, Any]:
    """The search settings an agent class needs to be built (``AlphaBetaAgent(depth)``, ``MCTSAgent(n_simulations)``),
    by name: as the student's own calls pass them, else the grader's (the game's usual ``depth``)."""
    roles = {p.name: search_parameters.search_role(p.name) for p in params if not p.has_default}
    return {p.name: search_parameters.setting(roles[p.name], source, cls, position, p.name, depth)
            for position, p in enumerate(params) if roles.get(p.name) in ("depth", "simulations", "seconds")}


@lru_cache(maxsize=16)
def late_position(game: Game) -> tuple[Any, int]:
    """(course board, player to move) late in a seeded random game, with few moves left (at least two), so that any
    search answers fast; not moves 0 and 1 where it can, so a search answering its value (0 even, 1 a win) does not
    pass for an agent. Callers must not change the board (it is cached)."""
    rng = random.Random(5)
    start = game.initial_state()
    latest, apart = (start, game.actions(start)), None  # (state, its moves): fewest moves; same without 0 and 1
    for tries in range(200):
        if tries == 50 and apart is None:
            break  # every late position has moves 0 and 1 (Mean Connect 4's moves): the latest one
        moves, _ = random_line(game, rng)
        state = game.initial_state()
        for action in moves[:-2]:  # the last non-terminal state with a choice is the latest of the line
            state = game.result(state, action)
            actions = game.actions(state)
            if game.terminal(state) or len(actions) < 2:
                continue
            if latest is None or len(actions) < len(latest[1]):
                latest = (state, actions)
            if not _VALUE_LIKE & set(actions) and (apart is None or len(actions) < len(apart[1])):
                apart = (state, actions)
        if apart is not None and len(apart[1]) <= 4:
            break
    chosen = (apart or latest)[0]
    return game.to_course(chosen), game.to_move(chosen)


#: answers of a search that returns its value: read as moves, they would be columns or cells 0 and 1
_VALUE_LIKE = {0, 1}


def _agent_order(parameters: Sequence[Any], game_object: str | None = None) -> tuple[str, ...]:
    """(board, player) unless the names say (player, board), (obs, config), only a board, a search
    that takes its depth, window or maximizing flag too (filled in by the grader), or the game
    object beside the state (``player(game, state)``, when the game is written as a class)."""
    params = positional_parameters(parameters)
    if conventions.takes_obs_config([p.name for p in params]):
        return OBS_CONFIG
    named = [search_role(p.name) or role_of(p.name) for p in params]
    # a name of the game object is the game only beside another parameter for the board: else it is the board
    roles = board_by_elimination(["game" if game_object and p.name.lower() in conventions.GAME_NAMES and
                                  "state" in named[:i] + named[i + 1:] else r
                                  for i, (p, r) in enumerate(zip(params, named))])
    required = [r for p, r in zip(params, roles) if not p.has_default]
    extras = (*SEARCH_ROLES, "game", *BOARD_FACTS)
    # a required parameter after the board that names nothing an agent is given (``last_mean_move``) is passed None
    said = [r if r in ("state", "player", *extras) and r not in required[:i] else NOTHING for i, r in enumerate(required)]
    if "state" in said and NOTHING not in said[:said.index("state")] and any(r in (*extras, NOTHING) for r in said):
        if NOTHING in said and "player" not in said and roles[len(required):len(required) + 1] == ["player"]:
            said.append("player")  # named right after them: (board, last_mean_move, player=1)
        return tuple(said)
    if required[:2] == ["player", "state"]:
        return ("player", "state")
    if len(required) == 1 and roles[:2] != ["state", "player"]:
        return ("state",)
    return ("state", "player")


def _settle_search(agent: StudentAgent, source: str) -> None:
    """For an agent that is a search taking its own parameters: the depth its author's code passes and
    the window it opens with, each said in the feedback."""
    params, function = positional_parameters(agent.parameters), agent.target.split(".")[-1]

    def passed(role: str, *largest: int) -> tuple[int, str, int | None]:
        """(position, parameter name, the number the student's own calls pass there, if they agree)."""
        index = agent.order.index(role)
        name = params[index].name if index < len(params) else role
        return index, name, search_parameters.depth_from_calls(source, function, index, name, *largest)

    def chosen_by(found: int | None, what: str) -> str:
        return f"(the {what} your own code passes)" if found else \
            f"(your code never calls it with one {what}: the grader's choice)"

    if "depth" in agent.order:
        index, name, found = passed("depth")
        agent.depth = found or DEFAULT_DEPTH
        if not found and search_parameters.depth_is_moves_left(source, function, index, name):
            agent.depth_is_moves_left = True
            agent.notes.append(f"{agent.name}: searched as deep as there are moves left (the depth your own "
                               "code passes)")
        else:
            agent.notes.append(f"{agent.name}: searched to depth {agent.depth} {chosen_by(found, 'depth')}")
    if "simulations" in agent.order:
        found = passed("simulations", 100_000)[2]
        agent.simulations = found or DEFAULT_SIMULATIONS
        agent.notes.append(f"{agent.name}: runs {agent.simulations} simulations {chosen_by(found, 'number')}")
    if "seconds" in agent.order:
        agent.notes.append(f"{agent.name}: given {opening_value('seconds', 0, True)} s to think (half the move limit)")
    if "alpha" in agent.order or "beta" in agent.order:
        agent.notes.append(f"{agent.name}: called with the window fully open (alpha = -inf, beta = +inf)")
