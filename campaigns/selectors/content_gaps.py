"""Every gap of an edition's content, record by record, each with the page that fills it.

A gap is a record a table plays with that misses a field or that nobody has checked against the box. For
a campaign, what its members entered (its overrides) fills the gap for that campaign alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db.models import Count, Q
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext

from campaigns.history_text import name_in_language, names_of
from campaigns.models import (
    OVERRIDE_FIELDS,
    Campaign,
    ContentOverride,
    DeathCurse,
    Die,
    Edition,
    Hero,
    Monster,
    MonsterLevelCard,
    OverrideKind,
    Scenario,
    SpawnPair,
)
from campaigns.selectors.content_reasons import explained
from campaigns.selectors.field_labels import choice_label, field_labels
from campaigns.selectors.overrides import edition_cards, overrides_of

Overrides = dict[tuple[str, str], ContentOverride]
# A scenario's records the packs may lack: no quest, no quest that gives a reward, no monster list. The
# scenario override's text fields fill them for a campaign.
SCENARIO_PARTS = {"quests": "quests", "rewards": "quests", "monsters": "monsters"}


def _gap(kind: str, target: str, name: str, missing: list[str], verified: bool) -> dict[str, Any]:
    return {"kind": kind, "target": target, "name": name, "missing": missing, "verified": verified}


def _left(record: Any, fields: list[str], kind: str, target: str, overrides: Overrides) -> dict | None:
    override = overrides.get((kind, target))
    entered = override.fields if override else {}
    missing = [name for name in fields if entered.get(name) in (None, "")]
    verified = bool(override and override.verified_at) or bool(getattr(record, "verified", False))
    if not missing and verified:
        return None
    return {"missing": missing, "verified": verified}


def _records(edition: Edition) -> Iterator[tuple[str, str, str, Any, list[str]]]:
    """(kind, target, name, record, fields missing in the edition) for every record a table plays with."""
    cards = MonsterLevelCard.objects.filter(monster__edition=edition).select_related("monster")
    for card in cards.order_by("monster__name", "order"):
        target = f"{card.monster.slug}/{card.label}"
        yield OverrideKind.MONSTER_LEVEL, target, str(card), card, card.missing_fields
    for monster in Monster.objects.filter(edition=edition).order_by("name"):
        yield OverrideKind.MONSTER, monster.slug, monster.name, monster, monster.missing_fields
    for card in edition_cards(edition).order_by("deck", "name"):
        yield OverrideKind.UPGRADE_CARD, card.slug, card.name, card, card.missing_fields
    for hero in Hero.objects.filter(edition=edition).order_by("name"):
        yield OverrideKind.HERO, hero.slug, hero.name, hero, hero.missing_fields
    # Only what a table can enter for its campaign (whether a curse takes a slot is the content's own).
    enterable = OVERRIDE_FIELDS[OverrideKind.DEATH_CURSE]
    for curse in DeathCurse.objects.filter(edition=edition).order_by("value", "code"):
        missing = [name for name in curse.missing_fields if name in enterable]
        yield OverrideKind.DEATH_CURSE, curse.slug, f"{curse.code} {curse.name}", curse, missing
    # A die's faces (never missing: a fan transcription, GF:251) and how many the box holds (unknown for the
    # base box): a table corrects both for its campaign.
    for die in Die.objects.filter(edition=edition).order_by("slug"):
        yield OverrideKind.DIE, die.slug, die.name, die, [] if die.in_box is not None else ["in_box"]
    # Whether a Spawn token shows each pair comes from a fan resolver (FAN-AQH; GF:257: NOT FOUND in the
    # rules): a table corrects it for its campaign from its own tokens.
    for pair in SpawnPair.objects.filter(edition=edition).order_by("slug"):
        yield OverrideKind.SPAWN_PAIR, pair.slug, pair.name, pair, pair.missing_fields
    scenarios = Scenario.objects.filter(edition=edition).annotate(
        quest_count=Count("quests", distinct=True),
        reward_count=Count("quests", filter=~Q(quests__gives="title"), distinct=True),
        monster_count=Count("scenario_monsters", distinct=True),
    )
    for scenario in scenarios.order_by("book_position"):
        parts = {"quests": scenario.quest_count, "rewards": scenario.reward_count}
        parts["monsters"] = scenario.monster_count
        absent = [SCENARIO_PARTS[part] for part, count in parts.items() if not count]
        missing = list(dict.fromkeys([*scenario.missing_fields, *absent]))
        yield OverrideKind.SCENARIO, scenario.slug, scenario.name, scenario, missing


def content_gaps(
    edition: Edition, campaign: Campaign | None = None, *, as_read: bool = False
) -> list[dict[str, Any]]:
    """Every record of the edition still missing a field or a check, with the link to fill it (in the
    campaign, when given: what its members entered counts as filled). `as_read`: as a page lists them, the
    record named in the reader's language and its fields in words (the API keeps the names and fields)."""
    overrides = overrides_of(campaign) if campaign is not None else {}
    gaps = []
    for kind, target, name, record, missing in _records(edition):
        left = _left(record, missing, kind, target, overrides)
        if left is not None:
            # Why it is listed: a field no source gives, else the source the record rests on (R3).
            reasons = ["no-source"] if left["missing"] else []
            why = explained(record, edition.slug, reasons=reasons)
            gap = {
                **_gap(kind, target, name, **left),
                **{key: why[key] for key in ("reasons", "why", "fill_from")},
                "fill": fill_url(edition, kind, target, campaign),
            }
            gaps.append(
                {**gap, "name": _shown_name(record), "missing": field_labels(left["missing"])}
                if as_read
                else gap
            )
    return gaps


# The model each kind of entry corrects, found by slug (a level card by its monster's).
ENTRY_MODELS = {
    OverrideKind.MONSTER_LEVEL: Monster,
    OverrideKind.MONSTER: Monster,
    OverrideKind.HERO: Hero,
    OverrideKind.DEATH_CURSE: DeathCurse,
    OverrideKind.DIE: Die,
    OverrideKind.SPAWN_PAIR: SpawnPair,
    OverrideKind.SCENARIO: Scenario,
}


def shown_names(edition: Edition, keys: list[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """The records a campaign's entries correct, by (kind, target), named as `content_gaps(as_read=True)`
    names them; an entry whose record the content lacks (a card a table typed in) keeps its target."""
    shown: dict[tuple[str, str], str] = {}
    for kind in {kind for kind, _ in keys}:
        targets = [target for k, target in keys if k == kind]
        slugs = {target.partition("/")[0] for target in targets}
        model = ENTRY_MODELS.get(kind)
        if kind == OverrideKind.UPGRADE_CARD:
            found = {c.slug: c for c in edition_cards(edition).filter(slug__in=slugs)}
        elif model is not None:
            found = {r.slug: r for r in model.objects.filter(edition=edition, slug__in=slugs)}
        else:
            found = {}
        for target in targets:
            slug, _, label = target.partition("/")
            record = found.get(slug)
            if record is None:
                continue
            if kind == OverrideKind.MONSTER_LEVEL:
                level = gettext("level %(label)s") % {"label": label}
                shown[(kind, target)] = f"{name_in_language(names_of(record))} · {level}"
            else:
                shown[(kind, target)] = _shown_name(record)
    return shown


def _shown_name(record: Any) -> str:
    """A record's name in the reader's language; a level card is its monster's, with the level."""
    if isinstance(record, MonsterLevelCard):
        level = gettext("level %(label)s") % {"label": record.label}
        return f"{name_in_language(names_of(record.monster))} · {level}"
    if isinstance(record, DeathCurse):
        return f"{record.code} {name_in_language(names_of(record))}"
    if isinstance(record, SpawnPair):
        return spawn_pair_name(record.symbols)
    return name_in_language(names_of(record))


def spawn_pair_name(symbols: tuple[str, str]) -> str:
    """A Spawn pair by its two faces in the reader's language ("Melee + Crit"): its record's name is the
    English one only."""
    return " + ".join(choice_label("faces", face) for face in symbols)


def fill_url(edition: Edition, kind: str, target: str, campaign: Campaign | None = None) -> str:
    """The page where a member fills the record in: their campaign's content page (or, from the report,
    the page that lists their campaigns of the edition)."""
    query = urlencode({"kind": kind, "target": target})
    if campaign is not None:
        return f"{reverse('campaigns:content', args=[campaign.pk])}?{query}"
    return f"{reverse('campaigns:content-fill')}?{urlencode({'edition': edition.slug})}&{query}"
