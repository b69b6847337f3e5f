"""Revision claims: a write names the revision it is based on, and a stale one is refused with 409.

One lock order for every write (F6): the campaign row first, then guild rows, then the rest. Every write
ends by moving the campaign's history counter, so a guild write that locked its guild first and the
campaign last could deadlock with a campaign write that locks the other way round (PostgreSQL answers one
of them with an error). Claiming a guild's revision therefore locks the campaign row before the guild row.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F
from django.utils.translation import gettext as _

from campaigns.errors import ConflictError, refuse
from campaigns.models import Campaign, Guild
from rules_helpers.counts import is_whole_number


def claim_campaign_revision(campaign: Campaign, revision: Any) -> None:
    """Move the campaign to its next revision, or refuse if the write was based on an older one."""
    _claim(campaign, revision, label=_("The campaign"), campaign_id=campaign.pk)


def claim_guild_revision(guild: Guild, revision: Any) -> None:
    """Move one guild to its next revision; other guilds' writes never conflict with it (they wait for the
    campaign row's lock, taken first so every write locks in the same order)."""
    _lock_campaign(guild.campaign_id)
    _claim(guild, revision, label=guild.colour.name, campaign_id=guild.campaign_id)


def _lock_campaign(campaign_id: int) -> None:
    """Take the campaign row's lock (until the transaction ends) before touching any of its other rows."""
    Campaign.objects.select_for_update().filter(pk=campaign_id).values_list("pk", flat=True).first()


def _claim(row: Campaign | Guild, revision: Any, *, label: str, campaign_id: int) -> None:
    # The conditional UPDATE locks the row until the transaction ends, so of two writes based on the same
    # revision exactly one wins and the other sees zero rows.
    expected = _revision(revision)
    rows = type(row).objects.filter(pk=row.pk)
    if not rows.filter(revision=expected).update(revision=F("revision") + 1):
        current = rows.values_list("revision", flat=True).get()
        raise ConflictError(
            _("%(label)s changed since revision %(expected)s (now %(current)s); reload and try again.")
            % {"label": label, "expected": expected, "current": current},
            campaign_id=campaign_id,
        )
    row.revision = expected + 1


def _revision(value: Any) -> int:
    if not is_whole_number(value, low=1):
        refuse("revision", _("Send the revision your change is based on (a positive whole number)."))
    return value
