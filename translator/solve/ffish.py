"""Fairy-Stockfish (``pyffish``) as an independent move generator, for ``betza lint`` and the
differential tests.

``ffish_moves`` loads a one-piece variant whose custom piece has the given Betza string,
puts it on a board with inert blockers, and asks Fairy-Stockfish for the legal moves. It
shares no code with our engine. ``pyffish`` is optional (it is in the test extras):
:func:`available` says whether it is installed.

Set-up (found empirically with pyffish 0.0.90, "Fairy-Stockfish 230826 LB"):

* A section with no parent (``[name]``) starts from Fairy-Stockfish's empty template: no
  king, no pawns, no promotion, no castling. Without a royal piece nothing is ever in check,
  so legality filtering cannot hide any of the mover's moves.
* Blockers are the predefined ``immobile`` piece (Betza ``""``): they never move and can be
  captured like any other piece.
* This build is a large-board build: at most 12 files x 10 ranks. A bigger board makes
  the library crash the interpreter (segfault), so ``ffish_moves`` refuses it.
* UCI moves are written ``e4f6``; ranks 10 and up take two digits (``a1a10``). The custom
  piece never promotes, so no suffix appears.

What Fairy-Stockfish's ``from_betza`` (src/piece.cpp) does, and what we observed with it:

* Atoms W F D N A H C=L Z=J G K, riders R B Q. A digit after an atom makes a rider of that
  range (``0`` = unlimited) and a doubled atom (``NN``) is the unlimited rider, but only W, F
  and N steps (so R B Q K too) can ride: ``D0 DD A2 C0 H3 ...`` give no moves at all. Only
  ONE digit is read: ``R12`` is ``R1`` (the ``2`` is silently dropped).
* Direction letters f b l r v s h are combined in pairs, greedily: a letter combines with the
  next one when it is the same letter or one is "vertical" (f b v h) and the other
  "horizontal" (l r s h). Recognised groups are single/doubled letters and ``rf lf rb lb fr
  fl br bl rv lv fs bs fh bh rh lh hr hl``. Other groups (``vr``, ``sf``, ``vs`` ...) select
  nothing on F-like and oblique atoms, whereas the spec gives ``vrN`` = the right pair.
* On W-like atoms (W D H R) a mixed group is split into its letters (``fsW`` = fW+sW).
* K and Q are the atoms W and F handled one after the other, so ``fK`` = fW + fF = three
  moves and ``fQ`` three rays; the spec's 8-fold K system makes ``fK`` the single forward step.
* ``m`` and ``c`` as usual. ``p``/``g`` make a cannon / grasshopper along W and F lines only:
  ``pR pB pQ gR gB gQ`` (also ``pW`` = ``pR``, ``pK`` = ``pQ``, ``gF`` = ``gB``); on N and the
  other leapers they give no moves. A range on a hopper is not the spec's: ``pR3`` lands only
  right behind the hurdle, and ``gR0`` is a cannon.
* ``n`` makes a lame leaper of N, A, D (and Z, with the Janggi elephant's path); ``nW nF nH
  nC nG`` give no moves, and ``n`` on a rider is ignored (``nN0`` = ``N0``).
* Unknown letters are skipped: ``j``, ``a``, ``o``, ``e``, ``t``, ``y``, ``q``, ``z`` do
  nothing, so ``jB`` is a plain bishop instead of the spec's ski-bishop, and multi-leg moves
  fall apart (``mafsmafW`` gives d4 f4 e5 from e4, the checker ``fcafmF`` a plain fF).
* ``i`` marks a move as initial-only by Fairy-Stockfish's own rules.

Observed divergences (white piece, empty 8x8 board unless noted): ``fK`` on e4 gives d5 e5 f5
(spec: e5); ``jB`` on a1 gives b2..h8 (spec: c3..h8); ``vrN`` on e4 gives nothing (spec: g5
g3); ``D0`` gives nothing; ``R12`` on a1 of a 12x10 board gives a2 b1; ``pR3`` on d1 with a
hurdle on d3 gives d4 (spec: d4 d5 d6). tests/test_ffish_oracle.py pins these down and
tests/ffish_oracle.py lists the subset where the two agree.
"""

from __future__ import annotations

import importlib.util
import re
from typing import Any

from translator.squares import parse_square

MAX_FILES = 12
MAX_RANKS = 10

_MOVER = "a"  # customPiece1 letter; upper case for White
_BLOCKER = "i"  # Fairy-Stockfish's predefined immobile piece
BETZA_CHARS = re.compile(r"[A-Za-z0-9]*")
_UCI = re.compile(r"([a-z])([0-9]+)([a-z])([0-9]+)(.*)")

# One variant per (betza, files, ranks): every load adds an entry to Fairy-Stockfish's global
# variant table, so reuse them rather than grow the table with every position.
_variants: dict[tuple[str, int, int], str] = {}


def available() -> bool:
    """Is ``pyffish`` installed?"""
    return importlib.util.find_spec("pyffish") is not None


def _pyffish() -> Any:
    import pyffish

    return pyffish


def variant_for(betza: str, files: int, ranks: int) -> str:
    """Load (once) a variant whose only mobile piece moves as ``betza``; return its name."""
    if not BETZA_CHARS.fullmatch(betza):
        # The config parser is line based; anything else could inject other settings.
        raise ValueError(f"Betza string has characters Fairy-Stockfish cannot take: {betza!r}")
    if not (1 <= files <= MAX_FILES and 1 <= ranks <= MAX_RANKS):
        raise ValueError(f"this pyffish build supports boards up to {MAX_FILES}x{MAX_RANKS}")
    key = (betza, files, ranks)
    if key not in _variants:
        name = f"betzakboracle{len(_variants)}"
        empty = "/".join([str(files)] * ranks)
        # No parent section: the empty template has no king, pawns, promotion or castling.
        config = "\n".join([
            f"[{name}]", f"maxFile = {files}", f"maxRank = {ranks}",
            f"customPiece1 = {_MOVER}:{betza}", f"immobile = {_BLOCKER}",
            "castling = false", "doubleStep = false", f"startFen = {empty} w - - 0 1", ""])
        _pyffish().load_variant_config(config)
        _variants[key] = name
    return _variants[key]


def board_fen(files: int, ranks: int, origin: str, friends: list[str], enemies: list[str],
              side: str) -> str:
    """The FEN of the test position: the mover on ``origin``, immobile blockers elsewhere."""
    if side not in ("white", "black"):
        raise ValueError(f"side must be 'white' or 'black', not {side!r}")
    white = side == "white"
    pieces: dict[tuple[int, int], str] = {}

    def put(name: str, letter: str, own: bool) -> None:
        sq = parse_square(name, files, ranks)
        if sq in pieces:
            raise ValueError(f"square {name!r} listed twice")
        pieces[sq] = letter.upper() if own == white else letter.lower()

    put(origin, _MOVER, True)
    for name in friends:
        put(name, _BLOCKER, True)
    for name in enemies:
        put(name, _BLOCKER, False)
    rows = []
    for y in reversed(range(ranks)):
        row, gap = "", 0
        for x in range(files):
            letter = pieces.get((x, y))
            if letter is None:
                gap += 1
                continue
            row += (str(gap) if gap else "") + letter
            gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return f"{'/'.join(rows)} {'w' if white else 'b'} - - 0 1"


def ffish_moves(betza: str, files: int, ranks: int, origin: str, friends: list[str],
                enemies: list[str], side: str, *, ask_captures: bool = False
                ) -> set[tuple[str, bool]]:
    """Fairy-Stockfish's moves of the ``betza`` piece on ``origin``: {(destination, capture)}.

    A move captures when its destination holds an enemy: Fairy-Stockfish has no locust or
    e.p. captures for these pieces. ``ask_captures`` asks ``pyffish.is_capture`` instead,
    which costs about 3 ms per move, so only the oracle's own tests use it to confirm the rule.
    """
    ffish = _pyffish()
    variant = variant_for(betza, files, ranks)
    fen = board_fen(files, ranks, origin, friends, enemies, side)
    if not ffish.validate_fen(fen, variant):
        raise ValueError(f"Fairy-Stockfish rejects the FEN {fen!r}")
    enemy_squares = set(enemies)
    result: set[tuple[str, bool]] = set()
    for uci in ffish.legal_moves(variant, fen, []):
        m = _UCI.fullmatch(uci)
        if not m:
            raise ValueError(f"unexpected move notation from Fairy-Stockfish: {uci!r}")
        if m.group(5):
            raise ValueError(f"unexpected promotion or gating suffix: {uci!r}")
        if m.group(1) + m.group(2) != origin:
            continue  # blockers are immobile, but stay robust if that ever changes
        to = m.group(3) + m.group(4)
        capture = bool(ffish.is_capture(variant, fen, [], uci)) if ask_captures \
            else to in enemy_squares
        result.add((to, capture))
    return result


def format_moves(moves: set[tuple[str, bool]]) -> str:
    """``{('d5', True), ('e5', False)}`` -> ``'e5 xd5'`` in board order, for messages.

    >>> format_moves({('d5', True), ('e5', False), ('a1', False)})
    'a1 xd5 e5'
    """
    def key(move: tuple[str, bool]) -> tuple[int, int]:
        x, y = parse_square(move[0])
        return y, x

    return " ".join(("x" if cap else "") + to for to, cap in sorted(moves, key=key))

