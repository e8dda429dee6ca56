"""``betza explain``: a Betza string (or a piece name) in plain English, with its move diagram.

The sentences put into words the leg plan that the encodings derive
(:mod:`translator.queries.plan`: modes with their defaults, range states, turns, atom
rotation, modifier classes); every word comes from ``kb/glossary.toml`` through the shared
renderer :mod:`translator.present.english`. The diagram is in
:mod:`translator.present.explain.diagram`.

>>> lines = explain_lines("fcafmF")
>>> print(lines[0][:46])
From e5 on an empty 9x9 board it has no moves:
>>> print(lines[2])
Move 1 (fcafmF): Ferz (F): one step diagonally; a move in 2 legs, made in order, all or nothing.
>>> print(lines[4][:60])
  leg 2: one Ferz step (one square diagonally), straight on;
"""

from __future__ import annotations

from translator.facts.pieces import parse_piece, resolve_name
from translator.notation.kbtables import four_way, tables
from translator.notation.syntax import SPECIAL_ATOMS, MoveDef, Piece
from translator.present import english
from translator.present.english import glossary
from translator.present.explain.diagram import explain_diagram
from translator.present.explain.special import special_line
from translator.present.explain.states import DIAGRAM_SHARE
from translator.queries.convert import other_spelling
from translator.queries.plan import LegPlan, MovePlan, plan
from translator.solve.limits import DEFAULT_MAX_ATOMS
from translator.squares import centre, square_name

__all__ = ["explain_diagram", "explain_lines", "explain_svg", "explain_text", "glossary"]



def _written(move: MoveDef, leg: LegPlan) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The direction tokens and modifiers written for ``leg`` (an implied hop-off leg keeps
    the n of the leg that implies it)."""
    if leg.n <= len(move.legs):
        written = move.legs[leg.n - 1]
        return written.directions, written.modifiers
    return (), tuple(f for f in move.legs[-1].modifiers if f in ("n", "nn"))


def _first_directions(move: MoveDef, mp: MovePlan, leg: LegPlan) -> str:
    d = glossary()["directions"]
    assert mp.leap is not None and mp.system is not None
    (a, b), system = mp.leap, mp.system
    tokens, _ = _written(move, leg)
    if not tokens:
        return str(d["all4"] if four_way(system) else d["all8"])
    words = " or ".join(d[system][t] for t in tokens)
    indices = sorted(mp.directions)
    if system == "obl":
        return f"{words}: {english.join([english.oblique_words(i, a, b) for i in indices])}"
    if system != "orth" and any(len(tables().dirtab[(system, t)]) > 1 for t in tokens):
        return f"{words}: {english.join([d['names'][i] for i in indices])}"
    return words


def _continuation_directions(move: MoveDef, mp: MovePlan, leg: LegPlan) -> str:
    d = glossary()["directions"]["continuation"]
    if leg.implied:
        return str(d["hop_off"])
    if leg.outward:
        return str(d["outward"])
    if leg.default_directions:
        return str(d["default_fourway"] if four_way(mp.system or "") else d["default_eightway"])
    tokens, _ = _written(move, leg)
    return " or ".join(d[t] for t in tokens)


def _mode_words(leg: LegPlan) -> str:
    """What must be on the square where the leg ends, and what happens there."""
    md = glossary()["modes"]
    if leg.final:
        f = md["final"]
        if set(leg.modes) == {"m", "c"}:
            return str(f["either"].format(what=f["mc"]))
        if len(leg.modes) == 1:
            return str(f["only"].format(what=f[leg.modes[0]]))
        return str(f["either"].format(what=f["or"].join(f[m] for m in leg.modes)))
    t = md["transit"]
    text: str
    if len(leg.modes) == 1:
        text = t[leg.modes[0]]
    else:
        alts = md["transit_alternatives"]
        text = t["either"].format(alternatives=t["or"].join(alts[m] for m in leg.modes))
    if leg.may_end:
        f = md["final"]
        what = f["mc"] if set(leg.may_end) == {"m", "c"} else f["or"].join(
            f[m] for m in leg.may_end)
        text += "; " + f["may_end"].format(what=what)
    if leg.toggles:
        mode = "/".join(m for m in leg.modes if m in ("g", "y"))
        text += "; " + "; ".join(
            glossary()["ranges"]["toggle"].format(mode=mode, before=english.state_words(r),
                                                  after=english.state_words(r2))
            for r, r2 in leg.toggles)
    return text


def _modifier_words(move: MoveDef, mp: MovePlan, leg: LegPlan) -> tuple[list[str], list[str]]:
    """Phrases for the leg's modifier classes: conditions on the way (said before the mode)
    and side effects (said after it)."""
    g = glossary()["modifiers"]
    tokens, flags = _written(move, leg)
    c = leg.classes
    before: list[str] = []
    after: list[str] = []
    if "iso" in c:
        before.append(g["i_iso"])
        if tokens in (("b",), ("bb",)):
            before.append(g["iso_back"])
    if leg.n == 1 and mp.curl:
        before.append(g[mp.curl])
    if "nonjump" in c:
        if "eprights-jumped" in c:
            before.append(g["nn"] if "nn" in flags else g["in_leap"])
        else:
            before.append(g["n_leap"])
    elif "eprights-path" in c and {"n", "nn"} & set(flags):
        after.append(g["n_step_final"] if leg.final else g["n_step"])
    if "jstuck" in c:
        before.append(g["j_step"])
    elif "skip" in c:
        before.append(g["j_slide"])
    elif "mustjump" in c:
        before.append(g["jj_leap"] if "jj" in flags else g["j_leap"])
    if "friendhop" in c:
        before.append(g["t_hop"])
    elif "tame" in c:
        after.append(g["t_final"])
    if "unload" in c:
        after.append(g["u"])
        if len(mp.legs) == 1 and set(leg.modes) & {"c", "d"}:
            after.append(g["u_swap"])
    return before, after


def _stride_words(move: MoveDef, mp: MovePlan, leg: LegPlan) -> list[str]:
    g = glossary()
    if move.atom.letter == "U":
        return [g["atoms"]["U"]["description"]]
    leap, system = leg.leap or mp.leap, leg.system or mp.system
    assert leap is not None and system is not None
    unit, rotation = english.rotated_unit(*leap, system, leg.orient)
    stride = " or ".join(english.stride(unit, r) for r in leg.ranges)
    if rotation:
        stride += " " + rotation
    directions = (_first_directions(move, mp, leg) if leg.n == 1
                  else _continuation_directions(move, mp, leg))
    parts = [f"{stride}, {directions}"]
    if unit.noun == "leap":
        if any(r[1] != 1 for r in leg.ranges):
            parts.append(g["strides"]["ride_condition"])
        if not leg.classes & {"nonjump", "mustjump", "skip"}:
            parts.append(g["strides"]["leap_free"])
    return parts


def _leg_line(move: MoveDef, mp: MovePlan, leg: LegPlan) -> str:
    g = glossary()
    s = g["sentences"]
    if leg.implied:
        why = g["defaults"]["hop_off_leg"].format(mode=leg.implied)
        label = s["leg_implied"].format(n=leg.n, why=why)
    elif mp.prefix or leg.leap:
        own = move.legs[leg.n - 1]
        label = s["leg_atom"].format(n=leg.n, name=g["atoms"][own.atom.letter]["name"],
                                     letter=f"{own.atom}{own.range or ''}")
    else:
        label = s["leg"].format(n=leg.n)
    if leg.excited:
        label += f" ({s['excited']})"
    parts = _stride_words(move, mp, leg)
    if leg.implied:
        d = g["defaults"]
        noun = "step" if mp.leap in ((1, 0), (1, 1)) else "leap"
        one = all(r[1] == 1 for r in leg.ranges)
        parts.append(d["hop_land_one"].format(noun=noun) if one else d["hop_land_any"])
        if "counted" in leg.classes:
            parts.append(d["hop_counted"])
    before, after = _modifier_words(move, mp, leg)
    parts += before
    parts.append(_mode_words(leg))
    parts += after
    ending = g["modes"]["final"]["ends"] if leg.final else g["modes"]["transit"]["goes_on"]
    parts.append(ending)
    return f"  {label}: " + "; ".join(parts) + "."


def _atom_words(move: MoveDef, mp: MovePlan) -> str:
    g = glossary()
    atom = move.atom
    info = g["atoms"][atom.letter]
    text = f"{info['name']} ({atom.letter}): {info['description']}"
    if atom.boost:
        assert mp.leap is not None and mp.system is not None
        unit = english.unit(*mp.leap, mp.system)
        text += f"; {g['boosts'][atom.boost]['description']}: here {unit.name} " \
                f"({unit.stride})"
    if atom.doubled:
        text += f"; {g['riders']['doubled']}"
    if move.range is not None and atom.letter not in SPECIAL_ATOMS:
        r = g["ranges"]
        steps = move.range.steps
        words = (r["star"] if steps is None else r["unlimited"] if steps == 0
                 else r["number"].format(n=steps))
        text += f"; range {move.range}: {words}"
    return text


def _bracket_words(move: MoveDef, mp: MovePlan) -> str:
    s = glossary()["sentences"]
    stops = [str(n) for n, sep in enumerate(move.seps, 1) if sep == "?"]
    words = s["bracket"].format(count=len(mp.legs), stops=s["bracket_stop"].format(
        legs=" or ".join(stops)) if stops else s["bracket_no_stop"])
    if mp.prefix:
        obl = glossary()["directions"]["obl"]
        words += "; " + s["bracket_prefix"].format(
            letters="".join(mp.prefix), words=" or ".join(obl[t] for t in mp.prefix))
    return f"{words}."


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


def _move_lines(i: int, text: str, move: MoveDef, mp: MovePlan, used: set[str]) -> list[str]:
    s = glossary()["sentences"]
    if move.atom.letter in "OI@":
        if move.atom.letter == "O":
            used.add("for_black")
        return [s["move"].format(n=i, text=text) + " " + special_line(move, mp) + "."]
    if move.is_bracket:
        head = s["move"].format(n=i, text=text) + " " + _bracket_words(move, mp)
    else:
        head = s["move"].format(n=i, text=text) + " " + _atom_words(move, mp)
        head += "; " + s["legs"].format(count=len(mp.legs)) if len(mp.legs) > 1 else "."
    lines = [head]
    for leg in mp.legs:
        lines.append(_leg_line(move, mp, leg))
        tokens, _ = _written(move, leg)
        used.update(key for key, applies in (
            ("final_mode", leg.final and not leg.written_modes),
            ("transit_mode", not leg.final and not leg.written_modes),
            ("continuation", leg.default_directions),
            ("hop_off", bool(leg.implied)),
            ("continuation_relative", leg.n > 1),
            ("for_black", bool(tokens) and leg.n == 1)) if applies)
    return lines + _move_notes(mp)


def explain_lines(betza: str, files: int = 9, ranks: int = 9, origin: str | None = None,
                  side: str = "white", reading: str = "spec") -> list[str]:
    """Plain-English sentences for ``betza`` (or a piece name): first one plain line of
    what it does for ``side`` on an empty ``files`` x ``ranks`` board from ``origin`` (the
    centre by default) and the named piece it equals there, then every move and every leg.

    >>> lines = explain_lines("fmWfcF", 5, 5)
    >>> print(lines[0])
    fmWfcF is the Shatranj Pawn. From c3 on an empty 5x5 board it moves to c4 (not \
capturing there) and captures on b4 d4 (and cannot move there when they are empty).
    >>> print(lines[1])
    fmWfcF: 2 moves.
    >>> print(lines[2])
    Move 1 (fmW): Wazir (W): one step orthogonally.
    >>> print(lines[3].split("; ")[1])
    it can only move there without capturing: the square must be empty
    """
    from translator.present.explain.summary import summary_line
    from translator.solve.warm import KEPT_FIRST

    start = origin or square_name(centre(files, ranks))
    # the surveys and proofs behind these lines (every kb piece's moves, an equivalence)
    # are one-off: grounded together, not as a kept program per piece, which a long-lived
    # caller (the server's workers) would otherwise build, some fifty of them for the
    # survey alone, and which took the page's Explain past its time limit
    token = KEPT_FIRST.set(False)
    try:
        if reading != "spec":   # a program's reading: its squares and differences first
            from translator.present.explain.reading import reading_lines

            return [*reading_lines(betza, reading, files, ranks, start, side),
                    *_detail_lines(betza, files, ranks, reading)]
        return [summary_line(betza, files, ranks, start, side),
                *_detail_lines(betza, files, ranks)]
    finally:
        KEPT_FIRST.reset(token)


def _detail_lines(betza: str, files: int, ranks: int, reading: str = "spec") -> list[str]:
    g = glossary()
    s = g["sentences"]
    source = resolve_name(betza)
    piece = parse_piece(betza, reading)
    count = len(piece.moves)
    shown = source if source == betza else s["named"].format(name=betza, betza=source)
    lines = [s["piece"].format(betza=shown, count=count, s="" if count == 1 else "s")]
    other = other_spelling(betza, files, ranks) if reading == "spec" else None
    if other is not None:
        lines.append(s["other_notation"].format(notation=g["notations"][other[0]],
                                                betza=other[1], files=files, ranks=ranks))
    used: set[str] = set()
    plans = plan(source, reading)
    for i, (move, text) in enumerate(zip(piece.moves, _move_texts(piece), strict=True), 1):
        lines += _move_lines(i, text, move, plans[i - 1], used)
    notes = [g["defaults"][k] for k in ("final_mode", "transit_mode", "continuation",
                                        "continuation_relative", "hop_off") if k in used]
    if notes:
        lines.append(s["defaults"].format(rules="; ".join(notes)) + ".")
    if "for_black" in used:
        lines.append(g["directions"]["for_black"])
    return lines


def _move_notes(mp: MovePlan) -> list[str]:
    g = glossary()
    m = g["modifiers"]
    out: list[str] = []
    if mp.initial:
        out.append(m["i_initial"])
    if mp.wrap:
        text = m["oo" if mp.wrap == 2 else "o"]
        out.append(text[0].upper() + text[1:] + ".")
    if mp.system == "obl" and len(mp.legs) > 1:
        out.append(g["directions"]["oblique_turns"])
    return ["  " + line for line in out]


def explain_text(betza: str, files: int = 9, ranks: int = 9, origin: str | None = None,
                 max_atoms: int = DEFAULT_MAX_ATOMS, reading: str = "spec") -> str:
    """The sentences of :func:`explain_lines`, then the diagram of :func:`explain_diagram`.

    >>> print(explain_text("W", 3, 3).splitlines()[-6])
    3 . # .
    """
    from translator.present.explain.example import needs_text_example, worked_example

    text, _ = explain_diagram(betza, files, ranks, origin, DIAGRAM_SHARE * max_atoms, reading)
    out = "\n".join(explain_lines(betza, files, ranks, origin, reading=reading)) + "\n\n" + text
    start = origin or square_name(centre(files, ranks))
    # (the worked example is the spec reading's)
    example = worked_example(betza, files, ranks, start) \
        if reading == "spec" and needs_text_example(betza) else None
    if example:
        out += "\n" + glossary()["diagram"]["worked"] + "\n" + "\n".join(
            "  " + line for line in example["lines"])
    return out


def explain_svg(betza: str, files: int = 9, ranks: int = 9, origin: str | None = None,
                max_atoms: int = DEFAULT_MAX_ATOMS, reading: str = "spec") -> str:
    """The diagram of :func:`explain_diagram` as an SVG picture.

    >>> 'data-kind="both"' in explain_svg("K", 3, 3)
    True
    """
    from translator.catalogue.letters import piece_letter
    from translator.present.svg import render_svg
    from translator.squares import parse_square

    _, kinds = explain_diagram(betza, files, ranks, origin, DIAGRAM_SHARE * max_atoms, reading)
    start = parse_square(origin) if origin else centre(files, ranks)
    source = resolve_name(betza)
    parse_piece(betza, reading)  # a malformed string is an error before any drawing
    label = piece_letter(betza)
    title = glossary()["diagram"]["svg_title"].format(
        betza=source if source == betza else f"{betza} ({source})", origin=square_name(start))
    return render_svg(files, ranks, pieces={start: (label, "white")},
                      marks={parse_square(sq): k for sq, k in kinds.items()}, origin=start,
                      title=title)
