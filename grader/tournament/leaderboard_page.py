"""The tournament's leaderboard as one self-contained HTML file: standings, ratings, crosstable, every game.

No network, no external scripts or fonts: the page can be mailed, uploaded to an LMS or opened
from disk. Every game is replayable move by move. Board drawings come from the caller
(``render_board``), which keeps this module free of any game's rules; to keep ~400 games x ~40
positions of SVG small, each game's drawings are deflated and base64-encoded in Python and
inflated in the browser (``DecompressionStream``) only when that game is opened: Connect 4
drawings shrink about 40-fold this way (benchmarks/ratings.py).

Everything a student chose (player names, reasons quoting them) is escaped: by Jinja's
autoescaping in the HTML, by ``\\u003c`` in the embedded JSON, and by ``textContent`` in the script.
"""

from __future__ import annotations

import base64
import html
import json
import math
import os
import zlib
from pathlib import Path
from typing import Any, Callable, Sequence

import jinja2
import pandas as pd
from markupsafe import Markup

from grader.play.records import GameRecord, course_action
from grader.tournament.standings import Standings

#: Draws the positions of one game as SVG strings: the start, then one after each opening action
#: and each move (``1 + len(opening) + len(moves)`` drawings; fewer if the game ended on an
#: illegal move that cannot be drawn).
BoardRenderer = Callable[[GameRecord], Sequence[str]]

TEMPLATE = "leaderboard.html.j2"


def svg_positions(game: Any) -> BoardRenderer:
    """A ``render_board`` for a reference game (``reference.games.base.Game``): replay and draw each position.

    The last action played is highlighted. Drawing stops at an action the game rejects (the
    illegal move that ended a forfeited game), so the page shows the last legal position.
    """

    def draw(record: GameRecord) -> list[str]:
        state = game.initial_state()
        drawings = [game.svg(state)]
        for action in [*record.opening, *record.moves]:
            action = course_action(action)
            try:
                state = game.result(state, action)
            except ValueError:  # IllegalAction
                break
            drawings.append(game.svg(state, highlight=[action]))
        return drawings

    return draw


def action_label(action: Any) -> str:
    """A short label for a move list: ``3``, ``h 1 2``."""
    if isinstance(action, (list, tuple)):
        return " ".join(action_label(a) for a in action)
    return str(action)


def pack_drawings(drawings: Sequence[str]) -> str:
    """The drawings as base64 of deflated JSON (the page inflates them when the game is opened)."""
    raw = json.dumps(list(drawings), separators=(",", ":")).encode("utf-8")
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def unpack_drawings(packed: str) -> list[str]:
    """The inverse of :func:`pack_drawings` (for tests and for reading a page back)."""
    return json.loads(zlib.decompress(base64.b64decode(packed)).decode("utf-8"))


def result_label(result: int) -> str:
    return {1: "1-0", 0: "½-½", -1: "0-1"}[result]


def board_words(game: str, size: dict[str, Any]) -> str:
    """A game's board and rules in words: ``6x7, 4 in a row`` and, where the assignment leaves a rule
    open, the reading that was played (Mean Connect 4's moved disc, its full board)."""
    from reference.games import load_game

    words = [f"{size['rows']}x{size['cols']}"] if "rows" in size and "cols" in size else []
    if "k" in size:
        words.append(f"{size['k']} in a row")
    try:
        reading = load_game(game, **size).reading_words()
    except (KeyError, TypeError, ValueError):  # a game or an option this version does not know
        reading = ", ".join(f"{k} {v}" for k, v in size.items() if k not in ("rows", "cols", "k"))
    return ", ".join(words + [reading] if reading else words)


def _game_entry(record: GameRecord, render_board: BoardRenderer | None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": record.game_id,
        "pair": record.pair_id,
        "game": record.game,
        "size": record.size,
        "board": board_words(record.game, record.size),
        "first": record.first,
        "second": record.second,
        "result": record.result,
        "score": result_label(record.result),
        "reason": record.reason,
        "forfeit": record.forfeit,
        "faults": record.faults,
        "opening": [action_label(a) for a in record.opening],
        "moves": [action_label(a) for a in record.moves],
        "movers": record.movers,
        "seconds": [round(s, 3) for s in record.seconds],
    }
    if render_board is not None:
        drawings = list(render_board(record))
        expected = 1 + len(record.opening) + len(record.moves)
        if not 1 <= len(drawings) <= expected:
            raise ValueError(
                f"render_board returned {len(drawings)} drawings for game {record.game_id!r}; "
                f"expected {expected} (the start, then one per opening action and move)"
            )
        entry["boards"] = pack_drawings(drawings)
    return entry


def _safe_json(data: Any) -> str:
    """JSON that cannot end the ``<script>`` element it sits in, whatever the player names say."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c").replace(">", "\\u003e")


# --- the rating plot -------------------------------------------------------------------------


def _nice_step(span: float, target_ticks: int = 8) -> float:
    raw = span / target_ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    return next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)


def rating_plot_svg(table: pd.DataFrame, anchor: str | None = None, anchor_rating: float | None = None) -> str:
    """Inline SVG: one row per player (best at the top), a dot at the rating and a bar for its interval."""
    rows = table.reset_index(drop=True)
    row_height, top, bottom, left, right, width = 22, 30, 34, 210, 30, 900
    height = top + bottom + row_height * len(rows)
    low = float(min(rows.rating_low.min(), rows.rating.min()))
    high = float(max(rows.rating_high.max(), rows.rating.max()))
    if high - low < 1:
        low, high = low - 50, high + 50
    step = _nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step

    def x(value: float) -> float:
        return left + (value - low) / (high - low) * (width - left - right)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rating-plot" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Ratings with 95% intervals">'
    ]
    tick = low
    while tick <= high + step / 2:
        tx = x(tick)
        parts.append(f'<line x1="{tx:.1f}" y1="{top - 6}" x2="{tx:.1f}" y2="{height - bottom}" class="grid"/>')
        parts.append(f'<text x="{tx:.1f}" y="{height - bottom + 16}" class="tick">{tick:g}</text>')
        tick += step
    parts.append(
        f'<text x="{(left + width - right) / 2:.1f}" y="{height - 4}" class="axis-label">rating (Elo scale), '
        f"bar: bootstrap interval</text>"
    )
    if anchor is not None and anchor_rating is not None:
        ax = x(anchor_rating)
        parts.append(f'<line x1="{ax:.1f}" y1="{top - 6}" x2="{ax:.1f}" y2="{height - bottom}" class="anchor-line"/>')
        parts.append(f'<text x="{ax + 4:.1f}" y="{top - 12}" class="anchor-label">{html.escape(anchor)}</text>')
    for i, row in rows.iterrows():
        y = top + row_height * (i + 0.5)
        name = str(row.player)
        shown = name if len(name) <= 24 else name[:23] + "…"
        lo, hi, r = x(row.rating_low), x(row.rating_high), x(row.rating)
        parts.append(
            f'<g class="player-row"><title>{html.escape(name)}: {row.rating:.0f} '
            f"[{row.rating_low:.0f}, {row.rating_high:.0f}]</title>"
            f'<rect x="0" y="{y - row_height / 2:.1f}" width="{width}" height="{row_height}" class="band{i % 2}"/>'
            f'<text x="{left - 10}" y="{y:.1f}" class="name">{i + 1}. {html.escape(shown)}</text>'
            f'<line x1="{lo:.1f}" y1="{y:.1f}" x2="{hi:.1f}" y2="{y:.1f}" class="interval"/>'
            f'<line x1="{lo:.1f}" y1="{y - 5:.1f}" x2="{lo:.1f}" y2="{y + 5:.1f}" class="interval"/>'
            f'<line x1="{hi:.1f}" y1="{y - 5:.1f}" x2="{hi:.1f}" y2="{y + 5:.1f}" class="interval"/>'
            f'<circle cx="{r:.1f}" cy="{y:.1f}" r="5" class="{"dot anchor" if name == anchor else "dot"}"/></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


# --- the crosstable heatmap ----------------------------------------------------------------------


def score_colour(fraction: float) -> str:
    """Red (lost everything) through pale grey (even) to green (won everything)."""
    lost, even, won = (215, 48, 39), (247, 247, 247), (26, 152, 80)
    if fraction <= 0.5:
        a, b, t = lost, even, fraction / 0.5
    else:
        a, b, t = even, won, (fraction - 0.5) / 0.5
    return "#" + "".join(f"{round(p + (q - p) * t):02x}" for p, q in zip(a, b))


def _crosstable_rows(standings: Standings) -> list[dict[str, Any]]:
    text = standings.crosstable.text()
    fraction = standings.crosstable.fraction()
    players = list(text.index)
    rows = []
    for i, row_player in enumerate(players):
        cells = []
        for j, column_player in enumerate(players):
            value = fraction.iat[i, j]
            played = not pd.isna(value)
            cells.append(
                {
                    "text": text.iat[i, j] if played else ("" if i != j else "·"),
                    "colour": score_colour(float(value)) if played else "",
                    "title": f"{row_player} vs {column_player}: {text.iat[i, j]}" if played else "",
                    "diagonal": i == j,
                }
            )
        rows.append({"rank": i + 1, "player": row_player, "cells": cells})
    return rows


# --- the page ------------------------------------------------------------------------------------


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_leaderboard_html(
    records: Sequence[GameRecord],
    standings: Standings,
    render_board: BoardRenderer | None = None,
    title: str = "Tournament leaderboard",
    show_bonus: bool = False,
) -> str:
    """The page as a string; see :func:`write_leaderboard_html`."""
    ratings = standings.ratings
    games = [_game_entry(r, render_board) for r in records]
    board_rows = standings.leaderboard.to_dict(orient="records")
    bonus = dict(zip(standings.bonus.player, standings.bonus.bonus))
    for row in board_rows:
        row["bonus"] = bonus.get(row["player"], 0.0)
    kinds = dict.fromkeys((r.game, board_words(r.game, r.size)) for r in records)
    game_names = "; ".join(f"{name} ({size})" if size else name for name, size in kinds)
    return _environment().get_template(TEMPLATE).render(
        title=title,
        game_names=game_names,
        n_games=len(records),
        n_players=len(board_rows),
        n_forfeits=sum(r.forfeit is not None for r in records),
        n_faults=sum(len(r.faults) for r in records),
        ratings=ratings,
        leaderboard=board_rows,
        rating_plot=Markup(
            rating_plot_svg(standings.leaderboard, ratings.anchor, ratings.anchor_rating)
        ),
        crosstable=_crosstable_rows(standings),
        games_json=Markup(_safe_json(games)),
        has_boards=render_board is not None,
        colour=score_colour,
        show_bonus=show_bonus,
        bonus_rule=standings.bonus_rule,
    )


def write_leaderboard_html(
    records: Sequence[GameRecord],
    standings: Standings,
    out_path: str | os.PathLike[str],
    render_board: BoardRenderer | None = None,
    title: str = "Tournament leaderboard",
    show_bonus: bool = False,
) -> Path:
    """Write the self-contained leaderboard page; every game in ``records`` gets a replay entry.

    ``render_board(record)`` draws the game's positions as SVG (see :data:`BoardRenderer`;
    :func:`svg_positions` makes one from a reference game). Without it the replay shows the move
    list only. ``show_bonus`` adds the instructors' bonus column (off: the page is usually for students).
    Open a game directly with ``page.html#game=<game_id>`` (``&ply=<n>`` for a position).
    """
    path = Path(out_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_leaderboard_html(records, standings, render_board, title, show_bonus), encoding="utf-8")
    return path
