"""A whole campaign, with its history, as one JSON document (the backup that `services.transfer` imports).

Two kinds of export (F2):
- a member's copy (`campaign_export_for`): every other guild's hidden hand and drafted cards, the picks
  of others and the draw seeds are left out, so it shows no more than the pages show that member;
- the owner's full backup (`campaign_export`): everything, hidden hands included, signed whole (every
  row and event, its members among them), so that importing it back unchanged by the same owner restores
  its members (a restore). A file changed anywhere is imported as a copy (F3).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.core import signing

from campaigns.access import Access
from campaigns.models import (
    Campaign,
    ContentOverride,
    Event,
    Guild,
    GuildHero,
    HeroCurse,
    HeroDraftRecord,
    HeroResult,
    InventoryCard,
    Membership,
    PlayResult,
    ScenarioPlay,
    UpgradeGuild,
    UpgradePhase,
)
from campaigns.selectors.snapshots import CAMPAIGN_PATHS, snapshot

FORMAT = "inferno-companion-campaign"

# Version 2: guild rows carry their revision, actors may be plain names, and a full backup is signed.
VERSION = 2
READABLE_VERSIONS = (1, 2)

SECRETS_NOTICE = (
    "This full backup contains every guild's hidden hands, drafted cards and the draw seeds. "
    "Keep it private: anyone who reads it sees what the players cannot."
)
REDACTED_NOTICE = "Other guilds' hidden hands, picks and the draw seeds are left out of this copy."
# Version 2 of the signature covers the whole document; a backup signed over its member list alone (the
# salt before) is imported as a copy.
ATTESTATION_SALT = "campaigns.transfer.document"


# Load order: every row refers only to rows listed before it. The content entries come first: a card
# typed in at the table is a card of the campaign, which inventories point at.
ROW_MODELS = (
    ContentOverride,
    Guild,
    GuildHero,
    InventoryCard,
    HeroCurse,
    ScenarioPlay,
    PlayResult,
    HeroResult,
    UpgradePhase,
    UpgradeGuild,
    HeroDraftRecord,
)


# Filled in after the guilds exist, since they point at guilds and scenarios.
LATE_CAMPAIGN_FIELDS = ("savior", "next_scenario")

Redact = Callable[[str, dict[str, Any]], dict[str, Any]]


def _keep(model: str, row: dict[str, Any]) -> dict[str, Any]:
    return row


def _rows(model: type, campaign: Campaign, redact: Redact) -> list[dict[str, Any]]:
    queryset = model.objects.filter(**{CAMPAIGN_PATHS[model]: campaign}).order_by("pk")
    label = model._meta.label_lower
    rows = []
    for obj in queryset:
        row = {"uid": str(obj.uid), **redact(label, snapshot(obj))}
        if model is Guild:
            # A restore keeps each guild's revision, so a write based on one from before is still stale.
            row["revision"] = obj.revision
        rows.append(row)
    return rows


def _actor(event: Event) -> str | None:
    if event.actor_id:
        return event.actor.get_username()
    return event.actor_name or None


def _event(event: Event, redact: Redact, guild_uids: frozenset[str] | None) -> dict[str, Any]:
    guild = str(event.guild.uid) if event.guild_id else None
    data = dict(event.data)
    if guild_uids is not None and guild not in guild_uids:
        # Another guild's picks (upgrade cards kept, hero kept) are its secret.
        data.pop("cards", None)
        data.pop("hero", None)
    changes = [
        {
            **change,
            "before": None if change["before"] is None else redact(change["model"], change["before"]),
            "after": None if change["after"] is None else redact(change["model"], change["after"]),
        }
        for change in event.changes
    ]
    return {
        "seq": event.seq,
        "kind": event.kind,
        "summary": event.summary,
        "message": event.message,
        "params": event.params,
        "actor": _actor(event),
        "guild": guild,
        "data": data,
        "changes": changes,
        "undoes": event.undoes.seq if event.undoes_id else None,
        "created_at": event.created_at.isoformat(),
    }


def _document(campaign: Campaign, redact: Redact, guild_uids: frozenset[str] | None) -> dict[str, Any]:
    campaign.refresh_from_db()
    events = (
        Event.objects.filter(campaign=campaign).select_related("actor", "guild", "undoes").order_by("seq")
    )
    members = Membership.objects.filter(campaign=campaign).select_related("user").order_by("user__username")
    return {
        "format": FORMAT,
        "version": VERSION,
        "campaign": {
            "uid": str(campaign.uid),
            "revision": campaign.revision,
            "history_seq": campaign.history_seq,
            **snapshot(campaign),
        },
        "members": [{"user": m.user.get_username(), "role": m.role} for m in members],
        "rows": {model._meta.model_name: _rows(model, campaign, redact) for model in ROW_MODELS},
        "events": [_event(e, redact, guild_uids) for e in events],
    }


def campaign_export(*, campaign: Campaign) -> dict[str, Any]:
    """The owner's full backup: every row and event as stored, hidden hands included (it says so)."""
    document = _document(campaign, _keep, None)
    document["contains_secrets"] = True
    document["notice"] = SECRETS_NOTICE
    # Signed without a timestamp: the same campaign always exports to the same document.
    document["attestation"] = signing.Signer(salt=ATTESTATION_SALT).sign_object(_statement(document))
    return document


def campaign_export_for(*, access: Access) -> dict[str, Any]:
    """A member's copy: what that member may see, and nothing of other guilds' hidden hands (F2)."""
    campaign = access.campaign
    own = list(Guild.objects.filter(pk__in=access.guild_ids).select_related("colour"))
    colours = frozenset(g.colour.slug for g in own)
    uids = frozenset(str(g.uid) for g in own)
    closed = UpgradePhase.objects.filter(campaign=campaign, status=UpgradePhase.Status.CLOSED)
    closed_phases = frozenset(str(uid) for uid in closed.values_list("uid", flat=True))
    document = _document(campaign, _redactor(colours, uids, closed_phases), uids)
    document["contains_secrets"] = False
    document["notice"] = REDACTED_NOTICE
    return document


def members_statement(uid: str, owner: Any, members: list[dict[str, Any]]) -> dict[str, Any]:
    """Who a full backup vouches for: this campaign, its owner, and who its members were."""
    return {"uid": uid, "owner": owner, "members": sorted(str(m.get("user")) for m in members)}


def document_digest(document: dict[str, Any]) -> str:
    """A digest of everything the document holds but its signature: every row and event, the members,
    the campaign's values. Key order and spacing do not count (a backup kept in the database comes back
    with its keys reordered); any other change does."""
    body = {key: value for key, value in document.items() if key != "attestation"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _statement(document: dict[str, Any]) -> dict[str, Any]:
    campaign = document["campaign"]
    statement = members_statement(campaign.get("uid"), campaign.get("owner"), document["members"])
    return {**statement, "digest": document_digest(document)}


def attested_members(document: dict[str, Any]) -> dict[str, Any] | None:
    """The signed statement of a full backup made here and not changed since, or None (changed anywhere,
    made elsewhere, or signed the older way over its member list alone)."""
    try:
        statement = signing.Signer(salt=ATTESTATION_SALT).unsign_object(
            str(document.get("attestation") or "")
        )
    except signing.BadSignature:
        return None
    return statement if statement == _statement(document) else None


def _redactor(colours: frozenset[str], guild_uids: frozenset[str], closed_phases: frozenset[str]) -> Redact:
    def hide_hands(state: Any) -> Any:
        if not isinstance(state, dict):
            return state
        hidden = dict(state)
        for part in ("hands", "drafted"):
            if isinstance(state.get(part), dict):
                hidden[part] = {c: (v if c in colours else None) for c, v in state[part].items()}
        return hidden

    def redact(model: str, row: dict[str, Any]) -> dict[str, Any]:
        if model == "campaigns.upgradephase":
            return {**row, "seed": None, "draft": hide_hands(row.get("draft"))}
        if model == "campaigns.herodraftrecord":
            return {**row, "seed": None, "state": hide_hands(row.get("state"))}
        # The review shows every guild's drafted cards once the phase has closed; until then (and for a
        # phase restarted since) they are the guild's own.
        hidden = row.get("guild") not in guild_uids and row.get("phase") not in closed_phases
        if model == "campaigns.upgradeguild" and hidden:
            return {**row, "drafted": None}
        return row

    return redact
