"""The backstop behind the one lock order (F6): a deadlock the database broke answers 409, never 500."""

from __future__ import annotations

import pytest
from django.db import OperationalError
from rest_framework.test import APIClient

from campaigns.services import revisions
from tests.factories import UserFactory, build_campaign, refreshed

pytestmark = pytest.mark.django_db


class _Deadlock(Exception):
    sqlstate = "40P01"


def test_a_deadlock_is_answered_409_with_the_current_sheet(monkeypatch, snapshot):
    owner = UserFactory(username="ana")
    campaign = build_campaign(owner)

    def deadlocked(*args, **kwargs):
        raise OperationalError("deadlock detected") from _Deadlock()

    monkeypatch.setattr(revisions, "_claim", deadlocked)
    client = APIClient()
    client.force_authenticate(owner)
    before = snapshot()
    revision = refreshed(campaign).guilds.get(colour__slug="yellow").revision
    response = client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/saved-coins/",
        {"coins": 1, "revision": revision},
        format="json",
    )
    assert response.status_code == 409
    assert "collided" in response.json()["detail"] and response.json()["current"]["id"] == campaign.pk
    assert snapshot() == before
