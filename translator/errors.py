"""One error type for every kind of bad input, printed with a caret under the culprit."""

from __future__ import annotations


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

    def one_line(self) -> str:
        """The message on one line, e.g. for a JSON error field."""
        if self.text is None:
            return self.message
        if self.pos is None:
            return f"{self.message} in {self.text!r}"
        return f"{self.message} at position {self.pos + 1} of {self.text!r}"

    def render(self) -> str:
        """The message, then the input with a caret under the offending character."""
        if self.text is None:
            return self.message
        shown = self.text.encode("ascii", "backslashreplace").decode("ascii")
        if self.pos is None:
            return f"{self.message}\n  {shown}"
        # Non-ASCII characters before the caret widen when escaped; keep the caret aligned.
        col = len(self.text[: self.pos].encode("ascii", "backslashreplace"))
        return f"{self.message} at position {self.pos + 1}\n  {shown}\n  {' ' * col}^"

    def __str__(self) -> str:
        return self.one_line()
