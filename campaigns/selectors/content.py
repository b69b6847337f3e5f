"""Reads of the game's content: what the API lists and what the content report says is missing."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from django.core import serializers
from django.core.cache import cache
from django.db.models import Count, Model, Prefetch, QuerySet
from django.utils.translation import gettext

from campaigns.history_text import NAME_KEYS, name_in_language
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
from campaigns.selectors import content_sections as sections
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


def editions_content() -> QuerySet[Edition]:
    """The editions as the content API answers them: with their circles and their dice."""
    return editions_list().prefetch_related("dice")


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


def content_report(*, edition_slug: str | None = None, campaign: Any = None) -> dict[str, dict[str, Any]]:
    """Per edition, what is still missing or unconfirmed so a table can fill it in once and share it, each
    gap with why and which source would fill it (`content_sections`, `content_reasons`); for a campaign,
    its edition's `gaps` leave out what its members entered."""
    editions = Edition.objects.order_by("slug")
    if campaign is not None:
        edition_slug = campaign.edition.slug
    if edition_slug:
        editions = editions.filter(slug=edition_slug)
    return {edition.slug: _edition_report(edition, campaign) for edition in editions}


def _edition_report(edition: Edition, campaign: Any) -> dict[str, Any]:
    return {
        **unconfirmed_counts(edition),
        "monster_level_cards": sections.level_cards(edition),
        "level_cards_not_in_content": sections.level_cards_not_in_content(edition),
        "monsters": sections.monsters(edition),
        "heroes": sections.heroes(edition),
        "upgrade_decks_without_cards": _empty_decks(edition),
        "upgrade_cards": sections.upgrade_cards(edition),
        "death_curses": sections.death_curses(edition),
        "scenarios": sections.scenarios(edition),
        "titles": sections.titles(edition),
        "quests": sections.quests(edition),
        "circles": sections.circles(edition),
        "dice": sections.dice(edition),
        "exploration_tokens": sections.tokens(edition, ExplorationTokenKind),
        "spawn_pairs": sections.tokens(edition, SpawnPair),
        "scenario_quests_not_in_sources": sections.quests_not_in_sources(edition),
        "level_label_sources": {
            label: rules_editions.level_label_source(edition.slug, label) for label in edition.level_labels
        },
        "gaps": content_gaps(edition, campaign),
        **translation_gaps(edition),
    }


def campaign_catalog(
    campaign: Any,
    *,
    taken_heroes: set[str],
    allowed_next: set[str],
    entered_curses: Mapping[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The content a campaign's forms offer: heroes still free, cards, curses, and the reward cards of the
    scenarios that may come next. `entered_curses`: the campaign's own Death Curse values by slug
    (`entry_overlay`, kept with the page by `sheet_cache.page_snapshot`), laid over the edition's."""
    catalog = edition_catalog(campaign.edition)
    entered = entered_curses or {}
    curses = [{**c, **entered.get(c.get("slug", ""), {})} for c in catalog["curses"]]
    rewards = sorted(
        {
            (slug, f"{name_in_language(card)} ({name_in_language(scenario_names)})")
            for slug, card, scenario, scenario_names in catalog["rewards"]
            if scenario in allowed_next
        },
        key=lambda pair: pair[1],
    )
    per_scenario = Counter(scenario for _, _, scenario, _ in catalog["rewards"] if scenario in allowed_next)
    # Base: no source names its Reward cards, so the form offers one the pack lacks (M4).
    unlisted = rules_editions.unlisted_reward_cards(campaign.edition.slug)
    rewards += [(slug, gettext("A Reward card not in the pack")) for slug in unlisted]
    return {
        "reward_slots": scoring.reward_slots(max(per_scenario.values(), default=0)),
        "free_heroes": [h for h in catalog["heroes"] if h["slug"] not in taken_heroes],
        "all_cards": catalog["cards"],
        "all_curses": sorted(curses, key=lambda c: (c["value"], c["code"])),
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
    """Kept for every reader alike: each record carries its names in both languages (`NAME_KEYS`), and the
    forms show the one of the reader's language."""
    quests = Quest.objects.filter(scenario__edition=edition).exclude(reward_card=None)
    cards = UpgradeCard.objects.filter(edition=edition, campaign=None).order_by("deck", "name")
    curses = DeathCurse.objects.filter(edition=edition).order_by("value", "code")
    colours = GuildColour.objects.filter(edition=edition).order_by("order")
    heroes = Hero.objects.filter(edition=edition, is_angel=False)
    return {
        "heroes": [{"slug": h.slug, **_names(h)} for h in heroes],
        "rewards": [
            (q.reward_card.slug, _names(q.reward_card), q.scenario.slug, _names(q.scenario))
            for q in quests.select_related("reward_card", "scenario")
        ],
        "cards": [{"slug": c.slug, **_names(c), "code": c.code, "effect": c.effect} for c in cards],
        # With how sure each value is (`confidence` filter), and the slug a campaign's entry names.
        "curses": [
            {
                "slug": c.slug,
                "code": c.code,
                **_names(c),
                "value": c.value,
                "takes_slot": c.takes_slot,
                "verified": c.verified,
                "confidence": c.confidence,
                "source": c.source,
            }
            for c in curses
        ],
        "colours": [{"slug": c.slug, **_names(c), "animal": c.animal} for c in colours],
    }


def _names(record: Model) -> dict[str, Any]:
    return {key: getattr(record, key, "") for key in NAME_KEYS}


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


NOT_RATED = "not rated"


def unconfirmed_records(edition: Edition) -> Iterator[tuple[type[Model], QuerySet]]:
    """Every content model's records of the edition that no official English source confirms
    (`verified` unset); a campaign's own typed cards are that campaign's alone and left out."""
    for model in CONTENT_MODELS:
        if model is Edition:
            records = Edition.objects.filter(pk=edition.pk)
        else:
            records = model._default_manager.filter(**{_edition_path(model): edition}, **_global(model))
        yield model, records.filter(verified=False)


def unconfirmed_counts(edition: Edition) -> dict[str, Any]:
    """How many records are unconfirmed: in all, per model and per the source's confidence (the three
    add up to the same total), and the low-confidence ones by name."""
    by_model: dict[str, int] = {}
    by_rating: Counter[str] = Counter()
    low: list[dict[str, str]] = []
    for model, records in unconfirmed_records(edition):
        ratings = dict(records.values_list("confidence").annotate(n=Count("pk")).order_by())
        if sum(ratings.values()):
            by_model[model._meta.model_name] = sum(ratings.values())
        for rating, n in ratings.items():
            by_rating[rating or NOT_RATED] += n
        if ratings.get(Confidence.LOW):
            low += [
                {"kind": str(model._meta.verbose_name), "name": str(obj), "notes": getattr(obj, "notes", "")}
                for obj in records.filter(confidence=Confidence.LOW)
            ]
    return {
        "unverified_records": sum(by_model.values()),
        "unverified_by_model": by_model,
        "unverified_by_confidence": {
            rating: by_rating[rating] for rating in [*Confidence.values, NOT_RATED] if by_rating[rating]
        },
        "low_confidence": low,
    }
