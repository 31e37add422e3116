"""Tournament throughput: games per second for one small tic-tac-toe round robin played four ways.

1. reference agents in this process (no sandbox): the referee's own cost;
2. the same kinds of agents written as student code, each in its sandbox, kept open across games;
3. as 2, but every game opens (and warms up) fresh sandboxes: what keeping them open saves;
4. as 2, on a Dask LocalCluster with 1 worker and with 2 workers (needs dask[distributed]).

    python benchmarks/tournament.py [--games-per-pair 4] [--no-dask]

Prints figures and ratios; asserts nothing.
"""

from __future__ import annotations

import argparse
import time

from grader.rubric import Assignment
from grader.tournament.executors import GameTask, execute, play_here
from grader.tournament.participants import Participant, reference_participants
from grader.tournament.run import TournamentOptions, schedule_games

TICTACTOE = Assignment(title="Tic-tac-toe", game="tictactoe", board={"rows": 3, "cols": 3, "k": 3},
                       limits={"move_seconds": 2.0}, agents={"minimax_player": ["minimax_player"]}, tasks=[])

RANDOM = """
import random
def minimax_player(board, player):
    return random.choice([i for i, cell in enumerate(board) if cell == ' '])
"""

WIN_TAKER = """
LINES = [(0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)]
def minimax_player(board, player):
    free = [i for i, cell in enumerate(board) if cell == ' ']
    other = 'o' if player == 'x' else 'x'
    for who in (player, other):  # win, else block
        for i in free:
            trial = list(board); trial[i] = who
            if any(all(trial[j] == who for j in line) for line in LINES):
                return i
    return free[0]
"""

FIRST_FREE = """
def minimax_player(board, player):
    return [i for i, cell in enumerate(board) if cell == ' '][0]
"""


def tasks_for(players: list[Participant], options: TournamentOptions) -> list[GameTask]:
    return [GameTask(g, *(next(p for p in players if p.name == n) for n in (g.first, g.second)), TICTACTOE,
                     TICTACTOE.limits.move_seconds, seed=options.seed)
            for g in schedule_games(players, TICTACTOE, options)]


def timed(label: str, run, n_games: int) -> float:
    start = time.perf_counter()
    played = run()
    seconds = time.perf_counter() - start
    assert played == n_games, f"{label}: {played} of {n_games} games"
    rate = n_games / seconds
    print(f"  {label:<46} {n_games:>4} games in {seconds:7.2f} s = {rate:8.1f} games/s")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games-per-pair", type=int, default=4)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    options = TournamentOptions(games_per_pair=args.games_per_pair)

    reference = reference_participants(["random", "alphabeta:1", "montecarlo:5"])
    students = [Participant(name, cells=(code,), label="minimax_player", aliases=("minimax_player",))
                for name, code in (("rand", RANDOM), ("win_taker", WIN_TAKER), ("first_free", FIRST_FREE))]
    ref_tasks, student_tasks = tasks_for(reference, options), tasks_for(students, options)
    n = len(student_tasks)
    print(f"tic-tac-toe round robin, 3 players, {args.games_per_pair} games per pair ({n} games)")

    rates = {}
    rates["reference"] = timed("reference agents, in process", lambda: sum(1 for _ in play_here(ref_tasks)), n)
    rates["kept"] = timed("student code, sandboxes kept open", lambda: sum(1 for _ in play_here(student_tasks)), n)
    rates["fresh"] = timed("student code, fresh sandboxes per game",
                           lambda: sum(sum(1 for _ in play_here([t])) for t in student_tasks), n)
    rates["jobs2"] = timed("student code, 2 local worker processes",
                           lambda: sum(1 for _ in execute(student_tasks, jobs=2)), n)
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
                    rates[f"dask{workers}"] = timed(f"student code, Dask, {workers} worker(s)",
                                                    lambda: sum(1 for _ in execute(student_tasks, scheduler=client)), n)
    print(f"sandboxed / in-process: {rates['kept'] / rates['reference']:.3f}x the rate; "
          f"kept open / fresh per game: {rates['kept'] / rates['fresh']:.1f}x; "
          f"2 local workers / 1 process: {rates['jobs2'] / rates['kept']:.2f}x")
    if "dask2" in rates:
        print(f"Dask 2 workers / 1 worker: {rates['dask2'] / rates['dask1']:.2f}x")


if __name__ == "__main__":
    main()
