"""The subset of Betza notation where Fairy-Stockfish follows the XBetza spec, for the
differential test (the oracle itself is :mod:`translator.solve.ffish`).

Faithful subset (Fairy-Stockfish agrees with the XBetza spec: ``tests/test_ffish_oracle.py``
checks cases worked out by hand, and every string in :data:`FAITHFUL` agreed with a throwaway
model of the spec on 300 random positions):

* plain leapers W F D N A H C Z G (and L J, which the reading camel-and-zebra makes C Z), K, the
  riders R B Q, and any compound of these;
* riders of W, F, N, K, Q with one digit or doubled: ``N0 NN N2 R4 B3 Q2 K2 WW KK ...``
  (``R1`` = ``W1`` as reading unlimited-range says);
* direction letters on atoms other than K and Q: on W-like atoms any of f b l r v s and their
  mixtures (``fsW``, ``vrW``); on F-like atoms (F A G B) f b l r v s and the single diagonals
  ``fr fl br bl rf lf rb lb``; on oblique atoms (N C Z and N riders) f b l r v s, doubled
  ``ff bb ll rr``, the picks ``rf lf rb lb fr fl br bl fs bs rv lv``, ``fh bh lh rh`` and the
  chiral ``hr hl`` -- for both colours (reading black-directions);
* modalities ``m`` and ``c`` on everything above;
* hoppers ``pR pB pQ gR gB gQ`` without a range, with m/c and direction letters;
* lame leapers ``nN nA nD`` (``nN`` blocked on the orthogonally adjacent square).

Outside it Fairy-Stockfish reads strings differently (see the module docstring of
translator/solve/ffish.py).
"""

from __future__ import annotations

# Betza strings inside the faithful subset (see the module docstring), for the differential
# test.  Every one agreed with a throwaway model of the spec on 300 random positions each.
FAITHFUL: tuple[str, ...] = (
    # plain leapers, the orthodox pieces and compounds (C=L, Z=J as in reading camel-and-zebra)
    "W", "F", "D", "N", "A", "H", "C", "Z", "G", "L", "J", "K", "R", "B", "Q",
    "WA", "FD", "NC", "KN", "RN", "BN", "QN", "WDH", "FAG", "NCZ", "KAD",
    # riders of W, F, N (and K, Q) with one digit or doubled; R1 = W1 (reading unlimited-range)
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
