"""Stage 5, answers -> text, SVG and English: boards for the terminal, diagrams, phrases."""
