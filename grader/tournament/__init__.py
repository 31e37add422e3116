"""Tournaments between agents, from finished games onwards: ratings, standings and the leaderboard page
(the referee and the game records are one layer down, in :mod:`grader.play`).

The flow: the referee appends a :class:`GameRecord` per finished game to a :class:`GameStore`
(``OUT_DIR/games.jsonl``); :func:`compute_standings` fits the ratings and builds the leaderboard,
crosstable and bonus frames; :func:`write_standings` writes the CSV/JSON files and
:func:`write_leaderboard_html` the self-contained page with every game replayable.
"""

from __future__ import annotations

import importlib
from typing import Any

#: each name the package offers -> the module that defines it; imported on first use, so that a command
#: that only builds its parser (``grader --help``) does not load the leaderboard page and its plots
_WHERE = {
    "render_leaderboard_html": "leaderboard_page", "svg_positions": "leaderboard_page",
    "write_leaderboard_html": "leaderboard_page",
    "Ratings": "ratings", "RatingPrior": "ratings", "fit_ratings": "ratings",
    **{name: "standings" for name in ("LEADERBOARD_COLUMNS", "Crosstable", "Standings", "bonus_points",
                                      "compute_standings", "crosstable", "gradescope_leaderboard", "leaderboard",
                                      "write_standings")},
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


__all__ = sorted(_WHERE)
