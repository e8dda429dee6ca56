"""A whole position's legal moves and check, asked of the solver (encodings/legal.lp): the
solver path that the compiled fast path of ``translator/game`` is tested against.

Two programs answer a batch of positions. The first builds the side to move's candidate
moves, every piece's paths from encodings/moves.lp (castling out of or through an attacked
square refused by castling.lp, given the attacked squares by attacks.lp). Each candidate is
made on the board (the bookkeeping of its effects: the capture, the e.p. victim, the
castling partner; the drops of the pieces in hand where encodings/drops.lp allows them;
a Game's promotions, castling and drops as its rules expand them:
translator/queries/solver_path.py), and the positions
after them, with the positions themselves, are grounded together in the second program,
legal.lp, whose answer is which candidates leave no royal piece of the mover attacked, and
which positions are check.

>>> from translator.catalogue.fen import parse_fen
>>> table = {"K": "K", "R": "R", "B": "B"}
>>> pos = parse_fen("4k3/8/8/1B6/8/8/8/4K2R b K - 0 1", table)
>>> answer = legal_moves([pos])[0]
>>> answer.check, answer.moves  # the bishop on b5 checks: d7 and e7 only, d8 f8 f7
(True, ['e8d8', 'e8e7', 'e8f7', 'e8f8'])
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from translator.facts.pieces import parse_piece, piece_facts
from translator.facts.schema import AFTER, DROPPER, GUARDED, PASSES
from translator.facts.translate import move_facts, position_facts
from translator.position import PlacedPiece, Position
from translator.shown import Check, Drop, LegalMove, each
from translator.solve import engine
from translator.solve.batch import attacked_squares, chunks, movers_estimate, solve_positions
from translator.solve.engine import SolverTimeout
from translator.solve.limits import DEFAULT_MAX_ATOMS, refuse_over
from translator.solve.readers import Move
from translator.squares import Square, square_coords, square_name


@dataclass(frozen=True)
class Candidate:
    """A move of the side to move in its UCI form (``e2e4``, ``e7e8q``, ``P@e4``) and the
    position after it (whose side to move is still the mover's: the side guarded); for a
    castling whose squares the variant's rules name, ``through``: the position with a royal
    piece of the mover also on each square the king may not pass attacked."""

    uci: str
    after: Position
    through: tuple[Position, ...] = ()


@dataclass(frozen=True)
class Legal:
    """The answer for one position: its legal moves (UCI, sorted) and whether the side to
    move is in check."""

    moves: list[str]
    check: bool


# the pieces the side to move holds in hand, as each would stand on the board once dropped
Hand = Sequence[PlacedPiece]


def made(pos: Position, origin: Square, move: Move) -> Position:
    """``pos`` after the piece on ``origin`` makes ``move``: its victims leave the board,
    an unloaded piece (castling's partner) goes where the move puts it, and the piece
    lands on the destination, moved. The side to move is unchanged.

    >>> from translator.catalogue.fen import parse_fen
    >>> pos = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", {"K": "KisO2", "R": "R"})
    >>> castle = Move("g1", ("e1", "g1"), unloads=(("f1", "h1"),))
    >>> sorted(square_name(sq) for sq in made(pos, (4, 0), castle).pieces)
    ['e8', 'f1', 'g1']
    """
    pieces = dict(pos.pieces)
    piece = pieces.pop(origin)
    for name in move.captures:
        pieces.pop(square_coords(name), None)
    moved = {}
    for dest, source in move.unloads:
        partner = pieces.pop(square_coords(source), None)
        if partner is not None:
            moved[square_coords(dest)] = replace(partner, virgin=False)
    pieces.update(moved)
    if move.mover is None:  # (an excited friend's rest of the move leaves the piece be)
        pieces[square_coords(move.to)] = replace(piece, virgin=False)
    return replace(pos, pieces=pieces, ep=[], ep_victim=None)


def uci(origin: Square, move: Move) -> str:
    """The UCI form of a piece's move: its square and its destination."""
    return square_name(origin) + move.to


def piece_moves(positions: Sequence[Position], timeout: float = 60.0,
                max_atoms: int = DEFAULT_MAX_ATOMS) -> list[list[tuple[Square, Move]]]:
    """The moves of every piece of each position's side to move, from encodings/moves.lp
    (one ``(origin, move)`` per path); a castling of castling.lp's ``O`` atom is refused
    where the royal piece would stand on, pass or land on an attacked square."""
    items = [(q, pos, [sq for sq, pc in pos.pieces.items()
                       if pc.side == pos.side_to_move and pc.betza], ())
             for q, pos in enumerate(positions)]
    sizes = [refuse_over(movers_estimate(pos, movers, lean=True), max_atoms)
             for _, pos, movers, _ in items]
    left = _clock(timeout)
    castling: dict[int, set[Square]] = {}
    found: dict[int, list[tuple[Square, Move]]] = {}
    for chunk in chunks([(*item, size) for item, size in zip(items, sizes, strict=True)],
                        max_atoms):
        found.update(solve_positions(chunk, "moves.lp", left(), castling))
    if castling:  # again, knowing which squares of a royal piece's castling are attacked
        asked = sorted(castling)
        royal = [next(sq for sq, pc in positions[q].pieces.items() if pc.royal and
                      pc.side == positions[q].side_to_move and
                      _castles(found.get(q, []), sq)) for q in asked]
        attacked = attacked_squares([(positions[q], sq, castling[q])
                                     for q, sq in zip(asked, royal, strict=True)], left())
        again = [(q, positions[q], items[q][2], [("threatened", x, y) for x, y in squares])
                 for q, squares in zip(asked, attacked, strict=True) if squares]
        found.update(solve_positions(again, "moves.lp", left()))
    return [found.get(q, []) for q in range(len(positions))]


def candidates(positions: Sequence[Position], hands: Sequence[Hand] | None = None,
               timeout: float = 60.0, max_atoms: int = DEFAULT_MAX_ATOMS) -> list[list[Candidate]]:
    """The candidate moves of each position's side to move (see the module's text)."""
    left = _clock(timeout)
    out: list[list[Candidate]] = []
    for pos, found in zip(positions, piece_moves(positions, timeout, max_atoms), strict=True):
        out.append([Candidate(uci(origin, move), made(pos, origin, move))
                    for origin, move in found])
    if hands is not None:
        for cands, dropped in zip(out, drop_candidates(positions, hands, left()),
                                  strict=True):
            cands.extend(dropped)
    return out


def drop_candidates(positions: Sequence[Position], hands: Sequence[Hand],
                    timeout: float = 60.0) -> list[list[Candidate]]:
    """The drops of each position's side to move: each piece of its hand (one of each
    kind asked) on each square encodings/drops.lp allows it (its ``@`` moves: the zone and
    limits such as one pawn a file), written ``P@e4`` (the letter upper-case, as
    Fairy-Stockfish writes a drop of either side).

    >>> from translator.catalogue.fen import parse_fen
    >>> pawn = PlacedPiece("black", "fWf@8", "p")
    >>> pos = parse_fen("9/9/9/9/9/9/4p4/9/9 b", {"P": "fWf@8"})
    >>> drops = drop_candidates([pos], [[pawn]])[0]
    >>> len(drops), drops[0].uci[:2]  # not on rank 1, nor on the e-file with its pawn
    (64, 'P@')
    >>> sorted(c.uci for c in drops if c.uci.endswith("2"))[:3]
    ['P@a2', 'P@b2', 'P@c2']
    """
    types: dict[str | None, int | str] = {}
    asked: list[tuple[int, PlacedPiece]] = []
    facts: list[str] = []
    for q, (pos, hand) in enumerate(zip(positions, hands, strict=True)):
        kinds = {(pc.betza, pc.letter): pc for pc in hand if pc.betza}
        for pc in kinds.values():
            for betza in [pc.betza, *(other.betza for other in pos.pieces.values())]:
                if betza and betza not in types:
                    types[betza] = len(types) + 1
            facts += [position_facts(len(asked), pos, types, [], set()),
                      DROPPER(len(asked), types[pc.betza], pos.side_to_move)]
            asked.append((q, pc))
    out: list[list[Candidate]] = [[] for _ in positions]
    if not asked:
        return out
    facts += [move_facts(t, parse_piece(betza, positions[0].dialect))
              for betza, t in types.items() if isinstance(t, int) and betza]
    for drop in each(engine.run("\n".join(facts), "drops.lp", timeout=timeout), Drop):
        q, pc = asked[drop.q]
        pos = positions[q]
        pieces = {**pos.pieces, (drop.x, drop.y): pc}
        out[q].append(Candidate(f"{(pc.letter or '').upper()}@{square_name((drop.x, drop.y))}",
                                replace(pos, pieces=pieces, ep=[], ep_victim=None)))
    return out


def _clock(timeout: float) -> Callable[[], float]:
    """The seconds left of ``timeout`` from now, each time it is called; past it, a
    :class:`SolverTimeout` (the steps of one answer share its time limit)."""
    deadline = time.monotonic() + timeout

    def left() -> float:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise SolverTimeout(f"the legal moves gave up after the time limit of {timeout:g} s")
        return remaining
    return left


def _castles(moves: list[tuple[Square, Move]], sq: Square) -> bool:
    """Whether the piece on ``sq`` has a castling move among ``moves`` (an unload)."""
    return any(origin == sq and move.unloads for origin, move in moves)


def legal_moves(positions: Sequence[Position], hands: Sequence[Hand] | None = None,
                timeout: float = 60.0, max_atoms: int = DEFAULT_MAX_ATOMS) -> list[Legal]:
    """The legal moves and check of each position, from encodings/legal.lp; ``hands``
    (the pieces each side to move holds, their strings with the drop atom ``@``) add
    drops to the pieces' moves. The queries are grounded in programs under ``max_atoms`` by the
    size estimate, all within ``timeout``; a position over the budget on its own is
    refused (a LimitError)."""
    left = _clock(timeout)
    cands = candidates(positions, hands, timeout, max_atoms)
    return judge(positions, cands, left(), max_atoms)


def judge(positions: Sequence[Position], cands: Sequence[Sequence[Candidate]],
          timeout: float = 60.0, max_atoms: int = DEFAULT_MAX_ATOMS) -> list[Legal]:
    """Which of the candidates ``cands[q]`` of each position ``positions[q]`` are legal,
    and whether the position is check (encodings/legal.lp): the positions after the
    candidates, and the squares castling passes, are grounded as queries of their own,
    each candidate's together."""
    left = _clock(timeout)
    groups: list[tuple[int, list[tuple[int, Position]], list[str], int]] = []
    ids = len(positions)
    for q, pos in enumerate(positions):
        groups.append((len(groups), [(q, pos)], [], _estimate(pos)))
        for n, cand in enumerate(cands[q]):
            queries = [(ids, cand.after)]
            facts = [AFTER(q, n, ids)]
            for b, probe in enumerate(cand.through, start=ids + 1):
                queries.append((b, probe))
                facts.append(PASSES(q, n, b))
            ids += len(queries)
            groups.append((len(groups), queries, facts,
                           refuse_over(sum(_estimate(p) for _, p in queries), max_atoms)))
    legal: set[tuple[int, int]] = set()
    check: set[int] = set()
    for chunk in chunks(groups, max_atoms):
        shown = engine.run(_facts(chunk), "legal.lp", timeout=left())
        legal.update((move.q, move.n) for move in each(shown, LegalMove))
        check.update(found.q for found in each(shown, Check))
    return [Legal(sorted({cand.uci for n, cand in enumerate(cands[q]) if (q, n) in legal}),
                  q in check) for q in range(len(positions))]


def _estimate(pos: Position) -> int:
    """The size estimate of a query of legal.lp: the moves of the other side's pieces."""
    return movers_estimate(pos, [sq for sq, pc in pos.pieces.items()
                                 if pc.side != pos.side_to_move and pc.betza], lean=True)


def _facts(chunk: Sequence[tuple[int, list[tuple[int, Position]], list[str]]]) -> str:
    """The facts of legal.lp's queries in ``chunk``: each position, the side whose royal
    pieces it guards (the side to move), and the facts naming the positions after a move
    and the squares castling passes."""
    types: dict[str | None, int | str] = {}
    facts: list[str] = []
    dialect = "spec"
    for _, queries, extra in chunk:
        for a, pos in queries:
            dialect = pos.dialect
            for pc in pos.pieces.values():
                if pc.betza and pc.betza not in types:
                    types[pc.betza] = len(types) + 1
            facts += [position_facts(a, pos, types, [], set()),
                      GUARDED(a, pos.side_to_move)]
        facts += extra
    facts += [piece_facts(t, betza, dialect) for betza, t in types.items()
              if isinstance(t, int) and betza]
    return "\n".join(facts)


__all__ = ["Candidate", "Legal", "candidates", "judge", "legal_moves", "made", "piece_moves"]
