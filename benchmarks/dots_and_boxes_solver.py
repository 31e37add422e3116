"""Dots and Boxes exact solver: time and memory per board size, table against alpha-beta; playout speed.

Run: python benchmarks/dots_and_boxes_solver.py [--max-lines 24]

For each board (counted in boxes, as the literature does) it solves the empty board twice, with
empty caches: by the numpy retrograde table (the solver's method for these sizes) and by
alpha-beta alone (given up past a node budget), and prints seconds, peak memory allocated (tracemalloc)
and the value. Then it compares random playouts per second: ours, the generic Game.random_playout
through the public API, and OpenSpiel's from Python (if installed).
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reference.games.base import Game  # noqa: E402
from reference.games.dots_and_boxes import DotsAndBoxes  # noqa: E402
from reference.solvers import dots_and_boxes as solver  # noqa: E402

BOARDS = [(1, 1), (1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]
SEARCH_BUDGET = 200_000


def timed(work):
    """(result, seconds) of calling ``work()``; result None if the search gave up."""
    start = time.perf_counter()
    try:
        result = work()
    except solver.SolverBudgetExceeded:
        result = None
    return result, time.perf_counter() - start


def peak_mib(work) -> float:
    """Peak memory allocated while calling ``work()`` (tracemalloc; numpy reports its arrays to it)."""
    tracemalloc.start()
    work()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return peak


def solver_table(max_lines: int) -> None:
    print(f"{'boxes':>6} {'lines':>5} {'line sets':>11} | {'table s':>8} {'peak MiB':>8} {'value':>5} |"
          f" {'alpha-beta s':>12} {'nodes':>9} {'value':>5} | ratio")
    for rows, cols in BOARDS:
        game = DotsAndBoxes(rows + 1, cols + 1)
        if game.num_lines > max_lines:
            continue
        solver._tables.clear()
        value, table_s = timed(lambda: int(solver.retrograde_table(game)[0]))
        solver._tables.clear()
        table_mib = peak_mib(lambda: solver.retrograde_table(game))  # a second build, traced
        search = solver.AlphaBetaSolver(game, SEARCH_BUDGET)
        searched, search_s = timed(lambda: search.value(0))
        shown = "gave up" if searched is None else f"{searched:5d}"
        ratio = f"{search_s / table_s:7.1f}x" if searched is not None else f"> {search_s / table_s:.1f}x"
        print(
            f"{rows}x{cols:<4} {game.num_lines:5d} {2**game.num_lines:11,d} | {table_s:8.2f} {table_mib:8.1f} {value:5d} |"
            f" {search_s:12.2f} {search.nodes:9,d} {shown:>5} | {ratio}"
        )
    solver._tables.clear()
    print(f"process peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


def playouts_per_second(play, seconds: float = 2.0) -> float:
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            play()
        games += 200
    return games / (time.perf_counter() - start)


def playout_table() -> None:
    game = DotsAndBoxes(4, 4)
    start, rng = game.initial_state(), random.Random(0)
    ours = playouts_per_second(lambda: game.random_playout(start, rng))
    generic = playouts_per_second(lambda: Game.random_playout(game, start, rng))
    print("\nrandom playouts of 3x3 boxes (4x4 dots) from the empty board, games per second:")
    print(f"  DotsAndBoxes.random_playout      {ours:9,.0f}")
    print(f"  Game.random_playout (public API) {generic:9,.0f}   ours / generic = {ours / generic:.1f}x")
    try:
        import pyspiel
    except ImportError:
        print("  OpenSpiel not installed")
        return
    spiel_game = pyspiel.load_game("dots_and_boxes", {"num_rows": 3, "num_cols": 3})

    def spiel_playout() -> float:
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        return state.returns()[0]

    spiel = playouts_per_second(spiel_playout)
    print(f"  OpenSpiel from Python            {spiel:9,.0f}   ours / OpenSpiel = {ours / spiel:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-lines", type=int, default=24, help="skip boards with more lines (3x3 boxes: 24)")
    args = parser.parse_args()
    solver_table(args.max_lines)
    playout_table()


if __name__ == "__main__":
    main()
