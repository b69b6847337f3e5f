"""What every campaign service shares: refusing stale writes and naming what was wrong."""

from __future__ import annotations

from typing import Any, NoReturn

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import F

from campaigns.models import Campaign, Guild
from campaigns.selectors import Access
from companion.api import ConflictError


def refuse(field: str, message: str) -> NoReturn:
    raise ValidationError({field: [message]})


def require_owner(access: Access) -> None:
    if not access.is_owner:
        raise PermissionDenied("Only the campaign's owner may do this.")


def require_member(access: Access) -> None:
    if not access.is_member:
        raise PermissionDenied("Spectators cannot change the campaign.")


def require_guild_editor(access: Access, guild: Guild) -> None:
    require_member(access)
    if not access.may_edit_guild(guild):
        raise PermissionDenied(f"Only {guild.colour.name}'s player or the owner may change that guild.")


def claim_campaign_revision(campaign: Campaign, revision: Any) -> None:
    """Move the campaign to its next revision, or refuse if the write was based on an older one.

    The conditional UPDATE locks the row until the transaction ends, so of two writes based on the same
    revision exactly one wins and the other sees zero rows.
    """
    expected = _revision(revision)
    updated = Campaign.objects.filter(pk=campaign.pk, revision=expected).update(revision=F("revision") + 1)
    if not updated:
        current = Campaign.objects.values_list("revision", flat=True).get(pk=campaign.pk)
        raise ConflictError(
            f"The campaign changed since revision {expected} (now {current}); reload and try again.",
            campaign_id=campaign.pk,
        )
    campaign.revision = expected + 1


def claim_guild_revision(guild: Guild, revision: Any) -> None:
    expected = _revision(revision)
    updated = Guild.objects.filter(pk=guild.pk, revision=expected).update(revision=F("revision") + 1)
    if not updated:
        current = Guild.objects.values_list("revision", flat=True).get(pk=guild.pk)
        raise ConflictError(
            f"{guild.colour.name} changed since revision {expected} (now {current}); reload and try again.",
            campaign_id=guild.campaign_id,
        )
    guild.revision = expected + 1


def _revision(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        refuse("revision", "Send the revision your change is based on (a positive whole number).")
    return value
