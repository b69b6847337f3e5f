"""Output serializers for the game's content (read-only)."""

from rest_framework import serializers

from campaigns.models import (
    DeathCurse,
    Edition,
    Hero,
    Monster,
    MonsterLevelCard,
    Quest,
    Scenario,
    ScenarioMonster,
    UpgradeCard,
)

CONTENT_FIELDS = ("source", "verified")


class EditionSerializer(serializers.ModelSerializer):
    circles = serializers.SerializerMethodField()

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
            "movement",
            "defense",
            "ability",
            "missing",
            *CONTENT_FIELDS,
        )


class MonsterSerializer(serializers.ModelSerializer):
    edition = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    level_cards = LevelCardSerializer(many=True, read_only=True)

    class Meta:
        model = Monster
        fields = (
            "slug",
            "name",
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

    class Meta(MonsterSerializer.Meta):
        fields = (*MonsterSerializer.Meta.fields, "scenario", "level_card")


class HeroSerializer(serializers.ModelSerializer):
    edition = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Hero
        fields = ("slug", "name", "edition", "defense", "life", "ability_name", "ability", *CONTENT_FIELDS)


class AngelSerializer(HeroSerializer):
    monster = MonsterSerializer(read_only=True)
    rescued_in = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)

    class Meta(HeroSerializer.Meta):
        fields = (*HeroSerializer.Meta.fields, "rescued_in", "monster")


class QuestSerializer(serializers.ModelSerializer):
    reward_card = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)

    class Meta:
        model = Quest
        fields = ("slug", "name", "gives", "reward_card", "reward_limit", "description")


class ScenarioMonsterSerializer(serializers.ModelSerializer):
    monster = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = ScenarioMonster
        fields = ("monster", "figures", "role")


class ScenarioSerializer(serializers.ModelSerializer):
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
            "local_name",
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
            "awarded_to": title.awarded_to,
            "effect": title.effect,
        }

    def get_benefits_from(self, scenario: Scenario) -> list[str]:
        return sorted(t.slug for t in scenario.benefiting_titles.all())


class UpgradeCardSerializer(serializers.ModelSerializer):
    edition = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    missing = serializers.ListField(source="missing_fields", child=serializers.CharField(), read_only=True)

    class Meta:
        model = UpgradeCard
        fields = (
            "slug",
            "code",
            "name",
            "local_name",
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
            *CONTENT_FIELDS,
        )


class DeathCurseSerializer(serializers.ModelSerializer):
    edition = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = DeathCurse
        fields = (
            "slug",
            "code",
            "name",
            "local_name",
            "edition",
            "value",
            "takes_slot",
            "copies",
            "effect",
            *CONTENT_FIELDS,
        )
