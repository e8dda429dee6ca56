"""A variant compiled once: every piece's move table laid on every square for both sides
(translator/compiled: the rows of encodings/table.lp as bit masks), what attacks each
square reversed from the same rows, and the rule tables of encodings/game_rules.lp
(promotion, drops, castling). Positions are then answered by matching (movegen.py).

>>> tables = compiled("chess")
>>> sorted({tables.names[row[3]] for row in tables.rows[("N", "white")][tables.index("b1")]})
['a3', 'c3', 'd2']
>>> sorted(tables.names[o] for o in tables.attackers_of("N", "white", tables.index("e4")))
['c3', 'c5', 'd2', 'd6', 'f2', 'f6', 'g3', 'g5']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate, chain, pairwise
from typing import Any

from translator.compiled import store
from translator.compiled.match import square_names, square_rows
from translator.errors import BetzaError
from translator.facts.pieces import canonical
from translator.game.kept import keep, read_kept, variant_key
from translator.game.rules import SIDES, GameRules, game_rules
from translator.game.shown import (
    CastleEmpty,
    CastleMove,
    CastleSafe,
    DropSquare,
    Immobile,
    MustPromote,
    PieceZone,
    Promotion,
)
from translator.shown import each
from translator.solve.engine import run

# one row of a piece on a square: (group, mask, want, destination, captured squares,
# e.p. squares the move creates); it holds on a key (Board.key) with key & mask == want
GameRow = tuple[int, int, int, int, tuple[int, ...], tuple[int, ...]]


@dataclass
class Castle:
    """One castling move of a side: the king from ``king`` to ``king_to``, the rook from
    ``rook`` to ``rook_to`` (square numbers); ``empty`` the squares that must be empty,
    ``safe`` those the king may not pass attacked."""

    wing: str
    king: int
    rook: int
    king_to: int
    rook_to: int
    empty: int
    safe: tuple[int, ...]


@dataclass
class Tables:
    """The compiled variant (square numbers ``rank * files + file``)."""

    rules: GameRules
    size: int
    names: tuple[str, ...]
    rows: dict[tuple[str, str], list[tuple[GameRow, ...]]] = field(default_factory=dict)
    # (letter, side) -> per target square, the origins (bit mask) and their rows that
    # capture on it
    reach: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    attack: dict[tuple[str, str], list[dict[int, tuple[tuple[int, int], ...]]]] = field(
        default_factory=dict)
    ep_pieces: frozenset[str] = frozenset()
    promotion: dict[tuple[str, str, int], str] = field(default_factory=dict)
    must_promote: set[tuple[str, str, int]] = field(default_factory=set)
    piece_zone: dict[tuple[str, str], int] = field(default_factory=dict)
    drop_squares: dict[tuple[str, str], int] = field(default_factory=dict)
    immobile: set[tuple[str, str, int]] = field(default_factory=set)
    castles: dict[str, list[Castle]] = field(default_factory=dict)
    virgin: dict[str, int] = field(default_factory=dict)   # side -> i-move region mask

    def index(self, name: str) -> int:
        return self.names.index(name)

    def attackers_of(self, letter: str, side: str, target: int) -> list[int]:
        """The origins from which a ``letter`` of ``side`` may capture on ``target``
        (on some board)."""
        mask = self.reach[(letter, side)][target]
        return [o for o in range(self.size) if mask >> o & 1]


# The reading the tables are compiled in: the spec's. A variants.ini's custom pieces move as
# Fairy-Stockfish reads them: their reading is carried by the variant, and the rules give
# each piece the spec string of its moves (GameRules.moves_by).
READING = "spec"


def _piece_rows(rules: GameRules, letter: str, side: str) -> list[tuple[GameRow, ...]]:
    files, ranks = rules.files, rules.ranks
    canon = canonical(rules.moves_by(letter))
    squares = [(x, y) for y in range(ranks) for x in range(files)]
    table = store.table_with(canon, READING, files, ranks, squares, state=())
    if table is None:
        why = store.solver_reason(canon, READING, files, ranks) or "no move table"
        raise BetzaError(f"piece {letter} ({rules.pieces[letter]}) cannot be played in a "
                         f"whole position: {why}", text=rules.pieces[letter], pos=0)
    out: list[tuple[GameRow, ...]] = []
    for x, y in ((n % files, n // files) for n in range(files * ranks)):
        laid: list[GameRow] = []
        for group, mask, want, move, _, dest in square_rows(table, side, (x, y)):
            if move.unloads or any(c != move.to for c in move.captures):
                raise BetzaError(f"piece {letter} ({rules.pieces[letter]}) captures "
                                 "elsewhere than where it lands, which no move of Fairy-"
                                 "Stockfish's notation can write", text=rules.pieces[letter],
                                 pos=0)
            to = dest.bit_length() - 1
            caps = (to,) if move.captures else ()
            rights = tuple(_number(r, files) for r in move.ep_rights)
            laid.append((group, mask, want, to, caps, rights))
        out.append(tuple(laid))
    return out


def _number(name: str, files: int) -> int:
    from translator.squares import parse_square

    x, y = parse_square(name, 26, 26)
    return y * files + x


def _reverse(tables: Tables, key: tuple[str, str]) -> None:
    # built as the tuples it keeps (no lists converted afterwards): every start pays it
    size = tables.size
    reach = [0] * size
    attack: list[dict[int, tuple[tuple[int, int], ...]]] = [{} for _ in range(size)]
    for origin, laid in enumerate(tables.rows[key]):
        bit = 1 << origin
        for _, mask, want, _, caps, _ in laid:
            for target in caps:
                reach[target] |= bit
                found = attack[target]
                found[origin] = (*found.get(origin, ()), (mask, want))
    tables.reach[key] = reach
    tables.attack[key] = attack


def _mobile(tables: Tables, key: tuple[str, str]) -> list[int]:
    """The squares where the piece has a move on the empty board, initial moves left out
    (Fairy-Stockfish's immobility rule)."""
    virgin_bit = 1 << 4 * tables.size
    return [n for n, laid in enumerate(tables.rows[key])
            if any(not mask & virgin_bit for _, mask, _, _, _, _ in laid)]


def _facts(tables: Tables) -> str:
    rules = tables.rules
    f = rules.files
    out = [f"gboard({f},{rules.ranks})."]
    out += [f'piecetype("{t}").' for t in rules.pieces]
    for side in SIDES:
        out += [f"promozone({side},{x},{y})." for x, y in rules.promotion_region[side]]
        for t in rules.pieces:
            out += [f'mobile({side},"{t}",{n % f},{n // f}).'
                    for n in _mobile(tables, (t, side))]
    out += [f'pawntype("{t}").' for t in rules.promotion_pawns]
    out += [f'promopiece("{t}").' for t in rules.promotion_pieces]
    out += [f'promotedto("{a}","{b}").' for a, b in rules.promoted_type.items()]
    flags = {"mandatorypawn": rules.mandatory_pawn_promotion,
             "mandatorypiece": rules.mandatory_piece_promotion,
             "immobilityillegal": rules.immobility_illegal,
             "firstrankpawndrops": rules.first_rank_pawn_drops,
             "zonepawndrops": rules.promotion_zone_pawn_drops, "castlingon": rules.castling}
    out += [f"{name}." for name, on in flags.items() if on]
    if rules.drops:
        out += [f'droptype("{t}").' for t in rules.pieces if t not in rules.royal]
    if rules.pawn:
        out.append(f'fsfpawn("{rules.pawn}").')
    out += [f'dropnodoubled("{t}").' for t in rules.drop_no_doubled]
    out.append(f"castlingrank({rules.castling_rank}).")
    out.append(f"castlingfiles({rules.castling_files[0]},{rules.castling_files[1]}).")
    return "\n".join(out)


def _rule_tables(tables: Tables) -> None:
    files = tables.rules.files

    def bit(x: int, y: int) -> int:
        return 1 << (y * files + x)

    found = run(_facts(tables), "game_rules.lp")
    for p in each(found, Promotion):
        key = (p.piece, p.side, p.y * files + p.x)
        tables.promotion[key] = tables.promotion.get(key, "") + p.to
    tables.must_promote.update((m.piece, m.side, m.y * files + m.x)
                               for m in each(found, MustPromote))
    tables.immobile.update((m.piece, m.side, m.y * files + m.x) for m in each(found, Immobile))
    for z in each(found, PieceZone):
        tables.piece_zone[(z.piece, z.side)] = tables.piece_zone.get((z.piece, z.side),
                                                                     0) | bit(z.x, z.y)
    for d in each(found, DropSquare):
        tables.drop_squares[(d.piece, d.side)] = tables.drop_squares.get(
            (d.piece, d.side), 0) | bit(d.x, d.y)
    empty: dict[tuple[str, str, int, int], int] = {}
    for e in each(found, CastleEmpty):
        empty[e[:4]] = empty.get(e[:4], 0) | bit(e.x, 0)
    safe: dict[tuple[str, str, int, int], list[int]] = {}
    for s in each(found, CastleSafe):
        safe.setdefault(s[:4], []).append(s.x)
    for c in sorted(each(found, CastleMove)):
        row = c.y * files
        tables.castles.setdefault(c.side, []).append(Castle(
            c.wing, row + c.kf, row + c.rf, row + c.kt, row + c.rt,
            empty.get(c[:4], 0) << row, tuple(row + x for x in sorted(safe[c[:4]]))))


@lru_cache(maxsize=16)
def compiled_rules(rules: GameRules) -> Tables:
    """The variant's tables: compiled on first use, kept per process and on disk (read
    again by a later process when nothing they derive from has changed: kept.py)."""
    tables = Tables(rules, rules.files * rules.ranks, square_names(rules.files, rules.ranks))
    key = variant_key(rules, READING)
    kept = read_kept(rules.name, key)
    if kept is None or not _filled(tables, kept):
        tables = Tables(rules, tables.size, tables.names)
        _compile(tables)
        keep(rules.name, key, _as_json(tables))
    for piece in tables.rows:
        _reverse(tables, piece)
    for side in SIDES:
        mask = 0
        for x, y in rules.double_step_region[side]:
            mask |= 1 << (y * rules.files + x)
        tables.virgin[side] = mask
    return tables


def _compile(tables: Tables) -> None:
    rules = tables.rules
    # the pieces' tables compiled together, a program's fixed cost paid once for them all
    store.prepare([(canonical(rules.moves_by(letter)), READING, rules.files, rules.ranks)
                   for letter in rules.pieces])
    for letter in rules.pieces:
        for side in SIDES:
            tables.rows[(letter, side)] = _piece_rows(rules, letter, side)
    tables.ep_pieces = frozenset(
        letter for letter in rules.pieces
        if "ep" in store.state_reads(canonical(rules.moves_by(letter)), READING, rules.files,
                                     rules.ranks))
    _rule_tables(tables)


def _as_json(tables: Tables) -> dict[str, Any]:
    """What :func:`_compile` derives, as JSON (kept.py keeps it)."""
    return {"rows": {f"{t} {side}": _columns(laid) for (t, side), laid in tables.rows.items()},
            "ep": sorted(tables.ep_pieces),
            "promotion": [[*key, to] for key, to in sorted(tables.promotion.items())],
            "must_promote": sorted(tables.must_promote), "immobile": sorted(tables.immobile),
            "piece_zone": [[*key, m] for key, m in sorted(tables.piece_zone.items())],
            "drop_squares": [[*key, m] for key, m in sorted(tables.drop_squares.items())],
            "castles": {side: [dataclasses.astuple(c) for c in found]
                        for side, found in tables.castles.items()}}


def _filled(tables: Tables, data: Any) -> bool:
    """Fills ``tables`` from :func:`_as_json`'s JSON; False when it does not have its
    shape for the variant (:func:`_from_json`)."""
    try:
        _from_json(tables, data)
    except (ValueError, TypeError, KeyError, AttributeError):
        return False
    return True


def _from_json(tables: Tables, data: dict[str, Any]) -> None:
    """Fills ``tables`` from :func:`_as_json`'s JSON; ValueError (or TypeError, KeyError,
    AttributeError) when it does not have its shape for the variant: a piece or a side
    missing or unknown, a square off the board, a mask past it, a key more or less."""
    size, pieces = tables.size, tables.rules.pieces
    everywhere = (1 << size) - 1

    def square(n: Any) -> int:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < size:
            raise ValueError(f"not a square: {n!r}")
        return n

    def piece(t: Any, side: Any) -> tuple[str, str]:
        if t not in pieces or side not in SIDES:
            raise ValueError(f"not a piece of a side: {t!r} {side!r}")
        return t, side

    def sides(found: dict[str, Any]) -> dict[str, Any]:
        if not set(found) <= set(SIDES):
            raise ValueError(f"not sides: {sorted(found)}")
        return found

    if set(data) != set(_as_json(tables)) or set(data["rows"]) != {
            f"{t} {side}" for t in pieces for side in SIDES}:
        raise ValueError("other keys")
    for name, columns in data["rows"].items():
        tables.rows[piece(*name.split(" "))] = _rows(columns, size)
    tables.ep_pieces = frozenset(piece(t, "white")[0] for t in data["ep"])
    for t, side, n, to in data["promotion"]:
        if not isinstance(to, str) or not set(to) <= set(pieces):
            raise ValueError(f"not pieces: {to!r}")
        tables.promotion[(*piece(t, side), square(n))] = to
    tables.must_promote = {(*piece(t, side), square(n)) for t, side, n in data["must_promote"]}
    tables.immobile = {(*piece(t, side), square(n)) for t, side, n in data["immobile"]}
    for name in ("piece_zone", "drop_squares"):
        for t, side, mask in data[name]:
            getattr(tables, name)[piece(t, side)] = _mask(mask, everywhere)
    for side, found in sides(data["castles"]).items():
        tables.castles[side] = [
            Castle(str(wing), square(king), square(rook), square(king_to), square(rook_to),
                   _mask(empty, everywhere), tuple(map(square, safe)))
            for wing, king, rook, king_to, rook_to, empty, safe in found]


def _columns(laid: list[tuple[GameRow, ...]]) -> dict[str, list[Any]]:
    """A piece's rows as columns: on each square ``count`` rows, then each row's group,
    mask, want, destination ``to``, ``takes`` (1: it captures there, the only capture a
    compiled row makes: :func:`_piece_rows`) and, for the few that have them, ``rights``
    (the row's number, then its e.p. squares). Flat lists of numbers are read some four
    times faster than a list per row, and checked column by column (:func:`_rows`)."""
    flat = [row for rows in laid for row in rows]
    return {"count": [len(rows) for rows in laid], "group": [r[0] for r in flat],
            "mask": [r[1] for r in flat], "want": [r[2] for r in flat],
            "to": [r[3] for r in flat], "takes": [len(r[4]) for r in flat],
            "rights": [[n, *r[5]] for n, r in enumerate(flat) if r[5]]}


def _rows(columns: dict[str, Any], size: int) -> list[tuple[GameRow, ...]]:
    """A piece's rows on each square from :func:`_columns` (ValueError, TypeError: not rows
    of the board). Each check runs over a whole column (map, min, set, list equality: a
    loop in C; a Python statement per row costs more than reading the file)."""
    if type(columns) is not dict or set(columns) != set(_COLUMNS):
        raise ValueError("other columns")
    count, group, mask, want, to, takes, rights = (columns[name] for name in _COLUMNS)
    numbers = [count, group, mask, want, to, takes]
    # (sum: TypeError on a count that is no number)
    if (_types(numbers) != {list} or len(count) != size
            or {len(c) for c in numbers[1:]} != {sum(count)}):
        raise ValueError("not a row per square")
    # (a row holds where key & mask == want: want has no bit outside mask, nor mask outside
    # the key, match.py's Board.key: four fields of a bit per square, then the virginity)
    if (_types(chain.from_iterable(numbers)) != {int} or min(count) < 0
            or min(mask, default=0) < 0 or max(mask, default=0) >> 4 * size + 1
            or not set(takes) <= {0, 1}
            or list(map(int.__and__, want, mask)) != want):
        raise ValueError("not a row")
    extra = [()] * len(group)
    if type(rights) is not list or _types(rights) - {list}:
        raise ValueError("not rights")
    for number, *squares in rights:
        if type(number) is not int or not 0 <= number < len(group) or extra[number] \
                or not squares:
            raise ValueError("not rights")
        extra[number] = tuple(squares)
    named: list[Any] = [*to, *chain.from_iterable(extra)]
    if named and (_types(named) != {int} or min(named) < 0 or max(named) >= size):
        raise ValueError("a square off the board")
    caps = [(t,) if k else () for t, k in zip(to, takes, strict=True)]
    built = list(zip(group, mask, want, to, caps, extra, strict=True))
    return [tuple(built[a:b]) for a, b in pairwise(accumulate(count, initial=0))]


_COLUMNS = ("count", "group", "mask", "want", "to", "takes", "rights")


def _types(values: Iterable[Any]) -> set[type]:
    """The types of ``values`` (by ``type``: JSON's true is no number here)."""
    return set(map(type, values))


def _mask(mask: Any, within: int) -> int:
    """``mask`` when it is a mask of set bits of ``within`` (-1: any)."""
    if isinstance(mask, bool) or not isinstance(mask, int) or mask < 0 or mask & ~within:
        raise ValueError(f"not a mask: {mask!r}")
    return mask


def compiled(name: str, ini: str | None = None) -> Tables:
    """:func:`compiled_rules` of a variant by name (a section of ``ini``, if given)."""
    return compiled_rules(game_rules(name, ini))
