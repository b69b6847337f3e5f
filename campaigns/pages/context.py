"""The Campaign Sheet as the pages show it: the sheet data, with names and guild badges filled in.

This module only formats: the sheet and what the page adds to it come from the cache (`sheet_cache`, one
computation per state of the campaign, shared by every reader), and every "may I" from `campaigns.access`,
asked of a reader who knows from the sheet which guilds they play. Nothing here reads the database.
"""

from __future__ import annotations

from typing import Any

from campaigns.access import CAMPAIGN_SCOPED_KINDS, Access, heroes_choice_refusal
from campaigns.history_text import NAME_KEYS, name_in_language
from campaigns.models import JoinCode
from campaigns.pages.pictures import sheet_pictures
from campaigns.selectors.content import campaign_catalog, edition_catalog
from campaigns.selectors.sheet import sheet_for_reader, sheet_reader
from rules_helpers import box

ACHIEVEMENT_LABELS = {
    "winner": "Winner",
    "least_deaths": "Least Deaths",
    "most_coins": "Most Coins",
    "won_reward": "Won Reward",
    "won_title": "Won Title",
}


def badge(colour: dict[str, Any] | None) -> dict[str, Any] | None:
    """A guild as the pages name it: colour name, animal and symbol, never the colour alone."""
    if colour is None:
        return None
    names = {key: colour.get(key, "") for key in NAME_KEYS}
    return {"colour": colour["colour"], **names, "animal": colour["animal"]}


def _named(names: dict[str, Any], slug: str) -> str:
    """A scenario's or an angel's name in the reader's language (the sheet page keeps them by slug)."""
    return name_in_language(names.get(slug, {"name": slug}))


def sheet_context(
    access: Access,
    snapshot: dict[str, Any],
    page: dict[str, Any],
    join_codes: list[JoinCode],
    backups: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Everything the sheet page shows, from `sheet_cache.cached_sheet_page` and (for the owner) the join
    codes still open and the backups kept (both read live: neither changes the campaign's state)."""
    reader = sheet_reader(snapshot, access)
    data = sheet_for_reader(snapshot, access)
    guilds = {g["colour"]: g for g in data["guilds"]}
    names = page["names"]
    context: dict[str, Any] = {
        "sheet": data,
        "access": access,
        "names": names,
        "badges": {c: badge(g) for c, g in guilds.items()},
        "circles": _circles(data),
        "pictures": sheet_pictures(data),
        "achievement_rows": _achievement_rows(data, guilds),
        "achievement_labels": ACHIEVEMENT_LABELS,
        "titles": _titles(data, names),
        "angels": _angels(page, data),
        "next": _next(data, reader, page, guilds, names),
        "finale": _finale(data, guilds),
        "game_winner": badge(guilds.get(data["game_winner"])) if data["game_winner"] else None,
        "history": history_context(page["history"], reader, data),
        "history_more": page["history_more"],
        "open_phase": page["open_phase"],
        "hero_draft": page["hero_draft"],
        "next_number": len(data["plays"]) + 1,
        "box": edition_box(access.campaign.edition),
    }
    effects = card_effects(access.campaign.edition)
    context["guild_views"] = [guild_view(g, access, effects) for g in data["guilds"]]
    draft = page["hero_draft"]
    for view in context["guild_views"]:
        # Offered before the first scenario, and after a finished draft only to a guild that joined late.
        view["heroes_refusal"] = heroes_choice_refusal(
            may_edit=view["editable"],
            played=bool(data["plays"]),
            draft_started=draft is not None,
            draft_done=bool(draft and draft["done"]),
            has_heroes=bool(view["heroes"]),
        )
        view["late_choice"] = bool(draft and draft["done"]) and not view["heroes"]
    taken = {h["hero"] for g in data["guilds"] for h in g["heroes"]}
    allowed = set(data["allowed_next"])
    # A page kept before the table's entries were kept with it has none (`.get`).
    entered = page.get("entered_curses")
    context.update(
        campaign_catalog(access.campaign, taken_heroes=taken, allowed_next=allowed, entered_curses=entered)
    )
    context.update(_owner_tools(access, page, guilds, join_codes, backups or []))
    context["live"] = (
        _live(page["live"], guilds, page["angel_names"], _played_colours(snapshot, reader))
        if data["live"] and page["live"]
        else None
    )
    return context


def edition_box(edition: Any) -> dict[str, Any]:
    """The numbers of the edition's box the pages print (never typed into a template)."""
    return {
        "scenarios_per_campaign": edition.scenarios_per_campaign,
        "levels": list(range(1, edition.scenarios_per_campaign + 1)),
        # The Upgrade decks an episodic game may be dealt from (BR:230: one per Upgrade Phase).
        "upgrade_decks": list(range(1, box.UPGRADE_DECKS + 1)),
        "heroes": edition.heroes_per_guild,
        "hero_numbers": list(range(1, edition.heroes_per_guild + 1)),
        "slots": edition.slots_per_hero,
        "cards": edition.guild_card_limit,
        "hand": box.UPGRADE_HAND,
        "picks": box.UPGRADE_PICKS,
        "purchases": box.MAX_PURCHASES,
    }


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
            **{key: t.get(key, "") for key in NAME_KEYS},
            "won_in": _named(names, t["scenario"]),
            "benefits": [_named(names, s) for s in t["benefits"]],
        }
        for g in data["guilds"]
        for t in g["titles"]
    ]


def _angels(page: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    rescued = [
        {"guild": badge(g), **{key: h.get(key, "") for key in NAME_KEYS}, "fielded": h["fielded"]}
        for g in data["guilds"]
        for h in g["heroes"]
        if h["is_angel"]
    ]
    lost = [_named(page["angel_names"], slug) for slug in data["angels_lost"]]
    return {"rescued": rescued, "lost": lost}


def _next(
    data: dict[str, Any], reader: Access, page: dict[str, Any], guilds: dict[str, Any], names: dict[str, str]
) -> dict[str, Any]:
    chooser = guilds.get(data["next_chooser"]) if data["next_chooser"] else None
    winner = page["winner"]
    may_choose = reader.may_choose_next_for(winner)
    return {
        "allowed": [{"name": s, **names.get(s, {}), "slug": s} for s in data["allowed_next"]],
        "chosen": {"name": "", **names.get(data["next_scenario"], {}), "slug": data["next_scenario"]}
        if data["next_scenario"]
        else None,
        "chooser": badge(chooser),
        "recommended": {
            "name": "",
            **names.get(data["recommended_first"], {}),
            "slug": data["recommended_first"],
        }
        if data["recommended_first"]
        else None,
        "may_choose": may_choose and not data["finished"],
        "seating": seating_badges(data["seating"], guilds),
        "may_draw_seating": reader.is_member and not data["finished"] and data["live"] is None,
        # Drawn already: only the owner or the next scenario's chooser draws again (N7).
        "may_redraw_seating": reader.may_redraw_seating(winner),
        # The table may have drawn the tokens itself: one Starting Area (1 to n) per guild, entered by hand.
        "seat_guilds": seat_guilds(data["seating"], guilds),
        "area_numbers": list(range(1, len(guilds) + 1)),
    }


def seat_guilds(seating: dict[str, Any] | None, guilds: dict[str, Any]) -> list[dict[str, Any]]:
    """Each guild with the Starting Area it holds now (its seat number before any is drawn)."""
    areas = seating["starting_areas"] if seating else {}
    return [
        {"b": badge(g), "colour": c, "area": areas.get(c, n)} for n, (c, g) in enumerate(guilds.items(), 1)
    ]


def seating_badges(seating: dict[str, Any] | None, guilds: dict[str, Any]) -> dict[str, Any] | None:
    """Starting Areas in seating order (clockwise) and the first player, as badges."""
    if not seating:
        return None
    areas = seating["starting_areas"]
    return {
        "areas": [{"b": badge(guilds.get(c)), "area": areas[c]} for c in seating["order"]],
        "first": badge(guilds.get(seating["first_player"])),
    }


def _finale(data: dict[str, Any], guilds: dict[str, Any]) -> dict[str, Any] | None:
    finale = data["finale"]
    if finale is None:
        return None
    return {
        "medal_finale": finale["kind"] == "medals",
        "game_winner": badge(guilds.get(finale["game_winner"])) if finale["game_winner"] else None,
        "medals": [
            {"label": label, "holders": [badge(guilds[c]) for c in finale["medals"][kind]]}
            for kind, label in ACHIEVEMENT_LABELS.items()
        ],
        "council": [badge(guilds[c]) for c in finale["council"]],
        "savior": badge(guilds.get(finale["savior"])) if finale["savior"] else None,
        "ultimate": [badge(guilds[c]) for c in finale["ultimate_arcadian"]],
    }


def history_context(rows: list[dict[str, Any]], reader: Access, data: dict[str, Any]) -> list[dict[str, Any]]:
    """History rows for this reader; each undo form carries the revision the undo service will claim."""
    guild_revisions = {g["colour"]: g["revision"] for g in data["guilds"]}
    return [
        {
            **row,
            "undoable": not row["undone"] and _may_undo(reader, row),
            "revision": _undo_revision(row, data["revision"], guild_revisions),
        }
        for row in rows
    ]


def _may_undo(reader: Access, row: dict[str, Any]) -> bool:
    return reader.may_undo_change(
        kind=row["kind"], guild_id=row["guild_id"], actor_id=row["actor_id"], has_changes=row["has_changes"]
    )


def _undo_revision(row: dict[str, Any], campaign_revision: int, guild_revisions: dict[str, int]) -> int:
    if row["kind"] in CAMPAIGN_SCOPED_KINDS or not row["guild_id"]:
        return campaign_revision
    return guild_revisions.get(row["guild"], campaign_revision)


def _played_colours(snapshot: dict[str, Any], reader: Access) -> frozenset[str]:
    """The colours of the guilds the reader plays, from the sheet (no query). A guild the owner holds for an
    absent friend is not among them: the owner edits it, but taps it for someone else."""
    return frozenset(
        guild["colour"]
        for guild, (pk, _player) in zip(snapshot["sheet"]["guilds"], snapshot["guilds"], strict=True)
        if pk in reader.guild_ids
    )


def _live(
    state: dict[str, Any], guilds: dict[str, Any], angel_names: dict[str, str], own: frozenset[str]
) -> dict[str, Any]:
    """The live tracker with names: each guild's counters, its heroes' counters, and its quests; what is in
    play (titles with their holders, the Underlord's angels); the choices of the kill form. `own`: the
    colours of the guilds the reader plays."""
    for line in state["guilds"]:
        guild = guilds[line["guild"]]
        names = {h["hero"]: {key: h.get(key, "") for key in NAME_KEYS} for h in guild["heroes"]}
        line.update(badge=badge(guild), editable=guild["editable"], revision=guild["revision"])
        for hero in line["heroes"]:
            hero.update(names.get(hero["hero"], {"name": hero["hero"]}))
        if line["angel_swap"]:
            swap = line["angel_swap"]
            swap["label"] = (
                _named(angel_names, swap["angel"]) if swap["angel"] in angel_names else swap["name"]
            )
            swap["choices"] = [{"hero": h, "name": _named(names, h)} for h in swap["heroes"]]
        line["quest_list"] = [
            {"slug": slug, "label": label, "done": slug in line["quests"]}
            for slug, label in line["quest_choices"].items()
        ]
    for title in state["titles_in_play"]:
        title["badges"] = [badge(guilds[c]) for c in title["holders"]]
    state["villain_names"] = [_named(angel_names, slug) for slug in state["villain_angels"]]
    state["kill_heroes"] = [
        {
            "value": f"{line['guild']}:{h['hero']}",
            "label": f"{name_in_language(h)} ({name_in_language(line['badge'])})",
        }
        for line in state["guilds"]
        for h in line["heroes"]
        if h["on_board"]
    ]
    state["kill_guilds"] = [line["badge"] for line in state["guilds"]]
    # The guilds the reader plays first (a player taps their own counters most; so does an owner who plays
    # one, though the owner may edit every guild), the others in seat order (the sort keeps it).
    state["guilds"] = sorted(state["guilds"], key=lambda line: line["guild"] not in own)
    won_by = state.get("won_by")
    state["winner_badge"] = badge(guilds[won_by]) if won_by in guilds else None
    return state


def card_effects(edition: Any) -> dict[str, str]:
    """Each upgrade card's effect (the content data's paraphrase), by slug, for the inventory."""
    return {c["slug"]: c.get("effect", "") for c in edition_catalog(edition)["cards"]}


def guild_view(
    guild: dict[str, Any], access: Access, effects: dict[str, str] | None = None
) -> dict[str, Any]:
    """A guild as its card shows it; `effects`: `card_effects`, when the caller shows several guilds."""
    heroes = [h for h in guild["heroes"] if not h["retired"]]
    effects = card_effects(access.campaign.edition) if effects is None else effects
    for hero in heroes:
        for slot in hero["slots"]:
            slot["here"] = f"{hero['hero']}:{slot['slot']}"
            slot["effect"] = effects.get(slot["card"]["slug"], "") if slot["card"] else ""
    targets = [
        {"value": f"{h['hero']}:{s['slot']}", "label": f"{name_in_language(h)}, slot {s['slot']}"}
        for h in heroes
        for s in h["slots"]
    ]
    return {
        **guild,
        "badge": badge(guild),
        "scope": f"guild-{guild['colour']}",
        "active_heroes": heroes,
        "targets": targets,
        "overflow": [
            {**card, "hero": name_in_language(h), "effect": effects.get(card.get("slug", ""), "")}
            for h in heroes
            for card in h["overflow"]
        ],
        # Offered only where claiming changes something: a guild nobody plays that the reader cannot edit yet.
        # A guild held for an absent friend is the owner's to hand over, never claimed (F12).
        "can_claim": access.is_member
        and not guild["player"]
        and not guild["player_name"]
        and not guild["editable"],
    }


def _owner_tools(
    access: Access,
    page: dict[str, Any],
    guilds: dict[str, Any],
    join_codes: list[JoinCode],
    backups: list[dict[str, Any]],
) -> dict[str, Any]:
    if not access.is_owner:
        return {"free_colours": [], "members": [], "join_codes": [], "backups": []}
    colours = edition_catalog(access.campaign.edition)["colours"]
    return {
        "free_colours": [c for c in colours if c["slug"] not in guilds],
        "members": page["members"],
        "join_codes": join_codes,
        "backups": backups,
    }
