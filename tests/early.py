"""What the tests of the early answers share (companion/early.py): comparing the two paths' answers, and
proving an early answer came before the view."""

from __future__ import annotations

from typing import Any

import pytest


def answer(response: Any) -> tuple[int, dict[str, str], str, bytes]:
    """Everything a client sees of a response: status, headers, cookies and body."""
    return response.status_code, dict(response.headers), response.cookies.output(), response.content


def refuse_view(monkeypatch: pytest.MonkeyPatch, view_class: Any) -> None:
    """Make the view fail if reached, so a test can tell which path answered."""

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the request reached the view")

    monkeypatch.setattr(view_class, "dispatch", refuse)
