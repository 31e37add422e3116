"""Tournament standings from the records: the leaderboard, the crosstable, bonus points, Gradescope entries.

Frames only; the HTML page lives in :mod:`grader.tournament.leaderboard_page`.
The files written to a tournament's output folder:

- ``leaderboard.csv``: ``rank, player, games, wins, draws, losses, points, rating, rating_low,
  rating_high, forfeits`` (best rating first; ``forfeits`` counts the player's faults: each one
  forfeited a game under the default policy, or a move under the random-move policy);
- ``crosstable.csv``: the row player's points and the column player's against each other, e.g.
  ``3½–½`` (never a fraction or a date to a spreadsheet); ``crosstable_fraction.csv``: the row
  player's share of the points (the heatmap's numbers);
- ``bonus.csv``: ``player, rank, rating, bonus`` for the students, ranked among themselves
  (see :func:`bonus_rule`; baselines are yardsticks and never get a bonus);
- ``gradescope_leaderboard.json``: per player, the entries for Gradescope's ``leaderboard`` key.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Collection, Sequence

import numpy as np
import pandas as pd

from grader.tournament.ratings import Ratings, fit_ratings
from grader.play.records import GameRecord

LEADERBOARD_COLUMNS = [
    "rank", "player", "games", "wins", "draws", "losses", "points",
    "rating", "rating_low", "rating_high", "forfeits",
]  # fmt: skip


def game_counts(records: Sequence[GameRecord]) -> pd.DataFrame:
    """Games, wins, draws, losses, points and forfeits (faults made) per player, indexed by player."""
    rows: dict[str, dict[str, float]] = {}
    for record in records:
        for player in record.players:
            row = rows.setdefault(player, dict(games=0, wins=0, draws=0, losses=0, points=0.0, forfeits=0))
            points = record.points(player)
            row["games"] += 1
            row["points"] += points
            row["wins" if points == 1 else "draws" if points == 0.5 else "losses"] += 1
            row["forfeits"] += record.faults_of(player)
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=["games", "wins", "draws", "losses", "points", "forfeits"])
    frame.index.name = "player"
    return frame.astype({"games": int, "wins": int, "draws": int, "losses": int, "forfeits": int, "points": float})


def _ranks(ratings: pd.Series) -> pd.Series:
    """Ranks by rating, best first; ratings equal to 0.1 Elo share the better rank."""
    return ratings.round(1).rank(method="min", ascending=False).astype(int)


def leaderboard(records: Sequence[GameRecord], ratings: Ratings) -> pd.DataFrame:
    """The leaderboard frame, best rating first; equal ratings (to 0.1 Elo) share a rank."""
    counts = game_counts(records)
    table = ratings.table.set_index("player").join(counts, how="outer")
    missing = table.index[table.rating.isna()].tolist()
    if missing:
        raise ValueError(f"the ratings do not cover players {missing}: fit them on the same records")
    table = table.reset_index().sort_values(["rating", "player"], ascending=[False, True], kind="stable")
    table["rank"] = _ranks(table.rating)
    for column in ("games", "wins", "draws", "losses", "forfeits"):  # a rated player with no games here
        table[column] = table[column].fillna(0).astype(int)
    table["points"] = table["points"].fillna(0.0)
    return table[LEADERBOARD_COLUMNS].reset_index(drop=True)


@dataclass(frozen=True)
class Crosstable:
    """Points and games of each row player against each column player (players in leaderboard order)."""

    points: pd.DataFrame
    games: pd.DataFrame

    def text(self) -> pd.DataFrame:
        """Cells like ``"3½–½"`` (the row player's points, then the column player's); empty where the two
        did not meet and on the diagonal. Not ``3.5/4`` or ``1.5-2.5``: a spreadsheet reads those as a
        fraction or a date."""
        def cell(points: float, games: int) -> str:
            return f"{_halves(points)}–{_halves(games - points)}" if games else ""

        values = [[cell(p, g) for p, g in zip(prow, grow)] for prow, grow in zip(self.points.to_numpy(), self.games.to_numpy())]
        return pd.DataFrame(values, index=self.points.index, columns=self.points.columns)

    def fraction(self) -> pd.DataFrame:
        """Score as a fraction of the points available (0 to 1); NaN where the two did not meet."""
        games = self.games.to_numpy(dtype=float)
        with np.errstate(invalid="ignore", divide="ignore"):
            values = np.where(games > 0, self.points.to_numpy(dtype=float) / games, np.nan)
        return pd.DataFrame(values, index=self.points.index, columns=self.points.columns)


def _halves(points: float) -> str:
    """Points as a chess score: ``0``, ``½``, ``2``, ``3½``."""
    whole, half = divmod(round(points * 2), 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def crosstable(records: Sequence[GameRecord], order: Sequence[str] | None = None) -> Crosstable:
    """Head-to-head scores; ``order`` (e.g. the leaderboard's players) fixes rows and columns."""
    players = list(order) if order is not None else sorted({p for r in records for p in r.players})
    index = {p: i for i, p in enumerate(players)}
    unknown = sorted({p for r in records for p in r.players} - set(index))
    if unknown:
        raise ValueError(f"crosstable order lacks players {unknown}")
    points = np.zeros((len(players), len(players)))
    games = np.zeros((len(players), len(players)), dtype=int)
    for record in records:
        i, j = index[record.first], index[record.second]
        games[i, j] += 1
        games[j, i] += 1
        points[i, j] += record.points(record.first)
        points[j, i] += record.points(record.second)
    labels = pd.Index(players, name="player")
    return Crosstable(
        pd.DataFrame(points, index=labels, columns=players), pd.DataFrame(games, index=labels, columns=players)
    )


def bonus_points(
    table: pd.DataFrame, *, top_n: int = 10, max_bonus: float = 5.0, min_rating: float | None = None
) -> pd.DataFrame:
    """Bonus points by rank: rank 1 gets ``max_bonus``, falling linearly to ``max_bonus / top_n`` at rank ``top_n``.

    Ranks below ``top_n`` get 0; tied players share the better rank's bonus. With ``min_rating``
    (e.g. the random agent's rating), a player must be rated strictly above it to get any bonus,
    so that an agent no better than random earns nothing even in a small class.
    """
    if top_n < 1:
        raise ValueError(f"top_n must be at least 1, not {top_n!r}")
    if max_bonus < 0:
        raise ValueError(f"max_bonus must not be negative, not {max_bonus!r}")
    rank = table["rank"].to_numpy()
    bonus = np.where(rank <= top_n, max_bonus * (top_n - rank + 1) / top_n, 0.0)
    if min_rating is not None:
        bonus = np.where(table["rating"].to_numpy() > min_rating, bonus, 0.0)
    return pd.DataFrame(
        {"player": table["player"], "rank": rank, "rating": table["rating"], "bonus": np.round(bonus, 4)}
    )


def bonus_rule(top_n: int = 10, max_bonus: float = 5.0, floor: str | None = None) -> str:
    """The bonus rule in words, as docs/tournaments.md and the leaderboard page state it."""
    step = max_bonus / top_n
    rule = (f"Bonus points go to students only, never to the reference baselines. Students are ranked among "
            f"themselves by rating: the best gets {max_bonus:g}")
    rule += (f", each place below {step:g} less, down to {step:g} at place {top_n}; places below get none"
             if top_n > 1 else ", the others none")
    rule += " (tied ratings share the better place)."
    if floor:
        rule += f" A student must be rated above {floor} to get any bonus."
    return rule


def gradescope_leaderboard(row: pd.Series | dict[str, Any], *, rank: bool = True) -> list[dict[str, Any]]:
    """Gradescope ``leaderboard`` entries for one leaderboard row (put them in that student's results.json).

    ``rank=False`` leaves the rank out: a tournament of one student and the baselines ranks nobody in the
    class (Gradescope ranks the class by the rating)."""
    entries = [
        {"name": "Rating", "value": round(float(row["rating"]), 1), "order": "desc"},
        {"name": "Rank", "value": int(row["rank"]), "order": "asc"},
        {"name": "Points", "value": float(row["points"]), "order": "desc"},
        {"name": "Games", "value": int(row["games"])},
        {"name": "Forfeits", "value": int(row["forfeits"]), "order": "asc"},
    ]
    return entries if rank else [e for e in entries if e["name"] != "Rank"]


@dataclass(frozen=True)
class Standings:
    """Everything a tournament reports: ratings, the leaderboard, the crosstable and bonus points."""

    ratings: Ratings
    leaderboard: pd.DataFrame
    crosstable: Crosstable
    bonus: pd.DataFrame
    bonus_rule: str = ""

    def gradescope(self) -> dict[str, list[dict[str, Any]]]:
        """Gradescope leaderboard entries keyed by player."""
        return {row["player"]: gradescope_leaderboard(row) for _, row in self.leaderboard.iterrows()}


def compute_standings(
    records: Sequence[GameRecord],
    ratings: Ratings | None = None,
    *,
    top_n: int = 10,
    max_bonus: float = 5.0,
    bonus_above_anchor: bool = True,
    baselines: Collection[str] = (),
    **rating_options: Any,
) -> Standings:
    """Ratings (fitted here unless given), leaderboard, crosstable and bonus for ``records``.

    ``baselines`` (and the anchor) are yardsticks: they get no bonus and take no place from a student.
    ``bonus_above_anchor``: only players rated above the anchor (the random agent) earn a bonus.
    ``rating_options`` go to :func:`~grader.tournament.ratings.fit_ratings` (anchor, bootstrap, seed, ...).
    """
    if ratings is None:
        ratings = fit_ratings(records, **rating_options)
    elif rating_options:
        raise ValueError(f"rating options {sorted(rating_options)} given together with fitted ratings")
    board = leaderboard(records, ratings)
    floor = ratings.anchor if bonus_above_anchor and ratings.anchor is not None else None
    students = board[~board.player.isin({*baselines, ratings.anchor})].copy()
    students["rank"] = _ranks(students.rating)
    bonus = bonus_points(students, top_n=top_n, max_bonus=max_bonus,
                         min_rating=ratings.anchor_rating if floor else None).reset_index(drop=True)
    return Standings(ratings, board, crosstable(records, board.player.tolist()), bonus,
                     bonus_rule(top_n, max_bonus, floor))


def write_standings(standings: Standings, out_dir: str | os.PathLike[str]) -> dict[str, Path]:
    """Write the CSV and JSON files listed in the module docstring; return their paths by name."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {
        "leaderboard": out / "leaderboard.csv",
        "crosstable": out / "crosstable.csv",
        "crosstable_fraction": out / "crosstable_fraction.csv",
        "bonus": out / "bonus.csv",
        "gradescope": out / "gradescope_leaderboard.json",
    }
    standings.leaderboard.to_csv(paths["leaderboard"], index=False, float_format="%.6g")
    standings.crosstable.text().to_csv(paths["crosstable"])
    standings.crosstable.fraction().to_csv(paths["crosstable_fraction"], float_format="%.6g")
    standings.bonus.to_csv(paths["bonus"], index=False, float_format="%.6g")
    paths["gradescope"].write_text(json.dumps(standings.gradescope(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return paths
