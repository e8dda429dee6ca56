"""Knowledge that is data: named pieces, variants, FEN positions, Fairy-Stockfish
variants.ini import."""
