"""Stage 2, AST -> ASP facts: the translator's facts for moves and positions
(vocabulary in encodings/README.md)."""
