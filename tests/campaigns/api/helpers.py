"""Requests and reads shared by the API tests."""

from __future__ import annotations

from typing import Any

from campaigns.models import Campaign, Event
from campaigns.selectors.snapshots import CAMPAIGN_PATHS, snapshot


def post(client: Any, campaign: Campaign, path: str, data: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/campaigns/{campaign.pk}/{path}", data, format="json")


def guild_url(campaign: Campaign, colour: str, action: str) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/{action}/"


def last_seq(campaign: Campaign) -> int:
    return Event.objects.filter(campaign=campaign).latest("seq").seq


def undo(client: Any, campaign: Campaign, seq: int, revision: int) -> Any:
    return post(client, campaign, "undo/", {"seq": seq, "revision": revision})


def campaign_rows() -> dict[str, list[tuple[str, str]]]:
    """The campaign's rows as the history sees them: by uid, without ids or revision counters."""
    return {
        model.__name__: sorted((str(obj.uid), repr(snapshot(obj))) for obj in model.objects.all())
        for model in CAMPAIGN_PATHS
    }
