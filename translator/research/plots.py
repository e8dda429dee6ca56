"""Pictures of a census: the mobility heat map of each piece, and one chart comparing the
pieces' mobility at each density (matplotlib, no display needed)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from translator.squares import parse_square


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:60] or "piece"


def write_plots(rows: list[dict[str, Any]], folder: str) -> list[Path]:
    """Write ``heatmap-PIECE-BOARD.png`` per row and ``mobility.png``; the paths written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    good = [r for r in rows if "error" not in r]
    for row in good:
        files, ranks = (int(n) for n in row["board"].split("x"))
        grid = [[0.0] * files for _ in range(ranks)]
        for name, n in row["mobility_empty"]["map"].items():
            x, y = parse_square(name)
            grid[y][x] = n
        fig, ax = plt.subplots(figsize=(4, 4))
        image = ax.imshow(grid, origin="lower", cmap="viridis")
        ax.set_xticks(range(files), [chr(97 + x) for x in range(files)])
        ax.set_yticks(range(ranks), [str(y + 1) for y in range(ranks)])
        ax.set_title(f"{row['piece']}: moves from each square ({row['board']})")
        fig.colorbar(image, ax=ax, shrink=0.8)
        path = out / f"heatmap-{_safe(row['piece'])}-{row['board']}.png"
        fig.savefig(path, dpi=90, bbox_inches="tight")
        plt.close(fig)
        written.append(path)
    densities = sorted({d for r in good for d in r.get("mobility", {})}, key=float)
    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.8 / max(1, len(densities) + 1)
    labels = [f"{r['piece']} {r['board']}" for r in good]
    series = [("empty", [r["mobility_empty"]["mean"] for r in good])]
    series += [(f"density {d}", [r["mobility"][d]["mean"] for r in good]) for d in densities]
    for i, (label, values) in enumerate(series):
        ax.bar([n + i * width for n in range(len(good))], values, width, label=label)
    ax.set_xticks([n + width * len(densities) / 2 for n in range(len(good))], labels,
                  rotation=45, ha="right")
    ax.set_ylabel("mean number of moves")
    ax.legend()
    path = out / "mobility.png"
    fig.savefig(path, dpi=90, bbox_inches="tight")
    plt.close(fig)
    written.append(path)
    return written
