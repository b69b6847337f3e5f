"""The game's cards and tokens: Upgrade cards, Death Curses, dice, Spawn pairs, exploration tokens."""

from __future__ import annotations

from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from .catalog import Edition, EditionScoped, EditionScopedManager, MonsterLevelCard, NameOrigin, _unique_slug


class UpgradeCardManager(EditionScopedManager):
    def get_by_natural_key(self, edition: str, slug: str) -> models.Model:
        """The edition's card: a campaign's own card is found only inside that campaign
        (`campaigns.selectors.overrides.campaign_card_by_key`)."""
        return self.get(edition__slug=edition, slug=slug, campaign=None)


class UpgradeCard(EditionScoped, NameOrigin):
    """An Upgrade card kind; `copies` is how many its deck holds (a starter card: how many a Guild gets)."""

    COMPLETENESS_FIELDS = ("code", "copies", "cost", "card_type")

    class Deck(models.TextChoices):
        STARTER = "starter", _("Starter")
        LEVEL_1 = "level-1", _("Level 1")
        LEVEL_2 = "level-2", _("Level 2")
        LEVEL_3 = "level-3", _("Level 3")
        LEVEL_4 = "level-4", _("Level 4")
        LEVEL_5 = "level-5", _("Level 5")
        REWARD = "reward", _("Reward")

    class CardType(models.TextChoices):
        ATTACK = "attack", _("Attack")
        BOOST = "boost", _("Boost")
        PERMANENT = "permanent", _("Permanent")

    class Group(models.TextChoices):
        SWORD = "sword", "Sword"
        LANCE = "lance", "Lance"
        BOW = "bow", "Bow"
        MAGIC = "magic", "Magic"
        AXE = "axe", "Axe"
        EXOTIC = "exotic", "Exotic"
        THROWN = "thrown", "Thrown"
        HAMMER = "hammer", "Hammer"
        SHIELD = "shield", "Shield"
        ARMOR = "armor", "Armor"
        GEAR = "gear", "Gear"
        BLING = "bling", "Bling"
        ABILITY = "ability", "Ability"

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="upgrade_cards")
    code = models.CharField(max_length=20, blank=True, help_text="The code printed on the card, when known.")
    local_name = models.CharField(
        max_length=120, blank=True, help_text="Name in the edition it was read from."
    )
    deck = models.CharField(max_length=10, choices=Deck.choices)
    copies = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Copies in the deck; for a starter card, copies each Guild gets."
    )
    cost = models.PositiveSmallIntegerField(null=True, blank=True)
    card_type = models.CharField(max_length=10, choices=CardType.choices, blank=True)
    group = models.CharField(max_length=10, choices=Group.choices, blank=True)
    attack_kind = models.CharField(max_length=8, choices=MonsterLevelCard.AttackKind.choices, blank=True)
    dice = models.PositiveSmallIntegerField(null=True, blank=True)
    extra_defense = models.PositiveSmallIntegerField(null=True, blank=True)
    extra_life = models.PositiveSmallIntegerField(null=True, blank=True)
    rerolls = models.PositiveSmallIntegerField(null=True, blank=True)
    effect = models.TextField(blank=True, help_text="A short paraphrase, never the card's own sentence.")
    notes = models.TextField(blank=True, help_text="Doubts about the source, and which field is weak.")
    # A card one campaign typed in at the table (missing from the deck): a row of that campaign, kept as its
    # upgrade-card override says (`services.own_cards`). Only that campaign deals, lists, buys or writes
    # it; every read of the edition's content leaves it out (`campaign=None`). Its slug is unique within
    # the campaign, never across campaigns, so no other campaign can name it.
    campaign = models.ForeignKey(
        "Campaign", null=True, blank=True, on_delete=models.CASCADE, related_name="own_cards"
    )

    objects = UpgradeCardManager()

    class Meta(EditionScoped.Meta):
        ordering = ["edition", "deck", "code", "slug"]
        constraints = [
            models.UniqueConstraint(
                fields=["edition", "slug"],
                condition=models.Q(campaign__isnull=True),
                name="upgrade_card_unique_slug",
            ),
            models.UniqueConstraint(
                fields=["campaign", "slug"],
                condition=models.Q(campaign__isnull=False),
                name="upgrade_card_unique_own_slug",
            ),
        ]

    @classmethod
    def missing_q(cls) -> models.Q:
        # Only the level decks are bought: starter cards are given and Reward cards are won, so neither
        # has a cost to miss.
        return (
            models.Q(code="")
            | models.Q(copies=None)
            | models.Q(card_type="")
            | (models.Q(cost=None) & models.Q(deck__startswith="level-"))
        )

    @property
    def missing_fields(self) -> list[str]:
        missing = super().missing_fields
        return [f for f in missing if not (f == "cost" and self.level is None)]

    @property
    def level(self) -> int | None:
        return int(self.deck.removeprefix("level-")) if self.deck.startswith("level-") else None


class DeathCurse(EditionScoped, NameOrigin):
    COMPLETENESS_FIELDS = ("copies", "takes_slot")
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="death_curses")
    code = models.CharField(max_length=20)
    local_name = models.CharField(max_length=120, blank=True)
    value = models.PositiveSmallIntegerField(validators=[MinValueValidator(0)])
    takes_slot = models.BooleanField(
        null=True, blank=True, help_text="Occupies an inventory slot; empty when not known."
    )
    copies = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Copies in the deck.")
    effect = models.TextField(blank=True, help_text="A short paraphrase, never the card's own sentence.")
    notes = models.TextField(blank=True, help_text="Doubts about the source, and which field is weak.")

    class Meta(EditionScoped.Meta):
        ordering = ["edition", "value", "code"]
        constraints = _unique_slug("death_curse")

    @property
    def deck_copies(self) -> int:
        """Copies to shuffle into a curse deck: one when the count has not been entered yet."""
        return 1 if self.copies is None else self.copies


class Die(EditionScoped, NameOrigin):
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="dice")
    name_pt = models.CharField(
        max_length=120, blank=True, help_text="Brazilian Portuguese name, where known."
    )
    colour = models.CharField(max_length=20, blank=True)
    in_box = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="How many of this die the box has."
    )
    faces = models.JSONField(default=list, help_text='The six faces, e.g. ["melee", "melee", ...].')

    class Meta(EditionScoped.Meta):
        verbose_name_plural = "dice"
        constraints = _unique_slug("die")


class SpawnPair(EditionScoped):
    """An unordered pair of Attack die faces a Spawn roll can show, and what that roll does.

    Five of the six pairs are printed on the box's five Spawn tokens (`has_token`); the sixth sends the
    figure back to the box. `rules_helpers.spawn.SpawnToken(pair.symbols)` is a token on the board.
    """

    COMPLETENESS_FIELDS = ("has_token",)

    class Face(models.TextChoices):
        MELEE = "melee", "Melee"
        RANGED = "ranged", "Ranged"
        CRIT = "crit", "CRIT"

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="spawn_pairs")
    face_1 = models.CharField(max_length=8, choices=Face.choices)
    face_2 = models.CharField(max_length=8, choices=Face.choices)
    has_token = models.BooleanField(
        null=True, blank=True, help_text="A Spawn token shows this pair; empty when not known."
    )
    on_roll = models.TextField(blank=True, help_text="What a Spawn roll showing this pair does.")
    notes = models.TextField(blank=True, help_text="Doubts about the source, and which field is weak.")

    class Meta(EditionScoped.Meta):
        constraints = _unique_slug("spawn_pair")

    @property
    def symbols(self) -> tuple[str, str]:
        return (self.face_1, self.face_2)


class ExplorationTokenKind(EditionScoped):
    COMPLETENESS_FIELDS = ("count",)
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="exploration_tokens")
    effect = models.TextField(blank=True)
    count = models.PositiveSmallIntegerField(null=True, blank=True)
    values = models.JSONField(default=list, blank=True, help_text="Printed coin values (Treasure Chests).")

    class Meta(EditionScoped.Meta):
        constraints = _unique_slug("exploration_token")


# The order a content pack lists and loads its records in: every reference points backwards.
