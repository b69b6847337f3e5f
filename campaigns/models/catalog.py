"""The game's content: editions, circles, scenarios, heroes, monsters, cards.

Content is data, not code. Every record says where it came from (`source`), how far that source can be
trusted (`confidence`) and whether it is confirmed by an official English one (`verified`). Numbers that no
source gives stay empty (NULL), never guessed: the content report lists them so a group that owns the box
can fill them in.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from rules_helpers import box


class Confidence(models.TextChoices):
    """How far a record's source can be trusted (fixtures/content-data/README.md, "Conventions")."""

    HIGH = "high", "High"
    MEDIUM = "medium", "Medium"
    LOW = "low", "Low"


class Content(models.Model):
    # Fields a table needs at play; an empty one is "missing data" for the content report and the admin.
    COMPLETENESS_FIELDS: tuple[str, ...] = ()

    source = models.CharField(max_length=200, blank=True, help_text="Where this fact comes from.")
    verified = models.BooleanField(default=False, help_text="Confirmed by an official English source.")
    confidence = models.CharField(
        max_length=6,
        choices=Confidence.choices,
        blank=True,
        help_text=(
            "While unverified: high = an official example or a second source agrees; medium = one careful "
            "fan source; low = a suspected error. Empty: not rated."
        ),
    )

    class Meta:
        abstract = True

    @classmethod
    def missing_q(cls) -> models.Q:
        """Matches the records with at least one completeness field empty."""
        query = models.Q(pk__in=[])
        for name in cls.COMPLETENESS_FIELDS:
            field = cls._meta.get_field(name)
            query |= models.Q(**{f"{name}__isnull": True}) if field.null else models.Q(**{name: ""})
        return query

    @property
    def missing_fields(self) -> list[str]:
        return [name for name in self.COMPLETENESS_FIELDS if getattr(self, name) in (None, "")]


class EditionManager(models.Manager["Edition"]):
    def get_by_natural_key(self, slug: str) -> Edition:
        return self.get(slug=slug)


class Edition(Content):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    scenarios_per_campaign = models.PositiveSmallIntegerField(default=box.CAMPAIGN_SCENARIOS)
    heroes_per_guild = models.PositiveSmallIntegerField(default=box.HEROES_PER_GUILD)
    slots_per_hero = models.PositiveSmallIntegerField(default=box.SLOTS_PER_HERO)
    guild_card_limit = models.PositiveSmallIntegerField(default=box.GUILD_CARD_LIMIT)
    max_saved_coins = models.PositiveSmallIntegerField(default=box.MAX_SAVED_COINS)
    # The monster level card labels, in order; scenario N uses the label that covers N.
    level_labels = models.JSONField(default=list, help_text='e.g. ["1", "2-3", "4-5", "6"].')

    objects = EditionManager()

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.name

    def natural_key(self) -> tuple[str]:
        return (self.slug,)


class EditionScopedManager(models.Manager):
    def get_by_natural_key(self, edition: str, slug: str) -> models.Model:
        return self.get(edition__slug=edition, slug=slug)


class EditionScoped(Content):
    """A record identified by its edition and a slug that stays stable when its display name changes."""

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="+")
    slug = models.SlugField(max_length=80)
    name = models.CharField(max_length=120)

    objects = EditionScopedManager()

    class Meta:
        abstract = True
        ordering = ["edition", "slug"]
        constraints: list = []

    def __str__(self) -> str:
        return self.name

    def natural_key(self) -> tuple[str, str]:
        return (self.edition.slug, self.slug)

    natural_key.dependencies = ["campaigns.edition"]  # type: ignore[attr-defined]


class NameOrigin(models.Model):
    """Where a record's two names come from, so the pages can mark the ones no source gives."""

    APP = "app"  # `name_pt_source` of a Portuguese name the app translated itself

    name_pt_source = models.CharField(
        max_length=120,
        blank=True,
        help_text=(
            "Where the Portuguese name comes from; empty: the record's source; "
            '"app": the app\'s own translation.'
        ),
    )
    name_en_literal = models.BooleanField(
        default=False,
        help_text=(
            "The English name is a literal translation of the Brazilian one: no English source gives it."
        ),
    )

    class Meta:
        abstract = True


def _unique_slug(name: str) -> list[models.UniqueConstraint]:
    return [models.UniqueConstraint(fields=["edition", "slug"], name=f"{name}_unique_slug")]


class Circle(EditionScoped, NameOrigin):
    """A ring of the map; circles with the same `order` are alternatives (East or West), one per campaign."""

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="circles")
    name_pt = models.CharField(
        max_length=120, blank=True, help_text="Brazilian Portuguese name, where known."
    )
    order = models.PositiveSmallIntegerField()
    play = models.PositiveSmallIntegerField(help_text="How many of its scenarios a campaign plays.")
    exclusive_group = models.SlugField(blank=True, help_text="Circles sharing a group exclude each other.")

    class Meta(EditionScoped.Meta):
        ordering = ["edition", "order", "slug"]
        constraints = _unique_slug("circle")


class Monster(EditionScoped, NameOrigin):
    COMPLETENESS_FIELDS = ("tier", "huge")

    class Tier(models.TextChoices):
        MINOR_MINION = "minor-minion", _("Minor Minion")
        MAJOR_MINION = "major-minion", _("Major Minion")
        MINION = "minion", _("Minion (minor or major not known)")
        MINOR_VILLAIN = "minor-villain", _("Minor Villain")
        MAJOR_VILLAIN = "major-villain", _("Major Villain")
        VILLAIN = "villain", _("Villain (minor or major not known)")

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="monsters")
    local_name = models.CharField(
        max_length=120, blank=True, help_text="Name in the edition it was read from."
    )
    tier = models.CharField(max_length=20, choices=Tier.choices, blank=True)
    huge = models.BooleanField(
        null=True, blank=True, help_text="Occupies a whole Space; empty when not known."
    )
    figures = models.PositiveSmallIntegerField(null=True, blank=True)
    is_angel = models.BooleanField(default=False, help_text="The monster side of a rescuable angel.")
    notes = models.TextField(blank=True)

    # A tier without minor or major is half known: still a gap to fill from the card.
    PARTIAL_TIERS = (Tier.MINION, Tier.VILLAIN)

    class Meta(EditionScoped.Meta):
        constraints = _unique_slug("monster")

    @classmethod
    def missing_q(cls) -> models.Q:
        return super().missing_q() | models.Q(tier__in=cls.PARTIAL_TIERS)

    @property
    def missing_fields(self) -> list[str]:
        missing = super().missing_fields
        if self.tier in self.PARTIAL_TIERS:
            missing = ["tier", *missing]
        return missing


class MonsterLevelCardManager(models.Manager["MonsterLevelCard"]):
    def get_by_natural_key(self, edition: str, monster: str, label: str) -> MonsterLevelCard:
        return self.get(monster__edition__slug=edition, monster__slug=monster, label=label)


class MonsterLevelCard(Content):
    """One of a monster's four level cards; every stat is empty until someone enters it from the card."""

    COMPLETENESS_FIELDS = ("life", "overkill", "reward", "attack_kind", "attack_dice", "movement", "defense")

    class AttackKind(models.TextChoices):
        MELEE = "melee", _("Melee")
        RANGED = "ranged", _("Ranged")

    monster = models.ForeignKey(Monster, on_delete=models.CASCADE, related_name="level_cards")
    label = models.CharField(max_length=8, help_text='The level printed on the card: "1", "2-3", "4-5", "6".')
    order = models.PositiveSmallIntegerField()
    # Verbose names are shown to players (the monster lookup lists the stats not entered yet).
    life = models.PositiveSmallIntegerField(_("life"), null=True, blank=True)
    overkill = models.PositiveSmallIntegerField(_("overkill"), null=True, blank=True)
    reward = models.PositiveSmallIntegerField(_("reward"), null=True, blank=True)
    attack_kind = models.CharField(_("attack kind"), max_length=8, choices=AttackKind.choices, blank=True)
    attack_dice = models.PositiveSmallIntegerField(_("attack dice"), null=True, blank=True)
    # The attack's name as the English card prints it; empty where no source gives it (the base cards' names
    # come from a Brazilian transcription, FAN-R, and stay in `attack_name_pt`: ux-walkthrough-2 L4).
    attack_name = models.CharField(_("attack name"), max_length=80, blank=True)
    attack_name_pt = models.CharField(
        max_length=80, blank=True, help_text="The attack's name on the Brazilian edition's card, where known."
    )
    movement = models.PositiveSmallIntegerField(_("movement"), null=True, blank=True)
    defense = models.PositiveSmallIntegerField(_("defense"), null=True, blank=True)
    ability = models.TextField(blank=True)

    objects = MonsterLevelCardManager()

    class Meta:
        ordering = ["monster", "order"]
        constraints = [models.UniqueConstraint(fields=["monster", "label"], name="level_card_unique_label")]

    def __str__(self) -> str:
        return f"{self.monster.name} level {self.label}"

    def natural_key(self) -> tuple[str, str, str]:
        return (*self.monster.natural_key(), self.label)

    natural_key.dependencies = ["campaigns.monster"]  # type: ignore[attr-defined]

    @property
    def is_complete(self) -> bool:
        return not self.missing_fields


class Hero(EditionScoped, NameOrigin):
    """A hero card; angels are heroes too (`is_angel`), with a monster side of their own."""

    COMPLETENESS_FIELDS = ("defense", "life")

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="heroes")
    name_pt = models.CharField(
        max_length=120, blank=True, help_text="Brazilian Portuguese name, where known."
    )
    defense = models.PositiveSmallIntegerField(null=True, blank=True)
    life = models.PositiveSmallIntegerField(null=True, blank=True)
    ability_name = models.CharField(max_length=80, blank=True)
    ability = models.TextField(blank=True)
    is_angel = models.BooleanField(default=False)
    monster = models.OneToOneField(
        Monster,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="angel",
        help_text="For an angel: its monster cards, used when the Underlord holds it.",
    )

    class Meta(EditionScoped.Meta):
        verbose_name_plural = "heroes"
        constraints = _unique_slug("hero")


class GuildColour(EditionScoped, NameOrigin):
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="guild_colours")
    name_pt = models.CharField(
        max_length=120, blank=True, help_text="Brazilian Portuguese name, where known."
    )
    animal = models.CharField(max_length=40)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta(EditionScoped.Meta):
        ordering = ["edition", "order"]
        constraints = _unique_slug("guild_colour")


class Title(EditionScoped, NameOrigin):
    class AwardedTo(models.TextChoices):
        ALL = "all", "Every guild that completes the quest"
        FIRST = "first", "Only the first guild to complete the quest"

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="titles")
    local_name = models.CharField(max_length=120, blank=True)
    name_pt = models.CharField(
        max_length=120, blank=True, help_text="Brazilian Portuguese name, where known."
    )
    scenario = models.OneToOneField(
        "Scenario",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="title",
        help_text="The scenario whose Title quest grants it.",
    )
    awarded_to = models.CharField(max_length=8, choices=AwardedTo.choices, blank=True)
    effect = models.TextField(blank=True)
    benefits = models.ManyToManyField("Scenario", blank=True, related_name="benefiting_titles")

    class Meta(EditionScoped.Meta):
        constraints = _unique_slug("title")


class Scenario(EditionScoped, NameOrigin):
    COMPLETENESS_FIELDS = ("spawn_tokens", "exploration_tokens", "brimstone_cards")
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="scenarios")
    circle = models.ForeignKey(Circle, on_delete=models.CASCADE, related_name="scenarios")
    book_position = models.PositiveSmallIntegerField(help_text="Position in the Campaign Book.")
    local_name = models.CharField(max_length=120, blank=True)
    name_pt = models.CharField(
        max_length=120, blank=True, help_text="Brazilian Portuguese name, where known."
    )
    recommended_first = models.BooleanField(default=False)
    angel = models.OneToOneField(
        Hero,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rescued_in",
        limit_choices_to={"is_angel": True},
        help_text="The angel a Save the Angel quest rescues here.",
    )
    spawn_tokens = models.PositiveSmallIntegerField(null=True, blank=True)
    exploration_tokens = models.PositiveSmallIntegerField(null=True, blank=True)
    brimstone_cards = models.PositiveSmallIntegerField(null=True, blank=True)
    map_tiles = models.CharField(max_length=120, blank=True)
    setup_notes = models.TextField(blank=True)

    class Meta(EditionScoped.Meta):
        ordering = ["edition", "book_position"]
        constraints = [
            *_unique_slug("scenario"),
            models.UniqueConstraint(fields=["edition", "book_position"], name="scenario_unique_position"),
        ]


class ScenarioChildManager(models.Manager):
    def get_by_natural_key(self, edition: str, scenario: str, key: str) -> models.Model:
        return self.get(
            scenario__edition__slug=edition, scenario__slug=scenario, **{self.model.CHILD_KEY: key}
        )


class Quest(Content, NameOrigin):
    """A scenario's PvE quest; PvP quests ("kill a hero of guild X") exist for every guild in play."""

    CHILD_KEY = "slug"

    class Gives(models.TextChoices):
        TITLE = "title", "Title"
        REWARD = "reward", "Reward card"
        ANGEL = "angel", "Angel"
        NOTHING = "nothing", "Nothing beyond coins"

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="quests")
    slug = models.SlugField(max_length=80)
    name = models.CharField(max_length=120)
    name_pt = models.CharField(
        max_length=120, blank=True, help_text="Brazilian Portuguese name, where known."
    )
    order = models.PositiveSmallIntegerField(default=0)
    gives = models.CharField(max_length=8, choices=Gives.choices)
    reward_card = models.ForeignKey(
        "UpgradeCard", null=True, blank=True, on_delete=models.SET_NULL, related_name="quests"
    )
    reward_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="How many guilds can get its reward (empty: every guild)."
    )
    description = models.TextField(blank=True)

    objects = ScenarioChildManager()

    class Meta:
        ordering = ["scenario", "order"]
        constraints = [models.UniqueConstraint(fields=["scenario", "slug"], name="quest_unique_slug")]

    def __str__(self) -> str:
        return f"{self.scenario.name}: {self.name}"

    def natural_key(self) -> tuple[str, str, str]:
        return (*self.scenario.natural_key(), self.slug)

    natural_key.dependencies = ["campaigns.scenario"]  # type: ignore[attr-defined]


class ScenarioMonster(Content):
    """A monster a scenario uses, with how many figures (empty when not known)."""

    CHILD_KEY = "monster__slug"

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="scenario_monsters")
    monster = models.ForeignKey(Monster, on_delete=models.CASCADE, related_name="scenario_uses")
    figures = models.PositiveSmallIntegerField(null=True, blank=True)
    role = models.CharField(max_length=120, blank=True, help_text="e.g. captive angel, villain.")

    objects = ScenarioChildManager()

    class Meta:
        ordering = ["scenario", "monster"]
        constraints = [
            models.UniqueConstraint(fields=["scenario", "monster"], name="scenario_monster_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.scenario.name}: {self.monster.name}"

    def natural_key(self) -> tuple[str, str, str]:
        return (*self.scenario.natural_key(), self.monster.slug)

    natural_key.dependencies = ["campaigns.scenario", "campaigns.monster"]  # type: ignore[attr-defined]
