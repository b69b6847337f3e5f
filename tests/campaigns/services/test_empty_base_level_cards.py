"""Migration 0021: an existing database drops the 30 empty base level cards no source gives (BR:64), and
keeps every one someone filled in, verified or refers to.

The migration's data step runs on rows as an older installation holds them: the three empty 2-3, 4-5 and 6
cards the old loader made for each base monster, some of them since filled in, verified or named by a
campaign's entry.
"""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from campaigns.models import ContentOverride, Monster, MonsterLevelCard
from campaigns.services.overrides import content_override_set
from tests.factories import access, build_campaign

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("campaigns.migrations.0021_drop_empty_base_level_cards")
BASE = "arcadia-quest"
OLD_SOURCE = "BR (setup: a Monster card per level)"
OTHER_LABELS = ("2-3", "4-5", "6")


def _old_empty_cards() -> None:
    """What the loader made before BR:64 was read as "up to four": every other level, empty."""
    for monster in Monster.objects.filter(edition__slug=BASE):
        for order, label in enumerate(OTHER_LABELS, start=2):
            MonsterLevelCard.objects.create(monster=monster, label=label, order=order, source=OLD_SOURCE)


def _labels() -> dict[str, list[str]]:
    cards = MonsterLevelCard.objects.filter(monster__edition__slug=BASE).order_by("monster__slug", "order")
    labels: dict[str, list[str]] = {}
    for slug, label in cards.values_list("monster__slug", "label"):
        labels.setdefault(slug, []).append(label)
    return labels


def test_the_empty_base_level_cards_go_and_the_level_one_cards_stay():
    """BR:64: "Each monster type has up to four cards": the 30 cards made up for the other levels go, the
    ten level-1 cards the table gives (FAN-R) stay as they are, and the Inferno cards are untouched."""
    _old_empty_cards()
    assert MonsterLevelCard.objects.filter(monster__edition__slug=BASE).count() == 40
    level_one = list(MonsterLevelCard.objects.filter(monster__edition__slug=BASE, label="1").values())
    inferno = MonsterLevelCard.objects.filter(monster__edition__slug="inferno").count()
    MIGRATION.drop_empty_base_level_cards(apps, None)
    labels = _labels()
    assert len(labels) == 10 and all(held == ["1"] for held in labels.values())
    assert list(MonsterLevelCard.objects.filter(monster__edition__slug=BASE, label="1").values()) == level_one
    assert MonsterLevelCard.objects.filter(monster__edition__slug="inferno").count() == inferno


def test_a_card_filled_in_verified_or_named_by_a_campaign_stays(owner):
    """BR:64 leaves it open whether a card exists: a card with a number someone entered, a card someone
    marked verified and a card a campaign's entry names are kept; the other 27 go, and a second run deletes
    nothing more."""
    _old_empty_cards()
    MonsterLevelCard.objects.filter(monster__slug="minotaur", label="4-5").update(life=6)
    MonsterLevelCard.objects.filter(monster__slug="troll", label="6").update(verified=True)
    campaign = build_campaign(owner, edition=BASE, guilds={})
    content_override_set(
        access=access(owner, campaign),
        actor=owner,
        kind="monster-level",
        target="lord-fang/2-3",
        fields={"ability": "Hits twice."},
    )
    MIGRATION.drop_empty_base_level_cards(apps, None)
    kept = {slug: labels for slug, labels in _labels().items() if labels != ["1"]}
    assert kept == {"lord-fang": ["1", "2-3"], "minotaur": ["1", "4-5"], "troll": ["1", "6"]}
    assert ContentOverride.objects.filter(campaign=campaign, target="lord-fang/2-3").exists()
    MIGRATION.drop_empty_base_level_cards(apps, None)
    assert MonsterLevelCard.objects.filter(monster__edition__slug=BASE).count() == 13


def test_a_card_with_another_source_stays():
    """Only the cards the old loader made (its source) are the made-up ones: an empty card an admin added
    with a source of their own stays."""
    minotaur = Monster.objects.get(edition__slug=BASE, slug="minotaur")
    MonsterLevelCard.objects.create(monster=minotaur, label="2-3", order=2, source="our box")
    MIGRATION.drop_empty_base_level_cards(apps, None)
    assert _labels()["minotaur"] == ["1", "2-3"]
