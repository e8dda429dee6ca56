"""Many position queries answered by one clingo program: the queries grouped in
chunks under the size budget, grounded together (or one asked of a kept program,
warm.py), and the shown moves read back; the castling-safety question asked of
attacks.lp."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, TypeVar

from translator.facts.pieces import parse_piece, piece_facts
from translator.facts.translate import position_facts
from translator.position import Position, other_side
from translator.shown import NoAnswer, QSquare, term
from translator.solve import warm
from translator.solve.limits import estimated_atoms
from translator.solve.readers import Move, answer_move
from translator.solve.warm import QueryAtom
from translator.squares import Square

T = TypeVar("T")
CHUNK = 1000  # queries per clingo program: spreads the fixed grounding cost


def movers_estimate(pos: Position, movers: Sequence[Square], lean: bool = False) -> int:
    """The size estimate (translator/solve/limits.py) of one program that builds the moves
    of the pieces standing on ``movers`` (``lean``: with encodings/lean.lp)."""
    # (asked of every position of a batch, whose pieces are mostly the same few strings)
    counts = Counter(pos.pieces[sq].betza or "" for sq in movers)
    return sum(n * _piece_estimate(betza, pos.dialect, pos.files, pos.ranks, lean)
               for betza, n in counts.items())


@lru_cache(maxsize=4096)
def _piece_estimate(betza: str, reading: str, files: int, ranks: int, lean: bool) -> int:
    return estimated_atoms(parse_piece(betza, reading), files, ranks, lean)


def distinct(found: list[Move]) -> list[Move]:
    """One move per destination and side effects; of several paths keep the shortest."""
    best: dict[tuple[Any, ...], Move] = {}
    for mv in found:
        key = mv.effects()
        if key not in best or mv.path_key < best[key].path_key:
            best[key] = mv
    return sorted(best.values(), key=lambda mv: mv.order_key)


def chunks(prepared: list[Any], max_atoms: int, alone: Collection[int] = ()
           ) -> Iterator[list[Any]]:
    """Queries in groups of at most CHUNK whose estimated sizes add up to the limit; the
    query ids in ``alone`` each in a group of their own (a kept program answers them)."""
    chunk: list[Any] = []
    total = 0
    for item in prepared:
        if item[0] in alone:
            yield [item[:-1]]
            continue
        if chunk and (len(chunk) == CHUNK or total + item[-1] > max_atoms):
            yield chunk
            chunk, total = [], 0
        chunk.append(item[:-1])
        total += item[-1]
    if chunk:
        yield chunk


def in_halves(groups: list[list[T]], work: Callable[[list[T]], None],
              failures: tuple[type[Exception], ...]) -> None:
    """``work`` on each group in turn; a group of several that fails with one of
    ``failures`` (out of time on a loaded machine …) is tried again in its two halves, down
    to single items, left to the caller: one failure costs a program's fixed cost a few
    times more, not once for each item of the group.

    >>> done = []
    >>> def work(group):
    ...     if len(group) > 2:
    ...         raise ValueError
    ...     done.append(group)
    >>> in_halves([[1, 2, 3, 4, 5]], work, (ValueError,))
    >>> done
    [[1, 2], [3], [4, 5]]
    """
    waiting = list(groups)
    while waiting:
        group = waiting.pop(0)
        try:
            work(group)
        except failures:
            if len(group) > 1:
                waiting[:0] = [group[:len(group) // 2], group[len(group) // 2:]]


def solve_positions(items: Sequence[tuple[int, Position, list[Square], Sequence[QueryAtom]]],
                    encoding: str, timeout: float = 60.0,
                    castling: dict[int, set[Square]] | None = None,
                    others: list[Any] | None = None, *, cache: bool = False,
                    stuck: dict[int, NoAnswer] | None = None
                    ) -> dict[int, list[tuple[Square, Move]]]:
    """Ground positions together with ``encoding`` and read its shown moves.

    Each item is ``(query id, position, movers, query atoms)`` (``("target", x, y)`` …);
    the answer maps a query id to ``(origin, move)`` pairs, one per path (see
    :func:`distinct` to merge paths). ``castling`` collects, per query id, the squares a
    royal piece's castling uses, ``others`` every other shown symbol (an encoding's own
    answer beside its moves), and ``stuck`` the queries where the Interactive Diagram
    would never finish (noanswer/7 of moves.lp). Many queries are grounded together; with
    ``cache``, a single one is asked of a program kept for its board, pieces and movers
    (translator/solve/warm.py: worth it when the same piece is asked again on another
    position, as the Python API and the web page do; a position of many movers, as attacks
    asks, grounds faster with its facts).
    """
    from translator.solve import engine

    types: dict[tuple[str, str], int] = {}  # one type per string and reading
    texts: list[str] = []
    for _, pos, _, _ in items:
        betzas = {pc.betza for pc in pos.pieces.values()} | {pos.last_moved}
        # "" is a piece with no moves (immobile); sorted, so that equal sets number alike
        for betza in sorted(b for b in betzas if b):
            if (betza, pos.dialect) not in types:
                types[betza, pos.dialect] = len(types) + 1
                texts.append(piece_facts(len(types), betza, pos.dialect))
    text = " ".join(texts)

    def read(pos: Position) -> dict[str | None, int | str]:
        return {betza: t for (betza, reading), t in types.items() if reading == pos.dialect}

    if cache and len(items) == 1:
        qid, pos, movers, extra = items[0]
        pieces = [parse_piece(pos.pieces[sq].betza or "", pos.dialect) for sq in movers]
        if warm.fits(movers_estimate(pos, movers)):
            single = len(pieces) == 1
            key, shown = warm.answer(encoding, pos, movers, extra, read(pos), text,
                                     timeout=timeout, open_movers=single and
                                     warm.opens_measured(pieces[0], pos.files, pos.ranks),
                                     settle=single and warm.settles(pieces[0], pos.files,
                                                                    pos.ranks))
            if single:
                warm.measure(pieces[0], pos.files, pos.ranks, key)
            return _read(shown, castling, others, {0: qid}, stuck)
    facts = [text]
    for qid, pos, movers, extra in items:
        facts.append(position_facts(qid, pos, read(pos), movers, set()))
        facts.extend(f"{name}({qid},{x},{y})." for name, x, y in extra)
    return _read(engine.run("\n".join(facts), encoding, timeout=timeout), castling, others,
                 None, stuck)


def _read(shown: list[Any], castling: dict[int, set[Square]] | None,
          others: list[Any] | None, ids: dict[int, int] | None = None,
          stuck: dict[int, NoAnswer] | None = None) -> dict[int, list[tuple[Square, Move]]]:
    """The moves of ``solve_positions`` from the shown symbols (query ids mapped by
    ``ids`` when given)."""
    found: dict[int, list[tuple[Square, Move]]] = {}
    for sym in shown:
        text = str(sym)  # (one call into clingo; the answers are read from their text)
        name = text.partition("(")[0]
        if name == "noanswer":
            if stuck is not None:
                loop = term(sym, NoAnswer)
                stuck.setdefault(ids[loop.q] if ids else loop.q, loop)
            continue
        if name == "castlesq":
            if castling is not None:
                sq = term(sym, QSquare)
                castling.setdefault(ids[sq.q] if ids else sq.q, set()).add((sq.x, sq.y))
            continue
        if name not in ("res", "ares"):
            if others is not None:
                others.append(sym)
            continue
        q, origin, mv = answer_move(text)
        found.setdefault(ids[q] if ids else q, []).append((origin, mv))
    return found


def solve_chunk(chunk: list[tuple[int, Position, Square, bool]], timeout: float,
                encoding: str = "moves.lp", others: list[Any] | None = None,
                stuck: dict[int, NoAnswer] | None = None) -> dict[int, list[Move]]:
    """The moves of each ``(query id, position, origin, castling safety)`` of ``chunk``,
    from ``encoding`` (which shows ``res/7``; its other symbols go to ``others``, the
    queries the Interactive Diagram has no answer for to ``stuck``)."""
    castling: dict[int, set[Square]] = {}
    found = solve_positions([(i, pos, [origin], ()) for i, pos, origin, _ in chunk],
                            encoding, timeout, castling, others, cache=len(chunk) == 1,
                            stuck=stuck)
    safe = {i for i, *_, safety in chunk if safety}
    checks = {q: squares for q, squares in castling.items() if q in safe}
    if checks:  # the same queries again, knowing which castling squares are attacked
        asked = [(i, pos, origin) for i, pos, origin, _ in chunk if i in checks]
        attacked = attacked_squares([(pos, origin, checks[i]) for i, pos, origin in asked], timeout)
        again = [(i, pos, [origin], [("threatened", x, y) for x, y in squares])
                 for (i, pos, origin), squares in zip(asked, attacked, strict=True)]
        found.update(solve_positions(again, "moves.lp", timeout, cache=len(again) == 1))
    return {q: distinct([mv for _, mv in pairs]) for q, pairs in found.items()}


def attacked_squares(cases: list[tuple[Position, Square, set[Square]]], timeout: float
              ) -> list[list[Square]]:
    """Castling safety, for each ``(position, origin, squares)``: the squares of a royal
    piece's castling (where it stands, passes, lands) on which a piece of the other side
    could capture it, asked of the attacks encoding with the royal piece moved there (the
    squares of every case in one program)."""
    items: list[tuple[int, Position, list[Square], Sequence[QueryAtom]]] = []
    asked: list[tuple[int, Square]] = []
    for case, (pos, origin, squares) in enumerate(cases):
        mover = pos.pieces[origin]
        enemy = other_side(mover.side)
        attackers = [sq for sq, pc in pos.pieces.items() if pc.side == enemy and pc.betza]
        for sq in sorted(squares) if attackers else []:
            pieces = dict(pos.pieces)
            del pieces[origin]
            pieces[sq] = replace(mover, betza=None)  # a royal piece that only stands there
            items.append((len(items), replace(pos, pieces=pieces, side_to_move=enemy),
                          attackers, [("target", *sq)]))
            asked.append((case, sq))
    found = solve_positions(items, "attacks.lp", timeout) if items else {}
    out: list[list[Square]] = [[] for _ in cases]
    for n in sorted(found):
        case, sq = asked[n]
        out[case].append(sq)
    return out
