"""The teaching page: ``betza serve``, a Starlette app whose JSON API is the batch schema,
with the page's HTML, CSS and JavaScript in ``static/`` (shipped in the wheel)."""
