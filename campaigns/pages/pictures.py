"""The sheet's pictures for the pages: the path map and the per-guild charts (geometry from
`rules_helpers.pictures`; the templates in templates/pictures/ draw them as inline SVG)."""

from __future__ import annotations

from typing import Any

from campaigns.history_text import map_labels
from rules_helpers.pictures import ROUTE_INK, guild_charts, path_map


def sheet_pictures(sheet: dict[str, Any]) -> dict[str, Any]:
    """The map always (it shows where the table may go first); the charts once a scenario is recorded."""
    return {
        "map": path_map(
            sheet["circles"],
            allowed_next=sheet["allowed_next"],
            next_scenario=sheet["next_scenario"],
            names=map_labels(sheet["circles"]),
        ),
        "charts": guild_charts(sheet["plays"], _named_guilds(sheet["guilds"]))
        if sheet["plays"] and sheet["guilds"]
        else [],
        "route_ink": ROUTE_INK,
    }


def _named_guilds(guilds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The guilds as the charts' legends name them: in the reader's language."""
    return [{**g, "name": g.get("shown_name") or g["name"]} for g in guilds]
