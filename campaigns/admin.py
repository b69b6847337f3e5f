"""Admin for every kind of content, with "missing data" and confidence filters so a group can complete and
check the packs."""

from typing import Any

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import Model, QuerySet
from django.http import HttpRequest

from campaigns import models as m
from campaigns.selectors.overrides import PACK_FORMAT, PACK_VERSION
from campaigns.services.content import content_version_bump
from campaigns.services.content_promote import content_pack_promote


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


class ContentChangeAdmin(admin.ModelAdmin):
    """Saving or deleting content moves the content version, so cached reads show the change."""

    def save_model(self, request: HttpRequest, obj: Model, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        content_version_bump()

    def delete_model(self, request: HttpRequest, obj: Model) -> None:
        super().delete_model(request, obj)
        content_version_bump()

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        super().delete_queryset(request, queryset)
        content_version_bump()


class ContentAdmin(ContentChangeAdmin):
    search_fields = ("slug", "name")
    list_display = ("name", "slug", "edition", "confidence", "verified")
    list_filter = ("edition", "verified", "confidence", MissingDataFilter)
    list_select_related = ("edition",)


@admin.register(m.Edition)
class EditionAdmin(ContentChangeAdmin):
    list_display = ("name", "slug", "scenarios_per_campaign", "confidence", "verified")
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
    list_display = (
        "name",
        "local_name",
        "slug",
        "edition",
        "tier",
        "huge",
        "figures",
        "confidence",
        "verified",
    )
    list_filter = ("edition", "tier", "is_angel", "verified", "confidence", MissingDataFilter)
    search_fields = ("slug", "name", "local_name")
    inlines = [LevelCardInline]


@admin.register(m.MonsterLevelCard)
class MonsterLevelCardAdmin(ContentChangeAdmin):
    list_display = (
        "monster",
        "label",
        "life",
        "overkill",
        "reward",
        "attack_kind",
        "attack_dice",
        "defense",
        "movement",
        "confidence",
        "verified",
    )
    list_filter = ("monster__edition", "label", "verified", "confidence", MissingDataFilter)
    search_fields = ("monster__name", "monster__slug")
    list_select_related = ("monster",)


@admin.register(m.Hero)
class HeroAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "defense", "life", "is_angel", "confidence", "verified")
    list_filter = ("edition", "is_angel", "verified", "confidence", MissingDataFilter)
    search_fields = ("slug", "name", "ability_name")


@admin.register(m.GuildColour)
class GuildColourAdmin(ContentAdmin):
    list_display = ("name", "animal", "edition", "order")
    list_filter = ("edition",)


@admin.register(m.UpgradeCard)
class UpgradeCardAdmin(ContentAdmin):
    list_display = (
        "name",
        "code",
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
        "confidence",
        "verified",
    )
    list_filter = ("edition", "deck", "card_type", "group", "verified", "confidence", MissingDataFilter)
    search_fields = ("slug", "name", "code", "local_name", "effect")


@admin.register(m.DeathCurse)
class DeathCurseAdmin(ContentAdmin):
    list_display = (
        "code",
        "name",
        "local_name",
        "edition",
        "value",
        "takes_slot",
        "copies",
        "confidence",
        "verified",
    )
    search_fields = ("slug", "name", "code", "local_name")


@admin.register(m.SpawnPair)
class SpawnPairAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "face_1", "face_2", "has_token", "confidence", "verified")


class QuestInline(admin.TabularInline):
    model = m.Quest
    extra = 0


class ScenarioMonsterInline(admin.TabularInline):
    model = m.ScenarioMonster
    extra = 0


@admin.register(m.Scenario)
class ScenarioAdmin(ContentAdmin):
    list_display = (
        "book_position",
        "name",
        "slug",
        "edition",
        "circle",
        "recommended_first",
        "confidence",
        "verified",
    )
    list_filter = ("edition", "circle", "verified", "confidence", MissingDataFilter)
    list_select_related = ("edition", "circle")
    search_fields = ("slug", "name", "local_name")
    inlines = [QuestInline, ScenarioMonsterInline]


@admin.register(m.Title)
class TitleAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "scenario", "awarded_to", "confidence", "verified")
    list_filter = ("edition", "awarded_to", "verified", "confidence")
    filter_horizontal = ("benefits",)


@admin.register(m.Die)
class DieAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "faces", "confidence", "verified")
    list_filter = ("edition", "verified", "confidence")


@admin.register(m.ExplorationTokenKind)
class ExplorationTokenKindAdmin(ContentAdmin):
    list_display = ("name", "slug", "edition", "count", "confidence", "verified")


@admin.register(m.ContentOverride)
class ContentOverrideAdmin(admin.ModelAdmin):
    """What groups entered for their own campaigns; after review, promote it into the edition."""

    list_display = ("target", "kind", "campaign", "entered_by", "entered_at", "verified_at")
    list_filter = ("kind", "campaign__edition")
    search_fields = ("target",)
    readonly_fields = ("campaign", "kind", "target", "fields", "entered_by", "entered_at", "verified_by")
    actions = ["promote"]

    @admin.action(description="Promote into the edition (every campaign then sees it)")
    def promote(self, request: HttpRequest, queryset: QuerySet) -> None:
        for edition, rows in _by_edition(queryset).items():
            document = {"format": PACK_FORMAT, "version": PACK_VERSION, "edition": edition, "records": rows}
            try:
                count = content_pack_promote(document=document)
            except ValidationError as exc:
                self.message_user(request, f"{edition}: nothing promoted: {'; '.join(exc.messages)}", "error")
            else:
                self.message_user(request, f"{edition}: promoted {count} records.")


def _by_edition(queryset: QuerySet) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, dict[tuple[str, str], dict[str, Any]]] = {}
    for row in queryset.select_related("campaign__edition").order_by("entered_at"):
        verified = row.verified_at.isoformat() if row.verified_at else None
        record = {"kind": row.kind, "target": row.target, "fields": row.fields, "verified_on": verified}
        found.setdefault(row.campaign.edition.slug, {})[(row.kind, row.target)] = record
    return {edition: list(records.values()) for edition, records in found.items()}
