"""Lark's parse errors of a Betza string said in a user's words, with the position.

>>> from translator.notation.syntax import parse
>>> try:
...     parse("fm")
... except Exception as err:
...     print(err)
the modifiers at the end have no atom letter after them at position 2 of 'fm'
"""

from __future__ import annotations

from lark import Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from translator.errors import BetzaError

_EXPECTED = {
    "MOD": "a modifier letter",
    "AGAIN": "'a'",
    "LETTER": "an atom letter",
    "DOUBLED": "an atom letter",
    "DROP": "an atom letter",
    "NUMBER": "a range",
    "STAR": "a range",
    "BOOST": "X or Y",
    "LBRACKET": "'['",
    "RBRACKET": "']'",
    "SEP": "'?' or '-'",
}


def explain(err: UnexpectedInput, text: str) -> BetzaError:
    """The one-line error of lark's ``err`` in ``text``, in a user's words."""
    if isinstance(err, UnexpectedCharacters):
        pos = err.pos_in_stream or 0
        ch = text[pos]
        if not ch.isascii():
            return BetzaError(f"non-ASCII character {ch!r}", text=text, pos=pos)
        if ch in "()":
            return BetzaError("Betza 2.0 chaining with '-' and parentheses is a separate, "
                              "later notation, not XBetza (see docs/readings.md, betza-2)",
                              text=text, pos=pos)
        if ch == "w":
            return BetzaError("'w' is not an XBetza modifier", text=text, pos=pos)
        if ch.isdigit():
            return BetzaError("a range must follow an atom letter", text=text, pos=pos)
        if ch.isupper():
            return BetzaError(f"{ch!r} is not an atom letter (atoms: W F D N A H C Z G L J K R "
                              "B Q U O I, boosts X Y)", text=text, pos=pos)
        if ch.isspace():
            return BetzaError("spaces are not allowed in a Betza string", text=text, pos=pos)
        return BetzaError(f"unexpected character {ch!r}", text=text, pos=pos)
    if isinstance(err, UnexpectedToken):
        tok = err.token
        bracket = _bracket_problem(tok, text)
        if bracket is not None:
            return bracket
        if tok.type == "$END":
            return BetzaError("the modifiers at the end have no atom letter after them",
                              text=text, pos=max(len(text) - 1, 0))
        pos = tok.start_pos
        if tok.type in ("NUMBER", "STAR"):
            return BetzaError("a range must follow an atom letter", text=text, pos=pos)
        if tok.type == "BOOST":
            return BetzaError(f"{tok.value} boosts an atom and must follow one", text=text,
                              pos=pos)
        wanted = sorted({_EXPECTED.get(t, t) for t in err.expected})
        return BetzaError(f"unexpected {tok.value!r}, expected {' or '.join(wanted)}",
                          text=text, pos=pos)
    return BetzaError(str(err).splitlines()[0], text=text, pos=getattr(err, "pos_in_stream", 0))


def _bracket_problem(tok: Token, text: str) -> BetzaError | None:
    """The parse error in words when it concerns the bracket notation."""
    pos = len(text) if tok.type == "$END" else tok.start_pos or 0
    before = text[:pos]
    inside = before.count("[") > before.count("]")
    last = before[-1:] if before else ""
    if tok.type == "$END" and inside:
        message = "the bracket is not closed: ']' is missing"
        pos = max(len(text) - 1, 0)
    elif tok.type == "SEP" and not inside:
        if tok.value == "?":
            message = "'?' separates the legs inside a bracket ([F?R])"
        else:
            message = ("'-' separates the legs inside a bracket ([W-R]); Betza 2.0 chaining "
                       "with '-' is a separate, later notation (see docs/readings.md, betza-2)")
    elif tok.type == "SEP" and last in "[?-":
        message = ("a leg is missing before this separator" if last != "[" else
                   "a bracket starts with a leg (an atom), not a separator")
    elif tok.type == "RBRACKET" and inside and last == "[":
        message = "empty bracket: a bracket holds at least two legs ([F?R])"
    elif tok.type == "RBRACKET" and inside and last in "?-":
        message = "a leg is missing after the separator"
    elif tok.type == "RBRACKET" and inside:
        message = "a bracket holds at least two legs, separated by '?' or '-' ([F?R])"
    elif tok.type == "RBRACKET":
        message = "']' closes no bracket"
    elif tok.type == "LBRACKET" and inside:
        message = "brackets do not nest"
    elif inside and tok.type == "AGAIN":
        message = "'a' does not chain legs inside a bracket: separate them with '?' or '-'"
    else:
        return None
    return BetzaError(message, text=text, pos=pos)
