"""One error type for every kind of bad input, printed with a caret under the culprit."""

from __future__ import annotations

WINDOW = 72  # characters of a long input shown around the culprit


class BetzaError(ValueError):
    """Bad user input: a Betza string, FEN, square, option or query.

    ``text`` is the input the error is about and ``pos`` the 0-based index of the
    offending character in it (``None`` when no single character is to blame).

    >>> err = BetzaError("expected an atom letter", text="Nx", pos=1)
    >>> print(err.render())
    expected an atom letter at position 2
      Nx
       ^
    """

    def __init__(self, message: str, text: str | None = None, pos: int | None = None):
        super().__init__(message)
        self.message = message
        self.text = text
        self.pos = pos

    def _window(self) -> tuple[str, int]:
        """The text (or, for a long text, the part of it around the culprit, cut with ...)
        and the culprit's index in it."""
        text, pos = self.text or "", self.pos or 0
        if len(text) <= WINDOW:
            return text, pos
        start = max(0, min(pos - WINDOW // 2, len(text) - WINDOW))
        head = "..." if start else ""
        tail = "..." if start + WINDOW < len(text) else ""
        return head + text[start:start + WINDOW] + tail, pos - start + len(head)

    def one_line(self) -> str:
        """The message on one line, e.g. for a JSON error field.

        >>> BetzaError("too big", text="R" + "9" * 5000, pos=1).one_line()[:40]
        "too big at position 2 of 'R9999999999999"
        """
        if self.text is None:
            return self.message
        shown, _ = self._window()
        if self.pos is None:
            return f"{self.message} in {shown!r}"
        return f"{self.message} at position {self.pos + 1} of {shown!r}"

    def render(self) -> str:
        """The message, then the input with a caret under the offending character."""
        if self.text is None:
            return self.message
        text, pos = self._window()
        shown = text.encode("ascii", "backslashreplace").decode("ascii")
        if self.pos is None:
            return f"{self.message}\n  {shown}"
        # Non-ASCII characters before the caret widen when escaped; keep the caret aligned.
        col = len(text[:pos].encode("ascii", "backslashreplace"))
        return f"{self.message} at position {self.pos + 1}\n  {shown}\n  {' ' * col}^"

    def __str__(self) -> str:
        return self.one_line()


class LimitError(BetzaError):
    """A query that is well formed but needs more than its time or size budget allows;
    the message names the limit and how to raise it."""


class NoAnswerError(BetzaError):
    """A query the program a dialect imitates has no answer for in that position (the
    Interactive Diagram loops forever there); the message says why."""
