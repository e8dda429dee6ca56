"""Stage 4, one module per question asked of the solver: moves, attacks, equiv, why,
explain. Each builds facts, runs an encoding and returns dataclasses."""
