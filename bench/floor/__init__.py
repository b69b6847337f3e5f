"""The floor: the production settings and middleware, gunicorn the same, and one view that does nothing.

`python -m bench` serves it beside the real app and measures both in the same run; an endpoint's figures
are read as a ratio to this floor's, measured just before and just after it.
"""
