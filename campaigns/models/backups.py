"""Automatic backups: the owner's full export of a campaign, kept after each milestone so nothing is lost."""

from __future__ import annotations

from django.db import models

from .campaign import Campaign


class CampaignBackup(models.Model):
    """A full export (hidden hands included, so it is the owner's alone) taken after a milestone."""

    class Reason(models.TextChoices):
        SCENARIO = "scenario-recorded", "After a scenario was recorded"
        UPGRADE = "upgrade-closed", "After an upgrade phase closed"
        RESTORE = "before-restore", "Before a restore"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="backups")
    reason = models.CharField(max_length=20, choices=Reason.choices)
    # The campaign's history_seq when it was taken, and its last change, to tell backups apart.
    history_seq = models.PositiveIntegerField()
    summary = models.CharField(max_length=300, blank=True)
    document = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"Backup of {self.campaign} at #{self.history_seq} ({self.reason})"
