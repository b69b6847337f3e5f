"""The Campaign Sheet as the pages show it: the sheet data, with names and guild badges filled in.

This module only formats: reads come from the selectors (each a fixed query, or the prefetched campaign,
so the page costs the same at any size) and every "may I" from `campaigns.access`.
"""

from __future__ import annotations

from typing import Any

from campaigns.access import CAMPAIGN_SCOPED_KINDS, Access
from campaigns.models import Campaign
from campaigns.selectors.backups import campaign_backups
from campaigns.selectors.campaigns import (
    campaign_events,
    hero_draft_record,
    is_undone,
    last_winner,
    open_phase_for,
    owner_tools,
)
from campaigns.selectors.content import campaign_catalog
from campaigns.selectors.live import live_state
from campaigns.selectors.sheet import campaign_sheet_data

ACHIEVEMENT_LABELS = {
    "winner": "Winner",
    "least_deaths": "Least Deaths",
    "most_coins": "Most Coins",
    "won_reward": "Won Reward",
    "won_title": "Won Title",
}
HISTORY_SHOWN = 40


def badge(colour: dict[str, Any] | None) -> dict[str, Any] | None:
    """A guild as the pages name it: colour name, animal and symbol, never the colour alone."""
    if colour is None:
        return None
    return {"colour": colour["colour"], "name": colour["name"], "animal": colour["animal"]}


def sheet_context(campaign: Campaign, access: Access) -> dict[str, Any]:
    """Everything the sheet page shows; `campaign` comes from `campaign_for_sheet`."""
    data = campaign_sheet_data(campaign, access)
    guilds = {g["colour"]: g for g in data["guilds"]}
    names = _scenario_names(campaign)
    context: dict[str, Any] = {
        "sheet": data,
        "access": access,
        "names": names,
        "badges": {c: badge(g) for c, g in guilds.items()},
        "circles": _circles(data),
        "achievement_rows": _achievement_rows(data, guilds),
        "achievement_labels": ACHIEVEMENT_LABELS,
        "titles": _titles(data, names),
        "angels": _angels(campaign, data, guilds),
        "next": _next(data, access, campaign, guilds, names),
        "finale": _finale(data, guilds),
        "history": _history(campaign, access, data),
        "open_phase": open_phase_for(campaign),
        "hero_draft": hero_draft_record(campaign),
        "next_number": len(data["plays"]) + 1,
    }
    context["guild_views"] = [guild_view(g, campaign, access) for g in data["guilds"]]
    taken = {h["hero"] for g in data["guilds"] for h in g["heroes"]}
    context.update(campaign_catalog(campaign, taken_heroes=taken, allowed_next=set(data["allowed_next"])))
    context.update(_owner_tools(campaign, access, guilds))
    context["live"] = _live(campaign, guilds) if data["live"] else None
    return context


def _scenario_names(campaign: Campaign) -> dict[str, str]:
    return {s.slug: s.name for c in campaign.edition.circles.all() for s in c.scenarios.all()}


def _circles(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Circles in order; the two sides of an alternative circle sit together, the side taken marked."""
    allowed = set(data["allowed_next"])
    rows: list[dict[str, Any]] = []
    for circle in sorted(data["circles"], key=lambda c: (c["order"], c["slug"])):
        played = [s for s in circle["scenarios"] if s["played_as"]]
        boxes = [
            {**s, "allowed": s["slug"] in allowed, "chosen": s["slug"] == data["next_scenario"]}
            for s in circle["scenarios"]
        ]
        rows.append({**circle, "boxes": boxes, "played": len(played)})
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        if row["exclusive_group"]:
            groups.setdefault(row["exclusive_group"], []).append(row)
    for sides in groups.values():
        taken = [s for s in sides if s["played"]]
        for side in sides:
            side["side"] = "taken" if side in taken else ("not taken" if taken else "open")
    return rows


def _achievement_rows(data: dict[str, Any], guilds: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "play": play,
            "chosen_by": badge(guilds.get(play["chosen_by"])),
            "cells": [
                {
                    "kind": kind,
                    "label": label,
                    "holders": [badge(guilds[c]) for c in play["achievements"][kind]],
                }
                for kind, label in ACHIEVEMENT_LABELS.items()
            ],
        }
        for play in data["plays"]
    ]


def _titles(data: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    return [
        {
            "guild": badge(g),
            "name": t["name"],
            "won_in": names.get(t["scenario"], t["scenario"]),
            "benefits": [names.get(s, s) for s in t["benefits"]],
        }
        for g in data["guilds"]
        for t in g["titles"]
    ]


def _angels(campaign: Campaign, data: dict[str, Any], guilds: dict[str, Any]) -> dict[str, Any]:
    angel_names = {
        s.angel.slug: s.angel.name
        for c in campaign.edition.circles.all()
        for s in c.scenarios.all()
        if s.angel_id
    }
    rescued = [
        {"guild": badge(g), "name": h["name"], "fielded": h["fielded"]}
        for g in data["guilds"]
        for h in g["heroes"]
        if h["is_angel"]
    ]
    lost = [angel_names.get(slug, slug) for slug in data["angels_lost"]]
    return {"rescued": rescued, "lost": lost}


def _next(
    data: dict[str, Any], access: Access, campaign: Campaign, guilds: dict[str, Any], names: dict[str, str]
) -> dict[str, Any]:
    chooser = guilds.get(data["next_chooser"]) if data["next_chooser"] else None
    may_choose = access.may_choose_next(last_winner(campaign))
    return {
        "allowed": [{"slug": s, "name": names.get(s, s)} for s in data["allowed_next"]],
        "chosen": {"slug": data["next_scenario"], "name": names.get(data["next_scenario"], "")}
        if data["next_scenario"]
        else None,
        "chooser": badge(chooser),
        "may_choose": may_choose and not data["finished"],
    }


def _finale(data: dict[str, Any], guilds: dict[str, Any]) -> dict[str, Any] | None:
    finale = data["finale"]
    if finale is None:
        return None
    return {
        "medals": [
            {"label": label, "holders": [badge(guilds[c]) for c in finale["medals"][kind]]}
            for kind, label in ACHIEVEMENT_LABELS.items()
        ],
        "council": [badge(guilds[c]) for c in finale["council"]],
        "savior": badge(guilds.get(finale["savior"])) if finale["savior"] else None,
        "ultimate": [badge(guilds[c]) for c in finale["ultimate_arcadian"]],
    }


def _history(campaign: Campaign, access: Access, data: dict[str, Any]) -> list[dict[str, Any]]:
    """The latest changes; each undo form carries the revision the undo service will claim."""
    events = campaign_events(campaign=campaign).order_by("-seq")[:HISTORY_SHOWN]
    guild_revisions = {g["colour"]: g["revision"] for g in data["guilds"]}
    rows = []
    for event in events:
        undone = is_undone(event)
        rows.append(
            {
                "seq": event.seq,
                "summary": event.summary,
                "actor": event.actor.get_username()
                if event.actor_id
                else (f"{event.actor_name} (imported)" if event.actor_name else None),
                "at": event.created_at,
                "undone": undone,
                "undoable": access.may_undo(event) and not undone,
                "revision": _undo_revision(event, data["revision"], guild_revisions),
            }
        )
    return rows


def _undo_revision(event: Any, campaign_revision: int, guild_revisions: dict[str, int]) -> int:
    if event.kind in CAMPAIGN_SCOPED_KINDS or not event.guild_id:
        return campaign_revision
    return guild_revisions.get(event.guild.colour.slug, campaign_revision)


def _live(campaign: Campaign, guilds: dict[str, Any]) -> dict[str, Any] | None:
    """The live tracker with names: each guild's counters, its heroes' counters, and its quests."""
    state = live_state(campaign)
    if state is None:
        return None
    for line in state["guilds"]:
        guild = guilds[line["guild"]]
        names = {h["hero"]: h["name"] for h in guild["heroes"]}
        line.update(badge=badge(guild), editable=guild["editable"], revision=guild["revision"])
        for hero in line["heroes"]:
            hero["name"] = names.get(hero["hero"], hero["hero"])
        line["quest_list"] = [
            {"slug": slug, "label": label, "done": slug in line["quests"]}
            for slug, label in line["quest_choices"].items()
        ]
    return state


def guild_view(guild: dict[str, Any], campaign: Campaign, access: Access) -> dict[str, Any]:
    heroes = [h for h in guild["heroes"] if not h["retired"]]
    for hero in heroes:
        for slot in hero["slots"]:
            slot["here"] = f"{hero['hero']}:{slot['slot']}"
    targets = [
        {"value": f"{h['hero']}:{s['slot']}", "label": f"{h['name']}, slot {s['slot']}"}
        for h in heroes
        for s in h["slots"]
    ]
    return {
        **guild,
        "badge": badge(guild),
        "scope": f"guild-{guild['colour']}",
        "active_heroes": heroes,
        "targets": targets,
        "overflow": [{**card, "hero": h["name"]} for h in heroes for card in h["overflow"]],
        # Offered only where claiming changes something: a guild nobody plays that the reader cannot edit yet.
        # A guild held for an absent friend is the owner's to hand over, never claimed (F12).
        "can_claim": access.is_member
        and not guild["player"]
        and not guild["player_name"]
        and not guild["editable"],
    }


def _owner_tools(campaign: Campaign, access: Access, guilds: dict[str, Any]) -> dict[str, Any]:
    if not access.is_owner:
        return {"free_colours": [], "members": [], "join_codes": [], "backups": []}
    tools = owner_tools(campaign)
    return {
        "free_colours": [c for c in tools["colours"] if c.slug not in guilds],
        "members": tools["members"],
        "join_codes": tools["join_codes"],
        "backups": campaign_backups(campaign),
    }
