"""``betza explain``: a Betza string (or a piece name) in plain English, with its move diagram.

The sentences are generated from the parse (:mod:`translator.notation.syntax`); every word comes
from ``kb/glossary.toml`` and the geometry from ``kb/atoms.lp`` and ``kb/directions.lp``.
The diagram is computed with the engine (:func:`translator.api.batch_moves`): the piece on
an empty board, and the same board with a lone enemy (or friend) on each square in turn.

>>> lines = explain_lines("fcafmF")
>>> print(lines[1])
Move 1 (fcafmF): Ferz (F): one step diagonally; a move in 2 legs, made in order, all or nothing.
>>> print(lines[3][:60])
  leg 2: one Ferz step (one square diagonally), straight on;
>>> text, marks = explain_diagram("fmWfcF")
>>> marks["e6"], marks["d6"], marks["f6"]
('move', 'capture', 'capture')
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from translator.errors import BetzaError
from translator.notation.kbtables import geometry, tables
from translator.notation.syntax import Move, Piece
from translator.position import Position
from translator.present.textboard import render_board
from translator.queries.moves import Move as Found
from translator.queries.moves import MovesQuery, batch_moves, parse_piece, resolve_name
from translator.resources import data_dir
from translator.squares import Square, parse_square, square_name

__all__ = ["explain_diagram", "explain_lines", "explain_svg", "explain_text", "glossary"]

RangeState = tuple[str, int | str]  # (kind, steps): kind step/slide/other, steps n/inf/star
SPECIAL = "UOI@"
STEPPERS = ("W", "F", "K", "R", "B", "Q")  # atoms whose unit is a one-square step
TEXT_MARKS = {"origin": "@", "move": "*", "capture": "x", "both": "#", "locust": "!",
              "landing": "+", "hop": "h", "ep": "e"}


# --------------------------------------------------------------------------- data


@cache
def glossary() -> dict[str, Any]:
    """The words of ``kb/glossary.toml``.

    >>> glossary()["atoms"]["W"]["description"]
    'one step orthogonally'
    """
    with open(data_dir("kb") / "glossary.toml", "rb") as fh:
        return tomllib.load(fh)


# --------------------------------------------------------------------------- legs


def _first_range(move: Move) -> RangeState:
    """The range state of the first leg (decision 2; legs.lp ``rng1``)."""
    geo = geometry(move)
    kind = geo[3] if geo else "other"
    if move.atom.doubled and kind == "step":
        kind = "slide"
    if move.range is not None:
        steps = move.range.steps
        return kind, "star" if steps is None else ("inf" if steps == 0 else steps)
    curled = any(f in ("z", "q") for f in move.legs[0].modifiers)
    if move.atom.doubled or curled:
        return kind, "inf"
    return kind, "inf" if kind == "slide" else 1


def _toggle(rs: RangeState) -> RangeState:
    """Range toggling by g and y (decision 7)."""
    kind, steps = rs
    if kind == "step":
        return "slide", "inf"
    if kind == "slide":
        return "step", 1
    return ("other", "inf") if steps == 1 else ("other", 1)


@dataclass(frozen=True)
class _Leg:
    """One leg as the piece really makes it (defaults filled in, hop-off leg added)."""

    n: int
    directions: tuple[str, ...]
    modes: tuple[str, ...]
    written_modes: bool
    modifiers: tuple[str, ...]
    final: bool
    implied: str = ""  # the final p or g that implies this hop-off leg
    ranges: tuple[RangeState, ...] = ()
    orient: frozenset[int] = frozenset({0})  # 1 = atom rotated by a 45-degree turn
    excited: bool = False  # made by a piece excited by an earlier x leg


def _turns(leg_dirs: tuple[str, ...], fourway: bool) -> set[int]:
    """The turns (eighths, clockwise) a continuation leg may take (decision 5 default)."""
    if not leg_dirs:
        return {0, 2, 6} if fourway else set(range(8))
    return set().union(*(tables().dirtab.get(("king", t), frozenset()) for t in leg_dirs))


def plan_legs(move: Move) -> list[_Leg]:
    """The legs of ``move`` with defaults, ranges and the implied hop-off leg.

    >>> [(leg.n, leg.modes, leg.implied) for leg in plan_legs(parse_piece("cpR").moves[0])]
    [(1, ('p',), ''), (2, ('c',), 'p')]
    """
    geo = geometry(move)
    fourway = bool(geo) and geo[2] in ("orth", "diag")  # type: ignore[index]
    legs = move.legs
    last = len(legs)
    hop = any(m in ("p", "g") for m in legs[-1].modes)
    ranges: tuple[RangeState, ...] = (_first_range(move),)
    orient, excited = frozenset({0}), False
    out: list[_Leg] = []
    for n, leg in enumerate(legs, start=1):
        final = n == last and not hop
        if n < last:
            modes, written = leg.modes or ("m",), bool(leg.modes)
        elif not hop:
            modes, written = leg.modes or ("m", "c"), bool(leg.modes)
        else:
            modes, written = tuple(m for m in leg.modes if m in ("p", "g")), True
        if n > 1:
            orient = frozenset((p + t) % 2 for p in orient
                               for t in _turns(leg.directions, fourway))
        out.append(_Leg(n, leg.directions, modes, written, leg.modifiers, final, "", ranges,
                        orient, excited))
        if not final:
            toggling = [m for m in modes if m in ("g", "y")]
            toggled = tuple(_toggle(r) for r in ranges)
            if toggling and len(toggling) == len(modes):
                ranges = tuple(dict.fromkeys(toggled))
            elif toggling:
                ranges = tuple(dict.fromkeys(ranges + toggled))
            excited = excited or "x" in modes
    if hop:
        rest = tuple(m for m in legs[-1].modes if m not in ("p", "g"))
        hop_mode = "g" if "g" in legs[-1].modes else "p"
        keep = tuple(f for f in legs[-1].modifiers if f in ("n", "nn"))
        out.append(_Leg(last + 1, (), rest or ("m", "c"), bool(rest), keep, True, hop_mode,
                        ranges, orient, excited))
    return out


# --------------------------------------------------------------------------- words


def _join(items: list[str], last: str = " and ") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + last + items[-1]


@dataclass(frozen=True)
class _Unit:
    name: str
    stride: str
    noun: str
    rider: str


def _unit(a: int, b: int, system: str) -> _Unit:
    """Words for one step of an atom of leap (a, b) in direction system ``system``."""
    g = glossary()
    kb = tables()
    letter = "K" if system == "king" else next(
        (x for x in "WFDNAHCZG" if kb.letters[x][:2] == (a, b)), None)
    if letter:
        atom = g["atoms"][letter]
        name, stride, noun = atom["name"], atom["stride"], atom["noun"]
    else:
        key = f"{max(a, b)},{min(a, b)}"
        name = g["leaps"].get(key) or g["strides"]["generic_leap"].format(a=a, b=b)
        form = ("generic_straight" if b == 0 else "generic_diagonal" if a == b
                else "generic_description")
        stride, noun = g["strides"][form].format(a=a, b=b), "leap"
    rider = g["riders"].get(letter or "") or g["riders"]["template"].format(name=name)
    return _Unit(name, stride, noun, rider)


def _leg_unit(move: Move, leg: _Leg) -> tuple[_Unit, str]:
    """The unit the leg repeats, after atom rotation, and a note when it rotated."""
    geo = geometry(move)
    assert geo is not None
    a, b, system, _ = geo
    if system not in ("orth", "diag"):
        return _unit(a, b, system), ""
    rotated = (a, a, "diag") if b == 0 else (a, 0, "orth")
    units = [_unit(a, b, system) if p == 0 else _unit(*rotated) for p in sorted(leg.orient)]
    if len(units) == 1:
        note = ""
        if leg.orient == {1}:
            note = glossary()["strides"]["rotated"].format(name=units[0].name)
        return units[0], note
    first, second = units
    mixed = glossary()["strides"]["mixed"].format(a=first.name, b=second.name)
    return _Unit(f"{first.name} or {second.name}", f"{first.stride}, or {second.stride}",
                 first.noun, first.rider), mixed


def _stride(unit: _Unit, rs: RangeState) -> str:
    s = glossary()["strides"]
    steps, stepper = rs[1], unit.noun == "step"
    fill = {"name": unit.name, "description": unit.stride, "rider": unit.rider, "n": steps}
    if steps == 1:
        form = "one_step" if stepper else "one_leap"
    elif steps == "inf":
        form = "slide" if stepper else "ride"
    elif steps == "star":
        form = "star_steps" if stepper else "star_leaps"
    else:
        form = "upto_steps" if stepper else "upto_leaps"
    return s[form].format(**fill)


def _state_words(rs: RangeState) -> str:
    r = glossary()["ranges"]
    steps = rs[1]
    if steps == 1:
        return r["state_one"]
    if steps == "inf":
        return r["state_inf"]
    if steps == "star":
        return r["state_star"]
    return r["state_n"].format(n=steps)


def _vector_words(i: int, a: int, b: int) -> str:
    """``'2 forward 1 right'`` for oblique direction ``i`` of the (a, b) leap."""
    d = glossary()["directions"]
    pa, pb, qa, qb = tables().ovec[i]
    dx, dy = pa * a + pb * b, qa * a + qb * b
    parts = [(abs(dy), d["forward"] if dy > 0 else d["backward"]),
             (abs(dx), d["right"] if dx > 0 else d["left"])]
    parts.sort(key=lambda p: -p[0])
    return " ".join(d["vector"].format(n=n, way=w) for n, w in parts if n)


def _first_directions(move: Move, leg: _Leg) -> str:
    d = glossary()["directions"]
    geo = geometry(move)
    assert geo is not None
    a, b, system, _ = geo
    if not leg.directions:
        return d["all4"] if system in ("orth", "diag") else d["all8"]
    words = " or ".join(d[system][t] for t in leg.directions)
    indices = sorted(set().union(*(tables().dirtab[(system, t)] for t in leg.directions)))
    if system == "obl":
        return f"{words}: {_join([_vector_words(i, a, b) for i in indices])}"
    if system != "orth" and any(len(tables().dirtab[(system, t)]) > 1 for t in leg.directions):
        return f"{words}: {_join([d['names'][i] for i in indices])}"
    return words


def _continuation_directions(move: Move, leg: _Leg) -> str:
    d = glossary()["directions"]["continuation"]
    if leg.implied:
        return d["hop_off"]
    if not leg.directions:
        geo = geometry(move)
        fourway = bool(geo) and geo[2] in ("orth", "diag")  # type: ignore[index]
        return d["default_fourway"] if fourway else d["default_eightway"]
    return " or ".join(d[t] for t in leg.directions)


def _mode_words(leg: _Leg) -> str:
    """What must be on the square where the leg ends, and what happens there."""
    md = glossary()["modes"]
    if leg.final:
        f = md["final"]
        if set(leg.modes) == {"m", "c"}:
            return f["either"].format(what=f["mc"])
        if len(leg.modes) == 1:
            return f["only"].format(what=f[leg.modes[0]])
        return f["either"].format(what=f["or"].join(f[m] for m in leg.modes))
    t = md["transit"]
    if len(leg.modes) == 1:
        text = t[leg.modes[0]]
    else:
        alts = md["transit_alternatives"]
        text = t["either"].format(alternatives=t["or"].join(alts[m] for m in leg.modes))
    toggling = [m for m in leg.modes if m in ("g", "y")]
    if toggling:
        text += "; " + "; ".join(
            glossary()["ranges"]["toggle"].format(mode="/".join(toggling),
                                                  before=_state_words(r),
                                                  after=_state_words(_toggle(r)))
            for r in leg.ranges)
    return text


def _modifier_words(move: Move, leg: _Leg) -> tuple[list[str], list[str]]:
    """Phrases for the leg's modifiers: conditions on the way (said before the mode) and
    side effects (said after it)."""
    g = glossary()["modifiers"]
    mods = leg.modifiers
    stepper = move.atom.letter in STEPPERS and not move.atom.boost
    before: list[str] = []
    after: list[str] = []
    if "i" in mods and leg.n > 1:
        before.append(g["i_iso"])
        if leg.directions in (("b",), ("bb",)):
            before.append(g["iso_back"])
    if leg.n == 1:
        before += [g[f] for f in ("z", "q") if f in mods]
    if "n" in mods or "nn" in mods:
        if stepper:
            after.append(g["n_step_final"] if leg.final else g["n_step"])
        elif "nn" in mods:
            before.append(g["nn"])
        elif leg.n == 1 and "i" in mods:
            before.append(g["in_leap"])
        else:
            before.append(g["n_leap"])
    if "j" in mods or "jj" in mods:
        before.append(g["j_slide"] if stepper else g["jj_leap"] if "jj" in mods
                      else g["j_leap"])
    if "t" in mods:
        if any(m in ("p", "g") for m in leg.modes):
            before.append(g["t_hop"])
        elif leg.final:
            after.append(g["t_final"])
    if "u" in mods:
        after.append(g["u"])
        if len(move.legs) == 1 and set(leg.modes) & {"c", "d"}:
            after.append(g["u_swap"])
    return before, after


def _leg_line(move: Move, leg: _Leg) -> str:
    g = glossary()
    s = g["sentences"]
    if leg.implied:
        why = g["defaults"]["hop_off_leg"].format(mode=leg.implied)
        label = s["leg_implied"].format(n=leg.n, why=why)
    else:
        label = s["leg"].format(n=leg.n)
    if leg.excited:
        label += f" ({s['excited']})"
    parts: list[str] = []
    if move.atom.letter == "U":
        parts.append(g["atoms"]["U"]["description"])
    else:
        unit, rotation = _leg_unit(move, leg)
        stride = " or ".join(_stride(unit, r) for r in leg.ranges)
        if rotation:
            stride += " " + rotation
        directions = (_first_directions(move, leg) if leg.n == 1
                      else _continuation_directions(move, leg))
        parts.append(f"{stride}, {directions}")
        if unit.noun == "leap":
            if any(r[1] != 1 for r in leg.ranges):
                parts.append(g["strides"]["ride_condition"])
            if not {"n", "nn", "j", "jj"} & set(leg.modifiers):
                parts.append(g["strides"]["leap_free"])
    if leg.implied:
        d = g["defaults"]
        noun = "step" if move.atom.letter in STEPPERS else "leap"
        one = all(r[1] == 1 for r in leg.ranges)
        parts.append(d["hop_land_one"].format(noun=noun) if one else d["hop_land_any"])
    before, after = _modifier_words(move, leg)
    parts += before
    parts.append(_mode_words(leg))
    parts += after
    ending = g["modes"]["final"]["ends"] if leg.final else g["modes"]["transit"]["goes_on"]
    parts.append(ending)
    return f"  {label}: " + "; ".join(parts) + "."


def _atom_words(move: Move) -> str:
    g = glossary()
    atom = move.atom
    info = g["atoms"][atom.letter]
    text = f"{info['name']} ({atom.letter}): {info['description']}"
    if atom.boost:
        geo = geometry(move)
        assert geo is not None
        unit = _unit(geo[0], geo[1], geo[2])
        text += f"; {g['boosts'][atom.boost]['description']}: here {unit.name} " \
                f"({unit.stride})"
    if atom.doubled:
        text += f"; {g['riders']['doubled']}"
    if move.range is not None and atom.letter not in SPECIAL:
        r = g["ranges"]
        steps = move.range.steps
        words = (r["star"] if steps is None else r["unlimited"] if steps == 0
                 else r["number"].format(n=steps))
        text += f"; range {move.range}: {words}"
    return text


def _special_line(move: Move) -> str:
    g = glossary()
    sp = g["special"]
    letter = move.atom.letter
    leg = move.legs[0]
    steps = move.range.steps if move.range is not None else None
    if letter == "O":
        sides = set().union(*(tables().dirtab[("orth", t)] for t in leg.directions)) & {2, 6} \
            if leg.directions else {2, 6}
        side = (sp["castling_sides"] if sides == {2, 6} else
                sp["castling_right"] if sides == {2} else sp["castling_left"])
        return sp["castling"].format(n=steps or 1, sides=side)
    if letter == "I":
        parts = [sp["imitator"]]
        if any(t.startswith("b") for t in leg.directions):
            parts.append(sp["imitator_back"])
        if leg.modes:
            final = g["modes"]["final"]
            parts.append(sp["imitator_modes"].format(
                what=final["or"].join(final[m] for m in leg.modes)))
        return "; ".join(parts)
    if letter == "@":
        parts = [sp["drop"].format(n=steps or 1)]
        if "j" in leg.modifiers:
            parts.append(sp["drop_j"])
        for t in leg.directions:
            for ch in dict.fromkeys(t):
                if f"drop_{ch}" in sp:
                    parts.append(sp[f"drop_{ch}"])
        return "; ".join(parts)
    raise AssertionError(letter)


def _move_texts(piece: Piece) -> list[str]:
    """Each move as written in the source (falls back to the canonical spelling).

    A move's recorded start is its first modifier letter, after any leading ``a`` of
    empty leg groups (``afudQ`` starts at ``f``), so those are stepped back over.
    """
    src = piece.source
    starts = []
    for move in piece.moves:
        lead = 0
        for leg in move.legs[:-1]:
            if leg.directions or leg.modes or leg.modifiers:
                break
            lead += 1
        starts.append(move.start - lead)
    starts.append(len(src))
    texts = [src[a:b] for a, b in zip(starts, starts[1:], strict=False)]
    if "".join(texts) != src or any(not t for t in texts):
        return [str(m) for m in piece.moves]
    return texts


def explain_lines(betza: str) -> list[str]:
    """Plain-English sentences for every move and every leg of ``betza`` (or a piece name).

    >>> lines = explain_lines("fmWfcF")
    >>> print(lines[0])
    fmWfcF: 2 moves.
    >>> print(lines[1])
    Move 1 (fmW): Wazir (W): one step orthogonally.
    >>> print(lines[2].split("; ")[1])
    it can only move there without capturing: the square must be empty
    """
    g = glossary()
    s = g["sentences"]
    source = resolve_name(betza)
    piece = parse_piece(betza)
    lines: list[str] = []
    count = len(piece.moves)
    shown = source if source == betza else s["named"].format(name=betza, betza=source)
    head = s["piece"].format(betza=shown, count=count, s="" if count == 1 else "s")
    lines.append(head)
    used: set[str] = set()
    for i, (move, text) in enumerate(zip(piece.moves, _move_texts(piece), strict=True), 1):
        if move.atom.letter in "OI@":
            lines.append(s["move"].format(n=i, text=text) + " " + _special_line(move) + ".")
            if move.atom.letter == "O":
                used.add("for_black")
            continue
        legs = plan_legs(move)
        head = s["move"].format(n=i, text=text) + " " + _atom_words(move)
        if len(legs) > 1:
            head += "; " + s["legs"].format(count=len(legs))
        else:
            head += "."
        lines.append(head)
        for leg in legs:
            lines.append(_leg_line(move, leg))
            if leg.final and not leg.written_modes:
                used.add("final_mode")
            if not leg.final and not leg.written_modes:
                used.add("transit_mode")
            if leg.n > 1 and not leg.directions and not leg.implied:
                used.add("continuation")
            if leg.implied:
                used.add("hop_off")
            if leg.n > 1:
                used.add("continuation_relative")
            if leg.directions and leg.n == 1:
                used.add("for_black")
        lines += _move_notes(move, legs)
    notes = [g["defaults"][k] for k in ("final_mode", "transit_mode", "continuation",
                                        "continuation_relative", "hop_off") if k in used]
    if notes:
        lines.append(g["sentences"]["defaults"].format(rules="; ".join(notes)) + ".")
    if "for_black" in used:
        lines.append(g["directions"]["for_black"])
    return lines


def _move_notes(move: Move, legs: list[_Leg]) -> list[str]:
    g = glossary()
    m = g["modifiers"]
    out: list[str] = []
    first = move.legs[0].modifiers
    if "i" in first:
        out.append(m["i_initial"])
    flags = {f for leg in move.legs for f in leg.modifiers}
    if "oo" in flags:
        out.append(m["oo"][0].upper() + m["oo"][1:] + ".")
    elif "o" in flags:
        out.append(m["o"][0].upper() + m["o"][1:] + ".")
    geo = geometry(move)
    if geo and geo[2] == "obl" and len(legs) > 1:
        out.append(g["directions"]["oblique_turns"])
    return ["  " + line for line in out]


# --------------------------------------------------------------------------- diagram


@dataclass
class _Findings:
    """What the engine says about each square (names) of the diagram board."""

    moves: set[str] = field(default_factory=set)
    captures: set[str] = field(default_factory=set)
    victims: set[str] = field(default_factory=set)
    landings: set[str] = field(default_factory=set)
    hops: set[str] = field(default_factory=set)
    ep: set[str] = field(default_factory=set)
    stays: set[str] = field(default_factory=set)  # how it can end on its own square
    ep_rights: dict[str, set[str]] = field(default_factory=dict)
    castling: set[str] = field(default_factory=set)
    induced: dict[str, set[str]] = field(default_factory=dict)
    friend_captures: set[str] = field(default_factory=set)
    swaps: set[str] = field(default_factory=set)
    displaced: set[str] = field(default_factory=set)

    def kinds(self, origin: str) -> dict[str, str]:
        """Square -> mark kind, one per square (locust first, then move/capture, hop, ep)."""
        out: dict[str, str] = {}
        squares = (self.moves | self.captures | self.victims | self.hops | self.ep
                   | self.castling) - {origin}
        for sq in squares:
            if sq in self.victims:
                out[sq] = "locust"
            elif sq in self.moves | self.castling and sq in self.captures:
                out[sq] = "both"
            elif sq in self.moves | self.castling:
                out[sq] = "move"
            elif sq in self.captures:
                out[sq] = "capture"
            elif sq in self.hops:
                out[sq] = "hop"
            else:
                out[sq] = "ep"
        return out


def _hopped(found: Found, square: str) -> bool:
    """The move hopped over (a leg ended on) ``square`` without capturing it."""
    return square in found.legs[1:-1] and square not in found.captures and found.to != square


def _relaxed(piece: Piece) -> str | None:
    """The piece with every capture-only final leg of a hopping move also allowed to move,
    to find where a hop could capture with one mount on the board (None: nothing to relax)."""
    changed, moves = False, []
    for move in piece.moves:
        legs = list(move.legs)
        if move.atom.letter not in SPECIAL and any(set(leg.modes) & {"p", "g"} for leg in legs):
            last = legs[-1]
            rest = [m for m in last.modes if m not in ("p", "g")]
            if "c" in rest and "m" not in rest:
                legs[-1] = replace(last, modes=("m", *last.modes))
                changed = True
        moves.append(replace(move, legs=tuple(legs)))
    return str(Piece(tuple(moves))) if changed else None


def _all_squares(files: int, ranks: int, origin: Square) -> list[str]:
    return [square_name((x, y)) for y in range(ranks) for x in range(files) if (x, y) != origin]


def _analyse(source: str, piece: Piece, files: int, ranks: int, origin: Square
             ) -> tuple[_Findings, dict[str, Any]]:
    """Run every query for the diagram in (at most) two batch calls."""
    org = square_name(origin)
    squares = _all_squares(files, ranks, origin)
    modes = {m for move in piece.moves for leg in move.legs for m in leg.modes}
    letters = {move.atom.letter for move in piece.moves}
    initial = any("i" in move.legs[0].modifiers for move in piece.moves)
    virgin = initial or "O" in letters
    queries: list[MovesQuery] = []
    tags: list[tuple[str, str]] = []

    def ask(tag: str, sq: str, pos: Position, betza: str = source, v: bool = virgin) -> None:
        queries.append(MovesQuery(betza, org, pos, "white", v))
        tags.append((tag, sq))

    ask("empty", org, Position.light(files, ranks))
    if initial:
        ask("empty-later", org, Position.light(files, ranks), v=False)
    for sq in squares:
        ask("enemy", sq, Position.light(files, ranks, enemies=[sq]))
        if initial:
            ask("enemy-later", sq, Position.light(files, ranks, enemies=[sq]), v=False)
    if modes & {"p", "g", "x", "d"}:
        for sq in squares:
            ask("friend", sq, Position.light(files, ranks, friends=[sq]))
    relaxed = _relaxed(piece)
    if relaxed:
        for sq in squares:
            ask("relaxed", sq, Position.light(files, ranks, friends=[sq]), betza=relaxed)
    if "e" in modes:
        corners = sorted((square_name((x, y)) for x in (0, files - 1) for y in (0, ranks - 1)
                          if (x, y) != origin),
                         key=lambda s: -max(abs(parse_square(s)[0] - origin[0]),
                                            abs(parse_square(s)[1] - origin[1])))
        for sq in squares:
            victim = next((c for c in corners if c != sq), None)
            if victim:
                ask("ep", sq, Position.light(files, ranks, enemies=[victim], ep=[sq],
                                             ep_victim=victim))
    if "O" in letters:
        edges = [square_name((x, origin[1])) for x in (0, files - 1) if x != origin[0]]
        ask("castle", org, Position.light(files, ranks, friends=edges))
    answers = batch_moves(queries)
    for answer in answers:
        if isinstance(answer, BetzaError):
            raise answer

    f = _Findings()
    later = _Findings()
    hop_dest: dict[str, set[str]] = defaultdict(set)  # mount -> where hops over it land
    relaxed_dest: dict[str, set[str]] = defaultdict(set)
    for (tag, sq), found in zip(tags, answers, strict=True):
        assert not isinstance(found, BetzaError)
        target = later if tag.endswith("-later") else f
        for mv in found:
            if tag.startswith("empty"):
                if mv.to == org:
                    target.stays.add("pass")
                elif not mv.captures:
                    target.moves.add(mv.to)
                if mv.ep_rights and tag == "empty":
                    f.ep_rights.setdefault(mv.to, set()).update(mv.ep_rights)
            elif tag.startswith("enemy"):
                if sq in mv.captures:
                    if mv.to == sq:
                        target.captures.add(sq)
                    else:
                        target.victims.add(sq)
                        if mv.to == org:
                            target.stays.add("rifle")
                        else:
                            target.landings.add(mv.to)
                elif _hopped(mv, sq) and tag == "enemy" and mv.to != org:
                    hop_dest[sq].add(mv.to)
            elif tag == "friend":
                if mv.mover == sq:
                    f.induced.setdefault(sq, set()).add(mv.to)
                elif sq in mv.captures:
                    if any(dest == org for dest, _ in mv.unloads):
                        f.swaps.add(sq)
                    elif mv.unloads:
                        f.displaced.add(sq)
                    else:
                        f.friend_captures.add(sq)
                elif _hopped(mv, sq) and mv.to != org:
                    hop_dest[sq].add(mv.to)
            elif tag == "relaxed":
                if _hopped(mv, sq) and mv.mover is None and mv.to != org:
                    relaxed_dest[sq].add(mv.to)
            elif tag == "ep":
                if mv.to == sq and mv.captures:
                    f.ep.add(sq)
            elif tag == "castle" and mv.unloads:
                f.castling.add(mv.to)

    # Where a hop could capture: check one (mount, target) pair per candidate target, and
    # every pair of the example mount.
    candidates = {m: relaxed_dest[m] - hop_dest[m] for m in relaxed_dest}
    example = None
    if hop_dest or relaxed_dest:
        mounts = set(hop_dest) | set(relaxed_dest)
        example = min(mounts, key=lambda m: (-len(hop_dest[m] | relaxed_dest[m]),
                                             _distance(parse_square(m), origin),
                                             -parse_square(m)[1],
                                             abs(parse_square(m)[0] - origin[0]),
                                             parse_square(m)[0]))
    checks: list[tuple[str, str]] = []
    seen: set[str] = set()
    for mount in sorted(candidates):
        for target in sorted(candidates[mount]):
            if target not in seen and target not in f.captures:
                seen.add(target)
                checks.append((mount, target))
    if example:
        checks += [(example, t) for t in sorted(hop_dest[example] | relaxed_dest[example])
                   if (example, t) not in checks]
    hop_captures: dict[str, set[str]] = defaultdict(set)
    if checks:
        more = batch_moves([MovesQuery(source, org, Position.light(
            files, ranks, friends=[m], enemies=[t]), "white", virgin) for m, t in checks])
        for (mount, target), found in zip(checks, more, strict=True):
            if isinstance(found, BetzaError):
                raise found
            if any(mv.to == target and target in mv.captures and mount in mv.legs
                   for mv in found):
                hop_captures[mount].add(target)
    for mount in set(hop_dest) | set(hop_captures):
        f.hops |= hop_dest[mount] | hop_captures[mount]
    # captures that only a hop makes (the piece cannot land there by hopping without one)
    capture_only = {t for m, ts in hop_captures.items() for t in ts
                    if t in candidates.get(m, set())}
    extra = {"first_only": set(), "example": example,
             "example_moves": hop_dest.get(example, set()) if example else set(),
             "example_captures": hop_captures.get(example, set()) if example else set(),
             "hop_captures": capture_only - f.captures}
    if initial:
        kinds_now, kinds_later = f.kinds(org), later.kinds(org)
        extra["first_only"] = {sq for sq, k in kinds_now.items() if kinds_later.get(sq) != k}
    return f, extra


def _distance(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _centre(files: int, ranks: int) -> Square:
    return files // 2, ranks // 2


def _squares_text(squares: Iterable[str]) -> str:
    return " ".join(sorted(squares, key=lambda s: (parse_square(s)[1], parse_square(s)[0])))


def explain_diagram(betza: str, files: int = 9, ranks: int = 9, origin: str | None = None
                    ) -> tuple[str, dict[str, str]]:
    """The move diagram of ``betza`` (or a piece name) for White on an empty board.

    Returns the text (board, legend, notes) and a dict square name -> mark kind of
    :data:`translator.svg.MARK_KINDS` (``move``, ``capture``, ``both``, ``locust``,
    ``hop``, ``ep``). The origin defaults to the centre square.

    >>> text, marks = explain_diagram("N", 5, 5)
    >>> sorted(marks.items())[:2], marks["c3"] if "c3" in marks else "origin"
    ([('a2', 'both'), ('a4', 'both')], 'origin')
    """
    g = glossary()["diagram"]
    source = resolve_name(betza)
    piece = parse_piece(betza)
    board = Position.light(files, ranks)
    start = board.square(origin) if origin else _centre(files, ranks)
    org = square_name(start)
    found, extra = _analyse(source, piece, files, ranks, start)
    kinds = found.kinds(org)

    cells: dict[Square, str] = {parse_square(sq): TEXT_MARKS[k] for sq, k in kinds.items()}
    for sq in found.landings - set(kinds) - {org}:
        cells[parse_square(sq)] = TEXT_MARKS["landing"]
    cells[start] = TEXT_MARKS["origin"]
    used = set(kinds.values()) | {"origin"}
    if found.landings - set(kinds) - {org}:
        used.add("landing")
    legend = [(TEXT_MARKS[k], g[k]) for k in ("origin", "move", "capture", "both", "locust",
                                              "landing", "hop", "ep") if k in used]
    lines = [g["title"].format(betza=source if source == betza else f"{betza} ({source})",
                               origin=org, files=files, ranks=ranks), g["method"],
             render_board(files, ranks, cells, legend)]

    notes: list[str] = []
    letters = {m.atom.letter for m in piece.moves}
    if "I" in letters:
        notes.append(g["imitator"])
    if "@" in letters:
        notes.append(g["drop"])
    plain_moves = found.moves | found.castling
    for key, hidden in (("also_both", found.victims & plain_moves & found.captures),
                        ("also_move", found.victims & plain_moves - found.captures),
                        ("also_capture", found.victims & found.captures - plain_moves)):
        if hidden:
            notes.append(g[key].format(squares=_squares_text(hidden)))
    if found.landings:
        notes.append(g["after_locust"].format(squares=_squares_text(found.landings)))
    if "pass" in found.stays:
        notes.append(g["stay_pass"])
    if "rifle" in found.stays:
        notes.append(g["stay_rifle"])
    if extra["first_only"]:
        notes.append(g["first_only"].format(squares=_squares_text(extra["first_only"])))
    if extra["hop_captures"]:
        notes.append(g["hop_more"].format(squares=_squares_text(extra["hop_captures"])))
    for to in sorted(found.ep_rights):
        notes.append(g["ep_rights"].format(to=to, squares=_squares_text(found.ep_rights[to])))
    if found.castling:
        notes.append(g["castling"].format(squares=_squares_text(found.castling)))
    if found.swaps:
        notes.append(g["swap"].format(squares=_squares_text(found.swaps)))
    if found.displaced:
        notes.append(g["displace"].format(squares=_squares_text(found.displaced)))
    if found.friend_captures:
        notes.append(g["friend_capture"].format(squares=_squares_text(found.friend_captures)))
    if found.induced:
        mount = min(found.induced, key=lambda s: (_distance(parse_square(s), start), s))
        notes.append(g["induction"].format(square=mount,
                                           squares=_squares_text(found.induced[mount])))
    hopper = any(set(leg.modes) & {"p", "g"} for m in piece.moves for leg in m.legs)
    if hopper and not extra["example"]:
        notes.append(g["hop_none"])
    ep_too = found.ep & set(kinds) - {sq for sq, k in kinds.items() if k == "ep"}
    if ep_too:
        notes.append(g["ep_too"].format(squares=_squares_text(ep_too)))
    if any(m.legs[-1].modes == ("x",) or "x" in m.legs[-1].modes for m in piece.moves):
        notes.append(g["borrow"])
    if not kinds and not found.landings and not notes:
        notes.append(g["nothing"])
    if notes:
        lines.append(g["notes"])
        lines += [f"  {n}" for n in notes]
    if extra["example"]:
        lines.append(_hop_example(extra, files, ranks, start))
    return "\n".join(lines), kinds


def _hop_example(extra: dict[str, Any], files: int, ranks: int, start: Square) -> str:
    g = glossary()["diagram"]
    mount = extra["example"]
    moves, captures = extra["example_moves"], extra["example_captures"]
    cells: dict[Square, str] = {}
    for sq in moves | captures:
        both = sq in moves and sq in captures
        cells[parse_square(sq)] = TEXT_MARKS["both" if both else
                                             "move" if sq in moves else "capture"]
    cells[parse_square(mount)] = "o"
    cells[start] = TEXT_MARKS["origin"]
    marks = set(cells.values())
    legend = [(TEXT_MARKS["origin"], g["origin"]), ("o", g["mount"])]
    legend += [(TEXT_MARKS[k], g[f"hop_{k}"]) for k in ("move", "capture", "both")
               if TEXT_MARKS[k] in marks]
    return g["hop_example"].format(mount=mount) + "\n" + render_board(files, ranks, cells,
                                                                      legend)


def explain_text(betza: str, files: int = 9, ranks: int = 9, origin: str | None = None
                 ) -> str:
    """The sentences of :func:`explain_lines`, then the diagram of :func:`explain_diagram`.

    >>> print(explain_text("W", 3, 3).splitlines()[-6])
    3 . # .
    """
    text, _ = explain_diagram(betza, files, ranks, origin)
    return "\n".join(explain_lines(betza)) + "\n\n" + text


def explain_svg(betza: str, files: int = 9, ranks: int = 9, origin: str | None = None) -> str:
    """The diagram of :func:`explain_diagram` as an SVG picture (:func:`render_svg`).

    >>> 'data-kind="both"' in explain_svg("K", 3, 3)
    True
    """
    from translator.present.svg import render_svg

    _, kinds = explain_diagram(betza, files, ranks, origin)
    start = parse_square(origin) if origin else _centre(files, ranks)
    source = resolve_name(betza)
    piece = parse_piece(betza)
    label = betza if len(betza) <= 2 else piece.moves[0].atom.letter
    title = glossary()["diagram"]["svg_title"].format(
        betza=source if source == betza else f"{betza} ({source})", origin=square_name(start))
    return render_svg(files, ranks, pieces={start: (label, "white")},
                      marks={parse_square(sq): k for sq, k in kinds.items()}, origin=start,
                      title=title)
