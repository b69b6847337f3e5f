"""The upgrade phase after each scenario and the hero draft at the start: state the server keeps hidden."""

from __future__ import annotations

import uuid

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F

from rules_helpers import box

from . import limits
from .campaign import Campaign, Guild, ScenarioPlay


class UpgradePhase(models.Model):
    """Between scenarios: Death Curse draws, the 6-card draft, purchases, redistribution."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        CLOSED = "closed", "Closed"

    class DraftMode(models.TextChoices):
        APP = "app", "Drafted in the app"
        MANUAL = "manual", "Dealt at the table and entered by hand"

    uid = models.UUIDField(default=uuid.uuid4, editable=False)
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="upgrade_phases")
    play = models.OneToOneField(ScenarioPlay, on_delete=models.CASCADE, related_name="upgrade_phase")
    level = models.PositiveSmallIntegerField(
        help_text="The upgrade deck level: the number of the scenario played.",
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_SCENARIO_NUMBER)],
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    seed = models.BigIntegerField(help_text="Seeds the curse draws and the deal, so they can be replayed.")
    curse_draws = models.JSONField(default=list, blank=True)
    draft_mode = models.CharField(max_length=8, choices=DraftMode.choices, default=DraftMode.APP)
    # rules_helpers.drafts.UpgradeDraft.to_dict(); hidden from everyone but each hand's holder.
    draft = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["campaign", "level"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(level__gte=1, level__lte=limits.MAX_SCENARIO_NUMBER),
                name="upgrade_phase_level_in_range",
            )
        ]

    def __str__(self) -> str:
        return f"Upgrade phase {self.level} of {self.campaign}"


class UpgradeGuild(models.Model):
    """One guild's part of an upgrade phase: its coins, the 6 cards it drafted, what it bought."""

    uid = models.UUIDField(default=uuid.uuid4, editable=False)
    phase = models.ForeignKey(UpgradePhase, on_delete=models.CASCADE, related_name="guilds")
    guild = models.ForeignKey(Guild, on_delete=models.CASCADE, related_name="+")
    coins = models.PositiveSmallIntegerField(
        help_text="Coins earned in the scenario plus the saved coin.",
        validators=[MaxValueValidator(limits.MAX_COINS + box.MAX_SAVED_COINS)],
    )
    drafted = models.JSONField(default=list, blank=True)
    bought = models.JSONField(default=list, blank=True)
    spent = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(limits.MAX_COINS + box.MAX_SAVED_COINS)]
    )
    purchased = models.BooleanField(default=False)
    confirmed = models.BooleanField(default=False)

    class Meta:
        ordering = ["phase", "guild__seat"]
        constraints = [
            models.UniqueConstraint(fields=["phase", "guild"], name="upgrade_guild_unique"),
            models.CheckConstraint(
                condition=models.Q(coins__lte=limits.MAX_COINS + box.MAX_SAVED_COINS, spent__lte=F("coins")),
                name="upgrade_guild_coins_bounded",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.guild} in {self.phase}"


class HeroDraftRecord(models.Model):
    """The hero draft at campaign start: one hero kept per round, pass left, three rounds."""

    uid = models.UUIDField(default=uuid.uuid4, editable=False)
    campaign = models.OneToOneField(Campaign, on_delete=models.CASCADE, related_name="hero_draft")
    seed = models.BigIntegerField()
    # rules_helpers.drafts.HeroDraft.to_dict(), players are guild colours in seating order.
    state = models.JSONField()
    done = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"Hero draft of {self.campaign}"
