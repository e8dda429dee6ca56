"""The JSON schema shared by ``betza batch`` and the HTTP API: positions from request
fields (``inputs``) and one answer per request (``batch``)."""
