"""The content report lists the records a Portuguese reader sees in English (issue 18, item 3)."""

from __future__ import annotations

import pytest

from campaigns.models import Edition, Scenario, UpgradeCard
from campaigns.selectors.content_translations import translation_gaps

pytestmark = pytest.mark.django_db


def gaps(slug: str) -> list[dict]:
    return translation_gaps(Edition.objects.get(slug=slug))["missing_translations"]


def test_inferno_scenarios_are_translated_and_the_base_games_are_listed():
    """GF §1.2: the Brazilian edition's scenario names are known for Inferno; the base game has none."""
    assert not [g for g in gaps("inferno") if g["kind"] == "scenario"]
    base = [g for g in gaps("arcadia-quest") if g["kind"] == "scenario"]
    assert len(base) == Scenario.objects.filter(edition__slug="arcadia-quest").count() > 0


def test_a_card_without_a_portuguese_name_is_listed_until_it_gets_one():
    card = UpgradeCard.objects.filter(edition__slug="inferno").order_by("slug").first()
    UpgradeCard.objects.filter(pk=card.pk).update(local_name="")
    listed = {
        "kind": "upgrade card",
        "slug": card.slug,
        "name": f"upgrade card {card.name}",
        "missing": ["name_pt"],
    }
    assert listed in gaps("inferno")
    UpgradeCard.objects.filter(pk=card.pk).update(local_name="Lâmina Extravagante")
    assert card.slug not in {g["slug"] for g in gaps("inferno") if g["kind"] == "upgrade card"}


def test_the_report_carries_the_section(api):
    report = api.get("/api/v1/content/report/?edition=inferno").json()["inferno"]
    assert isinstance(report["missing_translations"], list)
