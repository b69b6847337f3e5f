"""The upgrade phase and hero draft screens: each player's own hand, and who is still choosing.

The page polls a small status part every 2 seconds. The status answer carries a fingerprint of what the
caller's own part of the screen shows; when it differs from what the page holds, the answer fires
`phase-changed` and the caller's part reloads. A half-made selection is never wiped by another player's pick.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaigns.access import Access, hand_guild, hero_draft_abandon_refusal, hero_draft_refusal
from campaigns.history_text import content_names
from campaigns.models import DeathCurse, Guild
from campaigns.pages.context import badge, edition_box, guild_view
from campaigns.pages.now import tabs
from campaigns.pages.rendering import page_access, page_etag, partial_or_page
from campaigns.polls import KeptPoll
from campaigns.selectors import phases
from campaigns.selectors.campaigns import (
    guilds_by_seat,
    hero_draft_record,
    open_phase_for,
    roster_started,
)
from campaigns.selectors.overrides import campaign_level_cards_list
from campaigns.selectors.sheet import sheet_for_reader
from campaigns.selectors.sheet_cache import cached_sheet
from companion.conditional import not_modified, revalidated, unchanged
from rules_helpers.box import MIN_GUILDS, UPGRADE_HAND
from rules_helpers.upgrades import coins_saved


def fingerprint(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


def viewing_guild(access: Access, guilds: list[Guild], colour: str | None) -> tuple[Guild | None, str]:
    """Whose hidden hand the page shows (the one rule in `access.hand_guild`), and why none if refused."""
    try:
        return hand_guild(access, guilds, colour), ""
    except ValidationError as exc:
        return None, exc.messages[0]


def _badges(guilds: list[Guild]) -> dict[str, dict[str, Any]]:
    return {
        g.colour.slug: badge({"colour": g.colour.slug, **content_names(g.colour), "animal": g.colour.animal})
        for g in guilds
    }


# --- Upgrade phase -----------------------------------------------------------------------------------


def _mine_key(view: dict[str, Any] | None) -> str:
    return fingerprint(view["mine"] if view else None) + ("" if view else "-none")


def upgrade_context(access: Access, colour: str | None) -> dict[str, Any]:
    guilds = guilds_by_seat(access.campaign)
    phase = open_phase_for(access.campaign)
    guild, refused = viewing_guild(access, guilds, colour)
    view = phases.phase_view(phase, access, guild) if phase else None
    badges = _badges(guilds)
    for part in view["guilds"] if view else []:
        part["badge"] = badges.get(part["guild"])
    context: dict[str, Any] = {
        "campaign": access.campaign,
        "access": access,
        "phase": phase,
        "view": view,
        "guild": guild,
        "badges": badges,
        "mine_badge": badges.get(guild.colour.slug) if guild else None,
        "switchable": [g for g in guilds if access.is_owner],
        "key": _mine_key(view),
        "box": edition_box(access.campaign.edition),
        "hand_refused": refused,
        "tabs": tabs(access.campaign.pk, "now"),
    }
    if view:
        own = {g.colour.slug for g in guilds if g.pk in access.guild_ids}
        context.update(_phase_details(access, view, guild, badges, own))
        context["stage"] = _stage(view)
        if (mine := view["mine"]) and mine["purchased"]:
            left = mine["coins"] - mine["spent"]
            mine["saved"] = coins_saved(left, max_saved_coins=access.campaign.edition.max_saved_coins)
        if context["stage"] == "enter":
            context["deck_cards"] = campaign_level_cards_list(access.campaign, view["level"])
    else:
        context["closed_level"] = phases.last_closed_level(access.campaign)
    return context


def _stage(view: dict[str, Any]) -> str:
    """Where the caller's guild stands: the part of the screen that is theirs to act on."""
    mine = view["mine"]
    if mine is None:
        return "watch"
    if mine["confirmed"]:
        return "done"
    if mine["purchased"]:
        return "arrange"
    if len(mine["drafted"]) >= UPGRADE_HAND and (view["draft_complete"] or view["draft_mode"] == "manual"):
        return "buy"
    if view["draft_mode"] == "manual":
        return "enter"
    return "picked" if mine["picked_this_round"] else "pick"


def _phase_details(
    access: Access, view: dict[str, Any], guild: Guild | None, badges: dict[str, Any], own: set[str]
) -> dict[str, Any]:
    """`own`: the colours of the guilds the reader plays, whose curse draws come first."""
    mine = view["mine"]
    slugs = set(mine["hand"] + mine["drafted"] + mine["bought"]) if mine else set()
    cards = phases.phase_cards(access.campaign, slugs)
    curses = phases.edition_curses(access.campaign)
    # Only the heroes due a card are listed, the reader's own first, then in seat order: most heroes draw
    # none, and a row each said so (ux-walkthrough-2 m6: 9 of 12 rows "no card drawn"). One line stands
    # for the others.
    due = [d for d in view["curse_draws"] if d.get("draw_count") or d.get("drawn")]
    due.sort(key=lambda d: d["guild"] not in own)
    heroes = phases.hero_names(access.campaign, [d["hero"] for d in due])
    details: dict[str, Any] = {
        "draws": [
            {
                **_draw(d, curses),
                "badge": badges.get(d["guild"]),
                "hero_name": heroes.get(d["hero"], d["hero"]),
            }
            for d in due
        ],
        "undrawn": len(view["curse_draws"]) - len(due),
        "hand": [cards.get(s) for s in mine["hand"]] if mine else [],
        "drafted": [cards.get(s) for s in mine["drafted"]] if mine else [],
        "bought": [cards.get(s) for s in mine["bought"]] if mine else [],
        "waiting": set(view["waiting_for"]),
    }
    if mine and mine["purchased"] and not mine["confirmed"]:
        details["inventory"] = _guild_inventory(access, guild)
    return details


def _draw(draw: dict[str, Any], curses: dict[str, DeathCurse]) -> dict[str, Any]:
    kept_seen = False
    cards = []
    for code in draw["drawn"]:
        kept = code == draw["kept"] and not kept_seen
        kept_seen = kept_seen or kept
        cards.append({"code": code, "curse": curses.get(code), "kept": kept})
    return {**draw, "cards": cards}


def _guild_inventory(access: Access, guild: Guild) -> dict[str, Any]:
    data = sheet_for_reader(cached_sheet(access.campaign), access)
    guild_data = next(g for g in data["guilds"] if g["colour"] == guild.colour.slug)
    return guild_view(guild_data, access)


def render_upgrade(
    request: HttpRequest,
    access: Access,
    colour: str | None,
    *,
    failed: dict | None = None,
    notice: str = "",
    status: int = 200,
) -> HttpResponse:
    context = upgrade_context(access, colour)
    status = _with_refusal(context, failed=failed, notice=notice, status=status)
    context["share"] = request.GET.get("share", "")
    return partial_or_page(request, "campaigns/upgrade.html", "campaigns/_upgrade.html", context, status)


def _with_refusal(context: dict[str, Any], *, failed: dict | None, notice: str, status: int) -> int:
    """A refused look at another guild's hand says why, with the API's 400, and shows no hand."""
    context.update({"failed": failed, "notice": notice or context["hand_refused"]})
    return 400 if context["hand_refused"] and status == 200 else status


def _live_views(context_for: Any, render_page: Any, *, part: str, status_part: str) -> tuple[Any, Any]:
    """A screen that polls: the page (or just the caller's own part), and the status part it polls, which
    fires `phase-changed` when the caller's own part has gone stale."""

    def page(request: HttpRequest, pk: int) -> HttpResponse:
        access = page_access(request, pk)
        if request.htmx and request.GET.get("part") == "mine":
            context = context_for(access, request.GET.get("guild"))
            context["share"] = request.GET.get("share", "")
            return render(request, part, context)
        return render_page(request, access, request.GET.get("guild"))

    def status(request: HttpRequest, pk: int) -> HttpResponse:
        # Polled every 2 s by every phone: an unchanged campaign answers 304 after the access check alone.
        poll = KeptPoll(request, pk, "status")
        if answer := poll.answer():
            return answer
        access = page_access(request, pk)
        etag = page_etag(request, access, content=poll.content)
        poll.keep(etag)
        if unchanged(request, etag):
            return not_modified(etag)
        context = context_for(access, request.GET.get("guild"))
        context["share"] = request.GET.get("share", "")
        response = render(request, status_part, context)
        if request.GET.get("seen") != context["key"]:
            response["HX-Trigger"] = "phase-changed"
        return revalidated(response, etag)

    return page, status


upgrade_page, upgrade_status = _live_views(
    upgrade_context,
    lambda request, access, colour: render_upgrade(request, access, colour),
    part="campaigns/_upgrade.html",
    status_part="campaigns/_upgrade_status.html",
)


# --- Hero draft --------------------------------------------------------------------------------------


def hero_draft_context(access: Access, colour: str | None) -> dict[str, Any]:
    guilds = guilds_by_seat(access.campaign)
    record = hero_draft_record(access.campaign)
    guild, refused = viewing_guild(access, guilds, colour)
    view = phases.hero_draft_view(record, guild) if record else None
    heroes = phases.draftable_heroes(access.campaign)
    context: dict[str, Any] = {
        "campaign": access.campaign,
        "access": access,
        "record": record,
        "view": view,
        "guild": guild,
        "badges": _badges(guilds),
        "switchable": [g for g in guilds if access.is_owner],
        "key": fingerprint(view["mine"] if view else None) + ("" if view else "-none"),
        "heroes": heroes,
        "can_start": hero_draft_refusal(
            access,
            guild_count=len(guilds),
            started=record is not None,
            heroes_or_plays=roster_started(access.campaign),
            min_guilds=MIN_GUILDS,
        )
        is None,
        "hand_refused": refused,
        "can_abandon": hero_draft_abandon_refusal(
            access, started=record is not None, done=bool(record and record.done)
        )
        is None,
        "box": edition_box(access.campaign.edition),
        "tabs": tabs(access.campaign.pk, "now"),
    }
    if view:
        mine = view["mine"]
        context["hand"] = [heroes.get(s) for s in mine["hand"]] if mine else []
        context["kept"] = [heroes.get(s) for s in mine["drafted"]] if mine else []
        context["waiting"] = set(view["waiting_for"])
        context["drafted"] = [
            {"guild": context["badges"].get(c), "heroes": [heroes.get(s) for s in slugs]}
            for c, slugs in view.get("drafted", {}).items()
        ]
    return context


def render_hero_draft(
    request: HttpRequest,
    access: Access,
    colour: str | None,
    *,
    failed: dict | None = None,
    notice: str = "",
    status: int = 200,
) -> HttpResponse:
    context = hero_draft_context(access, colour)
    status = _with_refusal(context, failed=failed, notice=notice, status=status)
    context["share"] = request.GET.get("share", "")
    return partial_or_page(
        request, "campaigns/hero_draft.html", "campaigns/_hero_draft.html", context, status
    )


hero_draft_page, hero_draft_status = _live_views(
    hero_draft_context,
    lambda request, access, colour: render_hero_draft(request, access, colour),
    part="campaigns/_hero_draft.html",
    status_part="campaigns/_hero_draft_status.html",
)
