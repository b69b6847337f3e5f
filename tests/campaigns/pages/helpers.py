"""Posting the pages' forms, as a browser does."""

from __future__ import annotations

from typing import Any

from campaigns.models import Campaign
from tests.factories import client_for, record, result_line

HTMX = {"HTTP_HX_REQUEST": "true"}


def act(user: Any, campaign: Campaign, action: str, data: dict[str, Any], **extra: Any) -> Any:
    """Post one of the sheet's forms as the user (anonymous for None)."""
    return client_for(user).post(f"/campaigns/{campaign.pk}/do/{action}/", data, **extra)


def first_scenario(owner: Any, campaign: Campaign, **kwargs: Any) -> Campaign:
    lines = [
        result_line("yellow", winner=True, coins=4, title=True),
        result_line("teal", coins=3, heroes=[{"hero": "natasha", "deaths": 2}]),
    ]
    return record(owner, campaign, "ferry-of-the-dead", lines, **kwargs)
