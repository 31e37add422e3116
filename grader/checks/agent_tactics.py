"""Tactics: positions where the right move is clear, found by the reference, and whether the agent plays it.

Tic-tac-toe and Connect 4: ``win`` (take an immediate win) and ``block`` (block the opponent's only
immediate win when there is no own win). Dots and Boxes: ``free_box`` (draw the fourth side of a
box that has three) and ``safe_move`` (do not draw the third side of a box while a safe line exists).

Tactics that need search depth, asked for by name (``kinds``), usually as a check of their own:
Connect 4 ``double_threat`` (make two immediate wins at once: the opponent can block only one; a
depth-3 search sees it) and ``avoid_trap`` (do not play under the opponent's winning cell; depth 2).
Dots and Boxes ``decline`` (leave the boxes on offer when taking them would hand the opponent the
rest: double-dealing) and ``sacrifice`` (when every line hands boxes over, give up the least), on
endgame positions (at most ``ENDGAME_FREE_LINES`` lines left) that a search to the end settles.

Params: ``kinds`` (default: the game's one-ply tactics) and ``positions`` per tactic (default 10).

Positions come from seeded random play; the answer set of each is computed by one-ply look-ahead
with the reference game, and a position is kept only when that answer set is clearly right (and
some legal move lies outside it, else there is nothing to miss):

- ``win``: no other move also forces a win. Minimax as taught values every win alike (+1), so an
  agent that sees a slower forced win may rightly play it (and a random move would often be one).
- ``block``: there are other legal moves, after the block the opponent has no immediate win, and
  the block does not lose by force (otherwise every move loses and a searching agent may rightly
  not care). Forced outcomes come from the exact solver; a Connect 4 position it cannot settle
  within ``OUTCOME_NODE_BUDGET`` nodes is not used.
- ``double_threat``: neither side can win at once, and no move outside the answer set forces a win
  at all (the solver says so), so a search that values every win alike cannot rightly prefer another.
- ``avoid_trap``: neither side can win at once, some moves let the opponent win on top of them, and
  none of the other moves loses by force (the solver says so): a search of any depth keeps clear.
- ``decline`` / ``sacrifice``: the answer set is exactly the moves the exact solver rates best; none
  of them takes a box (``decline``), or no line is safe and not every line is best (``sacrifice``).
- ``free_box`` / ``safe_move``: every move the exact solver rates best is in the answer set (no
  position where declining a box or sacrificing one is the better play). The solver is asked only
  on late positions (at most ``SOLVED_FREE_LINES`` undrawn lines), where it answers quickly. On big
  boards late positions rarely have a safe line: earlier positions, judged by the one-ply rule
  alone, then make up the number (``Tactic.verified`` is False for them).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

from grader.checks._agent_moves import agent_or_outcome, failure_words, gives_up, move_limit, show_move
from grader.checks.base import Check, Outcome, share
from grader.checks.context import CheckContext
from reference.games.base import Action, Game, State
from reference.positions import random_line

if TYPE_CHECKING:
    from grader.rubric import CheckSpec


#: the tactics each game has, in the order they are reported
GAME_TACTICS = {
    "tictactoe": ("win", "block"),
    "connect4": ("win", "block"),
    "dots_and_boxes": ("free_box", "safe_move"),
}
#: the tactics that need a search deeper than one ply (asked for by name, in a check of their own)
DEPTH_TACTICS = {
    "tictactoe": (),
    "connect4": ("double_threat", "avoid_trap"),
    "dots_and_boxes": ("decline", "sacrifice"),
}
#: what each tactic asks, as the feedback says it
TACTIC_WORDS = {
    "win": "takes an immediate win",
    "block": "blocks the opponent's only immediate win",
    "free_box": "takes a free box (one with three sides drawn)",
    "safe_move": "does not draw the third side of a box while a safe line exists",
    "double_threat": "makes two threats at once (a win in two moves)",
    "avoid_trap": "does not play under the opponent's winning cell",
    "decline": "declines boxes on offer when taking them hands over the endgame",
    "sacrifice": "when every line hands boxes over, gives up the least",
}
#: what a correct search of the needed depth sees in a depth tactic's position, for the feedback
SEARCH_SEES = {
    "double_threat": "a depth-3 search sees that {answers} makes two threats at once (the opponent can block only one)",
    "avoid_trap": "a depth-2 search sees that the opponent wins at once on top of {traps}; {answers} is safe",
    "decline": "a search to the end of the game ({free} lines left) sees that {answers}, declining the boxes "
               "on offer, wins more in the end than taking them",
    "sacrifice": "a search to the end of the game ({free} lines left) sees that {answers} gives up the least "
                 "of all the lines that hand boxes over",
}
#: Dots and Boxes depth tactics use positions with at most this many undrawn lines (a search reaches the end)
ENDGAME_FREE_LINES = 10
#: Dots and Boxes positions used have at most this many undrawn lines (children are solved by search)
SOLVED_FREE_LINES = 15
SOLVER_NODE_BUDGET = 200_000  # Dots and Boxes, per position
OUTCOME_NODE_BUDGET = 5_000  # Connect 4, per forced-outcome question; most late positions need far fewer
GAMES_PER_POSITION = 20  # random games tried per wanted position before giving up
SHOWN = 3


@dataclass(frozen=True)
class Tactic:
    """A position, the tactic it tests and the actions that count as right."""

    kind: str
    state: State
    answers: tuple[Action, ...]
    verified: bool = True  # False: judged by the one-ply rule only (too early for the exact solver)


class Answer(NamedTuple):
    """The actions that count as right in a position, and whether the exact solver agreed."""

    actions: tuple[Action, ...]
    verified: bool = True


class AgentTactics(Check):
    """An agent plays the clearly right move in tactic positions the reference finds."""

    target = "agent"
    words = "tactics"
    params = {"kinds": (list, str), "positions": int}

    def prepare(self, ctx: CheckContext, spec: CheckSpec) -> dict:
        """Find this check's positions once for a batch (seconds of solver work on Connect 4)."""
        kinds = spec.params.get("kinds", list(GAME_TACTICS[ctx.game.name]))
        request = _request(ctx, spec, [kinds] if isinstance(kinds, str) else kinds)
        return {request: tactic_positions(*request)}

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        game = ctx.game
        available = GAME_TACTICS[game.name] + DEPTH_TACTICS[game.name]
        kinds = spec.params.get("kinds", list(GAME_TACTICS[game.name]))
        kinds = [kinds] if isinstance(kinds, str) else list(kinds)
        unknown = [k for k in kinds if k not in available]
        if unknown or not kinds:
            return Outcome(0.0, f"params.kinds {unknown or kinds!r}: {game.name} has the tactics "
                                f"{', '.join(available)}", status="error")
        agent = agent_or_outcome(ctx, spec)
        if isinstance(agent, Outcome):
            return agent
        request = _request(ctx, spec, kinds)
        prepared = ctx.shared.get("agent_tactics", {})
        tactics = prepared[request] if request in prepared else tactic_positions(*request)
        if not tactics:
            return Outcome(0.0, f"no clear {'/'.join(kinds)} positions were found on this board", status="error")

        limit, budget = move_limit(ctx), ctx.assignment.limits.check_seconds
        start = time.perf_counter()
        right: dict[str, int] = {k: 0 for k in kinds}
        wrong: list[tuple[Tactic, Any]] = []
        stopped = ""
        for tactic in tactics:
            if time.perf_counter() - start > budget:
                stopped = f"stopped early: the check's {budget:g} s budget was used up"
                break
            move = agent.move(game.to_course(tactic.state), game.to_move(tactic.state), timeout=limit)
            if move.ok and move.action in tactic.answers:
                right[tactic.kind] += 1
            else:
                wrong.append((tactic, move))
                timeouts = sum(m.kind == "timeout" for _, m in wrong)
                if gives_up(agent, timeouts):
                    stopped = f"stopped after {timeouts} timeout{'s' if timeouts > 1 else ''}"
                    break

        totals = {k: sum(t.kind == k for t in tactics) for k in kinds}
        message = "; ".join(f"{TACTIC_WORDS[k]}: {right[k]} of {totals[k]}" for k in kinds)
        if wrong:
            tactic, move = wrong[0]
            played = f"played {move.action!r}" if move.ok else failure_words(move, limit)
            if tactic.kind in SEARCH_SEES:
                message += f". First miss ({tactic.kind}): {_search_sees(game, tactic)}; your agent {played}"
            else:
                message += f". First miss ({tactic.kind}): expected {_either(tactic.answers)}, {played}"
        if stopped:
            message += f"; {stopped} (positions not tried count as missed)"
        shown = _spread(wrong, SHOWN)
        boards = [show_move(ctx, agent, t.state, f"{t.kind}: the agent should play {_either(t.answers)}", m,
                            expected=_either(t.answers), limit=limit, highlight=t.answers) for t, m in shown]
        timed_out = any(m.kind == "timeout" for _, m in wrong)
        done = sum(right.values())
        return Outcome(share(done, len(tactics)), message, status="timeout" if timed_out and done == 0 else None,
                       boards=boards)


def _request(ctx: CheckContext, spec: CheckSpec, kinds: Sequence[str]) -> tuple[Game, tuple[str, ...], int, int]:
    """The arguments of :func:`tactic_positions` for a check. One seed for every agent of a run:
    the positions are found once and each agent faces the same ones."""
    return ctx.game, tuple(kinds), int(spec.params.get("positions", 10)), ctx.rng("agent_tactics").randrange(2**31)


@lru_cache(maxsize=32)
def tactic_positions(game: Game, kinds: tuple[str, ...], count: int, seed: int) -> tuple[Tactic, ...]:
    """Up to ``count`` distinct positions of each tactic in ``kinds``, from seeded random games.

    Each random game gives at most one position per tactic, so positions are not near-copies.
    Positions checked by the exact solver come first; unverified ones only make up a shortfall.
    """
    return _find_positions(game, kinds, count, seed)


def _find_positions(game: Game, kinds: tuple[str, ...], count: int, seed: int) -> tuple[Tactic, ...]:
    rng = random.Random(seed)
    found: dict[str, list[Tactic]] = {k: [] for k in kinds}
    reserve: dict[str, list[Tactic]] = {k: [] for k in kinds}
    seen: set[State] = set()
    for _ in range(GAMES_PER_POSITION * count * len(kinds)):
        needed = [k for k in kinds if len(found[k]) < count]
        if not needed:
            break
        states = _states_along(game, random_line(game, rng)[0])
        rng.shuffle(states)
        for kind in needed:
            spare = len(reserve[kind]) < count
            for state in states:
                if state in seen:
                    continue
                answer = ANSWERS[kind](game, state)
                if answer is None or not (answer.verified or spare):
                    continue
                seen.add(state)
                (found if answer.verified else reserve)[kind].append(Tactic(kind, state, answer.actions,
                                                                             answer.verified))
                if answer.verified:
                    break
                spare = False  # at most one unverified position per game, but keep looking for a verified one
    return tuple(t for k in kinds for t in (found[k] + reserve[k])[:count])


def _states_along(game: Game, moves: Sequence[Action]) -> list[State]:
    state, out = game.initial_state(), []
    for action in moves:
        out.append(state)
        state = game.result(state, action)
    return out


# --- answer sets: None when the position does not show the tactic clearly ---


def immediate_wins(game: Game, state: State) -> list[Action]:
    """The actions with which the player to move wins at once."""
    me = game.to_move(state)
    return [a for a in game.actions(state) if game.winner(game.result(state, a)) == me]


def threats(game: Game, state: State) -> set[Action]:
    """The opponent's immediate wins in ``state`` (where it would win if it moved now).

    Found by one ply of look-ahead: a reply ``c`` that wins after some own move ``b != c``. In
    tic-tac-toe and Connect 4 an own move elsewhere never changes whether ``c`` wins, and excluding
    ``c == b`` leaves out threats that the own move itself would create (the cell on top of it).
    """
    found: set[Action] = set()
    for b in game.actions(state):
        child = game.result(state, b)
        if not game.terminal(child):
            found.update(c for c in immediate_wins(game, child) if c != b)
    return found


def _win(game: Game, state: State) -> Answer | None:
    wins = immediate_wins(game, state)
    if not wins or len(wins) == len(game.actions(state)):
        return None  # nothing to find, or nothing to miss
    others = (a for a in game.actions(state) if a not in wins)
    if any(_forced_outcome(game, game.result(state, a)) not in (0, 1) for a in others):
        return None  # after another move the opponent loses by force too (or the solver could not tell)
    return Answer(tuple(wins))


def _block(game: Game, state: State) -> Answer | None:
    legal = game.actions(state)
    if len(legal) < 2 or immediate_wins(game, state):
        return None
    found = threats(game, state)
    if len(found) != 1:
        return None
    block = next(iter(found))
    after = game.result(state, block)
    if game.terminal(after) or immediate_wins(game, after) or _forced_outcome(game, after) not in (0, -1):
        return None  # every move loses (or the solver could not tell)
    return Answer((block,))


def _forced_outcome(game: Game, state: State) -> int | None:
    """+1, 0 or -1: whether the side to move in ``state`` wins, draws or loses with best play
    (None when the Connect 4 solver would need more than ``OUTCOME_NODE_BUDGET`` nodes to know)."""
    from reference.solvers import SolverBudgetExceeded, UnsupportedGame, solve

    if game.terminal(state):
        value = game.utility(state, game.to_move(state))
    elif game.name == "connect4":
        from reference.solvers.connect4 import solve_connect4

        try:
            value = solve_connect4(game, state, weak=True, node_budget=OUTCOME_NODE_BUDGET)
        except SolverBudgetExceeded:
            return None
    else:
        try:
            value = solve(game, state)
        except UnsupportedGame:
            return None
    return (value > 0) - (value < 0)


def _captures(game: Any, state: State) -> list[Action]:
    """Lines that complete a box (the mover claims it and moves again)."""
    out = []
    for a in game.actions(state):
        i = game.line_index[a]
        lines = state.lines | 1 << i
        if any(lines & m == m for m in game.line_box_masks[i]):
            out.append(a)
    return out


def _safe(game: Any, state: State, action: Action) -> bool:
    """Drawing ``action`` gives no box its third side."""
    i = game.line_index[action]
    lines = state.lines | 1 << i
    return all((lines & m).bit_count() != 3 for m in game.line_box_masks[i])


def _dots_best(game: Any, state: State) -> list[Action] | None:
    """The actions the exact solver rates best, or None when the position is too early to solve quickly."""
    from reference.solvers.dots_and_boxes import SolverBudgetExceeded, action_values

    if game.num_lines - state.lines.bit_count() > SOLVED_FREE_LINES:
        return None
    try:
        values = action_values(game, state, node_budget=SOLVER_NODE_BUDGET)
    except SolverBudgetExceeded:
        return None
    best = max(values.values())
    return [a for a, v in values.items() if v == best]


def _checked(game: Any, state: State, answers: list[Action]) -> Answer | None:
    """The answers, if the solver's best moves are all among them (unverified when it cannot tell)."""
    best = _dots_best(game, state)
    if best is None:
        return Answer(tuple(answers), verified=False)
    return Answer(tuple(answers)) if set(best) <= set(answers) else None


def _free_box(game: Any, state: State) -> Answer | None:
    captures = _captures(game, state)
    if not captures or len(captures) == len(game.actions(state)):
        return None
    return _checked(game, state, captures)


def _safe_move(game: Any, state: State) -> Answer | None:
    if _captures(game, state):
        return None
    legal = game.actions(state)
    safe = [a for a in legal if _safe(game, state, a)]
    if not safe or len(safe) == len(legal):
        return None
    return _checked(game, state, safe)


# --- tactics that need depth ---


class Connect4Cells(NamedTuple):
    """A Connect 4 position as bit masks (the reference's layout): where a disc can go now, and the
    free cells where the player to move (``mine``) or the opponent (``theirs``) would complete four."""

    playable: int
    mine: int
    theirs: int


def connect4_cells(game: Any, state: State) -> Connect4Cells:
    """The bit masks of ``state`` that the Connect 4 depth tactics read."""
    from reference.solvers.connect4 import solver_for

    winning = solver_for(game.rows, game.cols, game.k).winning_cells
    free = game.board_mask & ~state.mask
    return Connect4Cells((state.mask + game.bottom_mask) & game.board_mask, winning(state.current) & free,
                         winning(state.current ^ state.mask) & free)


def _quiet(game: Any, state: State) -> bool:
    """Neither side can win at once in this Connect 4 position, and there is a choice of moves."""
    if game.terminal(state) or len(game.actions(state)) < 2:
        return False
    cells = connect4_cells(game, state)
    return not cells.playable & (cells.mine | cells.theirs)


def makes_double_threat(game: Any, state: State, action: int) -> bool:
    """After ``action`` the opponent cannot win at once, and the mover has two winning cells it can
    play (or one with another right above it): the opponent can block only one."""
    after = connect4_cells(game, game.result(state, action))  # seen from the opponent's turn
    if after.playable & after.mine:
        return False  # the opponent wins at once
    ready = after.playable & after.theirs
    return ready.bit_count() >= 2 or bool(ready & (after.theirs >> 1))


def hands_over_a_win(game: Any, state: State, action: int) -> bool:
    """After ``action`` the opponent can win at once (in a quiet position: on the cell right above it)."""
    after = connect4_cells(game, game.result(state, action))
    return bool(after.playable & after.mine)


def _double_threat(game: Game, state: State) -> Answer | None:
    if not _quiet(game, state):
        return None
    legal = game.actions(state)
    answers = [a for a in legal if makes_double_threat(game, state, a)]
    if not answers or len(answers) == len(legal):
        return None
    if any(_forced_outcome(game, game.result(state, a)) not in (0, 1) for a in legal if a not in answers):
        return None  # another move forces a win too (or the solver could not tell)
    return Answer(tuple(answers))


def _avoid_trap(game: Game, state: State) -> Answer | None:
    if not _quiet(game, state):
        return None
    legal = game.actions(state)
    answers = [a for a in legal if not hands_over_a_win(game, state, a)]
    if not answers or len(answers) == len(legal):
        return None
    if any(_forced_outcome(game, game.result(state, a)) not in (0, -1) for a in answers):
        return None  # a safe move loses by force all the same (or the solver could not tell)
    return Answer(tuple(answers))


def _endgame_best(game: Any, state: State) -> list[Action] | None:
    """The solver's best moves in an endgame a search can take to the end, else None."""
    if game.num_lines - state.lines.bit_count() > ENDGAME_FREE_LINES:
        return None
    return _dots_best(game, state)


def _decline(game: Any, state: State) -> Answer | None:
    captures = _captures(game, state)
    if not captures:
        return None
    best = _endgame_best(game, state)
    if best is None or set(best) & set(captures):
        return None
    return Answer(tuple(best))


def _sacrifice(game: Any, state: State) -> Answer | None:
    legal = game.actions(state)
    if _captures(game, state) or any(_safe(game, state, a) for a in legal):
        return None
    best = _endgame_best(game, state)
    if best is None or len(best) == len(legal):
        return None
    return Answer(tuple(best))


def _search_sees(game: Any, tactic: Tactic) -> str:
    """What a correct search of the needed depth sees in a depth tactic's position, in words."""
    def moves(actions: Sequence[Action]) -> str:
        return ("column " if game.name == "connect4" else "") + _either(actions)

    others = [a for a in game.actions(tactic.state) if a not in tactic.answers]
    free = game.num_lines - tactic.state.lines.bit_count() if game.name == "dots_and_boxes" else 0
    return SEARCH_SEES[tactic.kind].format(answers=moves(tactic.answers), traps=moves(others), free=free)


ANSWERS: dict[str, Callable[[Game, State], Answer | None]] = {
    "win": _win,
    "block": _block,
    "free_box": _free_box,
    "safe_move": _safe_move,
    "double_threat": _double_threat,
    "avoid_trap": _avoid_trap,
    "decline": _decline,
    "sacrifice": _sacrifice,
}


def _either(answers: Sequence[Action]) -> str:
    shown = [repr(a) for a in answers[:6]]
    more = f" (or {len(answers) - 6} more)" if len(answers) > 6 else ""
    return (" or ".join(shown) if len(shown) <= 2 else ", ".join(shown[:-1]) + " or " + shown[-1]) + more


def _spread(wrong: list[tuple[Tactic, Any]], limit: int) -> list[tuple[Tactic, Any]]:
    """The first miss of each tactic, then further misses in order, up to ``limit``."""
    kinds_seen: set[str] = set()
    firsts = [i for i, (t, _) in enumerate(wrong) if not (t.kind in kinds_seen or kinds_seen.add(t.kind))]
    order = firsts + [i for i in range(len(wrong)) if i not in firsts]
    return [wrong[i] for i in order[:limit]]
