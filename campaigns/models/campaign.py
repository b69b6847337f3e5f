"""A group's campaign: what the paper Campaign Sheet records, shared by the players of one table."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from rules_helpers import box

from . import limits
from .catalog import Edition, GuildColour, Hero, Scenario
from .catalog_cards import DeathCurse, UpgradeCard


def _share_token() -> str:
    return secrets.token_urlsafe(18)


class Campaign(models.Model):
    uid = models.UUIDField(default=uuid.uuid4, editable=False, help_text="Stable across export and import.")

    class Mode(models.TextChoices):
        CAMPAIGN = "campaign", _("Campaign")
        EPISODIC = "episodic", _("Episodic")

    name = models.CharField(max_length=120)
    edition = models.ForeignKey(Edition, on_delete=models.PROTECT, related_name="campaigns")
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.CAMPAIGN)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_campaigns"
    )
    # Bumped by every campaign-wide write; a write based on an older value is refused (409).
    revision = models.PositiveIntegerField(default=1)
    # Bumped by every write at all (campaign or guild): the sheet's version, e.g. for printing.
    history_seq = models.PositiveIntegerField(default=0)
    next_scenario = models.ForeignKey(
        Scenario, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # The next scenario's Starting Areas ({guild colour: area}) and first player, drawn before it starts
    # (rules_helpers.seating); recording the scenario moves them onto it.
    next_starting_areas = models.JSONField(default=dict, blank=True)
    next_first_player = models.CharField(max_length=20, blank=True)
    savior = models.ForeignKey("Guild", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    finished_at = models.DateTimeField(null=True, blank=True)
    # The read-only share link; the owner renews it (the old link stops working) or turns it off (NULL).
    share_token = models.CharField(max_length=40, unique=True, null=True, blank=True, default=_share_token)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", "Owner"
        PLAYER = "player", "Player"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "user"], name="membership_unique")]

    def __str__(self) -> str:
        return f"{self.user} in {self.campaign} ({self.role})"


class JoinCode(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="join_codes")
    code = models.CharField(max_length=16, unique=True)
    expires_at = models.DateTimeField()
    max_uses = models.PositiveSmallIntegerField(default=3)
    uses = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"join code for {self.campaign}"


class Guild(models.Model):
    uid = models.UUIDField(default=uuid.uuid4, editable=False, help_text="Stable across export and import.")
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="guilds")
    colour = models.ForeignKey(GuildColour, on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField(
        help_text="Seating order around the table, for passing left.",
        validators=[MinValueValidator(1), MaxValueValidator(box.MAX_GUILDS)],
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="guilds"
    )
    player_name = models.CharField(
        max_length=60, blank=True, help_text="Who plays it, e.g. an absent friend."
    )
    saved_coins = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(box.MAX_SAVED_COINS)]
    )
    revision = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["campaign", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "colour"], name="guild_unique_colour"),
            models.UniqueConstraint(fields=["campaign", "seat"], name="guild_unique_seat"),
            models.CheckConstraint(condition=models.Q(saved_coins__lte=1), name="guild_one_saved_coin"),
            models.CheckConstraint(
                condition=models.Q(seat__gte=1, seat__lte=box.MAX_GUILDS), name="guild_seat_in_range"
            ),
        ]

    def __str__(self) -> str:
        return self.colour.name


class GuildHero(models.Model):
    """A hero (or rescued angel) on a guild's roster; `fielded` ones play the next scenario."""

    uid = models.UUIDField(default=uuid.uuid4, editable=False, help_text="Stable across export and import.")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="+")
    guild = models.ForeignKey(Guild, on_delete=models.CASCADE, related_name="heroes")
    hero = models.ForeignKey(Hero, on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_HERO_POSITION)]
    )
    fielded = models.BooleanField(default=True)
    # Kept for old exports; no hero leaves a guild (a hero swapped for an angel stays on the roster, GF:176).
    retired = models.BooleanField(default=False)

    class Meta:
        ordering = ["guild", "position"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "hero"], name="guild_hero_unique_in_campaign"),
            models.CheckConstraint(
                condition=models.Q(position__gte=1, position__lte=limits.MAX_HERO_POSITION),
                name="guild_hero_position_in_range",
            ),
        ]

    def __str__(self) -> str:
        return self.hero.name


class InventoryCard(models.Model):
    """An upgrade card in one of a hero's four inventory slots."""

    uid = models.UUIDField(default=uuid.uuid4, editable=False, help_text="Stable across export and import.")

    guild = models.ForeignKey(Guild, on_delete=models.CASCADE, related_name="cards")
    hero = models.ForeignKey(GuildHero, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey(UpgradeCard, on_delete=models.PROTECT, related_name="+")
    slot = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_SLOT)]
    )

    class Meta:
        ordering = ["hero", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["hero", "slot"], name="inventory_card_unique_slot"),
            models.CheckConstraint(
                condition=models.Q(slot__gte=1, slot__lte=limits.MAX_SLOT),
                name="inventory_card_slot_in_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.card} (slot {self.slot})"


class HeroCurse(models.Model):
    """The one Death Curse a hero keeps; a slot-taking curse sits on a slot and covers the card there."""

    uid = models.UUIDField(default=uuid.uuid4, editable=False, help_text="Stable across export and import.")

    guild = models.ForeignKey(Guild, on_delete=models.CASCADE, related_name="curses")
    hero = models.OneToOneField(GuildHero, on_delete=models.CASCADE, related_name="curse")
    curse = models.ForeignKey(DeathCurse, on_delete=models.PROTECT, related_name="+")
    slot = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_SLOT)]
    )
    # Drawn in the app from a deck that is not the box's full deck (rules_helpers.curses.curse_deck_check).
    from_incomplete_deck = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(slot__isnull=True) | models.Q(slot__gte=1, slot__lte=limits.MAX_SLOT),
                name="hero_curse_slot_in_range",
            )
        ]

    def __str__(self) -> str:
        return str(self.curse)


class ScenarioPlay(models.Model):
    uid = models.UUIDField(default=uuid.uuid4, editable=False, help_text="Stable across export and import.")

    class Status(models.TextChoices):
        IN_PROGRESS = "in-progress", "In progress"
        RECORDED = "recorded", "Recorded"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="plays")
    number = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_SCENARIO_NUMBER)]
    )
    scenario = models.ForeignKey(Scenario, on_delete=models.PROTECT, related_name="+")
    level = models.CharField(max_length=8, help_text="The monster level card label used.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.RECORDED)
    chosen_by = models.ForeignKey(Guild, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # While in progress: quests in the order they were completed, as [quest, guild colour] pairs.
    quest_log = models.JSONField(default=list, blank=True)
    # {guild colour: Starting Area} of this scenario (the seating follows it) and who played first; empty
    # when the table did not record them.
    starting_areas = models.JSONField(default=dict, blank=True)
    first_player = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["campaign", "number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="play_unique_number"),
            # No (campaign, scenario) uniqueness: episodic games replay scenarios (GF:298); a campaign
            # plays each once, which `rules_helpers.progression` enforces.
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=limits.MAX_SCENARIO_NUMBER),
                name="play_number_in_range",
            ),
        ]

    def __str__(self) -> str:
        return f"Scenario {self.number}: {self.scenario}"


class PlayResult(models.Model):
    """One guild's results in one scenario, as the sheet records them."""

    uid = models.UUIDField(default=uuid.uuid4, editable=False, help_text="Stable across export and import.")

    play = models.ForeignKey(ScenarioPlay, on_delete=models.CASCADE, related_name="results")
    guild = models.ForeignKey(Guild, on_delete=models.CASCADE, related_name="results")
    winner = models.BooleanField(default=False)
    coins = models.PositiveSmallIntegerField(
        default=0,
        help_text="Coins earned in the scenario, before spending.",
        validators=[MaxValueValidator(limits.MAX_COINS)],
    )
    treasure = models.PositiveSmallIntegerField(
        default=0,
        help_text="Treasure Chest coins held at the end.",
        validators=[MaxValueValidator(limits.MAX_COINS)],
    )
    won_title = models.BooleanField(default=False)
    won_angel = models.BooleanField(default=False)
    reward_cards = models.JSONField(default=list, blank=True, help_text="Slugs of the reward cards won.")
    quests = models.JSONField(
        default=list, blank=True, help_text="Quest slugs completed; pvp:<colour> for PvP."
    )

    class Meta:
        ordering = ["play", "guild__seat"]
        constraints = [
            models.UniqueConstraint(fields=["play", "guild"], name="play_result_unique_guild"),
            models.CheckConstraint(
                condition=models.Q(coins__lte=limits.MAX_COINS, treasure__lte=limits.MAX_COINS),
                name="play_result_counters_bounded",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.guild} in {self.play}"

    @property
    def won_reward(self) -> bool:
        return self.won_angel or bool(self.reward_cards)


class HeroResult(models.Model):
    uid = models.UUIDField(default=uuid.uuid4, editable=False, help_text="Stable across export and import.")
    result = models.ForeignKey(PlayResult, on_delete=models.CASCADE, related_name="heroes")
    hero = models.ForeignKey(GuildHero, on_delete=models.CASCADE, related_name="+")
    deaths = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(limits.MAX_TOKENS)])
    damnation = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(limits.MAX_TOKENS)])

    class Meta:
        ordering = ["result", "hero__position"]
        constraints = [
            models.UniqueConstraint(fields=["result", "hero"], name="hero_result_unique"),
            models.CheckConstraint(
                condition=models.Q(deaths__lte=limits.MAX_TOKENS, damnation__lte=limits.MAX_TOKENS),
                name="hero_result_counters_bounded",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.hero}: {self.deaths} deaths, {self.damnation} damnation"


class Event(models.Model):
    """One change to a campaign: who, when, what, and the rows before and after (so it can be undone)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=40)
    # The English sentence; an event with a `message` (an id of `campaigns.history_text.SUMMARIES`) and its
    # `params` is said in the reader's language instead, and this text is its fallback and export.
    summary = models.CharField(max_length=300)
    message = models.CharField(max_length=40, blank=True, default="")
    params = models.JSONField(default=dict, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Who made an imported change, as a name only: an import never links history to someone's account.
    actor_name = models.CharField(max_length=150, blank=True)
    guild = models.ForeignKey(Guild, null=True, blank=True, on_delete=models.SET_NULL, related_name="events")
    data = models.JSONField(default=dict, blank=True)
    changes = models.JSONField(default=list, blank=True)
    undoes = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="undone_by"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "seq"]
        constraints = [models.UniqueConstraint(fields=["campaign", "seq"], name="event_unique_seq")]

    def __str__(self) -> str:
        return f"#{self.seq} {self.summary}"
