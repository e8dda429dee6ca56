"""The words of a ``why`` answer: each leg of a path in a position, and the conditions a
position fails. The phrases come from the shared renderer :mod:`translator.present.english`;
what the piece may do on each leg comes from the leg plan the encodings derive
(:mod:`translator.queries.plan`)."""

from __future__ import annotations

from collections.abc import Sequence

from translator.notation.syntax import MoveDef
from translator.present import english
from translator.queries.plan import LegPlan, plan
from translator.queries.why.model import WhyContext, WhyLeg, WhyModel, WhyPath
from translator.solve.readers import Move
from translator.squares import square_coords, square_name


def _unit_words(ctx: WhyContext, path: WhyPath, leg: WhyLeg) -> str:
    g = english.glossary()
    letter = written(ctx, path).atom.letter
    a, b = sorted((abs(leg.dx), abs(leg.dy)), reverse=True)
    if letter == "U":
        name, noun = "universal", "leap"
    elif ctx.names.get((a, b)):
        info = g["atoms"][sorted(ctx.names[(a, b)])[0]]
        name, noun = info["name"], info["noun"]
    else:
        name, noun = g["leaps"].get(f"{a},{b}", f"({a},{b})"), "leap"
    unit = f"{name} {noun}" if leg.leaps == 1 else f"{leg.leaps} {name} {noun}s"
    return f"{unit}, {english.direction_words(ctx.side, leg.dx, leg.dy)}"


def written(ctx: WhyContext, path: WhyPath) -> MoveDef:
    """The written move that made ``path``."""
    from translator.facts.pieces import parse_piece

    return parse_piece(ctx.types[path.type_id], ctx.pos.dialect).moves[path.move_no - 1]


def _planned(ctx: WhyContext, path: WhyPath) -> tuple[LegPlan, ...]:
    """The leg plan of the move that made ``path`` (none for castling, imitation, drops)."""
    if written(ctx, path).atom.letter in "OI@":
        return ()
    return plan(ctx.types[path.type_id], ctx.pos.dialect)[path.move_no - 1].legs


def board_for(ctx: WhyContext, changed: Sequence[tuple[str, str, str]] = ()) -> _Board:
    """The real position (no ``changed``) or the closest one."""
    return _Board(ctx, changed)


class _Board:
    """What stands where: the real position, or the closest one (real plus changes)."""

    def __init__(self, ctx: WhyContext, changed: Sequence[tuple[str, str, str]] = ()):
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


def _move_head(ctx: WhyContext, path: WhyPath, found: Move) -> str:
    from translator.present.render import describe_move

    move = written(ctx, path)
    owner = "" if path.type_id == ctx.mover_type else \
        f" (borrowed: the friend's {ctx.types[path.type_id]})"
    planned = _planned(ctx, path)
    groups = []
    for leg in planned:
        if leg.implied:
            groups.append(f"leg {leg.n} implied by the final {leg.implied}")
        else:
            own = move.legs[leg.n - 1]
            spelt = own.spelling() + (f"{own.atom}{own.range or ''}" if move.is_bracket
                                      else "")
            groups.append(f"leg {leg.n} {spelt}" if spelt else f"leg {leg.n} unmarked")
    legs = f" ({', '.join(groups)})" if len(groups) > 1 else ""
    return f"{describe_move(found)}, by the move {move}{owner}{legs}:"


def _leg_line(ctx: WhyContext, path: WhyPath, leg: WhyLeg, board: _Board,
              captured: set[str]) -> str:
    planned = _planned(ctx, path)
    step = planned[leg.n - 1] if leg.n <= len(planned) else None
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
        what = (f"{sq} is empty and open to e.p. capture: {board.who(leg.victim or sq)} on "
                f"{leg.victim} is captured (e.p.)")
    if leg.victim and step is not None and "unload" in step.classes:
        what += f"; the captured piece is put on {leg.start} (u)"
    if final:
        what += ", the move ends there"
    return f"  leg {leg.n}: {leg.start} -> {sq} ({_unit_words(ctx, path, leg)}): {what}"


def derivation(ctx: WhyContext, path: WhyPath | None, found: Move, board: _Board) -> list[str]:
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


def conditions(ctx: WhyContext, model: WhyModel, path: WhyPath) -> list[str]:
    """One line per difference between the real position and the closest one."""
    real = _Board(ctx)
    near = _Board(ctx, model.changed)
    ends = {leg.end: leg for leg in path.legs}
    victims = {leg.victim: leg for leg in path.legs if leg.victim and leg.victim != leg.end}
    planned = _planned(ctx, path)
    move = written(ctx, path)
    lines = []
    order = {"moved": 0, "virgin": 0}
    for sq, was, need in sorted(model.changed, key=lambda c: (
            order.get(c[1], 1), square_coords(c[0]), c[1])):
        has = _state_words(real, sq, was) if was in ("empty", "white", "black") else ""
        if need == "virgin":
            why = "i" if "i" in move.legs[0].modifiers else \
                "castling" if move.atom.letter == "O" else ""
            lines.append("the piece must not have moved yet" + (f" ({why})" if why else ""))
        elif need == "moved":
            lines.append("the piece must have moved already")
        elif need == "unmoved":
            lines.append(f"the piece on {sq} must not have moved yet (castling partner)")
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
            step = planned[leg.n - 1] if leg.n <= len(planned) else None
            lines.append(f"leg {leg.n} ends on {sq}, which must "
                         f"{_need_words(near, sq, need, leg, step)} but {has}")
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


def _need_words(board: _Board, sq: str, need: str, leg: WhyLeg | None,
                step: LegPlan | None) -> str:
    if need == "empty":
        return "be empty"
    if leg is not None and leg.out == "hop" or leg is not None and leg.out == "tog":
        if step is not None and "friendhop" in step.classes:
            return "hold a friend to hop over (t)"
        return "hold a piece to hop over"
    if leg is not None and leg.out == "exc":
        return "hold a friend (x)"
    return f"hold {board.who(sq, need)}"
