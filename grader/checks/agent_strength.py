"""Games against a reference opponent: does the agent beat it often enough?

Games come in colour-swapped pairs: both games of a pair start from the same seeded short random
opening, once with the student's agent moving first and once second, so neither side profits from
a lucky opening. The referee is the reference game: an illegal move, an exception or a timeout of
the student's agent loses that game (the feedback says which and where). Draws count half. The
check stops at the assignment's ``check_seconds`` and grades the games finished by then.

Params: ``opponent`` (a reference agent spec, default ``"random"``), ``games`` (default 10, rounded
up to whole pairs), ``threshold`` (the score share that earns full credit; default 0.8 against
``random``, 0.5 against any other opponent; below it credit falls linearly) and ``opening_plies``
(random moves before the agents take over; default 2 in tic-tac-toe, 4 otherwise).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grader.adapt import Move, StudentAgent
from grader.checks._agent_moves import agent_or_outcome, failure_words, move_limit, show_move
from grader.checks.base import Check, Outcome
from grader.checks.context import CheckContext
from reference.agents import Agent, make_agent
from reference.games.base import Action, Game, State

if TYPE_CHECKING:
    from grader.rubric import CheckSpec

SHOWN = 3


@dataclass
class GameRecord:
    """One refereed game, from the student's side."""

    number: int
    student: int  # the student's player, +1 (first) or -1
    opening: list[Action]
    moves: list[Action] = field(default_factory=list)
    state: State = None  # the final state, or where the student's agent failed
    score: float | None = None  # 1 win, 0.5 draw, 0 loss; None when cut short by the time budget
    forfeit: Move | None = None  # the failed move that lost the game

    @property
    def side(self) -> str:
        return "first" if self.student == 1 else "second"

    def outcome_words(self, limit: float) -> str:
        if self.forfeit is not None:
            return f"lost by forfeit at move {len(self.opening) + len(self.moves) + 1}: {failure_words(self.forfeit, limit)}"
        return {1.0: "won", 0.5: "drew", 0.0: "lost"}.get(self.score, "unfinished")


class AgentStrength(Check):
    """An agent wins enough colour-swapped games against a reference opponent."""

    target = "agent"
    words = "beats an opponent"
    params = {"games": int, "opening_plies": int, "opponent": str, "threshold": float}

    def describe(self, spec: CheckSpec) -> str:
        """``beats random``, ``beats alphabeta:2``: the opponent is the check's name."""
        return f"beats {spec.params.get('opponent', 'random')}"

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        opponent_spec = str(spec.params.get("opponent", "random"))
        try:
            make_agent(opponent_spec)
        except ValueError as e:
            return Outcome(0.0, f"params.opponent: {e}", status="error")
        agent = agent_or_outcome(ctx, spec)
        if isinstance(agent, Outcome):
            return agent
        game = ctx.game
        pairs = max(1, (int(spec.params.get("games", 10)) + 1) // 2)
        threshold = float(spec.params.get("threshold", 0.8 if opponent_spec == "random" else 0.5))
        plies = int(spec.params.get("opening_plies", game.opening_plies))
        limit, budget = move_limit(ctx), ctx.assignment.limits.check_seconds
        rng = ctx.rng(f"agent_strength:{spec.target}:{opponent_spec}")

        deadline = time.perf_counter() + budget
        records: list[GameRecord] = []
        for pair in range(pairs):
            opening = _opening(game, rng, plies)
            for student in (1, -1):
                if time.perf_counter() > deadline:
                    break
                opponent = make_agent(opponent_spec, seed=rng.randrange(2**31))
                records.append(play(game, agent, opponent, GameRecord(len(records) + 1, student, opening),
                                    limit, deadline))
        return _grade(ctx, agent, records, 2 * pairs, opponent_spec, threshold, limit, budget)


def play(game: Game, agent: StudentAgent, opponent: Agent, record: GameRecord, limit: float,
         deadline: float) -> GameRecord:
    """Referee one game from ``record.opening``; the student's failed move loses it at once."""
    state = game.initial_state()
    for action in record.opening:
        state = game.result(state, action)
    while not game.terminal(state):
        if time.perf_counter() > deadline:
            record.state = state
            return record  # unfinished: not graded
        player = game.to_move(state)
        if player == record.student:
            move = agent.move(game.to_course(state), player, timeout=limit)
            if not move.ok:
                record.state, record.forfeit, record.score = state, move, 0.0
                return record
            action = move.action
        else:
            action = opponent.choose(game, state, time.perf_counter() + limit)
        record.moves.append(action)
        state = game.result(state, action)
    winner = game.winner(state)
    record.state = state
    record.score = 0.5 if winner is None else 1.0 if winner == record.student else 0.0
    return record


def _opening(game: Game, rng: random.Random, plies: int) -> list[Action]:
    """Random moves from the start that leave the game unfinished (shorter if the board is tiny)."""
    for length in range(plies, -1, -1):
        for _ in range(20):
            state, moves = game.initial_state(), []
            while len(moves) < length and not game.terminal(state):
                moves.append(rng.choice(game.actions(state)))
                state = game.result(state, moves[-1])
            if not game.terminal(state):
                return moves
    return []


def _grade(ctx: CheckContext, agent: StudentAgent, records: list[GameRecord], planned: int, opponent: str,
           threshold: float, limit: float, budget: float) -> Outcome:
    finished = [r for r in records if r.score is not None]
    if not finished:
        return Outcome(0.0, f"no game against {opponent} finished within the check's {budget:g} s budget",
                       status="timeout")
    score = sum(r.score for r in finished)
    won = sum(r.score == 1.0 for r in finished)
    drawn = sum(r.score == 0.5 for r in finished)
    forfeits = [r for r in finished if r.forfeit is not None]
    lost = len(finished) - won - drawn
    fraction = min(1.0, (score / len(finished)) / threshold) if threshold > 0 else 1.0
    message = (f"against {opponent}: won {won}, drew {drawn}, lost {lost} of {len(finished)} games "
               f"(score {score / len(finished):.0%}, {threshold:.0%} needed for full credit)")
    if len(finished) < planned:
        message += (f"; stopped after {len(finished)} of {planned} games: the check's {budget:g} s budget "
                    f"was used up, graded on the games played")
    if forfeits:
        message += f"; {len(forfeits)} lost by forfeit, first: game {forfeits[0].number} " \
                   f"(playing {forfeits[0].side}): {forfeits[0].outcome_words(limit)}"
    shown = (forfeits + [r for r in finished if r.score == 0.0 and r.forfeit is None])[:SHOWN]
    boards = [_shown(ctx, agent, r, opponent, limit) for r in shown]
    all_timeouts = forfeits and len(forfeits) == len(finished) and all(r.forfeit.kind == "timeout" for r in forfeits)
    return Outcome(fraction, message, status="timeout" if all_timeouts else None, boards=boards)


def _shown(ctx: CheckContext, agent: StudentAgent, record: GameRecord, opponent: str, limit: float) -> Any:
    played = " ".join(map(_move_text, record.moves)) or "none"
    opening = f"random opening {' '.join(map(_move_text, record.opening))}, then " if record.opening else ""
    caption = (f"game {record.number} against {opponent}, playing {record.side}: {record.outcome_words(limit)} "
               f"({opening}moves {played})")
    if record.forfeit is not None:
        return show_move(ctx, agent, record.state, caption, record.forfeit, expected="a legal move", limit=limit)
    last = (record.moves[-1],) if record.moves else ()
    return ctx.show(ctx.game.to_course(record.state), caption, player=ctx.game.to_move(record.state),
                    expected="", returned="the final board", highlight=last)


def _move_text(action: Action) -> str:
    if isinstance(action, tuple):
        return "".join(map(str, action))
    return str(action)
