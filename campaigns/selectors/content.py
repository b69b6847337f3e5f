"""Reads of the game's content: what the API lists and what the content report says is missing."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.core import serializers
from django.core.cache import cache
from django.db.models import Count, Model, Prefetch, QuerySet
from django.utils.translation import gettext

from campaigns.models import (
    CONTENT_MODELS,
    Confidence,
    DeathCurse,
    Edition,
    ExplorationTokenKind,
    GuildColour,
    Hero,
    Monster,
    MonsterLevelCard,
    Quest,
    Scenario,
    ScenarioMonster,
    SpawnPair,
    UpgradeCard,
)
from campaigns.selectors.content_gaps import content_gaps
from campaigns.selectors.content_translations import translation_gaps
from campaigns.selectors.versions import content_version
from rules_helpers import editions as rules_editions
from rules_helpers import scoring
from rules_helpers.box import LEVEL_BRACKETS
from rules_helpers.monsters import level_bracket

CATALOG_TIMEOUT = 24 * 60 * 60


def editions_list() -> QuerySet[Edition]:
    return Edition.objects.prefetch_related("circles")


def edition_exists(slug: str) -> bool:
    return Edition.objects.filter(slug=slug).exists()


def scenarios_list() -> QuerySet[Scenario]:
    return Scenario.objects.select_related("edition", "circle", "angel", "title").prefetch_related(
        Prefetch("quests", queryset=Quest.objects.select_related("reward_card")),
        Prefetch("scenario_monsters", queryset=ScenarioMonster.objects.select_related("monster")),
        "benefiting_titles",
    )


def heroes_list(*, angels: bool) -> QuerySet[Hero]:
    queryset = Hero.objects.select_related("edition", "monster").filter(is_angel=angels)
    if angels:
        queryset = queryset.prefetch_related("monster__level_cards").select_related("rescued_in")
    return queryset


def monsters_list() -> QuerySet[Monster]:
    return Monster.objects.select_related("edition").prefetch_related("level_cards")


def monster_level_card(*, monster: Monster, scenario_number: int) -> MonsterLevelCard | None:
    """The level card a monster uses in the campaign's Nth scenario."""
    label = level_bracket(scenario_number, labels=tuple(monster.edition.level_labels) or LEVEL_BRACKETS)
    return next((card for card in monster.level_cards.all() if card.label == label), None)


def upgrade_cards_list() -> QuerySet[UpgradeCard]:
    return UpgradeCard.objects.filter(campaign=None).select_related("edition")


def death_curses_list() -> QuerySet[DeathCurse]:
    return DeathCurse.objects.select_related("edition")


def _global(model: type[Model]) -> dict[str, Any]:
    """The edition's own records: a card a campaign typed in for itself is that campaign's alone."""
    return {"campaign": None} if model is UpgradeCard else {}


def _missing(queryset: QuerySet, describe: Any) -> list[dict[str, Any]]:
    model = queryset.model
    return [describe(obj) for obj in queryset.filter(model.missing_q())]


def _named(obj: Any) -> dict[str, Any]:
    return {"slug": obj.slug, "name": obj.name, "missing": obj.missing_fields}


def _level_card(card: MonsterLevelCard) -> dict[str, Any]:
    return {"monster": card.monster.slug, "label": card.label, "missing": card.missing_fields}


def _empty_decks(edition: Edition) -> list[str]:
    counts = dict(
        UpgradeCard.objects.filter(edition=edition, campaign=None)
        .values_list("deck")
        .annotate(n=Count("pk"))
        .order_by()
    )
    level_decks = [d for d in UpgradeCard.Deck.values if d.startswith("level-")]
    return [deck for deck in level_decks if not counts.get(deck)]


def level_label_with_source(edition: Edition, scenario_number: int) -> dict[str, str]:
    """The monster level label a scenario uses and where that label comes from (a rulebook line, or
    inferred: `rules_helpers.editions.level_label_source`, U1)."""
    label = level_bracket(scenario_number, labels=tuple(edition.level_labels) or LEVEL_BRACKETS)
    return {"label": label, "source": rules_editions.level_label_source(edition.slug, label)}


def _quests_not_in_sources(edition: Edition) -> list[str]:
    """Scenarios whose PvE quests and Reward cards no source names (base Arcadia Quest, GF §1.5): the live
    tracker offers numbered PvE quest slots there (`rules_helpers.editions.unlisted_pve_quests`)."""
    if rules_editions.edition_rules(edition.slug).pve_quests_listed:
        return []
    return sorted(Scenario.objects.filter(edition=edition).values_list("slug", flat=True))


def content_report(*, edition_slug: str | None = None, campaign: Any = None) -> dict[str, dict[str, Any]]:
    """Per edition, what is still missing so a table can fill it in once and share it; for a campaign,
    its edition's `gaps` leave out what its members entered."""
    editions = Edition.objects.order_by("slug")
    if campaign is not None:
        edition_slug = campaign.edition.slug
    if edition_slug:
        editions = editions.filter(slug=edition_slug)
    report: dict[str, dict[str, Any]] = {}
    for edition in editions:
        cards = MonsterLevelCard.objects.filter(monster__edition=edition).select_related("monster")
        report[edition.slug] = {
            "monster_level_cards": _missing(cards, _level_card),
            "monsters": _missing(Monster.objects.filter(edition=edition), _named),
            "heroes": _missing(Hero.objects.filter(edition=edition), _named),
            "upgrade_decks_without_cards": _empty_decks(edition),
            "upgrade_cards": _missing(UpgradeCard.objects.filter(edition=edition, campaign=None), _named),
            "death_curses": _missing(DeathCurse.objects.filter(edition=edition), _named),
            "scenarios": _missing(Scenario.objects.filter(edition=edition), _named),
            "exploration_tokens": _missing(ExplorationTokenKind.objects.filter(edition=edition), _named),
            "unverified_records": _unverified_count(edition),
            "scenario_quests_not_in_sources": _quests_not_in_sources(edition),
            "level_label_sources": {
                label: rules_editions.level_label_source(edition.slug, label)
                for label in edition.level_labels
            },
            **data_gaps(edition.slug),
            "gaps": content_gaps(edition, campaign),
            **translation_gaps(edition),
        }
    return report


def _unverified_count(edition: Edition) -> int:
    return (
        sum(
            model.objects.filter(edition=edition, verified=False, **_global(model)).count()
            for model in (Scenario, Hero, Monster, UpgradeCard, DeathCurse)
        )
        + MonsterLevelCard.objects.filter(monster__edition=edition, verified=False).count()
    )


def campaign_catalog(campaign: Any, *, taken_heroes: set[str], allowed_next: set[str]) -> dict[str, Any]:
    """The content a campaign's forms offer: heroes still free, cards, curses, and the reward cards of the
    scenarios that may come next."""
    catalog = edition_catalog(campaign.edition)
    rewards = sorted(
        {(slug, label) for slug, label, scenario in catalog["rewards"] if scenario in allowed_next},
        key=lambda pair: pair[1],
    )
    per_scenario = Counter(scenario for _, _, scenario in catalog["rewards"] if scenario in allowed_next)
    # Base: no source names its Reward cards, so the form offers one the pack lacks (M4).
    unlisted = rules_editions.unlisted_reward_cards(campaign.edition.slug)
    rewards += [(slug, gettext("A Reward card not in the pack")) for slug in unlisted]
    return {
        "reward_slots": scoring.reward_slots(max(per_scenario.values(), default=0)),
        "free_heroes": [h for h in catalog["heroes"] if h["slug"] not in taken_heroes],
        "all_cards": catalog["cards"],
        "all_curses": catalog["curses"],
        "reward_cards": rewards,
    }


def edition_catalog(edition: Edition) -> dict[str, Any]:
    """An edition's heroes, cards, curses, quest rewards and guild colours as the forms list them; kept
    in the cache for the content version."""
    version = content_version()
    key = f"catalog:{edition.pk}:{version}"
    found = cache.get(key) if version is not None else None
    if found is None:
        found = _catalog(edition)
        if version is not None:
            cache.set(key, found, CATALOG_TIMEOUT)
    return found


def _catalog(edition: Edition) -> dict[str, Any]:
    quests = Quest.objects.filter(scenario__edition=edition).exclude(reward_card=None)
    cards = UpgradeCard.objects.filter(edition=edition, campaign=None).order_by("deck", "name")
    curses = DeathCurse.objects.filter(edition=edition).order_by("value", "code")
    colours = GuildColour.objects.filter(edition=edition).order_by("order")
    return {
        "heroes": [
            {"slug": h.slug, "name": h.name} for h in Hero.objects.filter(edition=edition, is_angel=False)
        ],
        "rewards": [
            (q.reward_card.slug, f"{q.reward_card.name} ({q.scenario.name})", q.scenario.slug)
            for q in quests.select_related("reward_card", "scenario")
        ],
        "cards": [{"slug": c.slug, "name": c.name, "code": c.code, "effect": c.effect} for c in cards],
        "curses": [
            {"code": c.code, "name": c.name, "value": c.value, "takes_slot": c.takes_slot} for c in curses
        ],
        "colours": [{"slug": c.slug, "name": c.name, "animal": c.animal} for c in colours],
    }


def edition_monsters(edition: Edition) -> QuerySet[Monster]:
    return Monster.objects.filter(edition=edition).order_by("name")


# --- Content packs as documents -------------------------------------------------------------------


PACK_DIR = Path(__file__).resolve().parent.parent.parent / "fixtures"


MODEL_LABELS = {m._meta.label_lower: m for m in CONTENT_MODELS}


def default_pack_paths() -> list[Path]:
    return sorted(p for p in PACK_DIR.glob("*.json") if not p.name.startswith("test"))


def _edition_querysets(edition: Edition) -> Iterable[Model]:
    for model in CONTENT_MODELS:
        qs = model._default_manager.all()
        if model is Edition:
            qs = qs.filter(pk=edition.pk)
        else:
            path = _edition_path(model)
            qs = qs.filter(**{path: edition}, **_global(model))
        yield from _ordered(qs)


def _edition_path(model: type[Model]) -> str:
    names = {f.name for f in model._meta.get_fields()}
    if "edition" in names:
        return "edition"
    if "monster" in names and "scenario" not in names:
        return "monster__edition"
    return "scenario__edition"


def _ordered(qs: Any) -> list[Model]:
    return sorted(qs, key=lambda obj: [str(part) for part in obj.natural_key()])


def content_pack_export(*, edition_slug: str) -> list[dict[str, Any]]:
    """The edition's content as pack records, in load order, each model sorted by its natural key."""
    edition = Edition.objects.get(slug=edition_slug)
    data = serializers.serialize(
        "python",
        list(_edition_querysets(edition)),
        use_natural_foreign_keys=True,
        use_natural_primary_keys=True,
    )
    records = []
    for record in data:
        record.pop("pk", None)
        model = MODEL_LABELS[record["model"]]
        fields = {
            name: _plain(model, name, value) for name, value in record["fields"].items() if name != "campaign"
        }
        records.append({"model": record["model"], "fields": fields})
    return records


def _plain(model: type[Model], name: str, value: Any) -> Any:
    """Natural keys as JSON lists; many-to-many links sorted so an export never depends on row order."""
    if isinstance(value, tuple):
        return list(value)
    if model._meta.get_field(name).many_to_many:
        return sorted(list(v) for v in value)
    return value


def content_pack_dumps(records: list[dict[str, Any]]) -> str:
    return json.dumps(records, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


# The records a table plays with, and how each reaches its edition.
CHECKED: tuple[tuple[type[Model], str], ...] = (
    (Scenario, "edition__slug"),
    (Hero, "edition__slug"),
    (Monster, "edition__slug"),
    (MonsterLevelCard, "monster__edition__slug"),
    (UpgradeCard, "edition__slug"),
    (DeathCurse, "edition__slug"),
    (SpawnPair, "edition__slug"),
)
NOT_RATED = "not rated"


def data_gaps(edition_slug: str) -> dict[str, Any]:
    """What the content data tables leave open: Spawn pairs, and unconfirmed records by confidence."""
    unverified: Counter[str] = Counter()
    low: list[dict[str, str]] = []
    for model, path in CHECKED:
        records = model._default_manager.filter(**{path: edition_slug}, verified=False, **_global(model))
        for rating, n in Counter(records.values_list("confidence", flat=True)).items():
            unverified[rating or NOT_RATED] += n
        low += [
            {"kind": str(model._meta.verbose_name), "name": str(obj), "notes": getattr(obj, "notes", "")}
            for obj in records.filter(confidence=Confidence.LOW)
        ]
    pairs = SpawnPair.objects.filter(edition__slug=edition_slug)
    return {
        "spawn_pairs": [
            {"slug": p.slug, "name": p.name, "missing": p.missing_fields}
            for p in pairs.filter(SpawnPair.missing_q())
        ],
        "unverified_by_confidence": {
            rating: unverified[rating] for rating in [*Confidence.values, NOT_RATED] if unverified[rating]
        },
        "low_confidence": low,
    }
