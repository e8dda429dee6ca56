"""A variant's rules beyond piece movement, read from its options as a Fairy-Stockfish
``variants.ini`` writes them (the built-in variants' options are data in
``kb/fsf_pieces.toml``: ``[variants.NAME] rules`` over ``[rule_defaults]``).

Only the options a whole position needs are read; a variant that sets an option whose
rule this knowledge base cannot express is refused with one line naming it
(:data:`REFUSED`), never answered wrongly.

>>> rules = game_rules("chess")
>>> rules.files, rules.ranks, sorted(rules.royal), rules.castling
(8, 8, ['K'], True)
>>> rules.promotion_pieces, sorted(rules.promotion_region["white"])[:2]
('QRBN', [(0, 7), (1, 7)])
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from translator.catalogue.ini import builtin_variant_names, load_ini, parse_ini
from translator.catalogue.variant import Variant, kb_dir, moving_table
from translator.errors import BetzaError
from translator.squares import Square

SIDES = ("white", "black")
# the variants of Fairy-Stockfish this knowledge base plays, checked against it
# (tests/test_game_ffish.py); the other built-ins are refused with a reason (REFUSED_VARIANTS)
PLAYED = ("chess", "capablanca", "grand", "shatranj", "courier", "makruk", "crazyhouse",
          "minishogi", "shogi", "knightmate", "almost", "amazon", "losalamos", "gardner",
          "janus", "pocketknight", "fairy")
# rule options whose rule is not in the knowledge base: a variant that sets one to
# anything but its default is refused, with the reason
REFUSED = {
    "checking": "checks that are not allowed", "mustCapture": "compulsory captures",
    "blastOnCapture": "explosions on capture", "extinctionValue": "extinction wins",
    "extinctionPseudoRoyal": "pseudo-royal pieces", "flagPiece": "flag (racing) wins",
    "gating": "gating", "seirawanGating": "gating", "flyingGeneral": "the flying general",
    "mobilityRegionWhiteKing": "a palace or other mobility regions",
    "mobilityRegionBlackKing": "a palace or other mobility regions",
    "dropChecks": "drops that may not give check", "mustDrop": "compulsory drops",
    "enclosingDrop": "enclosing drops", "piecePromotionOnCapture": "promotion on capture",
    "pieceDemotion": "demotion", "dropPromoted": "drops of promoted pieces",
    "castlingDroppedPiece": "castling with a dropped piece", "twoBoards": "two boards",
    "sittuyinPromotion": "Sittuyin promotion", "cambodianMoves": "Cambodian moves",
    "pass": "passing", "tripleStepRegionWhite": "triple steps",
    "petrifyOnCapture": "petrification", "wallingRule": "walls", "dropLoop": "drop loops",
    "chess960": "Chess960 castling", "dropOppositeColoredBishop": "bishop drop colours",
    "dropRegionWhite": "drop regions", "dropRegionBlack": "drop regions",
}
# values of the refused options that are the default (so a section may repeat them)
HARMLESS = {"checking": "true", "dropChecks": "true", "extinctionValue": "none",
            "chess960": "false", "mustCapture": "false", "gating": "false",
            "blastOnCapture": "false", "extinctionPseudoRoyal": "false",
            "flyingGeneral": "false", "mustDrop": "false", "pieceDemotion": "false",
            "dropPromoted": "false", "twoBoards": "false", "piecePromotionOnCapture": "false",
            "sittuyinPromotion": "false", "cambodianMoves": "false", "dropLoop": "false",
            "seirawanGating": "false", "castlingDroppedPiece": "false",
            "dropOppositeColoredBishop": "false", "enclosingDrop": "none",
            "castlingKingPiece": "k", "kingType": "k", "dropOnTop": "false",
            "checkCounting": "false", "pass": "false", "diagonalLines": "-",
            "dupleCheck": "false", "makpongRule": "false", "flagMove": "false"}
REFUSED_VARIANTS = {
    "xiangqi": "its palace and the flying general", "atomic": "explosions on capture",
    "giveaway": "compulsory captures and extinction wins",
    "antichess": "compulsory captures and extinction wins",
    "racingkings": "a flag (racing) win and checks that are not allowed",
    "3check": "check counting", "kingofthehill": "a flag win on the centre",
    "extinction": "extinction wins", "nocheckatomic": "explosions on capture",
    "breakthrough": "flag wins without a king", "flipello": "enclosing drops",
    "placement": "compulsory drops in a drop region and castling with dropped pieces",
    "gorogoro": "shogi rules with gorogoro's pieces not written in the knowledge base",
}


@dataclass(frozen=True, eq=False)
class GameRules:
    """The rules of one variant: pieces by upper-case letter (Betza), royal letters, and
    the options of castling, double steps, promotion and drops, squares as (file, rank)
    from 0."""

    name: str
    files: int
    ranks: int
    start: str
    pieces: dict[str, str]
    royal: frozenset[str]
    castling: bool
    castling_files: tuple[int, int]            # the king's file after O-O, after O-O-O
    castling_rank: int                         # White's rank (0-based); Black's mirrored
    castling_rooks: frozenset[str]
    double_step_region: dict[str, frozenset[Square]]
    promotion_region: dict[str, frozenset[Square]]
    promotion_pawns: frozenset[str]
    promotion_pieces: str                      # the letters a pawn may become
    promotion_limit: dict[str, int]
    promoted_type: dict[str, str]              # shogi: letter -> the letter it becomes
    mandatory_pawn_promotion: bool
    mandatory_piece_promotion: bool
    drops: bool
    captures_to_hand: bool
    drop_no_doubled: str
    immobility_illegal: bool
    promotion_zone_pawn_drops: bool
    first_rank_pawn_drops: bool
    pawn: str                                  # the letter of FSF's pawn ("" for none)
    shogi_notation: bool                       # moves are written as shogi's (Hodges)
    hand_order: str                            # letters as a FEN lists pieces in hand
    # the strings the pieces move by, read as the spec reads them: a variants.ini's custom
    # pieces as Fairy-Stockfish reads them (catalogue.variant.moving_table); ``pieces``
    # keeps the strings as written
    moving: dict[str, str] = field(default_factory=dict)

    def moves_by(self, letter: str) -> str:
        """The string piece ``letter`` moves by, read as the spec reads it."""
        return self.moving.get(letter, self.pieces[letter])

    @property
    def shogi_style(self) -> bool:
        """Promoted pieces are written ``+P`` (piece promotion) rather than ``Q~``."""
        return bool(self.promoted_type)


@lru_cache(maxsize=1)
def _kb() -> dict[str, Any]:
    with (kb_dir() / "fsf_pieces.toml").open("rb") as handle:
        return tomllib.load(handle)


def _defaults() -> dict[str, str]:
    return {str(k): str(v) for k, v in _kb()["rule_defaults"].items()}


def _hand_order(variant: Variant) -> str:
    """Fairy-Stockfish lists pieces in hand from its last piece type to its first."""
    order: list[str] = list(_kb()["piece_type_order"]["order"])
    rank = {kind: n for n, kind in enumerate(order)}
    return "".join(sorted(variant.pieces, key=lambda t: -rank.get(variant.kinds.get(t, ""),
                                                                   len(order) - 2)))


def _bool(options: dict[str, str], key: str) -> bool:
    value = options[key].strip().lower()
    if value in ("true", "1", "yes", "on"):
        return True
    if value in ("false", "0", "no", "off"):
        return False
    raise BetzaError(f"option {key} = {options[key]} is not true or false",
                     text=options[key], pos=0)


def region(text: str, files: int, ranks: int) -> frozenset[Square]:
    """A Fairy-Stockfish region: ``*8`` a rank, ``a*`` a file, ``e4`` a square.

    >>> sorted(region("*2 h*", 8, 3))
    [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 0), (7, 1), (7, 2)]
    """
    out: set[Square] = set()
    for token in text.split():
        if token == "-":
            break
        m = re.fullmatch(r"([a-z*])([0-9]+|\*)", token.lower())
        if not m or m.group(1) == "*" and m.group(2) == "*":
            raise BetzaError("not a region (*8, a*, e4 …)", text=token, pos=0)
        file, rank = m.groups()
        if rank == "*":
            out.update((ord(file) - 97, y) for y in range(ranks))
        elif file == "*":
            out.update((x, int(rank) - 1) for x in range(files))
        else:
            out.add((ord(file) - 97, int(rank) - 1))
    return frozenset((x, y) for x, y in out if 0 <= x < files and 0 <= y < ranks)


def _letters(text: str, pieces: dict[str, str], key: str, strict: bool = True) -> str:
    """The piece letters of an option's value (upper case); Fairy-Stockfish's defaults
    name piece types, so a default's letter the variant lacks is left out (``strict``
    False)."""
    letters = "".join(ch.upper() for ch in text if ch.isalpha())
    if not strict:
        return "".join(ch for ch in letters if ch in pieces)
    for ch in letters:
        if ch not in pieces:
            raise BetzaError(f"option {key} names the letter {ch.lower()!r}, which is no "
                             "piece of the variant", text=text, pos=text.lower().find(ch.lower()))
    return letters


def _pairs(text: str, pieces: dict[str, str], key: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for token in text.split():
        left, _, right = token.partition(":")
        a, b = _letters(left, pieces, key), right.strip()
        if len(a) != 1 or not b:
            raise BetzaError(f"option {key}: expected letter:value pairs", text=token, pos=0)
        out[a] = b
    return out


# options that decide only how a game ends or is scored (draws by repetition or by the
# move counter, stalemate and mate values, Fairy-Stockfish's shogi pawn-drop mate, which it
# scores as a loss for the dropper, not an illegal drop): the legal moves stay the same
OUTCOME_ONLY = frozenset({
    "nMoveRule", "nFoldRule", "nFoldValue", "nFoldValueAbsolute", "stalemateValue",
    "checkmateValue", "materialCounting", "countingRule", "pieceValueMg", "pieceValueEg",
    "pocketSize", "shogiPawnDropMateIllegal", "perpetualCheckIllegal", "moveRepetitionIllegal",
    "chasingRule", "nMoveRuleTypes", "nMoveRuleTypesWhite", "nMoveRuleTypesBlack",
    "stalematePieceCount", "shatarMateRule", "bikjangRule", "extinctionClaim",
    "passOnStalemate", "variantTemplate", "pieceToCharTable"})


def _refuse(name: str, options: dict[str, str]) -> None:
    """A rule option the knowledge base does not read is refused (unless it repeats
    Fairy-Stockfish's default): a game played without it would be answered wrongly."""
    read = {*_defaults(), "doubleStep", *OUTCOME_ONLY}
    for key, value in options.items():
        reason = REFUSED.get(key) or (REFUSED["mobilityRegionWhiteKing"]
                                      if key.startswith("mobilityRegion") else None)
        if reason and HARMLESS.get(key) != value.strip().lower():
            raise BetzaError(f"variant {name!r} sets {key} = {value}: {reason} are not "
                             "rules this knowledge base can play")
        if not reason and key not in read and HARMLESS.get(key) != value.strip().lower():
            raise BetzaError(f"variant {name!r} sets {key} = {value}: a rule option this "
                             "knowledge base does not read, so its games are not played here")


def rules_of(variant: Variant) -> GameRules:
    """The rules of an imported variant (its ``rules`` over Fairy-Stockfish's defaults)."""
    options = {**_defaults(), **variant.rules}
    _refuse(variant.name, variant.rules)
    pieces, files, ranks = variant.pieces, variant.files, variant.ranks
    double = _bool(options, "doubleStep") if "doubleStep" in options else True

    def zone(key: str) -> frozenset[Square]:
        return region(options[key], files, ranks)

    promoted = {a: _letters(b, pieces, "promotedPieceType")
                for a, b in _pairs(options["promotedPieceType"], pieces,
                                   "promotedPieceType").items()}
    limits = {a: int(b) for a, b in _pairs(options["promotionLimit"], pieces,
                                           "promotionLimit").items() if b.isdigit()}
    pawn = next((letter for letter, kind in variant.kinds.items() if kind == "pawn"), "")
    pawns = options["promotionPawnTypes"].strip() or pawn.lower()
    return GameRules(
        name=variant.name, files=files, ranks=ranks,
        start=variant.full_start or variant.start_fen, pieces=dict(pieces),
        royal=frozenset(variant.royal), castling=_bool(options, "castling"),
        castling_files=(ord(options["castlingKingsideFile"].strip().lower()) - 97,
                        ord(options["castlingQueensideFile"].strip().lower()) - 97),
        castling_rank=int(options["castlingRank"]) - 1,
        castling_rooks=frozenset(_letters(options["castlingRookPieces"], pieces,
                                          "castlingRookPieces",
                                          "castlingRookPieces" in variant.rules)),
        double_step_region={side: zone(f"doubleStepRegion{side.title()}") if double
                            else frozenset() for side in SIDES},
        promotion_region={side: zone(f"promotionRegion{side.title()}") for side in SIDES},
        promotion_pawns=frozenset(_letters(pawns, pieces, "promotionPawnTypes")
                                  if pawns != "-" else ""),
        promotion_pieces=_letters(options["promotionPieceTypes"], pieces,
                                  "promotionPieceTypes", "promotionPieceTypes" in variant.rules),
        promotion_limit=limits, promoted_type=promoted,
        mandatory_pawn_promotion=_bool(options, "mandatoryPawnPromotion"),
        mandatory_piece_promotion=_bool(options, "mandatoryPiecePromotion"),
        drops=_bool(options, "pieceDrops"), captures_to_hand=_bool(options, "capturesToHand"),
        drop_no_doubled="".join(_letters(options["dropNoDoubled"], pieces, "dropNoDoubled")
                                if options["dropNoDoubled"] != "-" else ""),
        immobility_illegal=_bool(options, "immobilityIllegal"),
        promotion_zone_pawn_drops=_bool(options, "promotionZonePawnDrops"),
        first_rank_pawn_drops=_bool(options, "firstRankPawnDrops"),
        pawn=pawn, shogi_notation=options["variantTemplate"].strip() == "shogi",
        hand_order=_hand_order(variant), moving=moving_table(variant),
    )


@lru_cache(maxsize=64)
def game_rules(name: str, ini: str | None = None) -> GameRules:
    """The rules of a Fairy-Stockfish built-in variant, or of a section of the
    ``variants.ini`` at path ``ini``. Unknown names get a "did you mean"."""
    if ini is not None:
        imported = load_ini(Path(ini))
        if name not in imported:
            close = difflib.get_close_matches(name, list(imported), n=1)
            hint = f" — did you mean {close[0]}?" if close else ""
            raise BetzaError(f"no variant {name!r} in {ini}{hint}", text=name, pos=0)
        return rules_of(imported[name])
    key = name.strip().lower()
    if key in REFUSED_VARIANTS:
        raise BetzaError(f"variant {key!r} is not played here: {REFUSED_VARIANTS[key]} are "
                         "rules this knowledge base cannot express", text=name, pos=0)
    if key not in builtin_variant_names():
        close = difflib.get_close_matches(key, builtin_variant_names(), n=1)
        hint = f" — did you mean {close[0]}?" if close else ""
        raise BetzaError(f"unknown variant {name!r}{hint}", text=name, pos=0)
    imported = parse_ini(f"[{key}:{key}]\n", source="<built-in>")
    return rules_of(imported[key])
