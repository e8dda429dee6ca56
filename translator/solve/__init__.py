"""Stage 3, facts -> answer sets: the clingo engine (programs, limits, reading symbols)."""
