"""A campaign completes its own content: members enter, correct and verify records, import a group's pack.

Each write is one undoable event in the campaign's history, naming who entered it; the entry is an
override of the campaign alone (`ContentOverride`), laid over the edition's content by the selectors.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns.access import Access, require_member
from campaigns.errors import refuse, rule_of
from campaigns.history_text import part, term
from campaigns.models import MAX_CONTENT_OVERRIDES, Campaign, ContentOverride, OverrideKind
from campaigns.selectors.overrides import check_target, clean_override_fields, clean_pack_records
from campaigns.selectors.spawn_pairs import played_spawn_pairs
from campaigns.services.history import Changes, event_record
from campaigns.services.own_cards import own_card_keep
from rules_helpers.spawn import check_pairs_on_tokens


def _lock(campaign: Campaign) -> None:
    """The campaign row first, as every write does (one lock order, F6)."""
    Campaign.objects.select_for_update().filter(pk=campaign.pk).values_list("pk", flat=True).first()


def _who(actor: Any) -> Any:
    return actor.get_username() if getattr(actor, "is_authenticated", False) else part("someone")


def _shown(value: Any) -> Any:
    """A value as the history line says it: a die's faces as one word each ("melee/melee/crit/…")."""
    return "/".join(map(str, value)) if isinstance(value, list) else value


def _check_spawn_tokens(campaign: Campaign, field: str) -> None:
    """The Spawn pairs as the campaign now plays them put at most as many pairs on a token as the box has
    tokens (RB p5); the write is refused beside `field` otherwise, and nothing of it is kept."""
    on_tokens = sum(bool(pair["has_token"]) for pair in played_spawn_pairs(campaign))
    with rule_of(field):
        check_pairs_on_tokens(on_tokens)


def _check_room(campaign: Campaign, new: int) -> None:
    """A campaign keeps at most MAX_CONTENT_OVERRIDES entries, as many as its backup restores (G5)."""
    if ContentOverride.objects.filter(campaign=campaign).count() + new > MAX_CONTENT_OVERRIDES:
        refuse(
            "records",
            _("A campaign keeps at most %(count)s content entries; this would make more.")
            % {"count": MAX_CONTENT_OVERRIDES},
        )


def override_put(
    changes: Changes,
    campaign: Campaign,
    actor: Any,
    *,
    kind: str,
    target: str,
    fields: dict[str, Any],
    counted: bool = False,
) -> ContentOverride:
    """Enter `fields` (already clean) over the record; a correction clears an earlier verification.
    `counted`: the caller has checked the campaign has room for a new entry."""
    existing = ContentOverride.objects.filter(campaign=campaign, kind=kind, target=target).first()
    if existing is None and not counted:
        _check_room(campaign, 1)
    merged = {**(existing.fields if existing else {}), **fields}
    check_target(campaign.edition, kind, target, merged)
    user = actor if getattr(actor, "is_authenticated", False) else None
    values = {"fields": merged, "entered_by": user, "entered_at": timezone.now()}
    if existing is None:
        override = changes.create(ContentOverride, campaign=campaign, kind=kind, target=target, **values)
    else:
        override = changes.update(existing, **values, verified_by=None, verified_at=None)
    if kind == OverrideKind.UPGRADE_CARD and "deck" in merged:
        # A card missing from the deck: a card row of this campaign alone (inventories point at cards).
        own_card_keep(campaign, target, merged)
    return override


@transaction.atomic
def content_override_set(
    *, access: Access, actor: Any, kind: Any, target: Any, fields: Any, revision: Any = None
) -> ContentOverride:
    """A member enters or corrects a record of the campaign's content (its own; other campaigns keep
    the edition's)."""
    require_member(access)
    campaign = access.campaign
    _lock(campaign)
    clean = clean_override_fields(kind, fields)
    if not clean:
        refuse("fields", _("Enter at least one field."))
    changes = Changes()
    override = override_put(changes, campaign, actor, kind=kind, target=target, fields=clean)
    if kind == OverrideKind.SPAWN_PAIR:
        _check_spawn_tokens(campaign, "has_token")
    shown = ", ".join(f"{name} {_shown(value)}" for name, value in clean.items())[:200]
    event_record(
        campaign=campaign,
        actor=actor,
        kind="content-entered",
        changes=changes,
        data={"kind": kind, "target": target},
        message="content-entered",
        params={"who": _who(actor), "what": term(kind), "target": target, "shown": shown},
    )
    return override


@transaction.atomic
def content_override_verify(
    *, access: Access, actor: Any, kind: Any, target: Any, revision: Any = None
) -> ContentOverride:
    """A member checked the record against the box: it is marked verified by them, today."""
    require_member(access)
    campaign = access.campaign
    _lock(campaign)
    if kind not in OverrideKind.values:
        refuse(
            "kind",
            _("Not a kind of content: choose one of %(values)s.")
            % {"values": ", ".join(OverrideKind.values)},
        )
    changes = Changes()
    override = ContentOverride.objects.filter(campaign=campaign, kind=kind, target=target).first()
    if override is None:
        # The edition's record as it stands, checked against the box.
        override = override_put(changes, campaign, actor, kind=kind, target=target, fields={})
    changes.update(override, verified_by=actor, verified_at=timezone.localdate())
    event_record(
        campaign=campaign,
        actor=actor,
        kind="content-verified",
        changes=changes,
        data={"kind": kind, "target": target},
        message="content-verified",
        params={"who": _who(actor), "what": term(kind), "target": target},
    )
    return override


@transaction.atomic
def content_pack_import(*, access: Access, actor: Any, document: Any, revision: Any = None) -> int:
    """Another group's pack into this campaign's own content: all of it, or nothing."""
    require_member(access)
    campaign = access.campaign
    _lock(campaign)
    records = clean_pack_records(document, campaign.edition)
    entered = set(ContentOverride.objects.filter(campaign=campaign).values_list("kind", "target").order_by())
    _check_room(campaign, sum((r["kind"], r["target"]) not in entered for r in records))
    changes = Changes()
    for record in records:
        override = override_put(
            changes,
            campaign,
            actor,
            kind=record["kind"],
            target=record["target"],
            fields=record["fields"],
            counted=True,
        )
        if record["verified_on"] is not None:
            changes.update(override, verified_by=None, verified_at=record["verified_on"])
    if any(record["kind"] == OverrideKind.SPAWN_PAIR for record in records):
        # Checked once every record is in: a pack may move a token from one pair to another.
        _check_spawn_tokens(campaign, "records")
    event_record(
        campaign=campaign,
        actor=actor,
        kind="content-imported",
        changes=changes,
        data={"records": len(records)},
        message="content-imported",
        params={"who": _who(actor), "count": len(records)},
    )
    return len(records)
