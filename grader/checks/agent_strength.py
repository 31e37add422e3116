"""Games against a reference opponent: does the agent beat it often enough?

Games come in colour-swapped pairs: both games of a pair start from the same seeded random opening,
once with the student's agent moving first and once second, so neither side profits from a lucky
opening. An opening no longer than the game's own (``Game.opening_plies``: enough to vary the games, few
enough to stay balanced) is drawn at random. A longer one is the first of a few random ones that is quiet
(neither side can win at its next move: the first move is then no one-move tactic, which the tactics
checks judge) and that a shallow reference search judges even (:func:`grader.play.openings.opening_value`, within the game's
``opening_tolerance``; the most even when none is), so it hands neither side the game: the rubric's
games against random start 12 plies in, so each is a few student moves, where most of a check's time
went. The referee plays them (``grader.play.referee``, as in tournaments) with the
forfeit policy: an illegal move, an exception or a timeout of the student's agent loses that game
(the feedback says which and where). Draws count half. The check starts no game once the agent has spent its
budget of CPU time (its share of the task's, :mod:`grader.checks._budget`; a game started is played on up to
twice that), and its verdict, unless already decided, rests on the games finished by then and goes to
``review``. An agent that runs out of time game after game (as many timeouts as make the other agent checks give up,
:func:`grader.checks._agent_moves.gives_up`) stops playing: the planned games not played count as lost,
never as won.

Params: ``opponent`` (a reference agent spec, default ``"random"``), ``games`` (default 10, rounded
up to whole pairs), ``threshold`` (the score share that earns full credit; default 0.8 against
``random``, 0.5 against any other opponent; below it credit falls linearly), ``max_games`` (default
three times ``games``) and ``opening_plies`` (random moves before the agents take over; default 2 in
tic-tac-toe, 4 otherwise).

A score near the threshold is decided with confidence (:mod:`grader.checks._confidence`): after the
planned games, while the score's interval holds the threshold and one game going the other way would
change the credit, another pair is played, up to ``max_games``. An agent that wins every game stops at
the planned games; one that wins three of four plays on until the interval clears the line. Play stops
early once the planned games cannot change the credit any more (enough won for full credit).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from grader.adapt import Move, StudentAgent
from grader.check_params import AgentStrengthParams
from grader.checks._agent_moves import agent_or_outcome, failure_words, gives_up, move_limit, provisional_words, \
    show_move, student_time
from grader.checks._confidence import clear_of, share_interval
from grader.checks._disk_cache import cached, code_version, hashable
from grader.checks.base import Check, Outcome
from grader.checks.context import CheckContext
from grader.results import BoardShown
from grader.play.openings import opening_value
from grader.play.records import GameRecord, ScheduledGame, course_action
from grader.play.referee import ReferenceSeat, StudentSeat, final_state, play_game
from reference.games.base import Action, Game, State
from reference.tactics.in_a_row import immediate_wins, threats

if TYPE_CHECKING:
    from grader.rubric import CheckSpec

SHOWN = 3
#: the student's name in the games' records, and the start of their ids (``game3`` is the third game)
STUDENT = "student"
GAME_ID = "game"
#: random openings drawn for each pair before the most even one is taken
OPENING_TRIES = 20


class AgentStrength(Check):
    """An agent wins enough colour-swapped games against a reference opponent."""

    Params = AgentStrengthParams

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        params = spec.settings  # the opponent is a reference agent: the rubric was refused otherwise
        opponent_spec = params.opponent
        agent = agent_or_outcome(ctx, spec)
        if isinstance(agent, Outcome):
            return agent
        game = ctx.game
        pairs = max(1, (params.games + 1) // 2)
        most_pairs = max(pairs, ((6 * pairs if params.max_games is None else params.max_games) + 1) // 2)
        threshold = params.threshold if params.threshold is not None else 0.8 if opponent_spec == "random" else 0.5
        plies = game.opening_plies if params.opening_plies is None else params.opening_plies
        limit = move_limit(ctx)
        allowance = student_time(ctx, spec, limit)
        budget = allowance.seconds

        def spent() -> bool:  # no further game: none at all when nothing was left for this check
            return student_seat.seconds > budget or budget <= 0

        def abandoned() -> bool:  # a game started within the budget is played on to twice it: not time lost
            return student_seat.seconds > 2 * budget
        rng = ctx.rng(f"agent_strength:{spec.target}:{opponent_spec}")
        out_of_time = False  # the budget kept a game from being played or finished

        student_seat = StudentSeat(agent)  # not reseeded: the student's randomness runs on from game to game
        records: list[GameRecord] = []  # the finished games
        forfeits: dict[str, Move] = {}  # game id -> the student's failed move that lost it
        given_up = False  # the agent ran out of time so often that the planned games left count as lost
        for pair in range(most_pairs):
            if given_up:
                break
            points = sum(r.points(STUDENT) for r in records)
            if pair < pairs and records and points >= threshold * 2 * pairs:
                break  # the planned games left cannot change the credit
            if pair >= pairs and (len(records) < 2 * pair or settled(points, len(records), threshold)):
                break  # the verdict is clear (or the budget ran out)
            if spent():
                out_of_time = True
                break
            if plies <= game.opening_plies:  # short enough to stay balanced, drawn as it always was
                opening = tuple(_short_opening(game, rng, plies))
            else:  # a later opening, judged even
                opening = pair_opening(game, plies, f"{ctx.seed}:agent_strength:{spec.target}:{opponent_spec}:{pair}")
            for student in (1, -1):
                if spent():
                    out_of_time = True
                    break
                names = (STUDENT, opponent_spec) if student == 1 else (opponent_spec, STUDENT)
                number = 2 * pair + (1 if student == 1 else 2)
                scheduled = ScheduledGame(f"{GAME_ID}{number}", f"pair{pair + 1}", *names, pair, opening)
                seats = {student: student_seat, -student: ReferenceSeat(opponent_spec)}
                record = play_game(game, scheduled, seats, move_seconds=limit,
                                   stop=abandoned,
                                   seat_seeds={student: 0, -student: rng.randrange(2**31)})  # 0: no sandbox to reseed
                if record is None:
                    out_of_time = True
                    continue  # unfinished within the budget: not graded
                records.append(record)
                if record.forfeit == STUDENT:
                    forfeits[record.game_id] = student_seat.last
                    if gives_up(agent, sum(m.kind == "timeout" for m in forfeits.values())):
                        given_up = True
                        break
        unplayed = max(0, 2 * pairs - len(records)) if given_up else 0
        outcome = _grade(ctx, agent, records, forfeits, 2 * pairs, opponent_spec, threshold, limit, unplayed)
        points = sum(r.points(STUDENT) for r in records)
        if not out_of_time or given_up or points >= threshold * 2 * pairs:  # decided: the budget changed nothing
            return outcome
        if len(records) < 2 * pairs:
            note = provisional_words(len(records), 2 * pairs, "games", allowance, "played")
            return allowance.undecided(outcome, note, planned_all_asked=False)
        return allowance.undecided(outcome, f"the score is close to the {threshold:.0%} line and more games would have "
                                   f"been played, but {allowance.words()}", planned_all_asked=True)


def settled(points: float, games: int, threshold: float) -> bool:
    """Whether a score of ``points`` in ``games`` decides the credit: its interval is clear of the threshold,
    or one game going the other way (a point more or less) would not change the credit."""
    if clear_of(threshold, share_interval(points, games)):
        return True
    credits = {round(_credit(p, games, threshold), 9) for p in (max(0.0, points - 1), points, min(games, points + 1))}
    return len(credits) == 1


def _credit(points: float, games: int, threshold: float) -> float:
    return min(1.0, (points / games) / threshold) if threshold > 0 else 1.0


def _short_opening(game: Game, rng: random.Random, plies: int) -> list[Action]:
    """Random moves from the start that leave the game unfinished (shorter if the board is tiny)."""
    for length in range(plies, -1, -1):
        for _ in range(20):
            state, moves = _random_moves(game, rng, length)
            if not game.terminal(state):
                return moves
    return []


def _random_moves(game: Game, rng: random.Random, length: int) -> tuple[State, list[Action]]:
    """Up to ``length`` random moves from the start (fewer when the game ends first), and where they lead."""
    state, moves = game.initial_state(), []
    while len(moves) < length and not game.terminal(state):
        moves.append(rng.choice(game.actions(state)))
        state = game.result(state, moves[-1])
    return state, moves


def pair_opening(game: Game, plies: int, salt: str) -> tuple[Action, ...]:
    """The opening of one pair of games, from its own seed (``salt``): the same for every submission, so it is
    found once per class and kept on disk (:mod:`grader.checks._disk_cache`)."""
    key = {"game": game.name, "board": game.dimensions(), "plies": plies, "salt": salt, "tries": OPENING_TRIES}
    found = cached("strength_openings", key, lambda: _opening(game, random.Random(salt), plies),
                   code=code_version("grader/checks/agent_strength.py", "grader/play/openings.py"))
    return tuple(hashable(a) for a in found)


def _opening(game: Game, rng: random.Random, plies: int, tries: int = OPENING_TRIES) -> list[Action]:
    """Random moves from the start that leave the game unfinished, quiet (no side can win at its next move, so
    the first move is not a one-move tactic that the tactics checks already judge) and roughly even (a shallow
    reference search judges it within the game's ``opening_tolerance``); the best of ``tries`` when none is
    both; shorter if the board is tiny."""
    for length in range(plies, -1, -1):
        found: list[tuple[bool, float, list[Action]]] = []
        for _ in range(tries):
            state, moves = _random_moves(game, rng, length)
            if game.terminal(state):
                continue
            value = opening_value(game, moves) if moves else 0.0
            if value is None:
                continue
            calm = quiet(game, state)
            if calm and abs(value) <= game.opening_tolerance:
                return moves
            found.append((not calm, abs(value), moves))
        if found:
            return min(found, key=lambda item: item[:2])[2]
    return []


def quiet(game: Game, state: State) -> bool:
    """Whether neither side can win at its next move in ``state``."""
    return not immediate_wins(game, state) and not threats(game, state)


def _grade(ctx: CheckContext, agent: StudentAgent, finished: list[GameRecord], forfeits: dict[str, Move],
           planned: int, opponent: str, threshold: float, limit: float, unplayed: int = 0) -> Outcome:
    """Credit by the score share of the finished games; ``unplayed`` planned games, not played once the agent
    kept running out of time, count as lost. With none finished (its budget ran out: the caller says so)
    nothing is earned yet."""
    if not finished:
        return Outcome(0.0, f"no game against {opponent} finished", status="timeout")
    scores = [r.points(STUDENT) for r in finished]
    score = sum(scores)
    won, drawn = scores.count(1.0), scores.count(0.5)
    lost = len(finished) - won - drawn
    forfeited = [r for r in finished if r.game_id in forfeits]
    counted = len(finished) + unplayed
    fraction = _credit(score, counted, threshold)
    message = (f"against {opponent}: won {won}, drew {drawn}, lost {lost + unplayed} of {counted} games "
               f"(score {score / counted:.0%}, {threshold:.0%} needed for full credit)")
    if unplayed:
        message += (f"; {unplayed} of the {planned} planned games were not played and count as lost: your agent ran "
                    "out of time in game after game")
    elif len(finished) > planned:
        message += (f"; {len(finished) - planned} games more than the {planned} planned were played, as the score was "
                    f"close to the {threshold:.0%} line")
    elif score >= threshold * planned and len(finished) < planned:
        message += f"; stopped after {len(finished)} of {planned} games: enough won for full credit"
    if forfeited:
        first = forfeited[0]
        message += f"; {len(forfeited)} lost by forfeit, first: game {_number(first)} " \
                   f"(playing {_side(first)}): {_outcome_words(first, forfeits, limit)}"
    shown = (forfeited + [r for r in finished if r.points(STUDENT) == 0.0 and r.game_id not in forfeits])[:SHOWN]
    boards = [_shown(ctx, agent, r, forfeits, opponent, limit) for r in shown]
    all_timeouts = forfeited and len(forfeited) == len(finished) and all(m.kind == "timeout" for m in forfeits.values())
    return Outcome(fraction, message, status="timeout" if all_timeouts else None, boards=boards)


def _number(record: GameRecord) -> int:
    return int(record.game_id.removeprefix(GAME_ID))


def _side(record: GameRecord) -> str:
    return "first" if record.first == STUDENT else "second"


def _outcome_words(record: GameRecord, forfeits: dict[str, Move], limit: float) -> str:
    """How the game ended for the student: won, drew, lost, or lost by forfeit and why."""
    if record.game_id in forfeits:
        move = len(record.opening) + len(record.moves) + 1
        return f"lost by forfeit at move {move}: {failure_words(forfeits[record.game_id], limit)}"
    return {1.0: "won", 0.5: "drew", 0.0: "lost"}[record.points(STUDENT)]


def _shown(ctx: CheckContext, agent: StudentAgent, record: GameRecord, forfeits: dict[str, Move], opponent: str,
           limit: float) -> BoardShown:
    played = " ".join(map(_move_text, record.moves)) or "none"
    opening = f"random opening {' '.join(map(_move_text, record.opening))}, then " if record.opening else ""
    caption = (f"game {_number(record)} against {opponent}, playing {_side(record)}: "
               f"{_outcome_words(record, forfeits, limit)} ({opening}moves {played})")
    state = final_state(ctx.game, record)
    if record.game_id in forfeits:
        return show_move(ctx, agent, state, caption, forfeits[record.game_id], expected="a legal move", limit=limit)
    last = (course_action(record.moves[-1]),) if record.moves else ()
    return ctx.show(ctx.game.to_course(state), caption, player=ctx.game.to_move(state),
                    expected="", returned="the final board", highlight=last)


def _move_text(action: Any) -> str:
    """A move in a caption: ``3``, ``h01`` (a record's actions are in JSON form: lines are lists)."""
    if isinstance(action, list):
        return "".join(map(str, action))
    return str(action)
