"""How long the ratings take, and how big the leaderboard page gets.

1. Fit + bootstrap for 20 players, full round robin, 8 games per matchup (4 colour-swapped pairs):
   1,520 games simulated from Davidson's model; one point fit, then B bootstrap refits.
2. The page for ~400 random Connect 4 games drawn by the reference game: raw SVG bytes of every
   position versus the deflated, base64 drawings the page embeds.

Run: ``python benchmarks/ratings.py [--bootstrap 200] [--page-games 400]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grader.tournament.leaderboard_page import svg_positions, write_leaderboard_html  # noqa: E402
from grader.tournament.ratings import GameOutcomes, fit_davidson, fit_ratings, outcome_probabilities  # noqa: E402
from grader.play.records import GameRecord  # noqa: E402
from grader.tournament.standings import compute_standings  # noqa: E402


def simulated_round_robin(n_players: int, games_per_matchup: int, seed: int = 0) -> list[GameRecord]:
    """Players 100 Elo apart (the first is "random"), first-move advantage 60 Elo, nu 0.3."""
    rng = np.random.default_rng(seed)
    names = ["random"] + [f"student{k:02d}" for k in range(1, n_players)]
    true = {name: 1000 + 100 * k for k, name in enumerate(names)}
    records = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            for k in range(games_per_matchup // 2):
                pair_id = f"{a}~{b}-opening{k}"
                for swap, (first, second) in enumerate([(a, b), (b, a)]):
                    result = int(rng.choice([1, 0, -1], p=outcome_probabilities(true[first], true[second], 60, 0.3)))
                    records.append(
                        GameRecord(f"{pair_id}-swap{swap}", pair_id, "connect4", {"rows": 6, "cols": 7}, first, second, [], [], [], result, "simulated")
                    )
    return records


def best_of(repeats: int, work) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def rating_figures(bootstrap: int) -> None:
    records = simulated_round_robin(20, 8)
    outcomes = GameOutcomes.from_records(records)
    counts = outcomes.counts()
    prepare = best_of(3, lambda: GameOutcomes.from_records(records).counts())
    one_fit = best_of(5, lambda: fit_davidson(counts))
    iterations = fit_davidson(counts).iterations
    total = best_of(1, lambda: fit_ratings(records, bootstrap=bootstrap, seed=0))
    standings = best_of(1, lambda: compute_standings(records, bootstrap=bootstrap, seed=0))
    ratings = fit_ratings(records, bootstrap=bootstrap, seed=0)
    print(f"ratings: 20 players, full round robin, 8 games per matchup = {len(records)} games, B = {bootstrap}")
    print(f"  records -> matchup counts        {prepare * 1e3:8.2f} ms")
    print(f"  one Newton fit ({iterations} iterations)   {one_fit * 1e3:8.2f} ms")
    print(f"  fit + {bootstrap} bootstrap refits     {total * 1e3:8.1f} ms   ({total / one_fit:.0f} x one fit)")
    print(f"  full standings (incl. fit)       {standings * 1e3:8.1f} ms")
    widths = (ratings.table.rating_high - ratings.table.rating_low).to_numpy()
    print(f"  interval widths: median {np.median(widths):.0f} Elo (players 100 Elo apart); {ratings.summary()}")


def random_connect4_games(n_games: int, seed: int = 0) -> tuple[list[GameRecord], object]:
    from reference.games import load_game

    game = load_game("connect4")
    rng = random.Random(seed)
    names = ["random"] + [f"student{k:02d}" for k in range(1, 20)]
    records = []
    for g in range(n_games // 2):
        a, b = rng.sample(names, 2)
        opening = [rng.randrange(7)]
        for swap, (first, second) in enumerate([(a, b), (b, a)]):
            state = game.initial_state()
            for action in opening:
                state = game.result(state, action)
            moves, movers = [], []
            while not game.terminal(state):
                movers.append(game.to_move(state))
                moves.append(rng.choice(game.actions(state)))
                state = game.result(state, moves[-1])
            utility = game.utility(state, 1)
            result = (utility > 0) - (utility < 0)
            pair_id = f"pair{g}"
            records.append(
                GameRecord(f"{pair_id}-swap{swap}", pair_id, "connect4", {"rows": 6, "cols": 7}, first, second,
                           opening, moves, movers, result, "four in a row" if result else "draw: board full",
                           seconds=[0.0] * len(moves))
            )  # fmt: skip
    return records, game


def page_figures(n_games: int, bootstrap: int) -> None:
    records, game = random_connect4_games(n_games)
    standings = compute_standings(records, bootstrap=bootstrap)
    draw = svg_positions(game)
    start = time.perf_counter()
    raw = sum(len(svg.encode()) for record in records for svg in draw(record))
    draw_time = time.perf_counter() - start
    positions = sum(1 + len(r.opening) + len(r.moves) for r in records)
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        path = write_leaderboard_html(records, standings, Path(folder) / "leaderboard.html", render_board=draw)
        page_time = time.perf_counter() - start
        size = path.stat().st_size
        bare = write_leaderboard_html(records, standings, Path(folder) / "bare.html").stat().st_size
    print(f"page: {len(records)} random Connect 4 games, {positions} positions ({positions / len(records):.0f} per game)")
    print(f"  raw SVG of every position        {raw / 1e6:8.1f} MB   (drawing them: {draw_time:.2f} s)")
    print(f"  page with packed drawings        {size / 1e6:8.2f} MB   ({raw / max(size - bare, 1):.0f} x smaller than raw SVG)")
    print(f"  page without drawings            {bare / 1e6:8.2f} MB")
    print(f"  writing the page                 {page_time:8.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bootstrap", type=int, default=200)
    parser.add_argument("--page-games", type=int, default=400)
    args = parser.parse_args()
    rating_figures(args.bootstrap)
    if args.page_games:
        page_figures(args.page_games, bootstrap=50)


if __name__ == "__main__":
    main()
