"""Drawing helpers shared by the games: small SVG elements and a text grid.

Every game draws its board for feedback pages (SVG, self-contained, no scripts, no external
fonts) and for terminals and Markdown (plain text). These helpers return strings; a game
assembles them with :func:`svg_document`. Numbers are rounded so that drawings are stable
byte for byte, which keeps snapshot tests and diffs of feedback readable.
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Sequence

# Colours, named by role so that every board looks like part of one family.
BOARD_BLUE = "#1f4e9c"
GRID_GREY = "#444444"
EMPTY_WHITE = "#ffffff"
FIRST_RED = "#d62728"  # player +1 (moves first): red in Connect 4, x in tic-tac-toe
SECOND_YELLOW = "#f2c12e"  # player -1: yellow in Connect 4
SECOND_BLUE = "#1f77b4"  # player -1: o in tic-tac-toe
HIGHLIGHT = "#2ca02c"
HIGHLIGHT_FILL = "#fff3a0"


def _num(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(**attributes: object) -> str:
    """SVG attributes from keyword arguments (``stroke_width`` -> ``stroke-width``); None is left out."""
    parts = []
    for key, value in attributes.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = _num(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{escape(str(value), quote=True)}"')
    return " ".join(parts)


def svg_document(width: float, height: float, elements: Iterable[str], title: str | None = None) -> str:
    """A complete ``<svg>`` element of the given size holding ``elements`` (strings from the helpers)."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}">'
    )
    body = [f"<title>{escape(title)}</title>"] if title else []
    body.extend(elements)
    return head + "".join(body) + "</svg>"


def rect(x: float, y: float, width: float, height: float, fill: str = "none", **style: object) -> str:
    """A rectangle with its top-left corner at (x, y)."""
    attributes = _attrs(x=float(x), y=float(y), width=float(width), height=float(height), fill=fill, **style)
    return f"<rect {attributes}/>"


def circle(cx: float, cy: float, r: float, fill: str = "none", **style: object) -> str:
    """A circle centred at (cx, cy)."""
    return f"<circle {_attrs(cx=float(cx), cy=float(cy), r=float(r), fill=fill, **style)}/>"


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = GRID_GREY, **style: object) -> str:
    """A straight line segment."""
    return f"<line {_attrs(x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), stroke=stroke, **style)}/>"


def polygon(points: Sequence[tuple[float, float]], fill: str, **style: object) -> str:
    """A closed polygon through ``points``."""
    coordinates = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
    return f"<polygon {_attrs(points=coordinates, fill=fill, **style)}/>"


def label(x: float, y: float, text: str, size: float = 12, fill: str = GRID_GREY, **style: object) -> str:
    """Text centred at (x, y), in a generic font (no external fonts in a feedback page)."""
    attributes = _attrs(
        x=float(x),
        y=float(y),
        font_size=float(size),
        font_family="sans-serif",
        text_anchor="middle",
        dominant_baseline="central",
        fill=fill,
        **style,
    )
    return f"<text {attributes}>{escape(text)}</text>"


def cross(cx: float, cy: float, half: float, stroke: str = FIRST_RED, width: float = 4) -> str:
    """An ``x`` mark centred at (cx, cy), ``half`` the size of its bounding square."""
    return line(
        cx - half, cy - half, cx + half, cy + half, stroke, stroke_width=float(width), stroke_linecap="round"
    ) + line(
        cx - half, cy + half, cx + half, cy - half, stroke, stroke_width=float(width), stroke_linecap="round"
    )


def text_grid(cells: Sequence[Sequence[str]], column_labels: Sequence[str] | None = None) -> str:
    """Rows of one-character cells separated by spaces, with optional one-character column labels below.

    Plain ASCII so that it reads the same in a terminal, a log and a Markdown code block.
    """
    lines = [" ".join(row) for row in cells]
    if column_labels is not None:
        lines.append(" ".join(column_labels))
    return "\n".join(lines)
