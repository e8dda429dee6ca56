"""Draw a board with pieces and move marks as a standalone SVG 1.1 image.

Every query that shows a board goes through :func:`render_svg`, so all diagrams share
one look and one colour key (:data:`ALL_KINDS`: the Diagram's :data:`MARK_KINDS` and the
teaching board's :data:`BOARD_KINDS`).

The mark colours follow H. G. Muller's Interactive Diagram on chessvariants.com, whose
move diagrams paint a target square's background: yellow = move or capture,
green = move only, red = capture only, cyan = locust capture, light grey with a "?" =
hop target.  The Diagram has no colour for e.p. squares or blocked squares; those two
are our own picks, chosen to differ from every Diagram colour.

Elements carry ``class`` and ``data-*`` attributes so tests (and scripts) can find
them without knowing pixel positions::

    <rect class="mark mark-capture" data-square="e5" .../>
    <g class="piece piece-white origin" data-square="e4" data-label="N">...</g>

>>> svg = render_svg(3, 3, pieces={(1, 1): ("N", "white")}, marks={(0, 0): "move"},
...                  origin=(1, 1))
>>> 'data-square="a1"' in svg and "move only" in svg
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.sax.saxutils import escape

from translator.squares import MAX_SIZE, Square, square_name

# kind -> (fill colour, legend text).  Insertion order is the legend order.
MARK_KINDS: dict[str, tuple[str, str]] = {
    "move": ("#00FF00", "move only"),
    "capture": ("#FF0000", "capture only"),
    "both": ("#FFFF00", "move or capture"),
    "hop": ("#C0C0C0", "hop target"),
    "locust": ("#00FFFF", "locust victim (captured on the way)"),
    "ep": ("#FF40FF", "e.p. square"),
    "blocked": ("#707070", "blocked"),
}
# the teaching board's own kinds (translator/present/board.py), after the Diagram's
BOARD_KINDS: dict[str, tuple[str, str]] = {
    "castling": ("#FFA040", "castling"),
    "friend": ("#FF80C0", "captures a friend (d)"),
    "relay": ("#C090FF", "a friend touched on the way makes the move (x)"),
    "mount": ("#B0B0B0", "jumped over (the hop's mount)"),
    "unload": ("#9090FF", "a captured piece is put down here (u)"),
}
ALL_KINDS = {**MARK_KINDS, **BOARD_KINDS}

SIDES = ("white", "black")

SQUARE = 40  # px per square; large boards simply give a larger image
LIGHT = "#F0E4CC"
DARK = "#C4AE8A"
LEFT = 26  # room for two-digit rank numbers
RIGHT = 10
TOP = 10
TITLE_H = 26
FILES_H = 20  # row of file letters under the board
LEGEND_GAP = 10
LEGEND_ROW = 20
SWATCH = 14
BOTTOM = 8
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
CHAR_W = 7.2  # rough average glyph width at 12px, only used to size the canvas

ORIGIN_STROKE = "#1E5AFF"
ARROW = "#1E5AFF"
LABEL_ROOM = 26  # px of text width that stays inside the disc of radius 15
WHITE_FILL, WHITE_INK = "#FFFFFF", "#1A1A1A"
BLACK_FILL, BLACK_INK = "#2A2A2A", "#F5F5F5"

# Characters XML 1.0 forbids even when escaped; a stray one would make the file unreadable.
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _text(value: str) -> str:
    """Escape ``value`` for element content."""
    return escape(_XML_ILLEGAL.sub("\ufffd", value))


def _attr(value: str) -> str:
    """Escape ``value`` for a double-quoted attribute."""
    return escape(_XML_ILLEGAL.sub("\ufffd", value), {'"': "&quot;"})


def _check_square(square: Square, files: int, ranks: int, what: str) -> None:
    x, y = square
    if not (0 <= x < files and 0 <= y < ranks):
        raise ValueError(f"{what} square {square!r} is off a {files}x{ranks} board")


def _board_order(square: Square) -> tuple[int, int]:
    # Sorted output keeps the SVG byte-identical for equal inputs (diffable, cacheable).
    return (square[1], square[0])


def _legend_text(kind: str, labels: dict[str, str] | None) -> str:
    """The legend text of a mark kind; a query may name its marks in its own terms."""
    return (labels or {}).get(kind, ALL_KINDS[kind][1])


@dataclass(frozen=True)
class _Layout:
    """Where things go on the canvas."""

    files: int
    ranks: int
    board_top: int
    legend_top: int
    width: int
    height: int

    def corner(self, square: Square) -> tuple[int, int]:
        x, y = square
        return LEFT + x * SQUARE, self.board_top + (self.ranks - 1 - y) * SQUARE

    def centre(self, square: Square) -> tuple[int, int]:
        px, py = self.corner(square)
        return px + SQUARE // 2, py + SQUARE // 2


def render_svg(
    files: int,
    ranks: int,
    *,
    pieces: dict[Square, tuple[str, str]],
    marks: dict[Square, str],
    origin: Square | None = None,
    title: str | None = None,
    labels: dict[str, str] | None = None,
    paths: list[list[Square]] | None = None,
) -> str:
    """Return an SVG 1.1 document showing a ``files`` x ``ranks`` board.

    ``pieces`` maps squares to ``(label, side)`` with side ``'white'`` or ``'black'``;
    ``marks`` maps squares to a key of :data:`ALL_KINDS`.  The piece on ``origin`` (the
    one whose moves are shown) gets a thick outline; an empty ``origin`` gets a ring.
    ``title`` is printed above the board.  White's first rank is at the bottom, a1 dark.
    ``paths`` are drawn as arrows through the squares where each leg of a move ends.
    A legend under the board lists only the mark kinds that occur.

    Raises ``ValueError`` for a bad size, an off-board square, an unknown mark kind or
    an unknown side.
    """
    _validate(files, ranks, pieces, marks, origin, paths or [])
    used = [kind for kind in ALL_KINDS if kind in marks.values()]
    lay = _layout(files, ranks, used, title, labels)
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{lay.width}" '
        f'height="{lay.height}" viewBox="0 0 {lay.width} {lay.height}" font-family="{FONT}">',
    ]
    if title:
        out.append(f"<title>{_text(title)}</title>")
    out.append(f'<rect class="background" x="0" y="0" width="{lay.width}" '
               f'height="{lay.height}" fill="#FFFFFF"/>')
    if title:
        out.append(f'<text class="title" x="{LEFT}" y="{TOP + 16}" font-size="14" '
                   f'font-weight="bold" fill="#000000">{_text(title)}</text>')
    out += _squares(lay)
    out += _marks(lay, marks, pieces, labels)
    # Grid lines after the marks so that tinted squares stay visibly separate.
    out.append(f'<rect class="frame" x="{LEFT}" y="{lay.board_top}" width="{files * SQUARE}" '
               f'height="{ranks * SQUARE}" fill="none" stroke="#404040" stroke-width="1.5"/>')
    out += _arrows(lay, paths or [])
    out += _pieces(lay, pieces, origin)
    out += _coords(lay)
    out += _legend(lay, used, labels)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _validate(files: int, ranks: int, pieces: dict[Square, tuple[str, str]],
              marks: dict[Square, str], origin: Square | None,
              paths: list[list[Square]]) -> None:
    if not (isinstance(files, int) and isinstance(ranks, int)
            and 1 <= files <= MAX_SIZE and 1 <= ranks <= MAX_SIZE):
        raise ValueError(f"board must be 1x1 to {MAX_SIZE}x{MAX_SIZE}, got {files}x{ranks}")
    for square, kind in marks.items():
        _check_square(square, files, ranks, "marked")
        if kind not in ALL_KINDS:
            raise ValueError(f"unknown mark kind {kind!r} (known: {', '.join(ALL_KINDS)})")
    for square, (_label, side) in pieces.items():
        _check_square(square, files, ranks, "piece")
        if side not in SIDES:
            raise ValueError(f"piece side must be 'white' or 'black', got {side!r}")
    if origin is not None:
        _check_square(origin, files, ranks, "origin")
    for path in paths:
        for square in path:
            _check_square(square, files, ranks, "path")


def _layout(files: int, ranks: int, used: list[str], title: str | None,
            labels: dict[str, str] | None) -> _Layout:
    board_top = TOP + (TITLE_H if title else 0)
    legend_top = board_top + ranks * SQUARE + FILES_H + LEGEND_GAP
    # A 1-file board is narrower than its legend or title; widen the canvas, not the board.
    width = LEFT + files * SQUARE + RIGHT
    if used:
        longest = max(len(_legend_text(k, labels)) for k in used)
        width = max(width, LEFT + SWATCH + 6 + int(longest * CHAR_W) + RIGHT)
    if title:
        width = max(width, LEFT + int(len(title) * CHAR_W * 14 / 12) + RIGHT)
    height = legend_top + (len(used) * LEGEND_ROW if used else 0) + BOTTOM
    return _Layout(files, ranks, board_top, legend_top, width, height)


def _squares(lay: _Layout) -> list[str]:
    out = ['<g class="board">']
    for y in range(lay.ranks):
        for x in range(lay.files):
            px, py = lay.corner((x, y))
            # (x + y) even is a1's colour, which is dark as on a real chessboard.
            shade, fill = ("dark", DARK) if (x + y) % 2 == 0 else ("light", LIGHT)
            out.append(f'<rect class="square {shade}" data-square="{square_name((x, y))}" '
                       f'x="{px}" y="{py}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>')
    out.append("</g>")
    return out


def _marks(lay: _Layout, marks: dict[Square, str], pieces: dict[Square, tuple[str, str]],
           labels: dict[str, str] | None) -> list[str]:
    out = ['<g class="marks">']
    for square in sorted(marks, key=_board_order):
        kind = marks[square]
        colour, text = ALL_KINDS[kind][0], _legend_text(kind, labels)
        px, py = lay.corner(square)
        name = square_name(square)
        # Full-square tint as in the Interactive Diagram; the faint dark edge keeps a
        # light tint (grey hop, yellow) apart from the checkering next to it.
        out.append(f'<rect class="mark mark-{kind}" data-square="{name}" data-kind="{kind}" '
                   f'x="{px + 1}" y="{py + 1}" width="{SQUARE - 2}" height="{SQUARE - 2}" '
                   f'fill="{colour}" stroke="#000000" stroke-opacity="0.35" stroke-width="1">'
                   f"<title>{name}: {_text(text)}</title></rect>")
        if kind == "hop" and square not in pieces:
            # The Diagram writes "?" on an empty hop target: a mount is needed there.
            out.append(f'<text class="mark-glyph" data-square="{name}" x="{px + SQUARE // 2}" '
                       f'y="{py + SQUARE // 2 + 7}" font-size="20" text-anchor="middle" '
                       f'fill="#404040">?</text>')
    out.append("</g>")
    return out


def _arrows(lay: _Layout, paths: list[list[Square]]) -> list[str]:
    """Each path as a polyline through the centres of its squares, with an arrowhead."""
    if not paths:
        return []
    out = ['<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" '
           'markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
           f'<path d="M 0 0 L 10 5 L 0 10 z" fill="{ARROW}"/></marker></defs>',
           '<g class="paths">']
    for path in paths:
        points = " ".join(f"{cx},{cy}" for cx, cy in map(lay.centre, path))
        legs = " ".join(square_name(sq) for sq in path)
        out.append(f'<polyline class="path" data-legs="{legs}" points="{points}" fill="none" '
                   f'stroke="{ARROW}" stroke-width="3" stroke-opacity="0.8" '
                   'marker-end="url(#arrowhead)"/>')
    out.append("</g>")
    return out


def _pieces(lay: _Layout, pieces: dict[Square, tuple[str, str]], origin: Square | None
            ) -> list[str]:
    out = ['<g class="pieces">']
    for square in sorted(pieces, key=_board_order):
        label, side = pieces[square]
        cx, cy = lay.centre(square)
        fill, ink = (WHITE_FILL, WHITE_INK) if side == "white" else (BLACK_FILL, BLACK_INK)
        is_origin = square == origin
        stroke: str
        stroke_w: float
        if is_origin:
            stroke, stroke_w = ORIGIN_STROKE, 4
        else:
            stroke, stroke_w = ("#1A1A1A", 1.5) if side == "white" else ("#D0D0D0", 1)
        classes = f"piece piece-{side}" + (" origin" if is_origin else "")
        out.append(f'<g class="{classes}" data-square="{square_name(square)}" '
                   f'data-label="{_attr(label)}">')
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{SQUARE * 2 // 5 - 1}" fill="{fill}" '
                   f'stroke="{stroke}" stroke-width="{stroke_w}"/>')
        out.append(_piece_label(label, cx, cy, ink))
        out.append("</g>")
    if origin is not None and origin not in pieces:
        cx, cy = lay.centre(origin)
        out.append(f'<circle class="origin" data-square="{square_name(origin)}" '
                   f'cx="{cx}" cy="{cy}" r="{SQUARE * 2 // 5 - 1}" '
                   f'fill="none" stroke="{ORIGIN_STROKE}" stroke-width="4"/>')
    out.append("</g>")
    return out


def _coords(lay: _Layout) -> list[str]:
    out = ['<g class="coords" font-size="12" fill="#202020">']
    foot = lay.board_top + lay.ranks * SQUARE + 14
    for x in range(lay.files):
        cx = LEFT + x * SQUARE + SQUARE // 2
        out.append(f'<text class="file-label" x="{cx}" y="{foot}" '
                   f'text-anchor="middle">{chr(ord("a") + x)}</text>')
    for y in range(lay.ranks):
        cy = lay.board_top + (lay.ranks - 1 - y) * SQUARE + SQUARE // 2 + 4
        out.append(f'<text class="rank-label" x="{LEFT - 5}" y="{cy}" '
                   f'text-anchor="end">{y + 1}</text>')
    out.append("</g>")
    return out


def _legend(lay: _Layout, used: list[str], labels: dict[str, str] | None) -> list[str]:
    if not used:
        return []
    out = ['<g class="legend" font-size="12" fill="#000000">']
    for i, kind in enumerate(used):
        colour, text = ALL_KINDS[kind][0], _legend_text(kind, labels)
        top = lay.legend_top + i * LEGEND_ROW
        out.append(f'<g class="legend-item" data-kind="{kind}">')
        out.append(f'<rect class="legend-swatch" x="{LEFT}" y="{top}" width="{SWATCH}" '
                   f'height="{SWATCH}" fill="{colour}" stroke="#404040" stroke-width="1"/>')
        out.append(f'<text x="{LEFT + SWATCH + 6}" y="{top + SWATCH - 3}">{_text(text)}</text>')
        out.append("</g>")
    out.append("</g>")
    return out


def _em_width(label: str) -> float:
    """Rough width of ``label`` in ems for a bold sans font (there are no font metrics here)."""
    # Coarse glyph classes are enough to keep "MM" or "+R" inside a 30 px disc.
    return sum(1.0 if ch in "MWmw@" else 0.35 if ch in "ijlI.,:;!|'" else
               0.8 if ch.isupper() or not ch.isalpha() else 0.65 for ch in label)


def _piece_label(label: str, cx: int, cy: int, ink: str) -> str:
    """Centred label text, shrunk with its length so it stays inside the disc.

    Light ink on a Black disc would vanish on a light square if the text spilled over,
    so long names get a smaller font rather than running past the disc edge.
    """
    size = max(6, min(20, int(LABEL_ROOM / max(_em_width(label), 0.1))))
    squeeze = ""
    if len(label) > 3:
        # Renderers that honour textLength then fit the label exactly to the disc.
        squeeze = f' textLength="{LABEL_ROOM}" lengthAdjust="spacingAndGlyphs"'
    # dominant-baseline is patchy across renderers; a fixed drop of ~0.36 em centres caps.
    return (f'<text x="{cx}" y="{cy + round(size * 0.36)}" font-size="{size}" '
            f'font-weight="bold" text-anchor="middle" fill="{ink}"{squeeze}>'
            f"{_text(label)}</text>")
