"""The ``betza`` command line: one module per command, each registering its subparser."""
