"""Reads of the table's seating: the Starting Areas drawn for a scenario and the order hands pass in."""

from __future__ import annotations

from typing import Any

from campaigns.models import Campaign, Guild, ScenarioPlay
from rules_helpers import seating as rules_seating


def table_order(guilds: list[Guild], areas: dict[str, int]) -> list[Guild]:
    """The guilds clockwise around the table: by their Starting Areas when the table recorded them
    (RB:511-512), otherwise in the order the owner added them."""
    by_colour = {g.colour.slug: g for g in guilds}
    if areas and set(areas) == set(by_colour):
        return [by_colour[colour] for colour in rules_seating.seating(areas)]
    return sorted(guilds, key=lambda g: g.seat)


def seating_view(areas: dict[str, int], first: str) -> dict[str, Any] | None:
    """Starting Areas, the seating they imply and the first player, as the sheet shows them."""
    if not areas:
        return None
    return {"starting_areas": dict(areas), "order": list(rules_seating.seating(areas)), "first_player": first}


def next_seating(campaign: Campaign) -> dict[str, Any] | None:
    return seating_view(campaign.next_starting_areas, campaign.next_first_player)


def play_seating(play: ScenarioPlay) -> dict[str, Any] | None:
    return seating_view(play.starting_areas, play.first_player)
