"""Where games are played: in this process, in local worker processes, or on a Dask cluster (the
executors of :mod:`grader.executors`, which grading uses too).

A :class:`GameTask` is plain data (the scheduled game, both participants with their code, the
assignment): it can be pickled to any worker. :func:`play_task` plays it there and returns the
record as a dict. A worker keeps each student's sandbox open across games (up to
``OPEN_SANDBOXES`` at a time, least recently used closed first), so loading and the untimed
warm-up move are paid once per participant per worker, not per game; the referee reseeds the
student's randomness for each game, so which worker plays a game, and after what, changes nothing.

Executors yield records as games finish; the caller (the parent) is the only writer of games.jsonl.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from grader.executors import DaskCluster, Executor, ProcessPool, ThisProcess
from grader.rubric import Assignment
from grader.sandbox import Sandbox, SandboxError
from grader.tournament.participants import Participant, open_student_agent, warm_up
from grader.play.records import GameRecord, ScheduledGame
from grader.play.referee import AbsentSeat, ReferenceSeat, Seat, StudentSeat, play_game

#: student sandboxes one worker keeps open (each is a zygote and a worker process, ~30 MB together):
#: a class of this many plays with every sandbox opened once per worker; bigger classes are played
#: in blocks of students (:func:`locality_order`) so that a sandbox is rarely reopened
OPEN_SANDBOXES = 24


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play one game."""

    scheduled: ScheduledGame
    first: Participant
    second: Participant
    assignment: Assignment
    move_seconds: float
    on_fault: str = "forfeit"
    seed: int = 0
    isolation: str | None = None


# --- one worker's open sandboxes ------------------------------------------------------------

_open_seats: "OrderedDict[tuple, tuple[Sandbox | None, Seat]]" = OrderedDict()


def _student_seat(participant: Participant, task: GameTask) -> Seat:
    """The participant's seat, reusing its open sandbox; opening it includes the untimed warm-up move."""
    key = (participant.name, participant.label, zlib.crc32("\0".join(participant.cells).encode()),
           task.assignment.game, tuple(sorted(task.assignment.board.items())))
    if key in _open_seats:
        _open_seats.move_to_end(key)
        return _open_seats[key][1]
    while len(_open_seats) >= OPEN_SANDBOXES:
        _, (old_box, _) = _open_seats.popitem(last=False)
        if old_box is not None:
            old_box.close()
    box: Sandbox | None = None
    try:
        box, agent = open_student_agent(participant.cells, task.assignment, participant.label, participant.aliases,
                                        isolation=task.isolation, seed=task.seed)
        if isinstance(agent, str):
            seat: Seat = AbsentSeat(f"could not play: {agent}")
        else:
            warm_up(agent)  # a fault here shows again, timed, in the game's own moves
            seat = StudentSeat(agent, box)
    except SandboxError as e:
        seat = AbsentSeat(f"could not play: the sandbox failed: {e}")
    _open_seats[key] = (box, seat)
    return seat


def close_open_sandboxes() -> None:
    """Close every sandbox this process keeps open (a worker calls this when it stops)."""
    while _open_seats:
        _, (box, _) = _open_seats.popitem()
        if box is not None:
            box.close()


def _seat(participant: Participant, task: GameTask) -> Seat:
    if participant.is_reference:
        assert participant.spec is not None
        return ReferenceSeat(participant.spec)  # the referee seeds it for the game
    return _student_seat(participant, task)


def play_task(task: GameTask) -> dict:
    """Play one game (in whatever process runs this) and return its record as a plain dict."""
    game = task.assignment.make_game()
    seats = {1: _seat(task.first, task), -1: _seat(task.second, task)}
    record = play_game(game, task.scheduled, seats, move_seconds=task.move_seconds, on_fault=task.on_fault,
                       seed=task.seed)
    assert record is not None  # no deadline: the game is played to its end
    return record.to_dict()


# --- executors (grader.executors) -----------------------------------------------------------


def play_here(tasks: Iterable[GameTask]) -> Iterator[GameRecord]:
    """Play the games one after another in this process, in schedule order."""
    return _records(ThisProcess(finish=close_open_sandboxes).map(play_task, list(tasks)))


def _init_worker() -> None:
    # multiprocessing children skip atexit: a Finalize with a priority runs when the worker stops.
    import signal
    from multiprocessing import util

    util.Finalize(None, close_open_sandboxes, exitpriority=10)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent ends the pool


def _records(played: Iterator[tuple[GameTask, dict]]) -> Iterator[GameRecord]:
    try:
        for _, record in played:
            yield GameRecord.from_dict(record)
    finally:  # stopped early: the executor ends its workers now, not when the generator is collected
        played.close()


def locality_order(tasks: Sequence[GameTask], capacity: int | None = None) -> list[GameTask]:
    """``tasks`` reordered so that a worker keeping ``capacity`` sandboxes open seldom has to reopen one.

    With more students than ``capacity``, students are split into blocks of ``capacity // 2`` and the
    games are played block pair by block pair, (0, 0), (0, 1), ... (0, k), (1, 1), ...: each block
    pair needs at most ``capacity`` sandboxes and block i stays open along its row. In schedule
    order, LRU would reopen a sandbox for nearly every game. Otherwise the order is kept.
    ``capacity`` defaults to :data:`OPEN_SANDBOXES`.
    """
    capacity = OPEN_SANDBOXES if capacity is None else capacity
    students = sorted({p.name for t in tasks for p in (t.first, t.second) if not p.is_reference})
    if len(students) <= capacity:
        return list(tasks)
    size = max(1, capacity // 2)
    block = {name: i // size for i, name in enumerate(students)}

    def key(item: tuple[int, GameTask]) -> tuple[int, int, int]:
        index, task = item
        blocks = sorted(block[p.name] for p in (task.first, task.second) if not p.is_reference)
        low, high = (blocks[0], blocks[-1]) if blocks else (-1, -1)
        return low, high, index

    return [task for _, task in sorted(enumerate(tasks), key=key)]


def execute(tasks: Iterable[GameTask], *, jobs: int = 1, scheduler: str | object | None = None) -> Iterator[GameRecord]:
    """Records of ``tasks`` as they finish: on Dask when ``scheduler`` is given (student code travels inside
    each task as cell sources and is sandboxed on the worker), else in ``jobs`` local worker processes that
    keep their sandboxes open across games, else in this process.

    Games are handed out in :func:`locality_order`, so workers reuse open sandboxes.
    """
    tasks = locality_order(list(tasks))
    if scheduler is not None:
        executor: Executor = DaskCluster(scheduler, name="game")
    elif jobs <= 1:
        executor = ThisProcess(finish=close_open_sandboxes)
    else:
        executor = ProcessPool(jobs, initializer=_init_worker)
    return _records(executor.map(play_task, tasks))
