"""Tactics: positions where the right move is clear, found by the reference, and whether the agent plays it.

Each game names its tactics (:mod:`reference.tactics` finds and explains them): tic-tac-toe and
Connect 4 ``win`` and ``block``, Dots and Boxes ``free_box`` and ``safe_move``; tactics that need
search depth are asked for by name (``kinds``), usually as a check of their own: Connect 4
``double_threat``, ``avoid_trap`` and ``avoid_double_threat``, Dots and Boxes ``decline`` and
``sacrifice``. An agent whose depth parameter defaults to fewer moves than a tactic needs is asked that
tactic's positions with its depth parameter set to the depth the tactic needs (a correct search of its
own default depth could not see them; a check never gives points for positions it did not ask).

Params: ``kinds`` (default: the game's one-ply tactics), ``positions`` per tactic (default 10), ``line``
(default 0.6: the share of positions an agent must play to be said to play these tactics) and
``max_positions`` per tactic (default twice ``positions``). A share near the line is decided with
confidence (:mod:`grader.checks._confidence`): while its 90% interval holds the line and one position the
other way would move it across, more positions of the same seeded series are asked, one of each tactic
at a time, up to ``max_positions``. Credit stays the share of positions played. Positions the check's budget
of student time (:mod:`grader.checks._budget`) leaves unasked are not judged: among the planned ones, the credit
rests on those asked and goes to ``review``; beyond them, the share stands, with a note.

Positions come from seeded random play, each random game giving at most one position per tactic
(so positions are not near-copies); positions the exact solver confirmed come first, and ones
judged by the one-ply rule alone (too early for the solver) only make up a shortfall. A tactic given by
hand-built positions (:func:`reference.tactics.hand_built_kind`; Mean Connect 4's ``mean_move_win``) is
asked on those instead, all of them and no more: ``positions``, ``max_positions`` and ``line`` are not
its, and its credit is the share played.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from grader.adapt.search_parameters import default_depth, depth_parameter
from grader.check_params import AgentTacticsParams
from grader.checks._confidence import settled_share
from grader.checks._disk_cache import cached, code_version, remembered
from grader.checks._agent_moves import agent_or_outcome, ask, failure_words, gives_up, move_limit, provisional_words, \
    show_move, student_time
from grader.checks.base import Check, Outcome, share
from grader.checks.context import CheckContext
from reference.games.base import Action, Game, State
from reference.positions import random_line
from reference.tactics import TACTICS, either

if TYPE_CHECKING:
    from grader.rubric import CheckSpec


GAMES_PER_POSITION = 20  # random games tried per wanted position before giving up
SHOWN = 3


@dataclass(frozen=True)
class Tactic:
    """A position, the tactic it tests and the actions that count as right."""

    kind: str
    state: State
    answers: tuple[Action, ...]
    verified: bool = True  # False: judged by the one-ply rule only (too early for the exact solver)


class AgentTactics(Check):
    """An agent plays the clearly right move in tactic positions the reference finds."""

    Params = AgentTacticsParams

    def prepare(self, ctx: CheckContext, spec: CheckSpec) -> dict:
        """Find this check's positions once for a batch (seconds of solver work on Connect 4)."""
        request = _request(ctx, spec, _kinds(ctx.game, spec))
        return {request: tactic_positions(*request)}

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        game = ctx.game
        available = game.tactics + game.depth_tactics
        kinds = _kinds(game, spec)
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
        deeper = asked_deeper(tactics, agent)

        limit = move_limit(ctx)
        budget = student_time(ctx, spec, limit)
        right: dict[str, int] = {k: 0 for k in kinds}
        wrong: list[tuple[Tactic, Any]] = []
        stopped = ""
        line = spec.settings.line
        most = max(request[2], 2 * request[2] if spec.settings.max_positions is None else spec.settings.max_positions)
        asked: list[Tactic] = []
        out_of_time = False  # the budget stopped it before the share was settled
        more_exist = any(TACTICS[k].hand_built is None for k in kinds)  # hand-built ones are all asked at once

        def unsettled() -> bool:
            nonlocal out_of_time
            if stopped or not more_exist or settled_share(sum(right.values()), len(asked), line):
                return False
            out_of_time = budget.used_up  # no more positions found, nor asked, once the budget is spent
            return not out_of_time

        def more() -> list[Tactic]:
            return further_positions(tactics, tactic_positions(request[0], request[1], most, request[3]))

        for tactic in _planned_then_more(tactics, more, unsettled, most * len(kinds)):
            if budget.used_up:
                out_of_time = True
                break
            asked.append(tactic)
            if tactic not in tactics:
                deeper.update(asked_deeper([tactic], agent))
            move = ask(ctx, agent, tactic.state, limit, label=spec.target, options=deeper.get(tactic.kind),
                       budget=budget)
            if move.ok and move.action in tactic.answers:
                right[tactic.kind] += 1
            else:
                wrong.append((tactic, move))
                timeouts = sum(m.kind == "timeout" for _, m in wrong)
                if gives_up(agent, timeouts):
                    stopped = f"stopped after {timeouts} timeout{'s' if timeouts > 1 else ''}"
                    break

        planned = len(tactics)
        extra = max(0, len(asked) - planned)
        # untried planned positions count as missed, unless the budget stopped it: then only those asked are judged
        tactics = asked if out_of_time and len(asked) < planned else list(tactics) + asked[planned:]
        totals = {k: sum(t.kind == k for t in tactics) for k in kinds}
        message = "; ".join(f"{TACTICS[k].words}: {right[k]} of {totals[k]}" for k in kinds if totals[k])
        if wrong:
            tactic, move = wrong[0]
            played = f"played {move.action!r}" if move.ok else failure_words(move, limit)
            sees = TACTICS[tactic.kind].sees
            if sees is not None:  # a tactic that needs depth: say what a search of that depth sees
                message += f". First miss ({tactic.kind}): {sees(game, tactic.state, tactic.answers)}; " \
                           f"your agent {played}"
            else:
                message += f". First miss ({tactic.kind}): expected {either(tactic.answers)}, {played}"
        if stopped:
            message += f"; {stopped} (positions not tried count as missed)"
        if extra:
            message += (f"; {extra} positions more than the {len(tactics) - extra} planned were asked, as the share was "
                        f"close to {line:.0%}")
        if deeper:
            message += "; " + deeper_words(deeper, tactics, agent)
        shown = _spread(wrong, SHOWN)
        boards = [show_move(ctx, agent, t.state, f"{t.kind}: the agent should play {either(t.answers)}", m,
                            expected=either(t.answers), limit=limit, highlight=t.answers) for t, m in shown]
        timed_out = any(m.kind == "timeout" for _, m in wrong)
        done = sum(right.values())
        outcome = Outcome(share(done, len(tactics)), message, status="timeout" if timed_out and done == 0 else None,
                          boards=boards)
        if not out_of_time:
            return outcome
        if len(asked) < planned:
            return budget.undecided(outcome, provisional_words(len(asked), planned, "positions", budget),
                                    planned_all_asked=False)
        return budget.undecided(outcome, f"the share is close to {line:.0%} and more positions would have been asked, "
                                f"but {budget.words()}", planned_all_asked=True)


def _planned_then_more(planned: Sequence[Tactic], more: Any, unsettled: Any, cap: int) -> Iterator[Tactic]:
    """The planned positions, then (found only if needed) more of the series while ``unsettled()``, up to ``cap``."""
    yield from planned
    extra: Iterator[Tactic] | None = None
    for _ in range(cap - len(planned)):
        if not unsettled():
            return
        if extra is None:
            extra = iter(more())
        tactic = next(extra, None)
        if tactic is None:
            return
        yield tactic


def further_positions(planned: Sequence[Tactic], series: Sequence[Tactic]) -> list[Tactic]:
    """The positions of a longer ``series`` not planned already, one of each tactic in turn."""
    by_kind: dict[str, list[Tactic]] = {}
    for t in series:
        if t not in planned:
            by_kind.setdefault(t.kind, []).append(t)
    rounds = max((len(v) for v in by_kind.values()), default=0)
    return [ts[i] for i in range(rounds) for ts in by_kind.values() if i < len(ts)]


def asked_deeper(tactics: Sequence[Tactic], agent: Any) -> dict[str, dict[str, int]]:
    """Per tactic a search of the agent's default depth cannot see, the option that asks it deep enough
    (``{"max_depth": 4}``): a correct search of its own depth is not charged for what only a deeper one sees,
    and is not given those points without being asked either."""
    depth, name = default_depth(agent), depth_parameter(agent)
    if depth is None or name is None:
        return {}
    return {t.kind: {name: TACTICS[t.kind].depth} for t in tactics if (TACTICS[t.kind].depth or 0) > depth}


def deeper_words(deeper: dict[str, dict[str, int]], tactics: Sequence[Tactic], agent: Any) -> str:
    """The positions asked deeper than the agent's default depth, in words."""
    said = []
    for kind, options in deeper.items():
        (name, depth), = options.items()
        count, deep = sum(t.kind == kind for t in tactics), default_depth(agent)
        positions, were, them = ("position", "was", "it") if count == 1 else ("positions", "were", "them")
        said.append(f"the {count} {positions} where the agent {TACTICS[kind].words} {were} asked with "
                    f"{name}={depth}, the depth that sees {them} (your agent searches {deep} "
                    f"move{'s' if deep != 1 else ''} deep unless told otherwise)")
    return "; ".join(said)


def _kinds(game: Game, spec: CheckSpec) -> list[str]:
    """The tactics a check asks for: its ``kinds`` (one name or a list), else the game's one-ply tactics."""
    kinds = list(game.tactics) if spec.settings.kinds is None else spec.settings.kinds
    return [kinds] if isinstance(kinds, str) else list(kinds)


def _request(ctx: CheckContext, spec: CheckSpec, kinds: Sequence[str]) -> tuple[Game, tuple[str, ...], int, int]:
    """The arguments of :func:`tactic_positions` for a check. One seed for every agent of a run:
    the positions are found once and each agent faces the same ones."""
    return ctx.game, tuple(kinds), spec.settings.positions, ctx.rng("agent_tactics").randrange(2**31)


@remembered(maxsize=32)
def tactic_positions(game: Game, kinds: tuple[str, ...], count: int, seed: int) -> tuple[Tactic, ...]:
    """Up to ``count`` distinct positions of each tactic in ``kinds``, from seeded random games; a tactic
    given by hand-built positions, all of those instead.

    Each random game gives at most one position per tactic, so positions are not near-copies.
    Positions checked by the exact solver come first; unverified ones only make up a shortfall.
    Found once per class: kept on disk (:mod:`grader.checks._disk_cache`) by the game and the request.
    """
    key = {"game": game.name, "board": game.dimensions(), "kinds": list(kinds), "count": count, "seed": seed}
    found = cached("tactic_positions", key,
                   lambda: [_tactic_to_json(t) for t in _find_positions(game, kinds, count, seed)],
                   code=code_version("grader/checks/agent_tactics.py"))
    return tuple(_tactic_from_json(game, t) for t in found)


def _tactic_to_json(tactic: Tactic) -> dict:
    return {"kind": tactic.kind, "state": list(tactic.state), "answers": list(tactic.answers),
            "verified": tactic.verified}


def _tactic_from_json(game: Game, data: dict) -> Tactic:
    state_type = type(game.initial_state())  # every game's state is a named tuple of ints
    return Tactic(data["kind"], state_type(*data["state"]), tuple(_hashable(a) for a in data["answers"]),
                  data["verified"])


def _hashable(value: Any) -> Any:
    """An action read back from JSON: its lists are tuples again (a Dots and Boxes line ``('h', 0, 1)``)."""
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value


def _find_positions(game: Game, kinds: tuple[str, ...], count: int, seed: int) -> tuple[Tactic, ...]:
    built = {k: [Tactic(k, state, tuple(answers)) for state, answers in TACTICS[k].hand_built(game)]
             for k in kinds if TACTICS[k].hand_built is not None}
    played = _played_positions(game, tuple(k for k in kinds if k not in built), count, seed)
    return tuple(t for k in kinds for t in (built[k] if k in built else played[k]))


def _played_positions(game: Game, kinds: tuple[str, ...], count: int, seed: int) -> dict[str, list[Tactic]]:
    """Up to ``count`` positions of each tactic in ``kinds`` from seeded random games, by tactic."""
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
                answer = TACTICS[kind].find(game, state)
                if answer is None or not (answer.verified or spare):
                    continue
                seen.add(state)
                (found if answer.verified else reserve)[kind].append(Tactic(kind, state, answer.actions,
                                                                             answer.verified))
                if answer.verified:
                    break
                spare = False  # at most one unverified position per game, but keep looking for a verified one
    return {k: (found[k] + reserve[k])[:count] for k in kinds}


def _states_along(game: Game, moves: Sequence[Action]) -> list[State]:
    state, out = game.initial_state(), []
    for action in moves:
        out.append(state)
        state = game.result(state, action)
    return out


def _spread(wrong: list[tuple[Tactic, Any]], limit: int) -> list[tuple[Tactic, Any]]:
    """The first miss of each tactic, then further misses in order, up to ``limit``."""
    kinds_seen: set[str] = set()
    firsts = [i for i, (t, _) in enumerate(wrong) if not (t.kind in kinds_seen or kinds_seen.add(t.kind))]
    order = firsts + [i for i in range(len(wrong)) if i not in firsts]
    return [wrong[i] for i in order[:limit]]
