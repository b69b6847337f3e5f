"""A whole campaign, with its history, as one JSON document (the backup that `services.transfer` imports)."""

from __future__ import annotations

from typing import Any

from campaigns.models import (
    Campaign,
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


VERSION = 1


# Load order: every row refers only to rows listed before it.
ROW_MODELS = (
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


def _rows(model: type, campaign: Campaign) -> list[dict[str, Any]]:
    queryset = model.objects.filter(**{CAMPAIGN_PATHS[model]: campaign}).order_by("pk")
    return [{"uid": str(obj.uid), **snapshot(obj)} for obj in queryset]


def _event(event: Event) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "kind": event.kind,
        "summary": event.summary,
        "actor": event.actor.get_username() if event.actor_id else None,
        "guild": str(event.guild.uid) if event.guild_id else None,
        "data": event.data,
        "changes": event.changes,
        "undoes": event.undoes.seq if event.undoes_id else None,
        "created_at": event.created_at.isoformat(),
    }


def campaign_export(*, campaign: Campaign) -> dict[str, Any]:
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
        "rows": {model._meta.model_name: _rows(model, campaign) for model in ROW_MODELS},
        "events": [_event(e) for e in events],
    }
