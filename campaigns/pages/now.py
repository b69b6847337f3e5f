"""What happens now, for the one who reads: the campaign's next step, and whether it waits on them.

Only formats what the sheet context already holds (the sheet, the page snapshot, the reader's access);
"may I" questions go to `campaigns.access`. Nothing here reads the database.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from campaigns.access import Access, hero_draft_refusal
from campaigns.pages.context import badge
from campaigns.selectors.sheet import sheet_reader
from companion.tabs import tabs
from rules_helpers.box import MIN_GUILDS

__all__ = ["my_colours", "tabs", "with_now"]


def my_colours(snapshot: dict[str, Any], reader: Access, guilds: list[dict[str, Any]]) -> list[str]:
    """The guilds the reader plays, in seat order; the owner also acts for the guilds held for friends."""
    return [
        g["colour"]
        for (pk, _), g in zip(snapshot["guilds"], guilds, strict=False)
        if reader.plays_or_holds(guild_id=pk, has_player=bool(g["player"]), player_name=g["player_name"])
    ]


def with_now(context: dict[str, Any], snapshot: dict[str, Any], current: str, share: str = "") -> None:
    """Adds the reader's guilds, the next step and the tab bar to a sheet context."""
    reader = sheet_reader(snapshot, context["access"])
    mine = my_colours(snapshot, reader, context["sheet"]["guilds"])
    context["my_colours"] = mine
    context["now"] = now_step(context, mine)
    context["tabs"] = tabs(context["sheet"]["id"], current, context["now"], share)


def now_step(context: dict[str, Any], mine: list[str]) -> dict[str, Any]:
    """The one next step of the campaign as this reader sees it (`kind` names it for the template)."""
    sheet, access = context["sheet"], context["access"]
    guilds = sheet["guilds"]
    pk = sheet["id"]
    phase, draft = context["open_phase"], context["hero_draft"]
    if sheet["finished"]:
        return {"kind": "finished", "yours": False}
    if phase:
        waiting = phase.get("waiting", [])
        return {
            "kind": "upgrade",
            "level": phase["level"],
            "url": reverse("campaigns:upgrade", args=[pk]),
            "yours": any(c in waiting for c in mine),
            "waiting": _badges(guilds, waiting),
        }
    if draft and not draft["done"]:
        waiting = draft.get("waiting", [])
        return {
            "kind": "hero-draft",
            "url": reverse("campaigns:hero-draft", args=[pk]),
            "yours": any(c in waiting for c in mine),
            "waiting": _badges(guilds, waiting),
        }
    if context["live"]:
        return _live_step(context, mine)
    if len(guilds) < MIN_GUILDS:
        return {"kind": "need-guilds", "yours": access.is_owner, "min": MIN_GUILDS}
    without = [g["colour"] for g in guilds if not g["heroes"]]
    if without and not sheet["plays"]:
        return _need_heroes(context, mine, without)
    return {"kind": "next", "yours": context["next"]["may_choose"]}


def _live_step(context: dict[str, Any], mine: list[str]) -> dict[str, Any]:
    """The scenario being played; once a guild has won it (BR:205: it ends at once), who won and the
    recording: the owner's to review and record, the players wait for it."""
    pk, winner = context["sheet"]["id"], context["live"].get("winner_badge")
    if winner:
        return {
            "kind": "live-won",
            "yours": context["access"].is_owner,
            "winner": winner,
            "url": reverse("campaigns:record-review", args=[pk]),
        }
    return {"kind": "live", "yours": bool(mine), "url": reverse("campaigns:sheet", args=[pk]) + "#live"}


def _need_heroes(context: dict[str, Any], mine: list[str], without: list[str]) -> dict[str, Any]:
    sheet, access = context["sheet"], context["access"]
    guilds = sheet["guilds"]
    may_draft = (
        hero_draft_refusal(
            access,
            guild_count=len(guilds),
            started=context["hero_draft"] is not None,
            heroes_or_plays=len(without) < len(guilds),
            min_guilds=MIN_GUILDS,
        )
        is None
    )
    return {
        "kind": "need-heroes",
        "yours": may_draft or any(c in without for c in mine),
        "may_draft": may_draft,
        "choose": [c for c in mine if c in without],
        "waiting": _badges(guilds, without),
        "claimable": not mine and any(g.get("can_claim") for g in context.get("guild_views", [])),
        "url": reverse("campaigns:mine", args=[sheet["id"]]),
    }


def _badges(guilds: list[dict[str, Any]], colours: list[str]) -> list[dict[str, Any]]:
    return [badge(g) for g in guilds if g["colour"] in colours]
