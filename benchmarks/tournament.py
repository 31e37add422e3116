"""Tournament throughput: games per second for a Connect 4 round robin of student agents that think
~10 ms per move, played in-process and sandboxed, with 1 and 2 local jobs and 1 and 2 Dask workers.

Every participant runs the same student-style code (the course's numpy board, iterative-deepening
alpha-beta that stops after a fixed wall time), each with its own heuristic weight so that the
players differ. The in-process run execs that code here and calls the agent directly on the course
board; the sandboxed runs go through the real harness (participants -> sandbox -> adapter ->
referee). Both see the same boards and think the same wall time, so the ratio is the harness's
overhead; at 1 job the two have the same parallelism.

    python benchmarks/tournament.py [--players 20] [--games-per-pair 2] [--think-ms 10] [--no-dask]

Prints figures and ratios side by side; asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import random
import time
from typing import Any, Callable, Iterable

import numpy as np

from grader.adapt import Move
from grader.rubric import Assignment
from grader.tournament import executors
from grader.tournament.executors import GameTask, execute
from grader.tournament.participants import Participant
from grader.play.referee import play_game
from grader.tournament.run import TournamentOptions, schedule_games
from reference.solutions import reference_cells
from reference.games.base import Game, State

CONNECT4 = Assignment(title="Connect 4", game="connect4", board={"rows": 6, "cols": 7},
                      limits={"move_seconds": 1.0, "call_seconds": 2.0},
                      agents={"heuristic_player": ["heuristic_player"]}, tasks=[])

#: a student's notebook, as the adapter finds it: the course's model environment functions
#: (reference/solutions/connect4.py, up to its search) and a timed heuristic agent
STUDENT_AGENT = '''
import time

THINK_SECONDS = {think}
CENTRE_WEIGHT = {weight}


class OutOfTime(Exception):
    pass


def evaluate(board, player):
    mid = board.shape[1] // 2
    return CENTRE_WEIGHT * float((board[:, mid] == player).sum() - (board[:, mid] == -player).sum())


def negamax(board, player, depth, alpha, beta, deadline):
    if time.perf_counter() > deadline:
        raise OutOfTime
    w = winner(board)
    if w:
        return 1000.0 * w * player
    moves = actions(board)
    if not moves:
        return 0.0
    if depth == 0:
        return evaluate(board, player)
    for a in moves:
        v = -negamax(result(board, player, a), -player, depth - 1, -beta, -alpha, deadline)
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return alpha


def heuristic_player(board, player=1):
    """Iterative deepening until THINK_SECONDS have passed: the best move of the deepest finished search."""
    deadline = time.perf_counter() + THINK_SECONDS
    moves = actions(board)
    best, depth = moves[len(moves) // 2], 1
    while True:
        try:
            values = [-negamax(result(board, player, a), -player, depth - 1, -1e9, 1e9, deadline) for a in moves]
        except OutOfTime:
            return best
        best = moves[max(range(len(moves)), key=values.__getitem__)]
        depth += 1
        if depth > 42:
            return best
'''


@functools.cache
def course_environment() -> str:
    """The model solution's environment cells (empty_board, actions, result, winner, terminal, utility)."""
    code = [cell.source for cell in reference_cells("connect4") if cell.kind == "code"]
    return "\n\n".join(itertools.takewhile(lambda source: "def alpha_beta" not in source, code))


def student_code(index: int, think_seconds: float) -> str:
    return course_environment() + STUDENT_AGENT.format(think=think_seconds, weight=round(0.05 * (index + 1), 3))


def participants(n: int, think_seconds: float) -> list[Participant]:
    return [Participant(f"student{i:02d}", cells=(student_code(i, think_seconds),), label="heuristic_player",
                        aliases=("heuristic_player",)) for i in range(n)]


class InProcessSeat:
    """The student's code exec'd in this process, called directly on the course board (no sandbox)."""

    def __init__(self, code: str) -> None:
        namespace: dict[str, Any] = {"__name__": "submission"}
        exec(compile(code, "<student>", "exec"), namespace)
        self.agent = namespace["heuristic_player"]

    def start_game(self, seed: int) -> None:
        random.seed(seed)  # what the sandboxed seat does in its worker
        np.random.seed(seed)

    def move(self, game: Game, state: State, seconds: float) -> Move:
        start = time.perf_counter()
        action = self.agent(game.to_course(state), game.to_move(state))
        return Move(action=int(action), ok=True, seconds=time.perf_counter() - start)


def play_in_process(tasks: list[GameTask], players: list[Participant]) -> Iterable[Any]:
    seats = {p.name: InProcessSeat(p.cells[0]) for p in players}
    game = CONNECT4.make_game()
    for task in tasks:
        g = task.scheduled
        yield play_game(game, g, {1: seats[g.first], -1: seats[g.second]}, move_seconds=task.move_seconds)


class Timing:
    """Games/s of one configuration, and the moves and think time behind it."""

    def __init__(self, label: str, games: int, seconds: float, moves: int, think: float) -> None:
        self.label, self.games, self.seconds, self.moves, self.think = label, games, seconds, moves, think

    @property
    def rate(self) -> float:
        return self.games / self.seconds

    @property
    def move_rate(self) -> float:
        """Moves per second: timed agents make games of varying length, so this compares more fairly."""
        return self.moves / self.seconds


def timed(label: str, run: Callable[[], Iterable[Any]], n_games: int) -> Timing:
    start = time.perf_counter()
    records = list(run())
    seconds = time.perf_counter() - start
    assert len(records) == n_games, f"{label}: {len(records)} of {n_games} games"
    moves = sum(len(r.moves) for r in records)
    think = sum(sum(r.seconds) for r in records)
    faults = sum(r.forfeit is not None for r in records)
    t = Timing(label, n_games, seconds, moves, think)
    print(f"  {label:<40} {n_games:>4} games {moves:>6} moves in {seconds:7.1f} s = {t.rate:6.2f} games/s"
          f"  ({1000 * seconds / moves:5.1f} ms wall/move, {1000 * think / moves:5.1f} ms think/move"
          f"{f', {faults} forfeits' if faults else ''})", flush=True)
    return t


def sandbox_opens(tasks: list[GameTask], capacity: int) -> int:
    """Sandboxes one worker opens playing ``tasks`` in this order while keeping ``capacity`` open (LRU)."""
    open_now: dict[str, None] = {}
    opens = 0
    for task in tasks:
        for p in (task.first, task.second):
            if p.name in open_now:
                open_now[p.name] = open_now.pop(p.name)  # most recently used last
                continue
            opens += 1
            if len(open_now) >= capacity:
                del open_now[next(iter(open_now))]
            open_now[p.name] = None
    return opens


def where_the_time_goes(tasks: list[GameTask]) -> None:
    """The harness's fixed costs, measured one by one: opening a sandbox, a move's round trip, board conversion."""
    from grader.tournament.participants import open_student_agent, warm_up

    quick = participants(1, 0.0)[0]  # the same code, thinking 0 ms: what is left is the harness
    start = time.perf_counter()
    box, agent = open_student_agent(quick.cells, CONNECT4, quick.label, quick.aliases)
    warm_up(agent)
    open_seconds = time.perf_counter() - start
    game = CONNECT4.make_game()
    state = game.initial_state()
    for action in (3, 3, 2, 4):
        state = game.result(state, action)
    n = 300
    start = time.perf_counter()
    for _ in range(n):
        agent.move(game.to_course(state), game.to_move(state), timeout=1.0)
    move_ms = 1000 * (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(n):
        game.from_course(game.to_course(state), to_move=1)
    convert_ms = 1000 * (time.perf_counter() - start) / n
    box.close()
    print(f"  open a sandbox + adapt + warm-up: {open_seconds:.2f} s ({box.isolation}); a 0-ms move through the "
          f"sandbox: {move_ms:.2f} ms, of which board to_course + from_course {convert_ms:.2f} ms")
    print(f"  sandbox opens per worker: schedule order keeping 8 open {sandbox_opens(tasks, 8)}, "
          f"in locality_order keeping {executors.OPEN_SANDBOXES} open "
          f"{sandbox_opens(executors.locality_order(tasks), executors.OPEN_SANDBOXES)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--games-per-pair", type=int, default=2)
    parser.add_argument("--think-ms", type=float, default=10.0, help="wall time each agent searches per move")
    parser.add_argument("--move-time", type=float, default=1.0, help="per-move limit (s)")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--no-jobs2", action="store_true", help="skip the 2-job local run")
    args = parser.parse_args()

    players = participants(args.players, args.think_ms / 1000)
    options = TournamentOptions(games_per_pair=args.games_per_pair)
    by_name = {p.name: p for p in players}
    tasks = [GameTask(g, by_name[g.first], by_name[g.second], CONNECT4, args.move_time, seed=options.seed)
             for g in schedule_games(players, CONNECT4, options)]
    n = len(tasks)
    print(f"Connect 4 6x7 round robin: {args.players} student agents thinking {args.think_ms:g} ms per move, "
          f"{args.games_per_pair} games per pair = {n} games; OPEN_SANDBOXES={executors.OPEN_SANDBOXES}")

    print("where the time goes:")
    where_the_time_goes(tasks)
    print("round robin:")
    t: dict[str, Timing] = {}
    t["here"] = timed("in-process (no sandbox), 1 process", lambda: play_in_process(tasks, players), n)
    t["jobs1"] = timed("sandboxed, local executor, 1 job", lambda: execute(tasks, jobs=1), n)
    if not args.no_jobs2:
        t["jobs2"] = timed("sandboxed, local executor, 2 jobs", lambda: execute(tasks, jobs=2), n)
    if not args.no_dask:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            print("  (dask[distributed] is not installed: no Dask figures)")
        else:
            for workers in (1, 2):
                with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, Client(cluster) as client:
                    client.run(lambda: None)  # workers up before the clock starts
                    t[f"dask{workers}"] = timed(f"sandboxed, Dask LocalCluster, {workers} worker(s)",
                                                lambda: execute(tasks, scheduler=client), n)

    here = t["here"]
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
          "(other work on the machine slows the sandboxed runs most: each move wakes another process)")
    print("ratios (games/s):")
    print(f"  sandboxed 1 job / in-process:      {t['jobs1'].rate / here.rate:.3f}x  (goal >= 0.8x; "
          f"per move: {t['jobs1'].move_rate / here.move_rate:.3f}x)")
    if "jobs2" in t:
        print(f"  sandboxed 2 jobs / in-process:     {t['jobs2'].rate / here.rate:.3f}x")
        print(f"  sandboxed 2 jobs / 1 job:          {t['jobs2'].rate / t['jobs1'].rate:.3f}x")
    if "dask1" in t and "dask2" in t:
        print(f"  Dask 1 worker / in-process:        {t['dask1'].rate / here.rate:.3f}x")
        print(f"  Dask 2 workers / 1 worker:         {t['dask2'].rate / t['dask1'].rate:.3f}x")


if __name__ == "__main__":
    main()
