"""Reads of a player's own choices."""

from __future__ import annotations

from typing import Any

from campaigns.history_text import content_names
from campaigns.models import Campaign, Preferences, ScenarioPlay, SpawnSetup


def account_language(user: Any) -> str | None:
    """The language saved on the account, or None when the player never chose one."""
    return Preferences.objects.filter(user=user).values_list("language", flat=True).first() or None


def spawn_scenario(campaign: Campaign) -> dict[str, Any]:
    """The scenario a spawn belongs to: the one being played live, else the next one chosen (slug "" and no
    name when there is none), with its names and where they come from (`content_names`), so the page names
    it in the reader's language and marks a name no source gives."""
    live = campaign.plays.filter(status=ScenarioPlay.Status.IN_PROGRESS).select_related("scenario").first()
    scenario = live.scenario if live else campaign.next_scenario
    if scenario is None:
        return {"slug": "", "name": ""}
    return {"slug": scenario.slug, **content_names(scenario)}


def spawn_setup(campaign: Campaign, scenario: str) -> dict[str, Any] | None:
    """The Spawn tile and tokens the group last used in this scenario of the campaign, if any."""
    found = SpawnSetup.objects.filter(campaign=campaign, scenario=scenario).first()
    if found is None:
        return None
    tokens = [list(pair) for pair in found.tokens]
    return {"scenario": found.scenario, "figures": list(found.figures), "tokens": tokens}
