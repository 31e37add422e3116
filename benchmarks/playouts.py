"""Random playouts per second: our fast path, our public API, and OpenSpiel, side by side.

Monte Carlo agents spend their time in ``game.random_playout``; this script measures it against
the same games played through our textbook functions (``Game.random_playout``, the generic loop
over terminal/actions/result) and through OpenSpiel from Python (``legal_actions`` +
``apply_action`` + ``random.choice``), each from the empty board. The three are measured in
alternating rounds in one run, and each figure is the best round, so that load from other
processes on the machine skews the ratios as little as possible. It prints; it asserts nothing.

    python benchmarks/playouts.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reference.games import load_game  # noqa: E402
from reference.games.base import Game  # noqa: E402

# (label, our game's name and size, OpenSpiel game name, OpenSpiel parameters)
# (OpenSpiel has no Mean Connect 4: None there.)
CASES: list[tuple[str, str, dict, str | None, dict]] = [
    ("tic-tac-toe 3x3 k=3", "tictactoe", {}, "tic_tac_toe", {}),
    ("tic-tac-toe 5x5 k=4", "tictactoe", {"rows": 5, "cols": 5, "k": 4}, "mnk", {"m": 5, "n": 5, "k": 4}),
    ("Connect 4 6x7", "connect4", {}, "connect_four", {}),
    ("Connect 4 5x5", "connect4", {"rows": 5, "cols": 5, "k": 4}, "connect_four", {"rows": 5, "columns": 5}),
    ("Mean Connect 4 6x7", "mean_connect4", {}, None, {}),
    (
        "Dots and Boxes 3x3 boxes",
        "dots_and_boxes",
        {"rows": 4, "cols": 4},
        "dots_and_boxes",
        {"num_rows": 3, "num_cols": 3},
    ),
]


def games_per_second(play_one: Callable[[], object], seconds: float) -> float:
    """How many calls of ``play_one`` complete per second over about ``seconds``."""
    done, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(20):
            play_one()
        done += 20
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def contenders(game: Game, openspiel_game) -> dict[str, Callable[[], object]]:
    """One random game from the empty board, per way of playing it."""
    rng_fast, rng_api, rng_spiel = random.Random(1), random.Random(2), random.Random(3)
    start = game.initial_state()

    def ours_fast() -> int:
        return game.random_playout(start, rng_fast)

    def ours_api() -> int:
        return Game.random_playout(game, start, rng_api)  # the generic loop over the public functions

    players = {"ours fast": ours_fast, "ours API": ours_api}
    if openspiel_game is not None:
        choice = rng_spiel.choice

        def openspiel() -> list[float]:
            state = openspiel_game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
            return state.returns()

        players["OpenSpiel"] = openspiel
    return players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="measuring time per figure (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds per figure; best counts")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("OpenSpiel (pyspiel) is not installed: printing our figures only")

    columns = [("game", "<26"), ("ours fast", ">12"), ("ours API", ">12"), ("OpenSpiel", ">12")]
    columns += [("fast/OS", ">9"), ("API/OS", ">8"), ("fast/API", ">10")]
    header = "".join(f"{title:{spec}}" for title, spec in columns)
    seconds_per_round = args.seconds / args.rounds
    print(f"random games per second from the empty board, best of {args.rounds} rounds of {seconds_per_round:.2f} s")
    print(header)
    print("-" * len(header))
    for label, name, size, spiel_name, spiel_params in CASES:
        try:
            game = load_game(name, **size)
        except Exception as error:  # noqa: BLE001 - a game still being written must not stop the others
            print(f"{label:<26}skipped: {type(error).__name__}: {error}")
            continue
        openspiel_game = pyspiel.load_game(spiel_name, spiel_params) if pyspiel and spiel_name else None
        players = contenders(game, openspiel_game)
        best = {who: 0.0 for who in players}
        for _ in range(args.rounds):
            for who, play_one in players.items():
                best[who] = max(best[who], games_per_second(play_one, args.seconds / args.rounds))
        spiel = best.get("OpenSpiel")
        row = f"{label:<26}{best['ours fast']:>12,.0f}{best['ours API']:>12,.0f}"
        if spiel:
            row += f"{spiel:>12,.0f}{best['ours fast'] / spiel:>8.2f}x{best['ours API'] / spiel:>7.2f}x"
        else:
            row += f"{'-':>12}{'-':>9}{'-':>8}"
        row += f"{best['ours fast'] / best['ours API']:>9.2f}x"
        print(row, flush=True)


if __name__ == "__main__":
    main()
