"""Admin for every kind of content, with a "missing data" filter so a group can complete the packs."""

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from campaigns import models as m


class MissingDataFilter(admin.SimpleListFilter):
    title = "missing data"
    parameter_name = "missing"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [("yes", "Something missing"), ("no", "Complete")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "yes":
            return queryset.filter(queryset.model.missing_q())
        if self.value() == "no":
            return queryset.exclude(queryset.model.missing_q())
        return queryset


class ContentAdmin(admin.ModelAdmin):
    search_fields = ("slug", "name")
    list_display = ("name", "slug", "edition", "verified")
    list_filter = ("edition", "verified", MissingDataFilter)
    list_select_related = ("edition",)


@admin.register(m.Edition)
class EditionAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "scenarios_per_campaign", "verified")
    search_fields = ("slug", "name")


@admin.register(m.Circle)
class CircleAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "order", "play", "exclusive_group")
    list_filter = ("edition",)


class LevelCardInline(admin.TabularInline):
    model = m.MonsterLevelCard
    extra = 0


@admin.register(m.Monster)
class MonsterAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "tier", "huge", "is_angel", "verified")
    list_filter = ("edition", "tier", "is_angel", "verified", MissingDataFilter)
    inlines = [LevelCardInline]


@admin.register(m.MonsterLevelCard)
class MonsterLevelCardAdmin(admin.ModelAdmin):
    list_display = (
        "monster",
        "label",
        "life",
        "overkill",
        "reward",
        "attack_kind",
        "attack_dice",
        "verified",
    )
    list_filter = ("monster__edition", "label", "verified", MissingDataFilter)
    search_fields = ("monster__name", "monster__slug")
    list_select_related = ("monster",)


@admin.register(m.Hero)
class HeroAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "defense", "life", "is_angel", "verified")
    list_filter = ("edition", "is_angel", "verified", MissingDataFilter)
    search_fields = ("slug", "name", "ability_name")


@admin.register(m.GuildColour)
class GuildColourAdmin(ContentAdmin):
    list_display = ("name", "animal", "edition", "order")
    list_filter = ("edition",)


@admin.register(m.UpgradeCard)
class UpgradeCardAdmin(ContentAdmin):
    list_display = ("name", "code", "edition", "deck", "cost", "card_type", "group", "verified")
    list_filter = ("edition", "deck", "card_type", "group", "verified", MissingDataFilter)
    search_fields = ("slug", "name", "code", "local_name")


@admin.register(m.DeathCurse)
class DeathCurseAdmin(ContentAdmin):
    list_display = ("code", "name", "edition", "value", "takes_slot", "copies", "verified")
    search_fields = ("slug", "name", "code", "local_name")


class QuestInline(admin.TabularInline):
    model = m.Quest
    extra = 0


class ScenarioMonsterInline(admin.TabularInline):
    model = m.ScenarioMonster
    extra = 0


@admin.register(m.Scenario)
class ScenarioAdmin(ContentAdmin):
    list_display = ("book_position", "name", "slug", "edition", "circle", "recommended_first", "verified")
    list_filter = ("edition", "circle", "verified", MissingDataFilter)
    list_select_related = ("edition", "circle")
    search_fields = ("slug", "name", "local_name")
    inlines = [QuestInline, ScenarioMonsterInline]


@admin.register(m.Title)
class TitleAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "scenario", "awarded_to", "verified")
    list_filter = ("edition", "awarded_to", "verified")
    filter_horizontal = ("benefits",)


@admin.register(m.Die)
class DieAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "faces", "verified")
    list_filter = ("edition", "verified")


@admin.register(m.ExplorationTokenKind)
class ExplorationTokenKindAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "count", "verified")
