"""The sheet kept in the cache: computed once per state of a campaign and shared by every reader.

A campaign's state is named by its `history_seq` and the content version. Every write records an event,
and every event bumps `history_seq`, guild writes included (they leave the campaign's `revision` alone, so
the revision cannot name the state). The sheet also shows content (scenario, hero and card names), which
changes only when the content version does (`content_version`). A state, once named, never changes, so
an entry is never invalidated: a write moves readers to a new key and the old one expires.

The cache is Django's (Redis in production, local memory in development and tests). It fails open: with
no content version (Redis down) nothing is kept and every read is computed, as before the cache.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaigns.access import Access
from campaigns.history_text import content_names, event_summary
from campaigns.models import Campaign, Event, JoinCode, OverrideKind
from campaigns.selectors.campaigns import (
    campaign_events,
    campaign_for_sheet,
    campaign_members,
    hero_draft_record,
    is_undone,
    next_chooser,
    open_phase_for,
    withdrawn_seqs,
)
from campaigns.selectors.live import live_state
from campaigns.selectors.overrides import entry_overlay
from campaigns.selectors.sheet import sheet_snapshot
from campaigns.selectors.versions import content_version
from rules_helpers.drafts import HeroDraft

# Old states are never read again; a day keeps a quiet campaign's sheet between evenings of play.
TIMEOUT = 24 * 60 * 60
HISTORY_LATEST = 20


def _key(kind: str, campaign_id: int, history_seq: int, content: str) -> str:
    # The language too: the page's history is said in the reader's language when it is kept.
    return f"{kind}:{campaign_id}:{history_seq}:{content}:{get_language()}"


def cached_sheet(campaign: Campaign) -> dict[str, Any]:
    """The sheet snapshot (`sheet.sheet_snapshot`) for the campaign as `campaign` names it."""
    return cached_sheet_at(campaign, content_version())


def cached_sheet_at(campaign: Campaign, content: str | None) -> dict[str, Any]:
    """`cached_sheet` for a content version the caller already read (None: the cache is down)."""
    if content is not None:
        found = cache.get(_key("sheet", campaign.pk, campaign.history_seq, content))
        if found is not None:
            return found
    full = campaign_for_sheet(campaign_id=campaign.pk)
    snapshot = sheet_snapshot(full)
    if content is not None:
        # Kept under the state read with the sheet: the rows read after it can only be newer.
        cache.set(_key("sheet", full.pk, full.history_seq, content), snapshot, TIMEOUT)
    return snapshot


def cached_sheet_page(campaign: Campaign) -> tuple[dict[str, Any], dict[str, Any]]:
    """The sheet snapshot and what the sheet page adds to it (names, history, phases, live tracker)."""
    content = content_version()
    keys = [_key(kind, campaign.pk, campaign.history_seq, content or "") for kind in ("sheet", "page")]
    found = cache.get_many(keys) if content is not None else {}
    if len(found) == 2:
        return found[keys[0]], found[keys[1]]
    full = campaign_for_sheet(campaign_id=campaign.pk)
    snapshot, page = sheet_snapshot(full), page_snapshot(full)
    if content is not None:
        cache.set_many(
            {
                _key("sheet", full.pk, full.history_seq, content): snapshot,
                _key("page", full.pk, full.history_seq, content): page,
            },
            TIMEOUT,
        )
    return snapshot, page


def sheet_after_write(access: Access, *, page: bool = False) -> Access:
    """The caller's access on the state their write just made: the campaign is read once, whole (its row
    comes with it, so the access check is not read again), and its sheet (and, for the pages, what the
    page adds) kept for this answer and the other phones' next poll. The role cannot change in a write;
    the guilds the caller plays are taken from the sheet when asked (a claim may have changed them)."""
    content = content_version()
    full = campaign_for_sheet(campaign_id=access.campaign.pk)
    kept = {_key("sheet", full.pk, full.history_seq, content or ""): sheet_snapshot(full)}
    if page:
        kept[_key("page", full.pk, full.history_seq, content or "")] = page_snapshot(full)
    if content is not None:
        cache.set_many(kept, TIMEOUT)
    return Access(full, access.role, access.user_id)


def page_snapshot(campaign: Campaign) -> dict[str, Any]:
    """What the sheet page shows besides the sheet, the same for every reader; `campaign` comes from
    `campaign_for_sheet`."""
    scenarios = [s for c in campaign.edition.circles.all() for s in c.scenarios.all()]
    winner = next_chooser(campaign)
    phase = open_phase_for(campaign)
    draft = hero_draft_record(campaign)
    # The latest changes only, however long the campaign: the full history has its own page.
    history = history_rows(
        campaign_events(campaign=campaign).order_by("-seq")[: HISTORY_LATEST + 1], withdrawn_seqs(campaign)
    )
    return {
        "names": {s.slug: content_names(s) for s in scenarios},
        "angel_names": {s.angel.slug: content_names(s.angel) for s in scenarios if s.angel_id},
        "winner": None if winner is None else winner.pk,
        "open_phase": None if phase is None else {"level": phase.level, "waiting": _phase_waiting(phase)},
        "hero_draft": None if draft is None else {"done": draft.done, "waiting": _draft_waiting(draft)},
        "history": history[:HISTORY_LATEST],
        "history_more": len(history) > HISTORY_LATEST,
        "live": live_state(campaign),
        "members": campaign_members(campaign),
        # The Death Curse values its table entered, for the guild forms' list (prefetched: no query).
        "entered_curses": {
            o.target: entry_overlay(o)
            for o in campaign.content_overrides.all()
            if o.kind == OverrideKind.DEATH_CURSE
        },
    }


def _phase_waiting(phase: Any) -> list[str]:
    """The guilds (colours) that have not confirmed their part of the open upgrade phase yet."""
    return [p.guild.colour.slug for p in phase.guilds.select_related("guild__colour") if not p.confirmed]


def _draft_waiting(record: Any) -> list[str]:
    """The guilds (colours) still to keep a hero this round of the hero draft."""
    return [] if record.done else list(HeroDraft.from_dict(record.state).waiting_for())


def history_rows(events: Any, withdrawn: frozenset[int]) -> list[dict[str, Any]]:
    """Events as the history lists show them, without the rows they changed; a change an abandon took back
    (`withdrawn_seqs`) shows as undone, like one undone by itself."""
    return [_history_row(e, withdrawn) for e in events]


def _history_row(event: Event, withdrawn: frozenset[int]) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "kind": event.kind,
        "summary": event_summary(event),
        "actor": event.actor.get_username()
        if event.actor_id
        else (_("%(name)s (imported)") % {"name": event.actor_name} if event.actor_name else None),
        "actor_id": event.actor_id,
        "at": event.created_at,
        "undone": is_undone(event) or event.seq in withdrawn,
        "has_changes": bool(event.changes),
        "guild_id": event.guild_id,
        "guild": event.guild.colour.slug if event.guild_id else None,
    }


def history_page(
    campaign: Campaign, *, before: int | None, size: int
) -> tuple[list[dict[str, Any]], int | None]:
    """One page of the history, newest first, from just below `before`; and where the next page starts."""
    events = campaign_events(campaign=campaign).order_by("-seq")
    if before is not None:
        events = events.filter(seq__lt=before)
    rows = history_rows(events[: size + 1], withdrawn_seqs(campaign))
    older = rows[size - 1]["seq"] if len(rows) > size else None
    return rows[:size], older


def tag(*parts: Any) -> str:
    """A short fingerprint of what a response depends on besides the campaign's state."""
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:12]


def sheet_etag(revision: int, history_seq: int, content: str, *reader: Any) -> str:
    """The sheet's ETag: the campaign revision first (so it still works as an If-Match for a campaign-wide
    write), then the state, then a fingerprint of the content version, the language (the live quest labels
    are said in it) and of who reads."""
    return f'"{revision}.{history_seq}.{tag(content, get_language(), *reader)}"'


def access_etag(access: Access, content: str | None, *reader: Any) -> str | None:
    """The ETag of a campaign read by `access`, from the access check's row alone (no further query)."""
    if content is None:
        return None
    campaign = access.campaign
    return sheet_etag(campaign.revision, campaign.history_seq, content, access.role, access.user_id, *reader)


def join_codes_tag(codes: list[JoinCode]) -> str:
    return tag(*((c.pk, c.uses) for c in codes))
