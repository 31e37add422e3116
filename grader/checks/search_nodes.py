"""Counting the search: the positions a student's alpha-beta visits for one move, against plain minimax.

On a few seeded positions the agent is asked for a move while the sandbox counts the calls to the
student's own functions (``grader.adapt.search_tree`` reads the search out of them, whatever its
style). Plain minimax to the same depth visits a number of positions per level that depends on the
game tree alone (``reference.agents.minimax.minimax_levels``), not on move order or evaluation, so:

- a search that visits exactly as many positions, level by level, as minimax does prunes nothing
  ("no pruning": the position fails);
- a search asked for depth ``d`` (through the agent's depth parameter, when its signature has one)
  that goes ``d + 1`` moves deep has its depth off by one (the position fails);
- where the student also defines plain minimax (a function whose name says so, with a depth
  parameter, confirmed by its own count), alpha-beta must choose the same move at the same depth
  ("wrong pruning" otherwise);
- a position below the root entered with alpha > beta means the window is handed down the wrong way
  round or a loop lacks its cutoff ("window swapped"); the values the search passes down are read at each call
  (``grader.adapt.search_arguments``);
- a search whose player never changes (its ``result`` always called with one player, or a negamax
  calling itself with the same player) is "player not switched", when the agent also misses a
  one-ply tactic that needs the opponent's reply (a block, a safe line): a constant root player is a
  legitimate style, and such a search still answers threats;
- any other count passes: move order, a transposition table or a different evaluation change the
  count legitimately, and are never charged. A search that stops one level short of ``d`` may be
  scoring the last level in the parent, so it is not charged either.

When the search cannot be counted (no function of the submission calls itself: a search written
with an explicit stack, or an agent that does not search) the position is not charged: other checks
judge such agents by their moves, and this check gives full points and says why. Nor is a move that
runs out of time while it is counted (counting slows it down; the timing checks judge its speed): the
check stops asking after one. A move is stopped once it has been counted for the move limit, and the
searches it finished by then are judged (an iterative deepening's first depths tell enough; one
search still unfinished is not counted). A move that raises or is not legal earns nothing, as at
every agent check.

Params: ``positions`` (default 3), ``depth`` passed to an agent that takes one (default 4 for
Connect 4, 3 otherwise).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from grader.adapt import Move, StudentAgent, find_agent
from grader.adapt.candidates import normalise
from grader.adapt.search_arguments import WATCHED, PassedDown, read_arguments
from grader.adapt.search_parameters import search_role
from grader.adapt.search_tree import Search, SearchCalls, read_search
from grader.checks._agent_moves import agent_or_outcome, failure_words, move_limit, show_move
from grader.checks.agent_tactics import tactic_positions
from grader.checks.base import Check, Outcome, share
from grader.checks.context import CheckContext
from reference.agents.alphabeta import AlphaBetaAgent
from reference.agents.minimax import minimax_levels
from reference.games.base import Game, State
from reference.positions import random_positions

if TYPE_CHECKING:
    from grader.rubric import CheckSpec


#: how much longer than the move limit a counted move may take (the trace hook slows the search); it is
#: stopped after the move limit itself, and the searches it finished by then are judged
COUNTING_SLOWDOWN = 4.0
TIMED_OUT = "the move was not finished in time while its calls were counted (its speed is judged by the timing checks)"


@dataclass(frozen=True)
class Verdict:
    """What the count says about the search on one position: ``kind`` is 'fine', 'not counted',
    'no pruning', 'too deep', 'wrong pruning', 'window swapped', 'player not switched' or 'no move';
    ``words`` says it to the student."""

    kind: str
    words: str

    @property
    def charged(self) -> bool:
        return self.kind in ("no pruning", "too deep", "wrong pruning", "window swapped", "player not switched",
                             "no move")


class SearchNodes(Check):
    """An agent's search visits the positions its algorithm and depth call for."""

    target = "agent"
    words = "positions searched"
    params = {"depth": int, "positions": int}

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        agent = agent_or_outcome(ctx, spec)
        if isinstance(agent, Outcome):
            return agent
        depth = int(spec.params.get("depth", ctx.game.counted_depth))
        count = int(spec.params.get("positions", 3))
        depth_name = depth_parameter(agent)
        options = {depth_name: depth} if depth_name else None
        limit = move_limit(ctx) * COUNTING_SLOWDOWN
        deadline = time.perf_counter() + ctx.assignment.limits.check_seconds
        seed = ctx.rng(f"search_nodes:{spec.target}").randrange(2**31)

        minimax = plain_minimax(ctx, agent) if depth_name else None
        bound = ctx.student.interface.bindings.get("result") if ctx.student.interface else None
        result_name = bound.name if bound else None
        verdicts, boards = [], []
        misses: dict[str, bool] = {}  # whether the agent misses a reply to the opponent's threat, asked once
        for i, state in enumerate(search_positions(ctx.game, count, depth, seed)):
            if time.perf_counter() > deadline or any(v.words == TIMED_OUT for v in verdicts):
                verdicts.append(Verdict("not counted", "not asked: the check's time budget was used up"))
                continue
            move = agent.move(ctx.game.to_course(state), ctx.game.to_move(state), timeout=limit, options=options,
                              count_calls=True, count_seconds=move_limit(ctx), watch=WATCHED)
            if move.kind == "timeout":
                verdict = Verdict("not counted", TIMED_OUT)
            elif move.counted is None or not (move.ok or move.kind == "stopped"):
                verdict = Verdict("no move", f"no legal move to count the search of: {failure_words(move, limit)}")
            else:  # a move, or a search stopped after the move limit: what it finished is judged
                calls = read_search(move.counted)
                passed = read_arguments(move.counted, calls.nodes, result_name)
                verdict = diagnose_search(ctx.game, state, calls, depth if depth_name else None, depth_name, passed)
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
        return outcome(verdicts, boards, depth, depth_name)


def outcome(verdicts: list[Verdict], boards: list, depth: int, depth_name: str | None) -> Outcome:
    """Credit by the share of positions whose search shows no bug; what could not be counted is not charged."""
    if not verdicts:
        return Outcome(1.0, "no position to count the search on: not charged", status="skipped")
    fine = sum(not v.charged for v in verdicts)
    asked = f" with {depth_name}={depth}" if depth_name else " at its own depth"
    lines = [f"{fine} of {len(verdicts)} positions searched{asked} without a counting bug"]
    lines += [f"position {i + 1}: {v.words}" for i, v in enumerate(verdicts)]
    if all(v.kind == "not counted" for v in verdicts):
        lines[0] = "the search could not be counted, so it is not charged"
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
    if passed.swapped:
        return Verdict("window swapped", f"your search {where} searched on from {passed.swapped:,} positions below this "
                       f"board that it entered with alpha greater than beta, which a correct alpha-beta never does: "
                       f"it stops a loop once "
                       f"alpha >= beta, and hands a child (alpha, beta) in max/min form, (-beta, -alpha) in negamax; "
                       f"check the order in which the window is handed down, and that every loop has its cutoff")
    if asked_depth is not None and search.depth == asked_depth + 1:
        return Verdict("too deep", f"asked for depth {asked_depth} ({depth_name}={asked_depth}), your search {where} "
                       f"went {search.depth} moves deep from this board ({_levels(search)}): the depth is off by one; "
                       f"check where depth is compared with its limit")
    if passed.same_player:
        return Verdict("player not switched", f"{passed.same_player}, so the opponent never moves in your search: "
                       f"the recursive call must pass the other player (or make the move with the player to move)")
    return Verdict("fine", f"{search.nodes:,} positions to depth {search.depth} ({_levels(search)}) {where}")


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
        found = find_agent(ctx.sandbox, ctx.student.names, ctx.game, ctx.student.representation, name, [name],
                           timeout=move_limit(ctx))
        if isinstance(found, StudentAgent) and depth_parameter(found):
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


def depth_parameter(agent: StudentAgent) -> str | None:
    """The keyword that sets the agent's search depth (``max_depth``, ``depth``), when its signature
    has one the grader does not fill already."""
    if "depth" in agent.order:  # a search called as the agent: the adapter passes the depth already
        return None
    return next((p.name for p in agent.parameters if search_role(p.name) == "depth"
                 and p.kind in ("POSITIONAL_OR_KEYWORD", "KEYWORD_ONLY")), None)


@lru_cache(maxsize=32)
def search_positions(game: Game, count: int, depth: int, seed: int) -> tuple[State, ...]:
    """``count`` seeded positions with at least four moves and a game tree small enough to count to
    ``depth`` (a few thousand positions); those whose tree holds a finished game (so that values
    differ even without a heuristic) first."""
    chosen, spare = [], []
    for state in random_positions(game, count * 20, seed=seed):
        moves = len(game.actions(state))
        if moves < 4 or moves ** depth > 8_000:  # too few moves to prune, or too many to count fast
            continue
        levels, terminals = minimax_levels(game, state, depth, limit=20_000)
        if len(levels) <= depth or sum(levels) > 20_000:
            continue
        (chosen if sum(terminals) else spare).append(state)
        if len(chosen) >= count:
            break
    return tuple((chosen + spare)[:count])


def _levels(search: Search) -> str:
    return "per level: " + ", ".join(f"{n:,}" for n in search.levels)
