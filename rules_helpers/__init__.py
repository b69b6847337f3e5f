"""The rules of Arcadia Quest: Inferno (and base Arcadia Quest) as pure Python.

No Django here: the campaign app and the table-side helpers call these functions, and randomness always
comes in as a ``random.Random`` argument so that a seed reproduces any roll, draw or deal. The numbers of the
box live once in ``box`` and reach the rules as keyword parameters, so an Edition may pass its own; a broken
rule is a ValueError whose message names it.
"""
