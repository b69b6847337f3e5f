"""What a player chose for themselves, kept on their account so it follows them to any device."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Preferences(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    # A code from settings.LANGUAGES; empty until the player picks one (the browser's language applies).
    language = models.CharField(max_length=10, blank=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"{self.user}: {self.language or 'browser language'}"


class SpawnSetup(models.Model):
    """A group's Spawn tile and Spawn tokens for one scenario of their campaign, remembered so the next spawn
    in that scenario is a tap away (the table-side spawn helper fills its form from it)."""

    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE, related_name="spawn_setups")
    # The scenario's slug; empty when the campaign has no scenario chosen or being played.
    scenario = models.CharField(max_length=80, blank=True)
    # The figures in the tile's slots, in slot order, and each Spawn token on the board as its two symbols.
    figures = models.JSONField(default=list, blank=True)
    tokens = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "scenario"], name="one_spawn_setup_per_scenario")
        ]

    def __str__(self) -> str:
        return f"{self.campaign_id}: {self.scenario or 'any scenario'}"
