"""Benchmark the exact Connect 4 solver on the benchmark positions of tests/data/connect4.

For each set it solves the positions one by one (a fresh transposition table for each, as the
published benchmark does), checks every score against the file, and prints the mean time and
mean nodes per position next to the published figures of the C++ solver and their ratio.
Times are CPU time of this process (the fair figure on a shared machine) and wall-clock time.

    python benchmarks/connect4_solver.py                      # every set, 60 s per set
    python benchmarks/connect4_solver.py --sets end-easy middle-easy --limit 200
    python benchmarks/connect4_solver.py --sets begin-hard --budget 600

A set stops once its budget is spent; the position running at that moment is finished first, so
on the hard sets one position can overrun the budget by a lot.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reference.solvers.connect4 import Connect4Solver  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "connect4"


class BenchmarkSet(NamedTuple):
    name: str
    file: str
    cpp_seconds: float  # published mean time per position of the C++ solver
    cpp_nodes: float  # published mean nodes per position


SETS = [
    BenchmarkSet("end-easy", "Test_L3_R1", 4.6e-6, 51),
    BenchmarkSet("middle-easy", "Test_L2_R1", 37e-6, 450),
    BenchmarkSet("middle-medium", "Test_L2_R2", 3.2e-3, 39_900),
    BenchmarkSet("begin-easy", "Test_L1_R1", 255e-6, 3_300),
    BenchmarkSet("begin-medium", "Test_L1_R2", 97e-3, 1_200_000),
    BenchmarkSet("begin-hard", "Test_L1_R3", 5.5, 66_000_000),
]


def read_positions(path: Path) -> list[tuple[str, int]]:
    rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
    return [(moves, int(score)) for moves, score in rows]


def format_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def run_set(solver: Connect4Solver, bench: BenchmarkSet, limit: int | None, budget: float) -> dict:
    """Solve the set's positions until ``limit`` or ``budget`` CPU seconds; check every score."""
    positions = read_positions(DATA / bench.file)[:limit]
    cpu = wall = 0.0
    nodes = done = 0
    wrong: list[str] = []
    for moves, expected in positions:
        position = solver.position(moves)
        wall_start, cpu_start = time.perf_counter(), time.process_time()
        score = solver.solve(*position)
        cpu += time.process_time() - cpu_start
        wall += time.perf_counter() - wall_start
        nodes += solver.nodes
        done += 1
        if score != expected:
            wrong.append(f"{moves}: got {score}, expected {expected}")
        if cpu > budget:
            break
    return {"done": done, "of": len(positions), "cpu": cpu, "wall": wall, "nodes": nodes, "wrong": wrong}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="+", metavar="SET", default=[b.name for b in SETS],
                        help="set names or file names: " + ", ".join(f"{b.name} ({b.file})" for b in SETS))
    parser.add_argument("--limit", type=int, default=None, help="positions per set (default: all 1000)")
    parser.add_argument("--budget", type=float, default=60.0, help="CPU seconds per set (default: 60)")
    args = parser.parse_args(argv)

    by_key = {key.lower(): b for b in SETS for key in (b.name, b.file)}
    unknown = [name for name in args.sets if name.lower() not in by_key]
    if unknown:
        parser.error(f"unknown set(s) {', '.join(unknown)}; choose from {', '.join(b.name for b in SETS)}")

    solver = Connect4Solver(6, 7)
    header = (f"{'set':<14}{'solved':>10}{'cpu/pos':>11}{'wall/pos':>11}{'nodes/pos':>12}{'us/node':>9}"
              f"{'C++/pos':>10}{'C++ nodes':>11}{'time x':>8}{'nodes x':>9}  scores")
    print(header)
    print("-" * len(header))
    all_right = True
    for name in args.sets:
        bench = by_key[name.lower()]
        r = run_set(solver, bench, args.limit, args.budget)
        done = max(r["done"], 1)
        cpu, wall, nodes = r["cpu"] / done, r["wall"] / done, r["nodes"] / done
        verdict = "all exact" if not r["wrong"] else f"{len(r['wrong'])} WRONG, e.g. {r['wrong'][0]}"
        all_right &= not r["wrong"]
        print(f"{bench.name:<14}{r['done']:>5}/{r['of']:<4}{format_time(cpu):>11}{format_time(wall):>11}"
              f"{nodes:>12,.0f}{cpu / max(nodes, 1) * 1e6:>9.2f}{format_time(bench.cpp_seconds):>10}"
              f"{bench.cpp_nodes:>11,}{cpu / bench.cpp_seconds:>8.1f}{nodes / bench.cpp_nodes:>9.2f}  {verdict}",
              flush=True)
    print("time x = CPU time per position / C++; nodes x = nodes per position / C++ (same algorithm: ~1).")
    return 0 if all_right else 1


if __name__ == "__main__":
    sys.exit(main())
