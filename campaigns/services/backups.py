"""Automatic backups (item 9 of the trust work): after every recorded scenario and every closed upgrade
phase the campaign's full export is kept, the last BACKUPS_KEPT of them; the owner restores one in one step.

The backup is taken by a Celery task once the write has committed, so the write's answer does not wait
for it; without a broker the task runs in-process right after the commit.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns import tasks
from campaigns.access import Access, require_owner
from campaigns.errors import refuse
from campaigns.models import Campaign, CampaignBackup, Event
from campaigns.selectors.transfer import campaign_export
from campaigns.services import transfer
from campaigns.services.history import campaign_state_moved

BACKUPS_KEPT = 10


def campaign_backup_after_commit(*, campaign: Campaign, reason: str) -> None:
    """Ask for a backup of the campaign as it will be once the current write commits."""
    campaign_id = campaign.pk
    transaction.on_commit(lambda: tasks.backup_campaign.delay(campaign_id=campaign_id, reason=reason))


@transaction.atomic
def campaign_backup_create(*, campaign_id: int, reason: str) -> CampaignBackup | None:
    """Store the campaign's full export and drop the oldest beyond BACKUPS_KEPT (None: it is gone)."""
    campaign = Campaign.objects.select_for_update().filter(pk=campaign_id).first()
    if campaign is None:
        return None
    last = Event.objects.filter(campaign=campaign).order_by("-seq").values_list("summary", flat=True).first()
    backup = CampaignBackup.objects.create(
        campaign=campaign,
        reason=reason,
        history_seq=campaign.history_seq,
        summary=(last or "")[:300],
        document=campaign_export(campaign=campaign),
    )
    stale = CampaignBackup.objects.filter(campaign=campaign).order_by("-created_at", "-pk")[BACKUPS_KEPT:]
    CampaignBackup.objects.filter(pk__in=list(stale.values_list("pk", flat=True))).delete()
    # The owner's page lists the backups, and a backup records no event.
    campaign_state_moved(campaign.pk)
    return backup


@transaction.atomic
def campaign_backup_restore(*, access: Access, actor: Any, revision: Any, backup: Any) -> Campaign:
    """The owner puts the campaign back as a backup has it; the state before is kept as a backup too."""
    require_owner(access)
    record = CampaignBackup.objects.filter(campaign=access.campaign, pk=backup).first()
    if record is None:
        refuse("backup", _("This campaign has no such backup."))
    campaign_backup_create(campaign_id=access.campaign.pk, reason=CampaignBackup.Reason.RESTORE)
    return transfer.campaign_restore(access=access, actor=actor, revision=revision, document=record.document)
