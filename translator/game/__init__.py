"""Whole positions of a variant: its rules (rules.py, the options of kb/fsf_pieces.toml and
variants.ini files), compiled once (compile.py: the pieces' move tables and
encodings/game_rules.lp), FEN (board.py), moves by matching (movegen.py, play.py), SAN
(san.py) and the public :class:`Game` (game.py)."""

from translator.game.game import Game, divide, perft

__all__ = ["Game", "divide", "perft"]
