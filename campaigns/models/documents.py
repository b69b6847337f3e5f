"""Printable Campaign Sheets: one stored PDF per campaign revision, paper size and kind."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .campaign import Campaign
from .catalog import Edition


class SheetDocument(models.Model):
    class Kind(models.TextChoices):
        SHEET = "sheet", "Campaign Sheet (front, back and finale)"
        BLANK = "blank", "Blank Campaign Sheet"

    class Paper(models.TextChoices):
        A4 = "a4", "A4"
        LETTER = "letter", _("US Letter")

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    campaign = models.ForeignKey(
        Campaign, null=True, blank=True, on_delete=models.CASCADE, related_name="documents"
    )
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.SHEET)
    paper = models.CharField(max_length=8, choices=Paper.choices, default=Paper.A4)
    # The language the labels are printed in (a code from settings.LANGUAGES): one document per language.
    language = models.CharField(max_length=10, default="en")
    # The campaign's history_seq the sheet shows; for blank sheets, the print layout's version.

    revision = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    file = models.FileField(upload_to="sheets/", blank=True)
    error = models.TextField(blank=True)
    renders = models.PositiveSmallIntegerField(default=0, help_text="How many times a worker rendered it.")
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(
        null=True, blank=True, help_text="When the render was last put on the queue."
    )
    started_at = models.DateTimeField(
        null=True, blank=True, help_text="When a worker last began rendering it."
    )

    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        # One document per campaign revision, paper and language; blank sheets (no campaign) once per
        # edition, paper and language.
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "kind", "paper", "language", "revision"],
                condition=models.Q(campaign__isnull=False),
                name="sheet_document_unique_revision",
            ),
            models.UniqueConstraint(
                fields=["edition", "kind", "paper", "language", "revision"],
                condition=models.Q(campaign__isnull=True),
                name="blank_document_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} r{self.revision} ({self.paper}, {self.language}, {self.status})"
