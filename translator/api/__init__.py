"""The public Python API (re-exported by :mod:`translator`): the questions in
:mod:`translator.api.calls`, their answers in :mod:`translator.api.results`."""
