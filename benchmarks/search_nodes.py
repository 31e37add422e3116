"""Counting the search: positions visited by minimax and alpha-beta at depths 2-5, and what the
``search_nodes`` check adds to grading a submission (prints; asserts nothing).

    python benchmarks/search_nodes.py           # Connect 4 6x7 and Dots and Boxes 4x4 dots
    python benchmarks/search_nodes.py --quick   # depths 2-3, one position (a CI smoke run)

Per fixed position and depth: plain minimax's positions (``minimax_levels``: the tree itself), the
reference agent's alpha-beta (move ordering and a transposition table, ``AlphaBetaAgent.nodes``) and
the course solution's alpha-beta counted the way the check counts a student's: in the sandbox, by
the calls to its own functions. Then the seconds the check takes on the reference submission and on
copies with a search bug (no pruning, the player not switched, the window swapped: the last two are
named from the values the search passes down, and the player is confirmed by the agent's moves; the
window swapped under other names, named by what the search does), the tactic positions found
beforehand as a batch does, what that means for a class of 30 on 2 cores, and what keeping those
values costs a counted move.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grader.adapt import adapt  # noqa: E402
from grader.adapt.search_arguments import WATCHED  # noqa: E402
from grader.search_tree import read_search  # noqa: E402
from grader.checks.context import CheckContext  # noqa: E402
from grader.checks.kinds import prepare_shared  # noqa: E402
from grader.grading import run_check  # noqa: E402
from grader.rubric import load_rubric  # noqa: E402
from grader.sandbox import Limits, Sandbox  # noqa: E402
from reference.agents import AlphaBetaAgent  # noqa: E402
from reference.agents.minimax import minimax_levels  # noqa: E402
from reference.games.base import Game, State  # noqa: E402
from reference.positions import random_positions  # noqa: E402
from reference.solutions import reference_cells  # noqa: E402
from tests.validity_mutants import MUTANTS  # noqa: E402

ASSIGNMENTS = ("connect4", "dots_and_boxes")
CLASS_SIZE, CORES = 30, 2


def positions(game: Game, count: int) -> list[State]:
    """Seeded mid-game positions with 6 to 12 moves (every depth up to 5 stays countable)."""
    return [s for s in random_positions(game, 200, seed=11) if 6 <= len(game.actions(s)) <= 12][:count]


def course_nodes(box: Sandbox, game: Game, state: State, depth: int) -> int:
    """The course solution's alpha-beta to ``depth``, counted in the sandbox as the check counts a student's."""
    r = box.call_with("alpha_beta_search", (game.to_course(state), game.to_move(state), depth), count_calls=True,
                      timeout=120)
    if not r.ok:
        return -1
    return max(s.nodes for s in read_search(r.counted).searches)


def node_table(assignment: str, depths: range, count: int) -> None:
    rubric = load_rubric().assignment(assignment)
    game = rubric.make_game()
    cells = [c.source for c in reference_cells(assignment) if c.kind == "code"]
    print(f"\n{assignment} ({game.rows}x{game.cols}): positions visited for one decision")
    print(f"{'position':>8} {'moves':>5} {'depth':>5} {'minimax':>10} {'alpha-beta (reference agent)':>29} "
          f"{'alpha-beta (course, counted)':>29}")
    with Sandbox(cells, Limits(call_timeout=120, cell_timeout=60)) as box:
        for i, state in enumerate(positions(game, count)):
            for depth in depths:
                minimax = sum(minimax_levels(game, state, depth)[0])
                agent = AlphaBetaAgent(depth=depth)
                agent.choose(game, state)
                counted = course_nodes(box, game, state, depth)
                print(f"{i + 1:>8} {len(game.actions(state)):>5} {depth:>5} {minimax:>10,} "
                      f"{agent.nodes:>10,} ({agent.nodes / minimax:6.1%}) {'':>8}"
                      f"{counted:>10,} ({counted / minimax:6.1%})")


@lru_cache(maxsize=None)
def prepared(assignment: str) -> dict:
    """What a batch finds once before grading (the tactic positions the check judges moves on), so that
    the seconds below are each submission's own."""
    return prepare_shared(load_rubric().assignment(assignment), 0)


def check_seconds(assignment: str, cells: list[str]) -> tuple[float, float, float]:
    """(seconds of the check, points, max points) on one submission's cells."""
    rubric = load_rubric().assignment(assignment)
    game = rubric.make_game()
    spec = next(s for task in rubric.tasks for s in task.checks if s.kind == "search_nodes")
    shared = prepared(assignment)
    with Sandbox(cells, Limits(call_timeout=rubric.limits.call_seconds, cell_timeout=60)) as box:
        student = adapt(box, game, rubric.functions, timeout=2.0)
        ctx = CheckContext(rubric, game, student, sandbox=box, seed=0, shared=shared)
        ctx.agent(spec.target)  # finding the agent is every agent check's cost, not this one's
        start = time.perf_counter()
        result = run_check(ctx, "Task 3", spec)
        return time.perf_counter() - start, result.points, result.max_points


def timing_table() -> None:
    print(f"\nseconds the search_nodes check adds per submission (class of {CLASS_SIZE} on {CORES} cores)")
    for assignment in ASSIGNMENTS:
        reference = [c.source for c in reference_cells(assignment) if c.kind == "code"]
        bugs = ("alpha_beta_no_pruning", "negamax_player_not_switched", "alpha_beta_window_swapped",
                "alpha_beta_window_renamed", "negamax_window_renamed")
        mutants = [m for m in MUTANTS if m.assignment == assignment and m.name.endswith(bugs)]
        for label, cells in [("reference", reference)] + [(m.name, reference + [m.cell]) for m in mutants]:
            seconds, points, most = check_seconds(assignment, cells)
            print(f"  {assignment:>15} {label:>28}: {seconds:6.2f} s ({points:g}/{most:g} points); "
                  f"class: +{seconds * CLASS_SIZE / CORES:5.1f} s")


def watch_cost(count: int) -> None:
    """Seconds of the reference's counted moves with and without the window and player kept, alternating
    (so both see the same load)."""
    print("\ncounted moves of the reference alpha_beta_player, without and with the watched arguments")
    for assignment in ASSIGNMENTS:
        rubric = load_rubric().assignment(assignment)
        game = rubric.make_game()
        states = [s for s in random_positions(game, 40, seed=1) if len(game.actions(s)) >= 4][:count]
        cells = [c.source for c in reference_cells(assignment) if c.kind == "code"]
        seconds = {(): 0.0, WATCHED: 0.0}
        with Sandbox(cells, Limits(call_timeout=120, cell_timeout=60)) as box:
            for _ in range(3):
                for state in states:
                    for watch in seconds:
                        seconds[watch] += box.call_with("alpha_beta_player", (game.to_course(state),
                                                        game.to_move(state)), count_calls=True, watch=watch).duration
        plain, watched = seconds[()], seconds[WATCHED]
        print(f"  {assignment:>15}: {3 * len(states)} moves, {plain:.2f} s without, {watched:.2f} s with "
              f"(+{(watched - plain) / plain:.0%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="depths 2-3 and one position")
    args = parser.parse_args()
    random.seed(0)
    depths = range(2, 4) if args.quick else range(2, 6)
    for assignment in ASSIGNMENTS:
        node_table(assignment, depths, 1 if args.quick else 3)
    timing_table()
    watch_cost(1 if args.quick else 3)


if __name__ == "__main__":
    main()
