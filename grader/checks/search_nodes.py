"""Counting the search: the positions a student's alpha-beta visits for one move, against plain minimax.

On a few seeded positions the agent is asked for a move while the sandbox counts the calls to the
student's own functions (``grader.search_tree`` reads the search out of them, whatever its
style). Plain minimax to the same depth visits a number of positions per level that depends on the
game tree alone (``reference.agents.minimax.minimax_levels``), not on move order or evaluation, so:

- a search that visits exactly as many positions, level by level, as minimax does prunes nothing
  ("no pruning": the position fails);
- a search asked for depth ``d`` (through the agent's depth parameter, when its signature has one)
  that goes ``d + 1`` moves deep has its depth off by one (the position fails);
- where the student also defines plain minimax (a function whose name says so, with a depth
  parameter, confirmed by its own count), alpha-beta must choose the same move at the same depth
  ("wrong pruning" otherwise);
- the first move of the root is searched with the window still open, so a correct search tries every
  reply there (unless a reply ends the game or is surely won or lost within the depth): one that
  tries a single reply cuts off where nothing can be cut off ("cuts off at once": a window handed
  down the wrong way round, whatever its parameters are called);
- a position below the root entered with alpha > beta means the window is handed down the wrong way
  round or a loop lacks its cutoff ("window swapped"); the values the search passes down are read at each call
  (``grader.adapt.search_arguments``);
- beta arriving unchanged at every position of a search where positions of both players each had two
  replies or more means the children get the window unchanged instead of (-beta,
  -alpha): the window never narrows ("window unchanged"), even where the search still cuts off
  somewhere (a win valued infinite meets an infinite beta);
- a search whose player never changes (its ``result`` always called with one player, or a negamax
  calling itself with the same player) is "player not switched", when the agent also misses a
  one-ply tactic that needs the opponent's reply (a block, a safe line): a constant root player is a
  legitimate style, and such a search still answers threats;
- on the positions of the game's tactics that need depth (the ones the tactics checks find: a correct
  search of the rubric's depth must act there), the agent's move must be one that minimax as deep
  as the count shows the search went may choose, whatever it scores unfinished positions with
  (``reference.agents.minimax.clear_choices``): "wrong values" otherwise, since alpha-beta chooses
  as minimax does. This needs no minimax of the student's and no reading of their parameters, so
  it names a window handed down wrongly or a cutoff on the wrong bound in any style. An iterative
  deepening may answer with its last search or the one before (its own clock can stop the last),
  so the moves either could choose count; where no move is surely worse, nothing is charged;
- any other count passes: move order, a transposition table or a different evaluation change the
  count legitimately, and are never charged. A search that stops one level short of ``d`` may be
  scoring the last level in the parent, so it is not charged either.

When the search cannot be counted (no function of the submission calls itself: a search written
with an explicit stack, or an agent that does not search) the position is not charged; when no
position could be counted, nothing was judged, and the check earns nothing and says why (never full
points for a search it did not see). Nor is a move that
runs out of time while it is counted (counting slows it down; the timing checks judge its speed). A move
is stopped once it has been counted for the move limit, and the searches it finished by then are judged
(an iterative deepening's first depths tell enough; one search still unfinished is not counted). After
the first move stopped or out of time the check asks no further position (each would cost a whole move
limit again): those are left out of the share, and the credit, resting on fewer positions than planned,
goes to ``review``. A move that raises or is not legal earns nothing, as at every agent check.

Params: ``positions`` (default 3) counted, ``values`` (default: one per tactic that needs depth)
positions whose move is judged against minimax, ``depth`` passed to an agent that takes one
(default 4 for Connect 4, 3 otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from grader.adapt import Move, StudentAgent, student_agent
from grader.adapt.candidates import normalise
from grader.adapt.search_arguments import WATCHED, PassedDown, read_arguments
from grader.adapt.search_parameters import depth_parameter
from grader.search_tree import Search, SearchCalls, read_search
from grader.check_params import SearchNodesParams
from grader.checks._agent_moves import agent_or_outcome, failure_words, move_limit, show_move, student_time
from grader.checks._disk_cache import cached, code_version, hashable, remembered
from grader.checks.agent_tactics import Tactic, tactic_positions
from grader.checks.base import Check, Outcome, share
from grader.checks.context import CheckContext
from reference.agents.alphabeta import AlphaBetaAgent
from reference.agents.minimax import clear_choices, minimax_levels, outcome_bounds
from reference.games.base import Action, Game, State
from reference.positions import random_positions
from reference.tactics import either

if TYPE_CHECKING:
    from grader.rubric import CheckSpec


#: how much longer than the move limit a counted move may take (the trace hook slows the search); it is
#: stopped after the move limit itself, and the searches it finished by then are judged
COUNTING_SLOWDOWN = 4.0
TIMED_OUT = "the move was not finished in time while its calls were counted (its speed is judged by the timing checks)"
#: tactic positions found per kind: as many as the rubric's "tactics that need depth" ask, so the
#: positions found for those checks serve here too
TACTICS_PER_KIND = 4
#: the largest tree (positions to one move deeper than the search went) whose minimax choices are worked out
CHOICE_TREE_LIMIT = 40_000


@dataclass(frozen=True)
class Verdict:
    """What the count says about the search on one position: ``kind`` is 'fine', 'not counted', 'not asked'
    (an earlier position's search was stopped by the move limit), 'over budget' (not asked: the check's
    budget of student time was spent), 'no pruning', 'too deep', 'wrong pruning', 'window swapped', 'cuts off at once', 'player not
    switched', 'window unchanged' (beta never narrows: a negamax handing its children its own window),
    'wrong values' (a move minimax of that depth would not choose) or 'no move'; ``words``
    says it to the student."""

    kind: str
    words: str

    @property
    def charged(self) -> bool:
        return self.kind in ("no pruning", "too deep", "wrong pruning", "window swapped", "window unchanged",
                             "cuts off at once", "player not switched", "wrong values", "no move")


class SearchNodes(Check):
    """An agent's search visits the positions its algorithm and depth call for."""

    Params = SearchNodesParams

    def prepare(self, ctx: CheckContext, spec: CheckSpec) -> dict:
        """The tactic positions the moves are judged on, found once for a batch (the tactics checks'
        own, when the rubric asks for them)."""
        request = _tactics_request(ctx)
        return {request: tactic_positions(*request)} if request[1] else {}

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        agent = agent_or_outcome(ctx, spec)
        if isinstance(agent, Outcome):
            return agent
        params = spec.settings
        depth = ctx.game.counted_depth if params.depth is None else params.depth
        count = params.positions
        depth_name = depth_parameter(agent)
        options = {depth_name: depth} if depth_name else None
        limit = move_limit(ctx) * COUNTING_SLOWDOWN
        budget = student_time(ctx, spec, limit)
        seed = ctx.rng(f"search_nodes:{spec.target}").randrange(2**31)

        minimax = plain_minimax(ctx, agent) if depth_name else None
        bound = ctx.student.interface.bindings.get("result") if ctx.student.interface else None
        result_name = bound.name if bound else None
        verdicts, boards = [], []
        misses: dict[str, bool] = {}  # whether the agent misses a reply to the opponent's threat, asked once
        counted = search_positions(ctx.game, count, depth, seed)
        judged = value_positions(ctx, len(ctx.game.depth_tactics) if params.values is None else params.values, depth)
        stopped_at: int | None = None  # the position whose search the move limit stopped: none is asked after it
        for i, state in enumerate(counted + judged):
            if stopped_at is not None:
                verdicts.append(Verdict("not asked", stopped_words(stopped_at, move_limit(ctx))))
                continue
            if budget.used_up:
                verdicts.append(Verdict("over budget", f"not asked: {budget.words()}"))
                continue
            move = budget.charge(agent.move(ctx.game.to_course(state), ctx.game.to_move(state), timeout=limit,
                                            options=options, count_calls=True, count_seconds=move_limit(ctx),
                                            watch=WATCHED))
            if move.kind in ("timeout", "stopped"):
                stopped_at = i  # the next would be stopped too, each after a whole move limit
            if move.kind == "timeout":
                verdict = Verdict("not counted", TIMED_OUT)
            elif move.counted is None or not (move.ok or move.kind == "stopped"):
                verdict = Verdict("no move", f"no legal move to count the search of: {failure_words(move, limit)}")
            else:  # a move, or a search stopped after the move limit: what it finished is judged
                calls = read_search(move.counted)
                passed = read_arguments(move.counted, calls.nodes, result_name,
                                        alternating=not getattr(ctx.game, "extra_turns", False))
                verdict = diagnose_search(ctx.game, state, calls, depth if depth_name else None, depth_name, passed)
                if i >= len(counted) and verdict.kind == "fine":  # a tactic position: its move against minimax's
                    verdict = diagnose_values(ctx.game, state, calls, move.action if move.ok else None)
                if verdict.kind == "player not switched" and not misses.setdefault(
                        "reply", misses_a_reply(ctx, agent, options, limit)):
                    verdict = Verdict("fine", f"{verdict.words}, yet your agent answers the opponent's threats, "
                                      "so your search must know whose turn it is another way: not charged")
                if verdict.kind == "fine" and minimax is not None and move.ok:
                    verdict = against_minimax(ctx, minimax, state, move, depth, limit) or verdict
            verdicts.append(verdict)
            if verdict.charged:
                boards.append(show_move(ctx, agent, state, f"position {i + 1}: {verdict.kind}", move,
                                        expected=verdict.words, limit=limit))
        result = outcome(verdicts, boards, depth, depth_name)
        if budget.quick and budget.used_up and result.status == "review":
            return budget.undecided(result, "", planned_all_asked=False)
        return result


def stopped_words(position: int, seconds: float) -> str:
    """Why a position was not asked: the search of an earlier one was stopped by the move limit."""
    return (f"not asked: the search of position {position + 1} was stopped at the move limit of {seconds:g} s of CPU "
            "time while its calls were counted, and each further position would cost as much (counting slows a "
            "search down; its speed is judged by the timing checks)")


def outcome(verdicts: list[Verdict], boards: list, depth: int, depth_name: str | None) -> Outcome:
    """Credit by the share of positions whose search shows no bug; a position that could not be counted is
    not charged when others were. When none could be, nothing was judged and nothing is earned: the
    message says why (a person may award the points to a search written another way).

    Positions not asked, because an earlier search was stopped by the move limit or the check's budget was
    spent, are left out of the share, neither charged nor credited: the credit is the share of the positions
    asked, and, resting on fewer positions than the rubric plans, it goes to ``review`` (a person confirms
    it). With none counted it is skipped, as above, unless the budget left positions unasked: then review."""
    if not verdicts:
        return Outcome(0.0, "no position to count the search on: these points are not earned here", status="skipped")
    asked_verdicts = [v for v in verdicts if v.kind not in ("not asked", "over budget")]
    unasked = len(verdicts) - len(asked_verdicts)
    over_budget = any(v.kind == "over budget" for v in verdicts)  # the budget, not the search, left some unasked
    fine = sum(not v.charged for v in asked_verdicts)
    asked = f" with {depth_name}={depth}" if depth_name else " at its own depth"
    lines = [f"{fine} of {len(asked_verdicts)} positions searched{asked} without a bug in the search"]
    lines += [f"position {i + 1}: {v.words}" for i, v in enumerate(verdicts)]
    if all(v.kind == "not counted" for v in asked_verdicts) and over_budget:
        lines[0] = ("the search was not counted on any position (below, why), so nothing is earned here yet, "
                    "provisionally")
        return Outcome(0.0, "\n".join(lines), status="review", boards=boards[:3])
    if all(v.kind == "not counted" for v in asked_verdicts):
        lines[0] = ("the search could not be counted on any position, so it could not be judged and these points "
                    "are not earned here (a person reading a search written another way may award them)")
        return Outcome(0.0, "\n".join(lines), status="skipped", boards=boards[:3])
    if unasked:
        lines[0] += (f"; {unasked} of the {len(verdicts)} positions were not asked (below, why): the points rest on "
                     "the positions asked, provisionally")
        return Outcome(share(fine, len(asked_verdicts)), "\n".join(lines), status="review", boards=boards[:3])
    return Outcome(share(fine, len(verdicts)), "\n".join(lines), boards=boards[:3])


def diagnose_search(game: Game, state: State, calls: SearchCalls, asked_depth: int | None,
                    depth_name: str | None = None, passed: PassedDown = PassedDown()) -> Verdict:
    """The verdict on one position from the searches read out of the agent's calls and the values
    they passed down (a 'player not switched' verdict still needs the agent's moves to confirm it)."""
    if calls.problem:
        return Verdict("not counted", f"{calls.problem}: not charged")
    search = max(calls.searches, key=lambda s: (s.depth, s.nodes))
    where = f"({', '.join(calls.functions)})"
    for s in calls.searches:
        if s.depth >= 2 and visits_like_minimax(game, state, s):
            pruned = pruned_nodes(game, state, s.depth)
            check = ("beta reached every position unchanged, so the window never narrowed: hand the child "
                     "(-beta, -alpha) in negamax, or pass down the alpha and beta each level has updated"
                     if passed.beta_fixed else
                     "check the test that stops the loop when alpha >= beta, the window passed down (-beta, "
                     "-alpha in negamax) and that the player changes in the recursive call")
            return Verdict("no pruning", f"your search {where} visited {s.nodes:,} positions at depth {s.depth} from "
                           f"this board, as many as minimax without pruning (the reference alpha-beta visits "
                           f"{pruned:,}), so no branch was ever cut off: {check}")
    if passed.window_unchanged:
        return Verdict("window unchanged", f"your search {where} handed its children your window unchanged, not "
                       f"(-beta, -alpha): beta reached every position of the search from this board with the same "
                       f"value, so the window never narrows and the values passed up are bounded the wrong way. In "
                       f"negamax a child gets (-beta, -alpha) (its view is the opponent's); in max/min form each level "
                       f"passes down the alpha and beta it has updated")
    if passed.swapped:
        return Verdict("window swapped", f"your search {where} searched on from {passed.swapped:,} positions below this "
                       f"board that it entered with alpha greater than beta, which a correct alpha-beta never does: "
                       f"it stops a loop once "
                       f"alpha >= beta, and hands a child (alpha, beta) in max/min form, (-beta, -alpha) in negamax; "
                       f"check the order in which the window is handed down, and that every loop has its cutoff")
    hasty = next((s for s in calls.searches if s.depth >= 2 and s.first_child_tried == 1), None)
    if hasty is not None and _nothing_settled_early(game, state, hasty.depth):
        return Verdict("cuts off at once", f"your search {where} tried only one reply to its first move from this "
                       f"board ({hasty.depth} moves deep, {_levels(hasty)}), though the window is still open there and "
                       f"no reply ends the game or settles it within the search's depth. A correct alpha-beta searches "
                       f"its first line with the window open, so it cannot cut off there: check the window handed to "
                       f"each child (alpha, beta in max/min form; -beta, -alpha in negamax) and the test that cuts a "
                       f"loop off")
    if asked_depth is not None and search.depth == asked_depth + 1:
        return Verdict("too deep", f"asked for depth {asked_depth} ({depth_name}={asked_depth}), your search {where} "
                       f"went {search.depth} moves deep from this board ({_levels(search)}): the depth is off by one; "
                       f"check where depth is compared with its limit")
    if passed.same_player:
        return Verdict("player not switched", f"{passed.same_player}, so the opponent never moves in your search: "
                       f"the recursive call must pass the other player (or make the move with the player to move)")
    return Verdict("fine", f"{search.nodes:,} positions to depth {search.depth} ({_levels(search)}) {where}")


def _nothing_settled_early(game: Game, state: State, depth: int) -> bool:
    """After every move of ``state`` the game goes on with two replies or more, and no reply settles the
    search early: none is surely lost within ``depth`` moves of ``state`` where the opponent replies
    (a cutoff on a finite alpha such as -1 would be right there), nor surely won where the same
    player moves again. A search whose window is open after its first move then has no reason to
    stop after one reply."""
    player, known = game.to_move(state), {}
    for action in game.actions(state):
        child = game.result(state, action)
        if game.terminal(child) or len(game.actions(child)) < 2:
            return False
        opponent = game.to_move(child) != player
        for reply in game.actions(child):
            lo, hi = outcome_bounds(game, game.result(child, reply), player, depth - 2, known)
            if (hi <= -1) if opponent else (lo >= 1):
                return False
    return True


def diagnose_values(game: Game, state: State, calls: SearchCalls, action: Action | None) -> Verdict:
    """The verdict on a move against the moves minimax may choose as deep as the agent's search went."""
    if calls.problem:
        return Verdict("not counted", f"{calls.problem}: not charged")
    if action is None:
        return Verdict("not counted", "the search was stopped before it chose a move: not charged")
    where = f"({', '.join(calls.functions)})"
    depths = sorted({s.depth for s in calls.searches[-2:]})  # its last search, or the one before it
    if depths[-1] < 2:
        return Verdict("fine", f"{where} searched {depths[-1]} move deep, too shallow for its values to be judged")
    choices = minimax_choices(game, state, tuple(depths))
    if choices is None:
        return Verdict("not counted", f"{where} searched {depths[-1]} moves deep, too deep to work out what "
                       "minimax chooses there: not charged")
    seen = f"{depths[-1]} moves deep" if len(depths) == 1 else f"{depths[0]} and {depths[-1]} moves deep"
    if action in choices:
        return Verdict("fine", f"chose {action!r} {where}, a move minimax {seen} may choose")
    return Verdict("wrong values", f"your search {where} went {seen} from this board, deep enough to see that "
                   f"{game.action_noun}{either(choices)} {'is' if len(choices) == 1 else 'are'} better than the "
                   f"{game.action_noun}{action!r} your agent chose (minimax to that depth chooses "
                   f"{'it' if len(choices) == 1 else 'one of them'}, whatever it scores unfinished boards with). "
                   "Alpha-beta chooses as minimax does; pruning only skips moves that cannot change the choice, so "
                   "the values your search passes up are wrong: check the window handed to each child (alpha, beta "
                   "in max/min form; -beta, -alpha in negamax), that a max level cuts off on v >= beta and a min "
                   "level on v <= alpha, what it returns when it cuts off, and that no heuristic scores an "
                   "unfinished board above a win")


@remembered(maxsize=256)
def minimax_choices(game: Game, state: State, depths: tuple[int, ...]) -> tuple[Action, ...] | None:
    """The moves a correct search may choose at ``state`` if it went one of ``depths`` deep, as the
    count shows it (a search that scores a finished game at its last level by its heuristic sees one
    move less in a win/loss game; one that tests its children for the end before calling itself
    sees one more); None when the tree is too big to work this out quickly. The same for every
    submission asked there: kept on disk (:mod:`grader.checks._disk_cache`)."""
    key = {"game": game.name, "board": game.dimensions(), "state": list(state), "depths": list(depths)}
    found = cached("minimax_choices", key, lambda: _minimax_choices(game, state, depths), code=_code())
    return None if found is None else tuple(hashable(a) for a in found)


def _code() -> str:
    return code_version("grader/checks/search_nodes.py")


def _minimax_choices(game: Game, state: State, depths: tuple[int, ...]) -> tuple[Action, ...] | None:
    levels, _ = minimax_levels(game, state, max(depths) + 1, limit=CHOICE_TREE_LIMIT)
    if sum(levels) > CHOICE_TREE_LIMIT:
        return None
    ends = len(levels) - 1  # every line of play from here ends within this many moves, if short of max + 1
    horizons: set[int | None] = set()
    for depth in depths:
        if depth >= ends:
            horizons.add(None)  # it saw every line to the end of the game
        else:
            horizons.update(h for h in (depth - 1, depth, depth + 1)
                            if h >= 1 and not (h == depth - 1 and game.margin_utility))
    return tuple(sorted({a for h in horizons for a in clear_choices(game, state, h)}, key=game.actions(state).index))


def _tactics_request(ctx: CheckContext) -> tuple[Game, tuple[str, ...], int, int]:
    """The request of :func:`tactic_positions` the tactics that need depth make in this run."""
    return ctx.game, tuple(ctx.game.depth_tactics), TACTICS_PER_KIND, ctx.rng("agent_tactics").randrange(2**31)


def value_positions(ctx: CheckContext, count: int, depth: int) -> tuple[State, ...]:
    """``count`` positions of the game's tactics that need depth whose search ``depth`` moves deep can
    be counted too, those nearest the end first (a search there sees most of what decides), each
    tactic in turn. The same for every submission: kept on disk (:mod:`grader.checks._disk_cache`)."""
    request = _tactics_request(ctx)
    if count <= 0 or not request[1]:
        return ()
    game = ctx.game
    key = {"game": game.name, "board": game.dimensions(), "kinds": list(request[1]), "per_kind": request[2],
           "seed": request[3], "count": count, "depth": depth}
    found = cached("value_positions", key, lambda: [list(s) for s in _value_positions(ctx, request, count, depth)],
                   code=_code())
    state_type = type(game.initial_state())  # every game's state is a named tuple of ints
    return tuple(state_type(*s) for s in found)


def _value_positions(ctx: CheckContext, request: tuple, count: int, depth: int) -> tuple[State, ...]:
    prepared = ctx.shared.get("search_nodes", {}).get(request) or ctx.shared.get("agent_tactics", {}).get(request)
    tactics: tuple[Tactic, ...] = prepared or tactic_positions(*request)
    by_kind = [sorted((t for t in tactics if t.kind == kind and countable(ctx.game, t.state, depth)),
                      key=lambda t: len(ctx.game.actions(t.state))) for kind in request[1]]
    interleaved = [kind[rank].state for rank in range(TACTICS_PER_KIND) for kind in by_kind if rank < len(kind)]
    return tuple(interleaved[:count])


def misses_a_reply(ctx: CheckContext, agent: StudentAgent, options: dict | None, limit: float) -> bool:
    """Whether the agent misses a seeded one-ply tactic that needs the opponent's reply (the game's
    ``reply_tactic``: block a win, or not hand over a box), as a search whose player is not switched does."""
    if ctx.game.reply_tactic is None:
        return False
    seed = ctx.rng(f"search_nodes:reply:{agent.target}").randrange(2**31)
    for tactic in tactic_positions(ctx.game, (ctx.game.reply_tactic,), 2, seed):
        move = agent.move(ctx.game.to_course(tactic.state), ctx.game.to_move(tactic.state), timeout=limit,
                          options=options)
        if move.ok and move.action not in tactic.answers:
            return True
    return False


def plain_minimax(ctx: CheckContext, agent: StudentAgent) -> StudentAgent | None:
    """The student's plain minimax agent, when they define one beside their alpha-beta: a function whose
    name says minimax and nothing of alpha-beta, with a depth parameter (so both search as deep)."""
    for name, info in ctx.student.names.items():
        words = normalise(name)
        if ("minimax" not in words or any(w in words for w in ALPHA_BETA_WORDS) or not info.callable
                or name == agent.target.split(".")[0] or info.kind == "class"):
            continue
        # asked as the graded agent is (on the student's replayed states where positions are built by replay)
        found = student_agent(ctx.sandbox, ctx.student, name, [name], [name], move_limit(ctx))
        if isinstance(found, StudentAgent) and found.target != agent.target and depth_parameter(found):
            return found
    return None


#: words in a name that say alpha-beta (or a cutoff search), not plain minimax
ALPHA_BETA_WORDS = ("alpha", "beta", "prun", "cutoff", "heuristic", "ab")


def against_minimax(ctx: CheckContext, minimax: StudentAgent, state: State, move: Move, depth: int,
                    limit: float) -> Verdict | None:
    """Where the student's own minimax (confirmed by its count) chooses another move at the same depth,
    the pruning changed the result: with the same move order and evaluation it must not."""
    name = depth_parameter(minimax)
    plain = minimax.move(ctx.game.to_course(state), ctx.game.to_move(state), timeout=limit, options={name: depth},
                         count_calls=True)
    if not plain.ok or plain.counted is None:
        return None
    searches = read_search(plain.counted).searches
    if len(searches) != 1 or searches[0].depth != depth or not visits_like_minimax(ctx.game, state, searches[0]):
        return None  # not a plain minimax to this depth: nothing to compare with
    if plain.action == move.action:
        return None
    return Verdict("wrong pruning", f"at depth {depth} your alpha-beta chose {move.action!r} but your {minimax.name} "
                   f"chose {plain.action!r}: pruning may only skip moves that cannot change the choice; check the "
                   f"window passed down (-beta, -alpha in negamax) and which bound each cutoff compares with")


def visits_like_minimax(game: Game, state: State, search: Search) -> bool:
    """Whether the search visited exactly the positions plain minimax visits to the same depth, level by
    level: terminal positions visited (or, for searches that test the end of the game before calling
    themselves, left out)."""
    levels, terminals = minimax_levels(game, state, search.depth, limit=search.nodes + 1)
    without_ends = (levels[0],) + tuple(n - t for n, t in zip(levels[1:], terminals[1:]))
    return search.levels in (levels, without_ends)


@lru_cache(maxsize=256)
def pruned_nodes(game: Game, state: State, depth: int) -> int:
    """The positions the reference alpha-beta (its move order, a transposition table) visits to ``depth``."""
    agent = AlphaBetaAgent(depth=depth)
    agent.choose(game, state)
    return agent.nodes


@remembered(maxsize=32)
def search_positions(game: Game, count: int, depth: int, seed: int) -> tuple[State, ...]:
    """``count`` seeded positions with at least four moves and a game tree small enough to count to
    ``depth`` (a few thousand positions); those whose tree holds a finished game (so that values
    differ even without a heuristic) first. The same for every submission: kept on disk."""
    key = {"game": game.name, "board": game.dimensions(), "count": count, "depth": depth, "seed": seed}
    found = cached("search_positions", key, lambda: [list(s) for s in _search_positions(game, count, depth, seed)],
                   code=_code())
    state_type = type(game.initial_state())
    return tuple(state_type(*s) for s in found)


def _search_positions(game: Game, count: int, depth: int, seed: int) -> tuple[State, ...]:
    chosen, spare = [], []
    for state in random_positions(game, count * 20, seed=seed):
        if not countable(game, state, depth):
            continue
        _, terminals = minimax_levels(game, state, depth, limit=20_000)
        (chosen if sum(terminals) else spare).append(state)
        if len(chosen) >= count:
            break
    return tuple((chosen + spare)[:count])


def countable(game: Game, state: State, depth: int) -> bool:
    """Whether a search ``depth`` moves deep from ``state`` can be counted against minimax: at least four
    moves (a correct alpha-beta prunes some), a tree ``depth`` moves deep, and a few thousand positions."""
    moves = len(game.actions(state))
    if moves < 4 or moves ** depth > 8_000:  # too few moves to prune, or too many to count fast
        return False
    levels, _ = minimax_levels(game, state, depth, limit=20_000)
    return len(levels) > depth and sum(levels) <= 20_000


def _levels(search: Search) -> str:
    return "per level: " + ", ".join(f"{n:,}" for n in search.levels)
