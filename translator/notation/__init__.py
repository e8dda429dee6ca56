"""Stage 1, string -> AST: the XBetza grammar (``betza.lark``), the dataclasses it is
transformed into (``syntax``), the kb tables the checks read and the checks themselves."""
