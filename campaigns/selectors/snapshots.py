"""Campaign rows as JSON snapshots that mean the same in any installation: no database ids, campaign rows by
uid, content by natural key, people by username. The history and the backups are made of them."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ObjectDoesNotExist
from django.db import models
from django.utils.translation import gettext as _

from campaigns.errors import refuse
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
    PlayResult,
    ScenarioPlay,
    UpgradeCard,
    UpgradeGuild,
    UpgradePhase,
)
from campaigns.selectors.overrides import campaign_card_by_key

# Counters that move with every write; they are not part of what an event changes.
# The share token is a secret for spectators: it never goes into history or exports.
UNTRACKED_FIELDS = frozenset({"id", "uid", "revision", "history_seq", "share_token"})


# How each tracked row reaches its campaign: rows are found by their uid within one campaign.
CAMPAIGN_PATHS: dict[type[models.Model], str] = {
    Campaign: "pk",
    Guild: "campaign",
    GuildHero: "campaign",
    InventoryCard: "guild__campaign",
    HeroCurse: "guild__campaign",
    ScenarioPlay: "campaign",
    PlayResult: "play__campaign",
    HeroResult: "result__play__campaign",
    UpgradePhase: "campaign",
    UpgradeGuild: "phase__campaign",
    HeroDraftRecord: "campaign",
    ContentOverride: "campaign",
}


TRACKED = {model._meta.label_lower: model for model in CAMPAIGN_PATHS}


def _encode(obj: models.Model, field: models.Field) -> Any:
    """A column as JSON that means the same thing in any installation (no database ids)."""
    if field.is_relation:
        target = getattr(obj, field.name)
        if target is None:
            return None
        if type(target) in CAMPAIGN_PATHS:
            return str(target.uid)
        if isinstance(target, get_user_model()):
            return target.get_username()
        return list(target.natural_key())
    if isinstance(field, models.DateTimeField | models.DateField | models.UUIDField):
        return field.value_to_string(obj) or None
    return field.value_from_object(obj)


def snapshot(obj: models.Model) -> dict[str, Any]:
    return {f.name: _encode(obj, f) for f in obj._meta.concrete_fields if f.name not in UNTRACKED_FIELDS}


def find_row(model: type[models.Model], campaign: Campaign, uid: Any) -> models.Model | None:
    if model is Campaign:
        return campaign
    return model.objects.filter(uid=uid, **{CAMPAIGN_PATHS[model]: campaign}).first()


def _decode(model: type[models.Model], campaign: Campaign, name: str, value: Any) -> tuple[str, Any]:
    field = model._meta.get_field(name)
    if not field.is_relation or value is None:
        if isinstance(field, models.DateTimeField | models.DateField) and value is not None:
            return name, field.to_python(value)
        return name, value
    target = field.related_model
    if target in CAMPAIGN_PATHS:
        return name, find_row(target, campaign, value)
    if target is get_user_model():
        # A name in stored history points only at a member of this campaign, never at someone else (F3).
        return name, target.objects.filter(username=value, memberships__campaign=campaign).first()
    if target is UpgradeCard:
        # The edition's card or this campaign's own, never another campaign's (G2).
        record = campaign_card_by_key(campaign, value)
    else:
        try:
            record = target._default_manager.get_by_natural_key(*value)
        except (ObjectDoesNotExist, TypeError, ValueError):
            record = None
    if record is None:
        refuse(
            "seq",
            _("%(record)s is no longer in this campaign's content; this change cannot be put back.")
            % {"record": "/".join(map(str, value)) if isinstance(value, list) else repr(value)},
        )
    return name, record


def restore_values(model: type[models.Model], campaign: Campaign, data: dict[str, Any]) -> dict[str, Any]:
    """A stored snapshot as model values; only the columns a snapshot holds, never ids or tokens (F1)."""
    allowed = {f.name for f in model._meta.concrete_fields} - UNTRACKED_FIELDS
    return dict(_decode(model, campaign, name, value) for name, value in data.items() if name in allowed)


def _current(campaign: Campaign, change: dict[str, Any]) -> dict[str, Any] | None:
    obj = find_row(TRACKED[change["model"]], campaign, change["uid"])
    return None if obj is None else snapshot(obj)


def effects_in_place(event: Event) -> bool:
    """True while every row the event touched is still as the event left it."""
    final = {(c["model"], c["uid"]): c for c in event.changes}
    return all(_current(event.campaign, change) == change["after"] for change in final.values())
