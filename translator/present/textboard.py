"""Plain-text boards for the terminal: White (rank 1) at the bottom, files along the foot.

>>> print(render_board(3, 3, {(0, 0): "N", (1, 2): "*", (2, 1): "x"},
...                   legend=[("*", "move only"), ("x", "capture only")]))
3 . * .
2 . . x
1 N . .
  a b c
  * move only
  x capture only
"""

from __future__ import annotations

from translator.squares import MAX_SIZE, Square


def render_board(
    files: int,
    ranks: int,
    cells: dict[Square, str],
    legend: list[tuple[str, str]] | None = None,
) -> str:
    """Draw a ``files`` x ``ranks`` board; ``cells`` maps ``(file, rank)`` to a 1-char mark.

    Empty squares are '.', columns are one space apart, rank numbers are right-aligned so
    boards of 10 or more ranks line up. No trailing newline.
    """
    if not (1 <= files <= MAX_SIZE and 1 <= ranks <= MAX_SIZE):
        raise ValueError(f"board must be from 1x1 to {MAX_SIZE}x{MAX_SIZE}")
    for (x, y), mark in cells.items():
        if not (0 <= x < files and 0 <= y < ranks):
            raise ValueError(f"cell {(x, y)} is off the {files}x{ranks} board")
        if len(mark) != 1:
            raise ValueError(f"cell mark {mark!r} must be one character")
    label = len(str(ranks))
    lines = []
    for y in range(ranks - 1, -1, -1):
        row = " ".join(cells.get((x, y), ".") for x in range(files))
        lines.append(f"{y + 1:>{label}} {row}")
    lines.append(" " * (label + 1) + " ".join(chr(ord("a") + x) for x in range(files)))
    for mark, meaning in legend or ():
        lines.append(f"  {mark} {meaning}")
    return "\n".join(lines)
