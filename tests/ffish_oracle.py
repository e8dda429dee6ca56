"""An independent move oracle built on Fairy-Stockfish (``pyffish``).

``ffish_moves`` loads a one-piece variant whose custom piece has the given Betza string,
puts it on a board with inert blockers, and asks Fairy-Stockfish for the legal moves.  It
shares no code with our engine, so agreement between the two on random positions is real
evidence.  Fairy-Stockfish only implements a subset of Betza notation, and implements some of
it differently from the XBetza texts in ``/work/shared/spec``; the differential test must stay
inside the subset where the two agree.

Set-up (found empirically with pyffish 0.0.90, "Fairy-Stockfish 230826 LB"):

* A section with no parent (``[name]``) starts from Fairy-Stockfish's empty template: no
  king, no pawns, no promotion, no castling.  Without a royal piece nothing is ever in check,
  so legality filtering cannot hide any of the mover's moves.
* Blockers are the predefined ``immobile`` piece (Betza ``""``): they never move and can be
  captured like any other piece.
* This build is a large-board build: at most 12 files x 10 ranks.  A bigger board makes
  the library crash the interpreter (segfault), so ``ffish_moves`` refuses it.
* UCI moves are written ``e4f6``; ranks 10 and up take two digits (``a1a10``).  The custom
  piece never promotes, so no suffix appears.

What Fairy-Stockfish's ``from_betza`` (src/piece.cpp) does, and what we observed with it:

* Atoms W F D N A H C=L Z=J G K, riders R B Q.  A digit after an atom makes a rider of that
  range (``0`` = unlimited) and a doubled atom (``NN``) is the unlimited rider, but only W, F
  and N steps (so R B Q K too) can ride: ``D0 DD A2 C0 H3 ...`` give no moves at all.  Only
  ONE digit is read: ``R12`` is ``R1`` (the ``2`` is silently dropped).
* Direction letters f b l r v s h are combined in pairs, greedily: a letter combines with the
  next one when it is the same letter or one is "vertical" (f b v h) and the other
  "horizontal" (l r s h).  Recognised groups are single/doubled letters and ``rf lf rb lb fr
  fl br bl rv lv fs bs fh bh rh lh hr hl``.  Other groups (``vr``, ``sf``, ``vs`` ...) select
  nothing on F-like and oblique atoms, whereas the spec gives ``vrN`` = the right pair.
* On W-like atoms (W D H R) a mixed group is split into its letters (``fsW`` = fW+sW).
* K and Q are the atoms W and F handled one after the other, so ``fK`` = fW + fF = three
  moves and ``fQ`` three rays; the spec's 8-fold K system makes ``fK`` the single forward step.
* ``m`` and ``c`` as usual.  ``p``/``g`` make a cannon / grasshopper along W and F lines only:
  ``pR pB pQ gR gB gQ`` (also ``pW`` = ``pR``, ``pK`` = ``pQ``, ``gF`` = ``gB``); on N and the
  other leapers they give no moves.  A range on a hopper is not the spec's: ``pR3`` lands only
  right behind the hurdle, and ``gR0`` is a cannon.
* ``n`` makes a lame leaper of N, A, D (and Z, with the Janggi elephant's path); ``nW nF nH
  nC nG`` give no moves, and ``n`` on a rider is ignored (``nN0`` = ``N0``).
* Unknown letters are skipped: ``j``, ``a``, ``o``, ``e``, ``t``, ``y``, ``q``, ``z`` do
  nothing, so ``jB`` is a plain bishop instead of the spec's ski-bishop, and multi-leg moves
  fall apart (``mafsmafW`` gives d4 f4 e5 from e4, the checker ``fcafmF`` a plain fF).
* ``i`` marks a move as initial-only by Fairy-Stockfish's own rules (never our test pieces).

Faithful subset (Fairy-Stockfish agrees with the XBetza spec: ``tests/test_ffish_oracle.py``
checks cases worked out by hand, and every string in :data:`FAITHFUL` agreed with a throwaway
model of the spec on 300 random positions):

* plain leapers W F D N A H C Z G (and L J, which the spec's decision 1 makes C Z), K, the
  riders R B Q, and any compound of these;
* riders of W, F, N, K, Q with one digit or doubled: ``N0 NN N2 R4 B3 Q2 K2 WW KK ...``
  (``R1`` = ``W1`` as decision 2 says);
* direction letters on atoms other than K and Q: on W-like atoms any of f b l r v s and their
  mixtures (``fsW``, ``vrW``); on F-like atoms (F A G B) f b l r v s and the single diagonals
  ``fr fl br bl rf lf rb lb``; on oblique atoms (N C Z and N riders) f b l r v s, doubled
  ``ff bb ll rr``, the picks ``rf lf rb lb fr fl br bl fs bs rv lv``, ``fh bh lh rh`` and the
  chiral ``hr hl`` -- for both colours (decision 15);
* modalities ``m`` and ``c`` on everything above;
* hoppers ``pR pB pQ gR gB gQ`` without a range, with m/c and direction letters;
* lame leapers ``nN nA nD`` (``nN`` blocked on the orthogonally adjacent square).

Outside it, divergences we observed (white piece, empty 8x8 board unless noted): ``fK`` on e4
gives d5 e5 f5 (spec: e5); ``jB`` on a1 gives b2..h8 (spec: c3..h8); ``vrN`` on e4 gives
nothing (spec: g5 g3); ``D0`` gives nothing; ``R12`` on a1 of a 12x10 board gives a2 b1;
``pR3`` on d1 with a hurdle on d3 gives d4 (spec: d4 d5 d6).
"""

from __future__ import annotations

import re

import pyffish

MAX_FILES = 12
MAX_RANKS = 10

_MOVER = "a"  # customPiece1 letter; upper case for White
_BLOCKER = "i"  # Fairy-Stockfish's predefined immobile piece
_BETZA_CHARS = re.compile(r"[A-Za-z0-9]*")
_UCI = re.compile(r"([a-z])([0-9]+)([a-z])([0-9]+)(.*)")
_SQUARE = re.compile(r"([a-z])([0-9]+)")

# Betza strings inside the faithful subset (see the module docstring), for the differential
# test.  Every one agreed with a throwaway model of the spec on 300 random positions each.
FAITHFUL: tuple[str, ...] = (
    # plain leapers, the orthodox pieces and compounds (C=L, Z=J as in decision 1)
    "W", "F", "D", "N", "A", "H", "C", "Z", "G", "L", "J", "K", "R", "B", "Q",
    "WA", "FD", "NC", "KN", "RN", "BN", "QN", "WDH", "FAG", "NCZ", "KAD",
    # riders of W, F, N (and K, Q) with one digit or doubled; R1 = W1 (decision 2)
    "N0", "NN", "N1", "N2", "N3", "R1", "R4", "B2", "B3", "Q2", "W3", "F2", "K2", "WW", "FF",
    "RR", "BB", "QQ", "KK", "W0", "F0", "Q0", "R0", "B0", "K0", "NNW", "N2F", "R2N",
    # direction letters on W-like atoms: one letter, one move
    "fW", "bW", "lW", "rW", "vW", "sW", "fsW", "frW", "blW", "vrW", "sfW", "fbW",
    "fR", "bR", "lR", "rR", "vR", "sR", "fsR", "fsbR", "frbR", "fD", "sD", "bD", "vH", "rH",
    "lH", "fR4", "sR2", "vW3",
    # direction letters on F-like atoms: one letter, a pair; two letters, one move
    "fF", "bF", "lF", "rF", "vF", "sF", "frF", "flF", "brF", "blF", "rfF", "lbF",
    "fB", "bB", "lB", "rB", "frB", "blB", "lfB", "fA", "bA", "frA", "brG", "lG", "fB3", "rbB2",
    # direction letters on oblique atoms: pairs, picks, half-planes, chiral sets
    "fN", "bN", "lN", "rN", "vN", "sN", "ffN", "rrN", "ffrrN", "fbN",
    "rfN", "lfN", "rbN", "lbN", "frN", "flN", "brN", "blN", "fsN", "bsN", "rvN", "lvN",
    "fhN", "bhN", "lhN", "rhN", "hrN", "hlN",
    "fC", "rfC", "hrC", "fhC", "lvC", "fZ", "frZ", "hlZ", "bhZ", "fsZ",
    "fN0", "hrN0", "rfNN", "fhN2", "sN0", "lvN3", "bsNN",
    # modalities
    "mW", "cF", "mN", "cN", "mR", "cB", "mQ", "cQ", "mK", "cK", "fmWfcF", "mRcB", "mBcN",
    "mNcR", "fmW", "fcF", "mfsW", "cbN", "mhrN", "cfhN", "mN0", "cR4",
    "WfF", "FfW", "FfsW", "fRbB", "fNbC", "mfRcfB",
    # hoppers on R, B, Q without a range
    "pR", "pB", "pQ", "gR", "gB", "gQ", "mRcpR", "mBcpB", "cpR", "mpR", "fpR", "sgR", "fgB",
    "gRN", "pRN", "gQmK",
    # lame leapers
    "nN", "nA", "nD", "fnN", "nfN", "rfnN", "mnA", "cnD", "nNnA", "hrnN", "fnD",
)

# One variant per (betza, files, ranks): every load adds an entry to Fairy-Stockfish's global
# variant table, so reuse them rather than grow the table with every position.
_variants: dict[tuple[str, int, int], str] = {}


def _parse_square(name: str, files: int, ranks: int) -> tuple[int, int]:
    m = _SQUARE.fullmatch(name)
    if not m:
        raise ValueError(f"not a square name: {name!r}")
    x, y = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
    if not (0 <= x < files and 0 <= y < ranks):
        raise ValueError(f"square {name!r} is off a {files}x{ranks} board")
    return x, y


def square_name(x: int, y: int) -> str:
    """``(4, 3)`` -> ``'e4'``, counting files and ranks from 0."""
    return f"{chr(ord('a') + x)}{y + 1}"


def variant_for(betza: str, files: int, ranks: int) -> str:
    """Load (once) a variant whose only mobile piece moves as ``betza``; return its name."""
    if not _BETZA_CHARS.fullmatch(betza):
        # The config parser is line based; anything else could inject other settings.
        raise ValueError(f"Betza string has characters Fairy-Stockfish cannot take: {betza!r}")
    if not (1 <= files <= MAX_FILES and 1 <= ranks <= MAX_RANKS):
        raise ValueError(f"this pyffish build supports boards up to {MAX_FILES}x{MAX_RANKS}")
    key = (betza, files, ranks)
    if key not in _variants:
        name = f"betzakboracle{len(_variants)}"
        empty = "/".join([str(files)] * ranks)
        # No parent section: the empty template has no king, pawns, promotion or castling.
        config = "\n".join(
            [
                f"[{name}]",
                f"maxFile = {files}",
                f"maxRank = {ranks}",
                f"customPiece1 = {_MOVER}:{betza}",
                f"immobile = {_BLOCKER}",
                "castling = false",
                "doubleStep = false",
                f"startFen = {empty} w - - 0 1",
                "",
            ]
        )
        pyffish.load_variant_config(config)
        _variants[key] = name
    return _variants[key]


def board_fen(
    files: int,
    ranks: int,
    origin: str,
    friends: list[str],
    enemies: list[str],
    side: str,
) -> str:
    """The FEN of the test position: the mover on ``origin``, immobile blockers elsewhere."""
    if side not in ("white", "black"):
        raise ValueError(f"side must be 'white' or 'black', not {side!r}")
    white = side == "white"
    pieces: dict[tuple[int, int], str] = {}

    def put(name: str, letter: str, own: bool) -> None:
        sq = _parse_square(name, files, ranks)
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


def ffish_moves(
    betza: str,
    files: int,
    ranks: int,
    origin: str,
    friends: list[str],
    enemies: list[str],
    side: str,
    *,
    ask_captures: bool = False,
) -> set[tuple[str, bool]]:
    """Fairy-Stockfish's moves of the ``betza`` piece on ``origin``: {(destination, capture)}.

    A move captures when its destination holds an enemy: Fairy-Stockfish has no locust or
    e.p. captures for these pieces.  ``ask_captures`` asks ``pyffish.is_capture`` instead,
    which costs about 3 ms per move, so only the oracle's own tests use it to confirm the rule.
    """
    variant = variant_for(betza, files, ranks)
    fen = board_fen(files, ranks, origin, friends, enemies, side)
    if not pyffish.validate_fen(fen, variant):
        raise ValueError(f"Fairy-Stockfish rejects the FEN {fen!r}")
    enemy_squares = set(enemies)
    result: set[tuple[str, bool]] = set()
    for uci in pyffish.legal_moves(variant, fen, []):
        m = _UCI.fullmatch(uci)
        if not m:
            raise ValueError(f"unexpected move notation from Fairy-Stockfish: {uci!r}")
        if m.group(5):
            raise ValueError(f"unexpected promotion or gating suffix: {uci!r}")
        if m.group(1) + m.group(2) != origin:
            continue  # blockers are immobile, but stay robust if that ever changes
        to = m.group(3) + m.group(4)
        if ask_captures:
            capture = bool(pyffish.is_capture(variant, fen, [], uci))
        else:
            capture = to in enemy_squares
        result.add((to, capture))
    return result


def format_moves(moves: set[tuple[str, bool]]) -> str:
    """``{('d5', True), ('e5', False)}`` -> ``'e5 xd5'`` in board order, for messages."""

    def key(move: tuple[str, bool]) -> tuple[int, int]:
        m = _SQUARE.fullmatch(move[0])
        assert m
        return int(m.group(2)), ord(m.group(1))

    return " ".join(("x" if cap else "") + to for to, cap in sorted(moves, key=key))

