"""Tournaments between agents, from finished games onwards: records, ratings, standings and the leaderboard page.

The flow: the referee appends a :class:`GameRecord` per finished game to a :class:`GameStore`
(``OUT_DIR/games.jsonl``); :func:`compute_standings` fits the ratings and builds the leaderboard,
crosstable and bonus frames; :func:`write_standings` writes the CSV/JSON files and
:func:`write_leaderboard_html` the self-contained page with every game replayable.
"""

from grader.tournament.leaderboard_page import render_leaderboard_html, svg_positions, write_leaderboard_html
from grader.tournament.ratings import Ratings, RatingPrior, fit_ratings
from grader.tournament.records import GameRecord, GameStore
from grader.tournament.standings import (
    LEADERBOARD_COLUMNS,
    Crosstable,
    Standings,
    bonus_points,
    compute_standings,
    crosstable,
    gradescope_leaderboard,
    leaderboard,
    write_standings,
)

__all__ = [
    "LEADERBOARD_COLUMNS",
    "Crosstable",
    "GameRecord",
    "GameStore",
    "RatingPrior",
    "Ratings",
    "Standings",
    "bonus_points",
    "compute_standings",
    "crosstable",
    "fit_ratings",
    "gradescope_leaderboard",
    "leaderboard",
    "render_leaderboard_html",
    "svg_positions",
    "write_leaderboard_html",
    "write_standings",
]
