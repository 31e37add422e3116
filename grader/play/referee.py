"""The referee: plays one game on the reference game, which alone holds the true state; a
tournament's games and the strength check's games alike.

Each seat is asked for a move on the current state with the per-move time limit; a student's seat
gets the board in its own representation through :class:`~grader.adapt.StudentAgent`. A move that
is illegal, raises, crashes the worker or comes too late is a fault, handled by the policy:

- ``forfeit`` (default): the offender loses the game; the record names it and the reason;
- ``random``: a random legal move (seeded by the game) is played for the offender and the game
  goes on.

Either way every fault is in the record's ``faults`` (who, at which move, what kind, in words).

Before a game each seat is told the game's seed (:meth:`Seat.start_game`): a student's sandbox,
kept open across games, reseeds the student's ``random`` and ``numpy.random`` from it, so a game
replays the same whichever worker plays it and in whatever order.

A game may have a ``deadline`` (the strength check's time budget): past it the game is abandoned
unfinished, and nothing is recorded.
"""

from __future__ import annotations

import random
import time
import zlib
from typing import Any, Callable, Mapping, Protocol, Sequence

from grader.adapt import Move, StudentAgent
from grader.adapt.agents import time_spent
from grader.sandbox import Sandbox
from grader.play import FAULT_POLICIES
from grader.play.records import GameRecord, ScheduledGame, course_action
from reference.agents import make_agent
from reference.games.base import Game, State

RESEED_SECONDS = 5.0  # reseeding takes microseconds; this only bounds a worker that stopped answering


class Seat(Protocol):
    """A player at the table: answers a move for the side to move in a reference state."""

    def start_game(self, seed: int) -> None:
        """Get ready for a new game whose randomness derives from ``seed``."""

    def move(self, game: Game, state: State, seconds: float) -> Move: ...


class ReferenceSeat:
    """A reference agent, in this process, given the move limit as its deadline (trusted: never faulted for time)."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self.agent = make_agent(spec)

    def start_game(self, seed: int) -> None:
        self.agent = make_agent(self.spec, seed=seed)  # a fresh agent: no state carried between games

    def move(self, game: Game, state: State, seconds: float) -> Move:
        start = time.perf_counter()
        try:
            action = self.agent.choose(game, state, start + seconds)
        except Exception as e:  # noqa: BLE001 - a reference bug is recorded like any fault
            return Move(ok=False, error=f"raised {type(e).__name__}: {e}", kind="exception",
                        seconds=time.perf_counter() - start)
        return Move(action=action, ok=True, seconds=time.perf_counter() - start)


class StudentSeat:
    """A student's agent in its sandbox, asked once on the course board with the move limit as its timeout.

    Given its ``sandbox``, the seat reseeds the student's code before each game; without, the
    student's randomness runs on from game to game. ``last`` is the agent's last answer (a check
    shows a forfeit with it); ``seconds`` the student time its moves took so far (CPU time; a timeout counts
    the move limit)."""

    def __init__(self, agent: StudentAgent, sandbox: Sandbox | None = None) -> None:
        self.agent = agent
        self.sandbox = sandbox
        self.last: Move | None = None
        self.seconds = 0.0

    def start_game(self, seed: int) -> None:
        if self.sandbox is not None:
            self.sandbox.reseed(seed, timeout=RESEED_SECONDS)  # a failure shows in the moves

    def move(self, game: Game, state: State, seconds: float) -> Move:
        self.last = self.agent.move(game.to_course(state), game.to_move(state), timeout=seconds)
        self.seconds += time_spent(self.last, seconds)
        return self.last


class AbsentSeat:
    """A participant whose agent could not be opened for this game: every move is a fault saying why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def start_game(self, seed: int) -> None:
        pass

    def move(self, game: Game, state: State, seconds: float) -> Move:
        return Move(ok=False, error=self.reason, kind="unavailable")


def seat_seed(seed: int, game_id: str, player: int) -> int:
    """The seed of one seat's randomness in one game: from the tournament seed and the game id alone,
    so a game replays the same on any worker, in any order."""
    return zlib.crc32(f"{seed}:{game_id}:{'first' if player == 1 else 'second'}".encode())


def fault_words(name: str, move: Move, seconds: float) -> str:
    """A fault in words, e.g. ``"timeout: alice took more than 1 s"``."""
    if move.kind == "timeout":
        return f"timeout: {name} took more than {seconds:g} s"
    kind = move.kind or "error"
    error = move.error[len(kind) + 2:] if move.error.startswith(f"{kind}: ") else move.error
    return f"{kind}: {name} {error}".strip()


def end_reason(game: Game, state: State, names: Mapping[int, str]) -> str:
    """How a finished game ended, in the game's words."""
    return game.end_words(state, names)


def play_game(game: Game, scheduled: ScheduledGame, seats: Mapping[int, Seat], *, move_seconds: float,
              on_fault: str = "forfeit", seed: int = 0, seat_seeds: Mapping[int, int] | None = None,
              stop: Callable[[], bool] | None = None) -> GameRecord | None:
    """Play ``scheduled`` from its opening with ``seats[+1]`` moving first; the finished :class:`GameRecord`.

    Each seat starts the game with its ``seat_seeds`` entry (default: :func:`seat_seed` of ``seed``).
    None when ``stop()``, asked before each move, said the game must stop unfinished (a check's budget
    of the student's time is used up)."""
    if on_fault not in FAULT_POLICIES:
        raise ValueError(f"unknown fault policy {on_fault!r}; choose one of {', '.join(FAULT_POLICIES)}")
    names = {1: scheduled.first, -1: scheduled.second}
    for player, seat in seats.items():
        seat.start_game(seat_seeds[player] if seat_seeds is not None else seat_seed(seed, scheduled.game_id, player))
    rng = random.Random(f"{seed}:{scheduled.game_id}:faults")
    state = game.initial_state()
    line = [course_action(action) for action in scheduled.opening]
    for action in line:
        state = game.result(state, action)
    moves: list[Any] = []
    movers: list[int] = []
    seconds: list[float] = []
    faults: list[dict[str, Any]] = []
    while not game.terminal(state):
        if stop is not None and stop():
            return None
        player = game.to_move(state)
        move = seats[player].move(game, state, move_seconds)
        legal = game.actions(state)
        if move.ok and move.action not in legal:  # a seat's own check should have caught it
            move = Move(ok=False, error=f"returned {move.action!r}, which is not a legal move here",
                        kind="illegal", seconds=move.seconds)
        action = move.action
        if not move.ok:
            words = fault_words(names[player], move, move_seconds)
            faults.append({"player": names[player], "ply": len(moves) + 1, "kind": move.kind or "error",
                           "message": words})
            if on_fault == "forfeit":
                return _record(game, scheduled, moves, movers, seconds, result=-player,
                               reason=words, forfeit=names[player], faults=faults)
            action = rng.choice(legal)
        moves.append(action)
        movers.append(player)
        seconds.append(round(move.seconds, 6))
        state = game.result(state, action)
        # a seat that builds positions through the student's own code replays the game's moves, never a search
        # for a line of play that may not find one within its budget
        game.remember(state, line + moves)
    winner = game.winner(state)
    reason = end_reason(game, state, names)
    if faults:
        reason += f"; {len(faults)} fault(s), a random move played instead (see faults)"
    return _record(game, scheduled, moves, movers, seconds, result=winner or 0, reason=reason, faults=faults)


def final_state(game: Game, record: GameRecord) -> State:
    """The position a recorded game ended in (or where its forfeit happened), replayed from its moves."""
    state = game.initial_state()
    for action in [*record.opening, *record.moves]:
        state = game.result(state, course_action(action))
    return state


def _record(game: Game, scheduled: ScheduledGame, moves: list, movers: list, seconds: list, *, result: int,
            reason: str, forfeit: str | None = None, faults: Sequence[dict[str, Any]] = ()) -> GameRecord:
    return GameRecord(game_id=scheduled.game_id, pair_id=scheduled.pair_id, game=game.name, size=game.dimensions(),
                      first=scheduled.first, second=scheduled.second, opening=list(scheduled.opening),
                      moves=moves, movers=movers, result=result, reason=reason, forfeit=forfeit, seconds=seconds,
                      faults=list(faults))
