"""``betza why``: can the piece go to that square, and if not, why not?

The answer is the solver's (encodings/why.lp). When the move exists, the position is
fixed and the solver reports every path to the square leg by leg: where each leg went
and how it ended (moved, captured, hopped, excited a friend). When it does not, the
solver guesses the squares the paths look at (and the piece's virginity, royal marks and
e.p. state), requires a path to the square and minimises the differences from the real
position: each difference is a condition the real position fails. No answer at all means
that no position lets the piece go there. Python only builds the facts and words the
answer.

>>> from translator.position import Position
>>> w = why("fcafmF", "e4", "g6", Position.light(friends=["f5"]))
>>> w.possible, w.explanation[2]
(False, '  leg 1 ends on f5, which must hold an enemy but holds a friend')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any

import clingo

from translator.errors import BetzaError
from translator.facts.translate import move_facts
from translator.notation.syntax import Piece
from translator.position import Position
from translator.queries.moves import Move, MovesQuery, _prepare, batch_moves
from translator.solve.readers import move_of
from translator.squares import Square, square_name

__all__ = ["Why", "why"]

MAX_OPTIMA = 60  # closest positions enumerated (several can be equally close)
MAX_ALTERNATIVES = 6  # of which at most this many are listed besides the first
_SIGNS = {(0, 1): 0, (1, 1): 1, (1, 0): 2, (1, -1): 3, (0, -1): 4, (-1, -1): 5,
          (-1, 0): 6, (-1, 1): 7}


@dataclass
class Why:
    """The answer: whether the piece can go there, its moves there, and the explanation
    (one line per fact). ``changes`` are the conditions the real position fails, for the
    closest position that allows the move (empty when the move exists, and when no
    position allows it: then ``reachable`` is False)."""

    betza: str
    origin: str
    to: str
    side: str
    possible: bool
    moves: list[Move] = field(default_factory=list)
    explanation: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    reachable: bool = True

    def as_json(self) -> dict[str, Any]:
        """The answer schema of ``betza why --json`` and the batch ``why`` query."""
        return {"ok": True, "possible": self.possible,
                "moves": [m.as_json() for m in self.moves],
                "explanation": self.explanation}


# --------------------------------------------------------------------------- solver


@dataclass(frozen=True)
class _Leg:
    n: int
    start: str
    end: str
    dx: int
    dy: int
    leaps: int
    out: str  # m tog hop exc cap
    victim: str | None = None


@dataclass
class _Path:
    type_id: int
    move_no: int
    move: Move
    legs: list[_Leg]
    passes: dict[str, int]
    jumps: dict[str, int]


@dataclass
class _Model:
    changed: list[tuple[str, str, str]]  # square, real state, needed state
    paths: list[_Path]


@dataclass
class _Context:
    betza: str
    piece: Piece
    side: str
    origin: str
    to: str
    pos: Position  # with the mover on its square
    types: dict[int, str]  # type id -> Betza string
    mover_type: int
    names: dict[tuple[int, int], list[str]]


def _facts(ctx: _Context, ids: dict[str, int], extra: str) -> str:
    pos = ctx.pos
    x0, y0 = pos.square(ctx.origin)
    out = [f"board(0,{pos.files},{pos.ranks}). mover(0,{x0},{y0}). "
           f"piece(0,{x0},{y0},{ctx.side},{ctx.mover_type})."]
    for (x, y), pc in pos.pieces.items():
        if (x, y) == (x0, y0):
            if pc.royal:
                out.append(f"royal(0,{x},{y}).")
            if pc.virgin:
                out.append(f"realvirgin(0,{x},{y}).")
            continue
        out.append(f"real(0,{x},{y},{pc.side}).")
        if pc.betza and pc.betza in ids:
            out.append(f"realtype(0,{x},{y},{ids[pc.betza]}).")
        if pc.royal:
            out.append(f"realroyal(0,{x},{y}).")
    out.extend(f"realep(0,{x},{y})." for x, y in pos.ep)
    if pos.ep_victim is not None:
        out.append(f"realepvictim(0,{pos.ep_victim[0]},{pos.ep_victim[1]}).")
    if pos.last_moved and pos.last_moved in ids:
        out.append(f"lastmoved(0,{ids[pos.last_moved]}).")
    out.append(extra)
    return " ".join(out)


def _control(ctx: _Context, extra: str, options: list[str]) -> clingo.Control:
    from translator.queries.moves import parse_piece
    from translator.solve import engine

    ids = {betza: t for t, betza in ctx.types.items()}
    facts = [move_facts(t, parse_piece(betza)) for t, betza in ctx.types.items()]
    facts.append(_facts(ctx, ids, extra))
    return engine.ground("why.lp", "\n".join(facts), options).ctl


def _solve(ctl: clingo.Control, deadline: float, timeout: float, *, optimal: bool = False
           ) -> tuple[list[list[clingo.Symbol]], bool]:
    """Solve; the models (only the proven optimal ones if ``optimal``) and whether the
    search finished."""
    models: list[list[clingo.Symbol]] = []

    def on_model(m: clingo.Model) -> bool:
        if optimal and not m.optimality_proven:
            return True
        models.append(m.symbols(shown=True))
        return not optimal or len(models) < MAX_OPTIMA

    from translator.solve import engine

    try:
        engine.solve(ctl, deadline=deadline, what="the why search", timeout=timeout,
                     on_model=on_model)
    except engine.SolverTimeout:
        return models, False
    return models, True


def _give_up(timeout: float) -> None:
    from translator.solve.engine import SolverTimeout

    raise SolverTimeout(f"the why search gave up after the time limit of {timeout:g} s")


def _sq(sym: clingo.Symbol, i: int) -> str:
    return square_name((sym.arguments[i].number, sym.arguments[i + 1].number))


def _read(symbols: list[clingo.Symbol], names: dict[tuple[int, int], list[str]]) -> _Model:
    model = _Model([], [])
    legs: dict[tuple, list[_Leg]] = {}
    passes: dict[tuple, dict[str, int]] = {}
    jumps: dict[tuple, dict[str, int]] = {}
    found: list[tuple[tuple, int, int, Move]] = []
    for sym in symbols:
        a = sym.arguments
        if sym.name == "changed":
            model.changed.append((_sq(sym, 1), _state(a[3]), _state(a[4])))
        elif sym.name == "path":
            key = (a[1].number, a[2].number, str(a[5]), str(a[6]))
            found.append((key, a[1].number, a[2].number,
                          move_of(a[3].number, a[4].number, a[5], a[6])))
        elif sym.name == "gleg":
            key = (a[1].number, a[2].number, str(a[3]), str(a[4]))
            out = a[13]
            victim = None
            if out.name == "cap":
                victim = square_name((out.arguments[0].number, out.arguments[1].number))
            legs.setdefault(key, []).append(_Leg(
                a[5].number, _sq(sym, 6), _sq(sym, 8), a[10].number, a[11].number,
                a[12].number, out.name, victim))
        elif sym.name in ("gpass", "gjump"):
            key = (a[1].number, a[2].number, str(a[3]), str(a[4]))
            table = passes if sym.name == "gpass" else jumps
            table.setdefault(key, {}).setdefault(_sq(sym, 6), a[5].number)
        elif sym.name == "leapname":
            names.setdefault((a[0].number, a[1].number), [])
            if a[2].string not in names[(a[0].number, a[1].number)]:
                names[(a[0].number, a[1].number)].append(a[2].string)
    for key, t, m, mv in found:
        model.paths.append(_Path(t, m, mv, _one_per_leg(legs.get(key, [])),
                                 passes.get(key, {}), jumps.get(key, {})))
    return model


def _state(sym: clingo.Symbol) -> str:
    """``empty``, ``white``, ``virgin`` ...; a type as ``kind:T``."""
    if sym.arguments:
        arg = sym.arguments[0]
        return f"{sym.name}:{arg.number if arg.type == clingo.SymbolType.Number else arg.name}"
    return sym.name


def _one_per_leg(legs: list[_Leg]) -> list[_Leg]:
    """The legs in order, one per number (a leg reached two ways is told once)."""
    by_n: dict[int, _Leg] = {}
    for leg in sorted(legs, key=lambda g: (g.n, g.leaps, g.dx, g.dy, g.out)):
        by_n.setdefault(leg.n, leg)
    return [by_n[n] for n in sorted(by_n)]


# --------------------------------------------------------------------------- words


def _coords(name: str) -> Square:
    return (ord(name[0]) - 97, int(name[1:]) - 1)


def _glossary() -> dict[str, Any]:
    from translator.queries.explain import glossary

    return glossary()


def _unit_words(ctx: _Context, path: _Path, leg: _Leg) -> str:
    g = _glossary()
    letter = _written(ctx, path).atom.letter
    a, b = sorted((abs(leg.dx), abs(leg.dy)), reverse=True)
    if letter == "U":
        name, noun = "universal", "leap"
    elif ctx.names.get((a, b)):
        info = g["atoms"][sorted(ctx.names[(a, b)])[0]]
        name, noun = info["name"], info["noun"]
    else:
        name, noun = g["leaps"].get(f"{a},{b}", f"({a},{b})"), "leap"
    unit = f"{name} {noun}" if leg.leaps == 1 else f"{leg.leaps} {name} {noun}s"
    return f"{unit}, {_direction_words(ctx.side, leg.dx, leg.dy)}"


def _direction_words(side: str, dx: int, dy: int) -> str:
    d = _glossary()["directions"]
    if side == "black":
        dx, dy = -dx, -dy
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        return d["names"][_SIGNS[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]]
    parts = [(abs(dy), d["forward"] if dy > 0 else d["backward"]),
             (abs(dx), d["right"] if dx > 0 else d["left"])]
    parts.sort(key=lambda p: -p[0])
    return " ".join(d["vector"].format(n=n, way=w) for n, w in parts)


def _written(ctx: _Context, path: _Path):
    """The written move (notation.Move) that made ``path``."""
    from translator.queries.moves import parse_piece

    return parse_piece(ctx.types[path.type_id]).moves[path.move_no - 1]


def _planned(ctx: _Context, path: _Path) -> list:
    from translator.queries.explain import plan_legs

    move = _written(ctx, path)
    if move.atom.letter in "OI@":
        return []
    return plan_legs(move)


class _Board:
    """What stands where: the real position, or the closest one (real plus changes)."""

    def __init__(self, ctx: _Context, changed: list[tuple[str, str, str]] = ()):
        origin = ctx.pos.square(ctx.origin)
        self.side = ctx.side
        self.colour = {square_name(sq): pc.side for sq, pc in ctx.pos.pieces.items()
                       if sq != origin}
        self.royal = {square_name(sq) for sq, pc in ctx.pos.pieces.items() if pc.royal}
        for sq, _real, need in changed:
            if need == "empty":
                self.colour.pop(sq, None)
            elif need in ("white", "black"):
                self.colour[sq] = need
            elif need == "royal":
                self.royal.add(sq)
            elif need == "plain":
                self.royal.discard(sq)

    def who(self, sq: str, colour: str | None = None) -> str:
        colour = colour or self.colour.get(sq)
        if colour is None:
            return "nothing"
        noun = "friend" if colour == self.side else "enemy"
        if sq in self.royal:
            return f"a royal {noun}"
        return "a friend" if noun == "friend" else "an enemy"


def _move_head(ctx: _Context, path: _Path, found: Move) -> str:
    from translator.present.render import describe_move

    move = _written(ctx, path)
    owner = "" if path.type_id == ctx.mover_type else \
        f" (borrowed: the friend's {ctx.types[path.type_id]})"
    planned = _planned(ctx, path)
    groups = []
    for leg in planned:
        if leg.implied:
            groups.append(f"leg {leg.n} implied by the final {leg.implied}")
        else:
            spelt = move.legs[leg.n - 1].spelling()
            groups.append(f"leg {leg.n} {spelt}" if spelt else f"leg {leg.n} unmarked")
    legs = f" ({', '.join(groups)})" if len(groups) > 1 else ""
    return f"{describe_move(found)}, by the move {move}{owner}{legs}:"


def _leg_line(ctx: _Context, path: _Path, leg: _Leg, board: _Board,
              captured: set[str]) -> str:
    planned = _planned(ctx, path)
    plan = planned[leg.n - 1] if leg.n <= len(planned) else None
    final = leg.n == len(path.legs)
    sq = leg.end
    here = None if sq in captured or sq == ctx.origin else board.colour.get(sq)
    if leg.out == "m":
        what = f"{sq} is empty"
    elif leg.out == "tog":
        what = (f"{sq} holds {board.who(sq)}, hopped over; the range toggles (g)" if here
                else f"{sq} is empty; the range toggles (y)")
    elif leg.out == "hop":
        what = f"{sq} holds {board.who(sq)}, hopped over (p)"
    elif leg.out == "exc":
        what = f"{sq} holds {board.who(sq)}, which makes the rest of the move (x)"
    elif leg.victim == sq:
        what = f"{sq} holds {board.who(sq)}, captured" + ("" if final else " (locust)")
    else:
        what = (f"{sq} is empty and open to e.p. capture: {board.who(leg.victim)} on "
                f"{leg.victim} is captured (e.p.)")
    if leg.victim and plan is not None and "u" in plan.modifiers:
        what += f"; the captured piece is put on {leg.start} (u)"
    if final:
        what += ", the move ends there"
    return f"  leg {leg.n}: {leg.start} -> {sq} ({_unit_words(ctx, path, leg)}): {what}"


def _derivation(ctx: _Context, path: _Path | None, found: Move, board: _Board) -> list[str]:
    from translator.present.render import describe_move

    if path is None or not path.legs:
        lines = [f"{describe_move(found)}:", "  " + " -> ".join(found.legs)]
        for dest, src in found.unloads:
            lines.append(f"  the piece on {src} is put on {dest}")
    else:
        lines = [_move_head(ctx, path, found)]
        captured: set[str] = set()
        for leg in path.legs:
            lines.append(_leg_line(ctx, path, leg, board, captured))
            if leg.victim:
                captured.add(leg.victim)
    if found.ep_rights:
        lines.append(f"  it creates e.p. rights on {' '.join(found.ep_rights)}")
    return lines


def _state_words(board: _Board, sq: str, state: str) -> str:
    return "is empty" if state == "empty" else f"holds {board.who(sq, state)}"


def _conditions(ctx: _Context, model: _Model, path: _Path) -> list[str]:
    """One line per difference between the real position and the closest one."""
    real = _Board(ctx)
    near = _Board(ctx, model.changed)
    ends = {leg.end: leg for leg in path.legs}
    victims = {leg.victim: leg for leg in path.legs if leg.victim and leg.victim != leg.end}
    planned = _planned(ctx, path)
    move = _written(ctx, path)
    lines = []
    order = {"moved": 0, "virgin": 0}
    for sq, was, need in sorted(model.changed, key=lambda c: (order.get(c[1], 1),
                                                               _coords(c[0]), c[1])):
        has = _state_words(real, sq, was) if was in ("empty", "white", "black") else ""
        if need == "virgin":
            why = "i" if "i" in move.legs[0].modifiers else \
                "castling" if move.atom.letter == "O" else ""
            lines.append("the piece must not have moved yet" + (f" ({why})" if why else ""))
        elif need == "moved":
            lines.append("the piece must have moved already")
        elif need == "royal":
            lines.append(f"the piece on {sq} must be royal (k)")
        elif need == "plain":
            lines.append(f"the piece on {sq} must not be royal (t)")
        elif need.startswith("kind:"):
            kind = need.split(":")[1]
            betza = ctx.types.get(int(kind)) if kind.isdigit() else None
            lines.append(f"the piece on {sq} must be a {betza} (x borrows its moves)" if betza
                         else f"the piece on {sq} must have no moves of its own")
        elif need in ("ep", "noep"):
            lines.append(f"{sq} must {'' if need == 'ep' else 'not '}be open to e.p. capture")
        elif need in ("victim", "novictim"):
            lines.append(f"{sq} must {'' if need == 'victim' else 'not '}be the piece an "
                         "e.p. capture removes")
        elif sq in ends:
            leg = ends[sq]
            plan = planned[leg.n - 1] if leg.n <= len(planned) else None
            lines.append(f"leg {leg.n} ends on {sq}, which must "
                         f"{_need_words(near, sq, need, leg, plan)} but {has}")
        elif sq in victims:
            leg = victims[sq]
            lines.append(f"{sq}, the e.p. victim of leg {leg.n}, must "
                         f"{_need_words(near, sq, need, None, None)} but {has}")
        elif sq in path.passes:
            lines.append(f"leg {path.passes[sq]} passes over {sq}, which must be empty but "
                         f"{has}")
        elif sq in path.jumps:
            if need == "empty":
                lines.append(f"leg {path.jumps[sq]} leaps over {sq}, which must be empty (n) "
                             f"but {has}")
            else:
                lines.append(f"leg {path.jumps[sq]} leaps over {sq}, which must be occupied "
                             f"(j) but {has}")
        else:
            lines.append(f"{sq} must {_need_words(near, sq, need, None, None)} but {has}")
    return lines


def _need_words(board: _Board, sq: str, need: str, leg: _Leg | None, plan) -> str:
    if need == "empty":
        return "be empty"
    if leg is not None and leg.out == "hop" or leg is not None and leg.out == "tog":
        if plan is not None and "t" in plan.modifiers:
            return "hold a friend to hop over (t)"
        return "hold a piece to hop over"
    if leg is not None and leg.out == "exc":
        return "hold a friend (x)"
    return f"hold {board.who(sq, need)}"


# --------------------------------------------------------------------------- driver


def _context(betza: str, origin: str, to: str, position: Position, side: str | None,
             virgin: bool) -> tuple[_Context, MovesQuery]:
    from translator.queries.moves import parse_piece

    query = MovesQuery(betza, origin, position, side, virgin)
    pos, start, piece = _prepare(query)
    goal = pos.square(to)
    mover = pos.pieces[start]
    types: dict[int, str] = {}
    for text in [mover.betza] + [pc.betza for pc in pos.pieces.values()] + [pos.last_moved]:
        if text and text not in types.values():
            parse_piece(text)
            types[len(types) + 1] = text
    ctx = _Context(betza, piece, mover.side, square_name(start), square_name(goal), pos,
                   types, 1, {})
    return ctx, query


def _goal_facts(ctx: _Context) -> str:
    x, y = _coords(ctx.to)
    return f"goal(0,{x},{y})."


def _path_key(ctx: _Context, path: _Path) -> tuple:
    return (path.type_id != ctx.mover_type, path.move_no, len(path.move.legs),
            [_coords(s) for s in path.move.legs])


def why(betza: str, origin: str, to: str, position: Position | None = None,
        side: str | None = None, virgin: bool = False, *, timeout: float = 60.0) -> Why:
    """Can the piece ``betza`` on ``origin`` go to ``to`` in ``position``, and why (not)?

    ``side`` defaults to the position's side to move, ``virgin`` says the piece has not
    moved yet. Raises :class:`BetzaError` on bad input or when the solver runs out of
    ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    position = position or Position.light()
    ctx, query = _context(betza, origin, to, position, side, virgin)
    (found,) = batch_moves([query], timeout=timeout)
    if isinstance(found, BetzaError):
        raise found
    there = [m for m in found if m.to == ctx.to]
    head = f"{ctx.betza} ({ctx.side}) on {ctx.origin}"
    if there:
        ctl = _control(ctx, _goal_facts(ctx) + " fixed(0).", [])
        models, finished = _solve(ctl, deadline, timeout)
        if not finished and not models:
            _give_up(timeout)
        model = _read(models[-1], ctx.names) if models else _Model([], [])
        board = _Board(ctx)
        lines = [f"{head} can go to {ctx.to}: {len(there)} move"
                 f"{'s' if len(there) != 1 else ''}."]
        for mv in there:
            paths = sorted((p for p in model.paths if p.move == mv),
                           key=lambda p: (_path_key(ctx, p), str(p.move)))
            lines += _derivation(ctx, paths[0] if paths else None, mv, board)
        return Why(ctx.betza, ctx.origin, ctx.to, ctx.side, True, there, lines)

    ctl = _control(ctx, _goal_facts(ctx), ["--opt-mode=optN", "--models=0"])
    models, finished = _solve(ctl, deadline, timeout, optimal=True)
    if not models:
        if not finished:
            _give_up(timeout)
        return _unreachable(ctx, query, deadline, timeout)
    options = []
    for symbols in models:
        model = _read(symbols, ctx.names)
        if not model.paths:
            continue
        path = min(model.paths, key=lambda p: (_path_key(ctx, p), str(p.move)))
        options.append((_path_key(ctx, path), _conditions(ctx, model, path), model, path))
    options.sort(key=lambda o: (o[0], o[1], str(o[3].move)))
    _, conditions, model, path = options[0]
    n = len(model.changed)
    lines = [f"{head} cannot go to {ctx.to} in this position.",
             f"The closest position that allows it has {n} change{'s' if n != 1 else ''}:"]
    lines += [f"  {c}" for c in conditions]
    lines.append("In that position:")
    lines += ["  " + line for line in _derivation(ctx, path, path.move,
                                                  _Board(ctx, model.changed))]
    seen = {tuple(conditions)}
    others = []
    for _, conds, _, alt in options[1:]:
        if tuple(conds) not in seen:
            seen.add(tuple(conds))
            others.append(f"  {'; '.join(conds)} (by the move {_written(ctx, alt)})")
    if others:
        lines.append(f"Other positions with {n} change{'s' if n != 1 else ''}:")
        lines += others[:MAX_ALTERNATIVES]
        if len(others) > MAX_ALTERNATIVES:
            lines.append(f"  ... and {len(others) - MAX_ALTERNATIVES} more")
    return Why(ctx.betza, ctx.origin, ctx.to, ctx.side, False, [], lines, conditions)


def _unreachable(ctx: _Context, query: MovesQuery, deadline: float, timeout: float) -> Why:
    """No position lets the piece go there: say where it does go."""
    empty = replace(ctx.pos, pieces={}, ep=[], ep_victim=None)
    (plain,) = batch_moves([replace(query, position=empty, side=ctx.side)], timeout=timeout)
    if isinstance(plain, BetzaError):
        raise plain
    targets = sorted({m.to for m in plain}, key=_coords)
    g = _glossary()["atoms"]
    leaper = all(len(m.legs) == 1 and g.get(m.atom.letter, {}).get("noun") == "leap"
                 for m in ctx.piece.moves)
    what = "leaps" if leaper else "moves"
    where = (f"its {what} from {ctx.origin} go to {' '.join(targets)} on an empty board"
             if targets else f"it has no moves from {ctx.origin} on an empty board")
    lines = [f"no position lets {ctx.betza} on {ctx.origin} reach {ctx.to}: it is not among "
             f"the squares its moves can reach ({where})."]
    ctl = _control(ctx, "explore(0).", ["--enum-mode=brave", "--opt-mode=ignore",
                                        "--models=0"])
    models, finished = _solve(ctl, deadline, timeout)
    if finished and models:
        some = sorted({_sq(s, 1) for s in models[-1] if s.name == "reachable"}, key=_coords)
        more = [s for s in some if s not in targets]
        if more:
            lines.append(f"In other positions it can also reach: {' '.join(more)}.")
    return Why(ctx.betza, ctx.origin, ctx.to, ctx.side, False, [], lines, [], False)
