"""Output serializers for the game's content (read-only)."""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaigns.history_text import name_in_language, names_of
from campaigns.models import (
    DeathCurse,
    Die,
    Edition,
    Hero,
    Monster,
    MonsterLevelCard,
    Quest,
    Scenario,
    ScenarioMonster,
    UpgradeCard,
)
from campaigns.selectors.confidence import KINDS, bracket_confidence, record_confidence
from rules_helpers.editions import level_label_source

CONTENT_FIELDS = ("source", "verified")
# A record's Brazilian name (`name_pt` or the box's `local_name`, as the model has it), where it comes from,
# whether the English one is only a literal translation, and the name in the reader's language.
NAME_SOURCES = ("name_pt_source", "name_en_literal", "shown_name")


class ShownNameMixin(serializers.Serializer):
    shown_name = serializers.SerializerMethodField(
        help_text="Its name in the reader's language (Accept-Language): the Brazilian name for pt-br where "
        "one is known, the English name otherwise."
    )

    def get_shown_name(self, record: Any) -> str:
        return name_in_language(names_of(record))


class ConfidenceSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=KINDS,
        help_text="box (checked against the box), fan (a fan transcription), inferred, table (entered by "
        "a campaign), doubtful (confidence low) or zero (a cost of 0 in the fan transcription: check it).",
    )
    source = serializers.CharField(allow_blank=True, help_text="Where the number comes from.")
    notes = serializers.CharField(
        allow_blank=True, help_text="The record's own doubts about its source, if any (English)."
    )


@extend_schema_field(ConfidenceSerializer)
class ConfidenceField(serializers.Field):
    """How sure a record's numbers are (`selectors/confidence.py`), as `ConfidenceSerializer` says; `field`
    names the one number it is about (a card's cost)."""

    def __init__(self, field: str = "", **kwargs: Any) -> None:
        self.number = field
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, record: Any) -> dict[str, str]:
        info = record_confidence(record, self.number)
        return {"kind": info["kind"], "source": info["source"], "notes": getattr(record, "notes", "")}


class DieSerializer(ShownNameMixin, serializers.ModelSerializer):
    """A die of the edition: its six faces (FAN-D, GF:251: two fan dice apps) and its names; the Brazilian one
    is the app's translation (`name_pt_source` "app"): no source gives the Brazilian edition's."""

    class Meta:
        model = Die
        fields = ("slug", "name", "name_pt", *NAME_SOURCES, "colour", "in_box", "faces", *CONTENT_FIELDS)


class EditionSerializer(serializers.ModelSerializer):
    circles = serializers.SerializerMethodField()
    dice = DieSerializer(many=True, read_only=True)

    class Meta:
        model = Edition
        fields = (
            "slug",
            "name",
            "scenarios_per_campaign",
            "heroes_per_guild",
            "slots_per_hero",
            "guild_card_limit",
            "max_saved_coins",
            "level_labels",
            "circles",
            "dice",
            *CONTENT_FIELDS,
        )

    def get_circles(self, edition: Edition) -> list[dict]:
        return [
            {
                "slug": c.slug,
                "name": c.name,
                "order": c.order,
                "play": c.play,
                "exclusive_group": c.exclusive_group,
            }
            for c in edition.circles.all()
        ]


class LevelCardSerializer(serializers.ModelSerializer):
    missing = serializers.ListField(source="missing_fields", child=serializers.CharField(), read_only=True)
    confidence = ConfidenceField(
        help_text="How sure the card's numbers are (FAN-R for the base level-1 cards)."
    )

    class Meta:
        model = MonsterLevelCard
        fields = (
            "label",
            "life",
            "overkill",
            "reward",
            "attack_kind",
            "attack_dice",
            "attack_name",
            "attack_name_pt",
            "movement",
            "defense",
            "ability",
            "missing",
            "confidence",
            *CONTENT_FIELDS,
        )


class MonsterSerializer(ShownNameMixin, serializers.ModelSerializer):
    edition = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    level_cards = LevelCardSerializer(many=True, read_only=True)

    class Meta:
        model = Monster
        fields = (
            "slug",
            "name",
            "local_name",
            *NAME_SOURCES,
            "edition",
            "tier",
            "huge",
            "figures",
            "is_angel",
            "notes",
            "level_cards",
            *CONTENT_FIELDS,
        )


class MonsterAtLevelSerializer(MonsterSerializer):
    level_card = LevelCardSerializer(read_only=True, allow_null=True)
    scenario = serializers.IntegerField(read_only=True)
    label_confidence = serializers.SerializerMethodField(
        help_text="How sure it is that this scenario uses this level card: 4-5 and 6 are inferred (GF:231)."
    )

    class Meta(MonsterSerializer.Meta):
        fields = (*MonsterSerializer.Meta.fields, "scenario", "level_card", "label_confidence")

    @extend_schema_field(ConfidenceSerializer(allow_null=True))
    def get_label_confidence(self, monster: Monster) -> dict[str, str] | None:
        card = monster.level_card
        if card is None:
            return None
        info = bracket_confidence(level_label_source(monster.edition.slug, card.label))
        return {"kind": info["kind"], "source": info["source"], "notes": ""}


class HeroSerializer(ShownNameMixin, serializers.ModelSerializer):
    edition = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Hero
        fields = (
            "slug",
            "name",
            "name_pt",
            *NAME_SOURCES,
            "edition",
            "defense",
            "life",
            "ability_name",
            "ability",
            *CONTENT_FIELDS,
        )


class AngelSerializer(HeroSerializer):
    monster = MonsterSerializer(read_only=True)
    rescued_in = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)

    class Meta(HeroSerializer.Meta):
        fields = (*HeroSerializer.Meta.fields, "rescued_in", "monster")


class QuestSerializer(ShownNameMixin, serializers.ModelSerializer):
    reward_card = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)

    class Meta:
        model = Quest
        fields = (
            "slug",
            "name",
            "name_pt",
            *NAME_SOURCES,
            "gives",
            "reward_card",
            "reward_limit",
            "description",
        )


class ScenarioMonsterSerializer(serializers.ModelSerializer):
    monster = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = ScenarioMonster
        fields = ("monster", "figures", "role")


class ScenarioSerializer(ShownNameMixin, serializers.ModelSerializer):
    edition = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    circle = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    angel = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    title = serializers.SerializerMethodField()
    benefits_from = serializers.SerializerMethodField()
    quests = QuestSerializer(many=True, read_only=True)
    monsters = ScenarioMonsterSerializer(source="scenario_monsters", many=True, read_only=True)

    class Meta:
        model = Scenario
        fields = (
            "slug",
            "name",
            "name_pt",
            "local_name",
            *NAME_SOURCES,
            "edition",
            "circle",
            "book_position",
            "recommended_first",
            "title",
            "benefits_from",
            "angel",
            "quests",
            "monsters",
            "spawn_tokens",
            "exploration_tokens",
            "brimstone_cards",
            "map_tiles",
            "setup_notes",
            *CONTENT_FIELDS,
        )

    def get_title(self, scenario: Scenario) -> dict | None:
        title = getattr(scenario, "title", None)
        if title is None:
            return None
        return {
            "slug": title.slug,
            "name": title.name,
            "name_pt": title.name_pt,
            "name_en_literal": title.name_en_literal,
            "shown_name": name_in_language(names_of(title)),
            "awarded_to": title.awarded_to,
            "effect": title.effect,
        }

    def get_benefits_from(self, scenario: Scenario) -> list[str]:
        return sorted(t.slug for t in scenario.benefiting_titles.all())


class UpgradeCardSerializer(ShownNameMixin, serializers.ModelSerializer):
    edition = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    missing = serializers.ListField(source="missing_fields", child=serializers.CharField(), read_only=True)
    confidence = ConfidenceField(help_text="How sure the card's numbers (dice, icons, copies) are (N1).")
    cost_confidence = ConfidenceField("cost", help_text="How sure the cost is: zero for a 0 to check (N1).")

    class Meta:
        model = UpgradeCard
        fields = (
            "slug",
            "code",
            "name",
            "local_name",
            *NAME_SOURCES,
            "edition",
            "deck",
            "copies",
            "cost",
            "card_type",
            "group",
            "attack_kind",
            "dice",
            "extra_defense",
            "extra_life",
            "rerolls",
            "effect",
            "missing",
            "confidence",
            "cost_confidence",
            *CONTENT_FIELDS,
        )


class DeathCurseSerializer(ShownNameMixin, serializers.ModelSerializer):
    edition = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    confidence = ConfidenceField(help_text="How sure the value and copies are (FAN-AQH).")

    class Meta:
        model = DeathCurse
        fields = (
            "slug",
            "code",
            "name",
            "local_name",
            *NAME_SOURCES,
            "edition",
            "value",
            "takes_slot",
            "copies",
            "effect",
            "confidence",
            *CONTENT_FIELDS,
        )
