"""Nodes and time per move of the reference agents, side by side in one run (prints; asserts nothing).

    python benchmarks/agents.py            # Connect 4 6x7, Dots and Boxes 3x3 boxes, tic-tac-toe
    python benchmarks/agents.py --quick    # fewer depths and positions (a CI smoke run)

Positions are reached by seeded random play from the empty board, so every run measures the same.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reference.agents import AlphaBetaAgent, IterativeDeepeningAgent, MCTSAgent, MinimaxAgent, MonteCarloAgent  # noqa: E402
from reference.games import load_game  # noqa: E402


def random_position(game, plies: int, seed: int):
    """The state after ``plies`` seeded random moves (fewer if the game would end)."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        nxt = game.result(state, rng.choice(game.actions(state)))
        if game.terminal(nxt):
            break
        state = nxt
    return state


def measure(agent, game, state) -> tuple[float, int, object]:
    start = time.perf_counter()
    action = agent.choose(game, state)
    return time.perf_counter() - start, agent.nodes, action


def table(title: str, game, positions: dict[str, object], agents: list) -> None:
    print(f"\n{title}")
    print(f"{'agent':<22}" + "".join(f"{name:>30}" for name in positions))
    for agent in agents:
        cells = []
        for state in positions.values():
            seconds, nodes, action = measure(agent, game, state)
            extra = f" d{agent.depth}" if isinstance(agent, IterativeDeepeningAgent) else ""
            cells.append(f"{nodes:>10,} n {seconds * 1000:>8.1f} ms{extra:>4} {str(action):>3}")
        print(f"{agent.name:<22}" + "".join(f"{c:>30}" for c in cells))


def tictactoe_ratio() -> None:
    game = load_game("tictactoe")
    print("\ntic-tac-toe 3x3: minimax vs alpha-beta (ordering + transposition table), full depth")
    print(f"{'position':<28}{'minimax nodes':>15}{'alpha-beta nodes':>18}{'ratio':>9}{'minimax ms':>12}{'alpha-beta ms':>15}")
    for label, state in [("empty board", game.initial_state())] + [
        (f"{plies} random plies (seed {seed})", random_position(game, plies, seed)) for plies, seed in ((1, 1), (2, 2), (3, 3), (4, 4))
    ]:
        mm, ab = MinimaxAgent(), AlphaBetaAgent()
        t_mm, n_mm, _ = measure(mm, game, state)
        t_ab, n_ab, _ = measure(ab, game, state)
        print(f"{label:<28}{n_mm:>15,}{n_ab:>18,}{n_mm / n_ab:>9.1f}{t_mm * 1000:>12.1f}{t_ab * 1000:>15.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer depths and positions")
    quick = parser.parse_args().quick

    tictactoe_ratio()

    c4 = load_game("connect4", rows=6, cols=7)
    c4_positions = {"empty": c4.initial_state(), "8 plies": random_position(c4, 8, 8)}
    if not quick:
        c4_positions["16 plies"] = random_position(c4, 16, 16)
    depths = (2, 4) if quick else (2, 4, 6, 8)
    agents = [AlphaBetaAgent(depth=d) for d in depths] + [
        IterativeDeepeningAgent(seconds=0.25),
        MonteCarloAgent(playouts=20, seed=0),
        MCTSAgent(iterations=300, seed=0),
    ]
    table("Connect 4 6x7: nodes (n), time per move, depth reached (d), move", c4, c4_positions, agents)

    db = load_game("dots_and_boxes", rows=4, cols=4)
    db_positions = {"empty": db.initial_state(), "8 lines": random_position(db, 8, 8)}
    if not quick:
        db_positions["14 lines"] = random_position(db, 14, 14)
    depths = (2, 4) if quick else (2, 4, 6)  # depth 8 from the empty board takes about a minute
    agents = [AlphaBetaAgent(depth=d) for d in depths] + [
        IterativeDeepeningAgent(seconds=0.25),
        MonteCarloAgent(playouts=20, seed=0),
        MCTSAgent(iterations=300, seed=0),
    ]
    table("Dots and Boxes 3x3 boxes (4x4 dots): nodes (n), time per move, depth reached (d), move", db, db_positions, agents)
    late = random_position(db, 15, 15)
    full = AlphaBetaAgent()
    seconds, nodes, action = measure(full, db, late)
    print(f"\nDots and Boxes 3x3, 15 lines drawn: exact alpha-beta {nodes:,} nodes, {seconds * 1000:.1f} ms, move {action}, value {full.value:+.3f}")


if __name__ == "__main__":
    main()
