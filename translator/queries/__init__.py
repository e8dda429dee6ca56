"""Stage 5, the questions asked of the compiled tables or the solver: moves, attacks, board,
convert, drops, plan as modules; equiv, explain, find, lint, why as sub-packages exporting
what they answer. Each builds facts, runs an encoding and returns dataclasses; the answers
in words are in :mod:`translator.present`."""
