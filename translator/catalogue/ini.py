"""Import of Fairy-Stockfish ``variants.ini`` files into :class:`translator.variants.Variant`.

Movement: board size (``maxFile``, ``maxRank``), ``startFen``, the pieces (``knight = n``,
``customPieceN = letter:betza``, ``king = k`` / ``king = k:betza`` / ``king = -``), ``doubleStep``,
inheritance (``[child:parent]``, the parent earlier in the file or built in: kb/fsf_pieces.toml).
Rule options (castling, promotion, drops …) are kept in the variant's ``rules`` for whole
positions (translator/game/rules.py), noted as ignored for movement; other keys and malformed
lines are skipped with a note in :attr:`IniImport.notes`; the import never fails on content.
>>> result = parse_ini('''
... [mychess:chess]
... customPiece1 = a:mNcK
... castling = false
... ''')
>>> result["mychess"].pieces["A"], result["mychess"].pieces["P"]
('mNcK', 'fmWfceFifmnD')
>>> result["mychess"].readings  # the custom piece, as Fairy-Stockfish reads it
{'A': 'fsf'}
>>> result.notes
["<string>:4: [mychess] ignored 'castling': a rule option, not piece movement"]
"""

from __future__ import annotations

import copy
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from translator.catalogue.fen import normalise_fen
from translator.catalogue.variant import Variant, kb_dir, variant_position
from translator.errors import BetzaError
from translator.squares import MAX_SIZE

CHESS_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
_CUSTOM = re.compile(r"customPiece([0-9]+)")
_SECTION = re.compile(r"\[([^\[\]:]*)(?::([^\[\]:]*))?\]")


@dataclass(frozen=True)
class _Builtins:
    pieces: dict[str, str]            # FSF piece name -> Betza
    double_step: dict[str, str]       # FSF piece name -> Betza added when doubleStep is on
    variants: dict[str, dict[str, Any]]
    ignored: frozenset[str]
    ignored_prefixes: tuple[str, ...]


@lru_cache(maxsize=1)
def _builtins() -> _Builtins:
    path = kb_dir() / "fsf_pieces.toml"
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    options = data.get("options", {})
    return _Builtins(
        pieces=dict(data["pieces"]),
        double_step=dict(data.get("double_step", {})),
        variants=dict(data.get("variants", {})),
        ignored=frozenset(options.get("ignored", [])),
        ignored_prefixes=tuple(options.get("ignored_prefixes", [])),
    )


def builtin_piece_names() -> list[str]:
    """Fairy-Stockfish's built-in piece keys, in its own order (``pawn``, ``knight``, ...)."""
    return list(_builtins().pieces)


def builtin_variant_names() -> list[str]:
    """The built-in Fairy-Stockfish variants a section may inherit from."""
    return list(_builtins().variants)


@dataclass
class _State:
    """What a section defines so far; copied for each child."""

    files: int = 8
    ranks: int = 8
    start: str = CHESS_FEN
    double_step: bool = True
    king_betza: str = "K"
    pieces: dict[str, str] = field(default_factory=dict)   # piece key -> letter (upper case)
    custom: dict[str, str] = field(default_factory=dict)   # customPieceN -> Betza
    parent: str = ""
    start_line: int | None = None    # line of the startFen key, if this file set it
    options: dict[str, str] = field(default_factory=dict)  # rule options (game rules)

    def add(self, key: str, letter: str) -> None:
        """FSF's add_piece: a letter names one piece type, the newest one."""
        for other, used in list(self.pieces.items()):
            if used == letter and other != key:
                del self.pieces[other]
        self.pieces[key] = letter

    def table(self) -> dict[str, str]:
        builtins = _builtins()
        table: dict[str, str] = {}
        for key, letter in self.pieces.items():
            if key == "king":
                betza = self.king_betza
            elif key in self.custom:
                betza = self.custom[key]
            else:
                betza = builtins.pieces[key]
                if self.double_step and key in builtins.double_step:
                    betza += builtins.double_step[key]
            table[letter] = betza
        return table


def _builtin_state(name: str) -> _State:
    spec = _builtins().variants[name]
    state = _State(files=spec["files"], ranks=spec["ranks"], start=spec["start"],
                   double_step=spec.get("double_step", True),
                   king_betza=spec.get("king_betza", "K"), parent=name,
                   options=dict(spec.get("rules", {})))
    for key, letter in spec.get("pieces", {}).items():
        state.add(key, letter.upper())
    if spec.get("king"):
        state.add("king", spec["king"].upper())
    return state


class IniImport(dict[str, Variant]):
    """The variants of one ini file by section name, plus :attr:`notes` on what was skipped."""

    def __init__(self, source: str = "<string>") -> None:
        super().__init__()
        self.source = source
        self.notes: list[str] = []

    def note(self, line: int | None, section: str | None, message: str) -> None:
        where = f"{self.source}:{line}" if line is not None else self.source
        self.notes.append(f"{where}: [{section}] {message}" if section else f"{where}: {message}")


def _bool(value: str) -> bool | None:
    low = value.strip().lower()
    if low in ("true", "1", "yes", "on"):
        return True
    if low in ("false", "0", "no", "off"):
        return False
    return None


def _size(value: str, letters: bool) -> int | None:
    """``'10'`` -> 10; for files also ``'j'`` -> 10. ``None`` if not a board size."""
    text = value.strip()
    if text.isdigit():
        number = int(text)
    elif letters and len(text) == 1 and text.isascii() and text.isalpha():
        number = ord(text.lower()) - ord("a") + 1
    else:
        return None
    return number if 1 <= number <= MAX_SIZE else None


_Section = tuple[str, str | None, int, dict[str, tuple[str, int]]]


def parse_ini(text: str, source: str = "<string>") -> IniImport:
    """Import the variants of a ``variants.ini`` text (see :func:`load_ini`)."""
    result = IniImport(source)
    _build(_sections(text, result), result)
    return result


def _sections(text: str, result: IniImport) -> list[_Section]:
    """The sections of the file: name, parent, line and entries (key -> value, line)."""
    sections: list[_Section] = []
    current: dict[str, tuple[str, int]] | None = None
    section: str | None = None
    skipping = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        line = re.split(r"\s[#;]", line, maxsplit=1)[0].strip()
        if line.startswith("["):
            m = _SECTION.fullmatch(line)
            name = m.group(1).strip() if m else ""
            if not m or not name or (m.group(2) is not None and not m.group(2).strip()):
                result.note(number, None, f"malformed section header {line!r}; its lines "
                            "are skipped")
                current, section, skipping = None, None, True
                continue
            parent = m.group(2).strip() if m.group(2) is not None else None
            current, section, skipping = {}, name, False
            sections.append((name, parent, number, current))
            continue
        if "=" not in line:
            result.note(number, section, f"malformed line {line!r} (expected key = value)")
            continue
        key, value = (part.strip() for part in line.split("=", 1))
        if not key:
            result.note(number, section, f"malformed line {line!r} (no key before '=')")
            continue
        if current is None:
            if not skipping:
                result.note(number, None, f"'{key}' outside any [section] is ignored")
            continue
        if key in current:
            result.note(number, section, f"'{key}' set again (line {current[key][1]}); "
                        "the later value counts")
        current[key] = (value, number)
    return sections


def _build(sections: list[_Section], result: IniImport) -> None:
    """Each section on top of its parent (earlier in the file, or built in)."""
    states: dict[str, _State] = {}
    builtins = _builtins()
    for name, parent, number, entries in sections:
        if parent is None:
            state = _State()
        elif parent in states:
            state = copy.deepcopy(states[parent])
        elif parent.lower() in builtins.variants:
            state = _builtin_state(parent.lower())
        else:
            result.note(number, name, f"parent variant '{parent}' is neither defined earlier "
                        "in the file nor built in; section skipped")
            continue
        state.parent, state.start_line = parent or "", None
        if name in states:
            result.note(number, name, "defined again; the later definition counts")
        _apply(state, name, entries, result)
        states[name] = state
        variant = _to_variant(state, name, number, result)
        if variant is not None:
            result.pop(name, None)
            result[name] = variant


def _apply(state: _State, section: str, entries: dict[str, tuple[str, int]],
           result: IniImport) -> None:
    """Apply one section's keys to ``state`` in FSF's order: pieces first, then the rest."""
    customs = sorted((k for k in entries if _CUSTOM.fullmatch(k)),
                     key=lambda k: int(k[len("customPiece"):]))
    piece_keys = [k for k in _builtins().pieces if k in entries] + customs
    for key in piece_keys:
        _apply_piece(state, section, key, entries[key], result)
    for key, (value, number) in entries.items():
        if key not in piece_keys:
            _apply_option(state, section, key, (value, number), result)


def _apply_piece(state: _State, section: str, key: str, entry: tuple[str, int],
                 result: IniImport) -> None:
    """``pawn = p``, ``king = k:KN``, ``customPiece1 = a:NcK`` …"""
    value, number = entry
    if not value:
        result.note(number, section, f"'{key}' has no value; ignored")
        return
    letter = value[0]
    if letter == "-":
        state.pieces.pop(key, None)
        return
    if not (letter.isascii() and letter.isalpha()):
        result.note(number, section, f"'{key}': invalid piece letter {letter!r}; the "
                    "piece is removed")
        state.pieces.pop(key, None)
        return
    if key == "king" or key.startswith("customPiece"):
        if len(value) > 1:
            if value[1] != ":":
                result.note(number, section, f"'{key} = {value}': expected letter:betza; "
                            "ignored")
                return
            betza = value[2:].strip()
            if key == "king":
                state.king_betza = betza or "K"
            else:
                state.custom[key] = betza
        elif key.startswith("customPiece"):
            result.note(number, section, f"'{key}' has no Betza string; the piece "
                        "cannot move")
            state.custom[key] = ""
    elif len(value) > 1:
        result.note(number, section, f"'{key} = {value}': only the letter "
                    f"{letter!r} is used")
    state.add(key, letter.upper())


def _apply_option(state: _State, section: str, key: str, entry: tuple[str, int],
                  result: IniImport) -> None:
    """Board size, start position, double step; the rest is noted and ignored."""
    builtins = _builtins()
    value, number = entry
    if not value:
        result.note(number, section, f"'{key}' has no value; ignored")
        return
    if key in ("maxRank", "maxFile"):
        size = _size(value, letters=key == "maxFile")
        if size is None:
            result.note(number, section, f"'{key} = {value}' is not a board size from 1 "
                        f"to {MAX_SIZE}; ignored")
        elif key == "maxRank":
            state.ranks = size
        else:
            state.files = size
    elif key == "startFen":
        state.start, state.start_line = value, number
    elif key == "doubleStep":
        flag = _bool(value)
        if flag is None:
            result.note(number, section, f"'doubleStep = {value}' is not true/false; ignored")
        else:
            state.double_step = flag
    elif key == "pieceToCharTable":
        letters = {ch.upper() for ch in value if ch.isascii() and ch.isalpha()}
        unknown = sorted(letters - set(state.pieces.values()))
        if value != "-" and unknown:
            result.note(number, section, "pieceToCharTable names letters without a "
                        f"piece: {''.join(unknown)}")
    elif key.startswith(builtins.ignored_prefixes):
        state.options[key] = value   # (whole positions refuse them: translator/game/rules.py)
        result.note(number, section, f"ignored '{key}': regions (such as a palace) "
                    "cannot be written in Betza")
    elif key in builtins.ignored:   # kept for whole games (translator/game/rules.py)
        state.options[key] = value
        result.note(number, section, f"ignored '{key}': a rule option, not piece movement")
    else:
        result.note(number, section, f"unknown key '{key}' ignored")


def _to_variant(state: _State, name: str, number: int, result: IniImport) -> Variant | None:
    start, fen_notes = normalise_fen(state.start)
    fen_line = state.start_line or number
    for message in fen_notes if state.start_line else ():   # (the file's own startFen)
        result.note(fen_line, name, f"startFen: {message}")
    inherit = f", inheriting from {state.parent}" if state.parent else ""
    try:
        variant = Variant(name=name, files=state.files, ranks=state.ranks, start_fen=start,
                          pieces=state.table(), royal=state.pieces.get("king", ""),
                          full_start=state.start,
                          kinds={letter: key for key, letter in state.pieces.items()},
                          readings=_readings(state),
                          rules={**state.options, "doubleStep": str(state.double_step).lower()},
                          note=f"imported from a Fairy-Stockfish variants.ini{inherit}",
                          source=f"{result.source} [{name}] line {number}")
    except BetzaError as err:
        result.note(number, name, f"variant skipped: {err.one_line()}")
        return None
    _check_start(variant, fen_line, result)
    return variant


def _readings(state: _State) -> dict[str, str]:
    """The pieces whose Betza string the file gives (``customPieceN = a:…``, ``king =
    k:…``): Fairy-Stockfish reads them with its own parser (``fsf``)."""
    return {letter: "fsf" for key, letter in state.pieces.items()
            if key in state.custom or (key == "king" and state.king_betza != "K")}


def _check_start(variant: Variant, number: int, result: IniImport) -> None:
    """Note (never raise) when the start FEN does not fit the board or the piece table."""
    try:
        variant_position(variant)
    except ImportError:
        return
    except BetzaError as err:
        result.note(number, variant.name, f"startFen does not fit: {err.one_line()}")


def load_ini(path: str | Path) -> IniImport:
    """Import a Fairy-Stockfish ``variants.ini``: a dict of variants with ``.notes``.

    Raises :class:`BetzaError` only when the file cannot be read.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as err:
        raise BetzaError(f"cannot read {path}: {err.strerror or err}") from None
    return parse_ini(text, source=str(path))
