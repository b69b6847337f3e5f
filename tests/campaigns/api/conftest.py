"""Fixtures shared by the API tests."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from campaigns.services import episodic, seating, upgrade


@pytest.fixture
def seeded(monkeypatch):
    """Every Upgrade Phase, Starting Area draw and episodic deal shuffles from one seeded generator, so the
    script plays the same way each run."""
    rng = random.Random(2026)
    monkeypatch.setattr(upgrade, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    monkeypatch.setattr(seating, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    monkeypatch.setattr(episodic, "secrets", SimpleNamespace(randbits=rng.getrandbits))
