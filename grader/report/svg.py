"""Board drawings put into feedback pages: only plain SVG shapes and text get through.

The reference draws the boards, but a board may show what a student's code returned, so the
drawing is treated like any other untrusted text: it is parsed, and only known drawing elements
with harmless attributes are written back. Scripts, event handlers, links, external resources and
foreign HTML are dropped, whatever the drawing contained.
"""

from __future__ import annotations

from html import escape
from html.parser import HTMLParser

ALLOWED_ELEMENTS = frozenset(
    "svg g rect circle ellipse line polyline polygon path text tspan title desc defs "
    "lineargradient radialgradient stop clippath".split()
)
# html.parser lowercases names; inline SVG is case-sensitive, so give back the SVG spelling.
_SVG_CASE = {
    "viewbox": "viewBox",
    "preserveaspectratio": "preserveAspectRatio",
    "lineargradient": "linearGradient",
    "radialgradient": "radialGradient",
    "clippath": "clipPath",
    "gradientunits": "gradientUnits",
    "gradienttransform": "gradientTransform",
    "textlength": "textLength",
    "lengthadjust": "lengthAdjust",
    "clippathunits": "clipPathUnits",
}
_UNSAFE_VALUE_MARKERS = ("javascript:", "expression(", "url(", "@import", "data:")


def _attribute_allowed(name: str, value: str | None) -> bool:
    if name.startswith("on") or name in ("href", "xlink:href", "src") or ":" in name and name != "xml:space":
        return False
    lowered = (value or "").lower().replace(" ", "")
    # url(#id) points inside the drawing (gradients, clip paths) and is harmless; other url()s fetch.
    lowered = lowered.replace("url(#", "")
    return not any(marker in lowered for marker in _UNSAFE_VALUE_MARKERS)


class _SvgFilter(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.open: list[str] = []
        self.dropping = 0  # depth inside an element that is dropped with all it contains

    def _start(self, tag: str, attrs: list[tuple[str, str | None]], closed: bool) -> None:
        if self.dropping or tag not in ALLOWED_ELEMENTS:
            if not closed:
                self.dropping += 1
            return
        if not self.open and tag != "svg":
            return  # content outside the <svg> element is not part of the drawing
        parts = [_SVG_CASE.get(tag, tag)]
        for name, value in attrs:
            if _attribute_allowed(name, value):
                parts.append(f'{_SVG_CASE.get(name, name)}="{escape(value or "", quote=True)}"')
        if closed:
            self.out.append("<" + " ".join(parts) + "/>")
        else:
            self.out.append("<" + " ".join(parts) + ">")
            self.open.append(tag)

    def handle_starttag(self, tag, attrs):
        self._start(tag, attrs, closed=False)

    def handle_startendtag(self, tag, attrs):
        self._start(tag, attrs, closed=True)

    def handle_endtag(self, tag):
        if self.dropping:
            self.dropping -= 1
            return
        if tag in self.open:
            while self.open:
                top = self.open.pop()
                self.out.append(f"</{_SVG_CASE.get(top, top)}>")
                if top == tag:
                    break

    def handle_data(self, data):
        if not self.dropping and self.open:
            self.out.append(escape(data, quote=False))

    def close(self) -> None:
        super().close()
        while self.open:
            top = self.open.pop()
            self.out.append(f"</{_SVG_CASE.get(top, top)}>")


def safe_svg(svg: str) -> str:
    """``svg`` with everything but drawing elements and harmless attributes removed ("" if nothing is left)."""
    if not svg or "<svg" not in svg.lower():
        return ""
    parser = _SvgFilter()
    parser.feed(svg)
    parser.close()
    return "".join(parser.out)
