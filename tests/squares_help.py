"""Small square helpers shared by the hand-derived spec tests."""

FILES = "abcdefghijklmnopqrstuvwxyz"


def xy(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), int(square[1:]) - 1


def name(x: int, y: int) -> str:
    return f"{FILES[x]}{y + 1}"


def S(text: str) -> set[str]:
    """``S("e5 e6")`` -> ``{"e5", "e6"}``."""
    return set(text.split())
