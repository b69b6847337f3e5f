"""Automatic backups: the owner's full export of a campaign, kept after each milestone so nothing is lost."""

from __future__ import annotations

from django.conf import settings
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


class CampaignImport(models.Model):
    """A large import (a campaign export, or a content pack into a campaign), loaded by a worker so the
    request does not wait; the importer polls its status."""

    class Kind(models.TextChoices):
        CAMPAIGN = "campaign", "A campaign export"
        CONTENT_PACK = "content-pack", "A content pack into a campaign"

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for a worker"
        RUNNING = "running", "Loading"
        DONE = "done", "Imported"
        FAILED = "failed", "Refused"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.CAMPAIGN)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    # The document waits here for the worker and is dropped once loaded or refused.
    document = models.JSONField(null=True, blank=True)
    # A campaign export: the new campaign, once done. A content pack: the campaign it goes into.
    campaign = models.ForeignKey(Campaign, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # A refused document: the field messages a direct import would have answered with.
    errors = models.JSONField(default=dict, blank=True)
    # What a done import made (a content pack: {"records": n}).
    result = models.JSONField(default=dict, blank=True)
    # The importer's language: the worker words the refusals in it.
    language = models.CharField(max_length=10, default="en")
    created_at = models.DateTimeField(auto_now_add=True)
    # When the job was last sent to the workers, and when a worker last took it: a job waiting or loading
    # for longer than it could is sent again (`services.imports.imports_requeue_stuck`).
    queued_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Import {self.pk} by {self.owner} ({self.status})"
