"""The content report lists the records a Portuguese reader sees in English (issue 18, item 3)."""

from __future__ import annotations

import io

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from campaigns.models import Edition, MonsterLevelCard, Scenario, UpgradeCard
from campaigns.selectors.content_translations import translation_gaps
from campaigns.services.content_promote import content_pack_promote

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after():
    yield
    # A request leaves its language active in the thread; the next test must read English again.
    translation.activate(settings.LANGUAGE_CODE)


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
        "kind_label": "Upgrade card",
        "slug": card.slug,
        "name": card.name,
        "missing": ["name_pt"],
    }
    assert listed in gaps("inferno")
    UpgradeCard.objects.filter(pk=card.pk).update(local_name="Lâmina Extravagante")
    assert card.slug not in {g["slug"] for g in gaps("inferno") if g["kind"] == "upgrade card"}


def test_the_report_carries_the_section(api):
    report = api.get("/api/v1/content/report/?edition=inferno").json()["inferno"]
    assert isinstance(report["missing_translations"], list)


def test_the_base_attack_names_no_english_source_gives_are_listed_and_counted():
    """content-check-2 §3a, ux-walkthrough-2 L4: the ten base level-1 attack names are FAN-R's transcription
    of the Brazilian cards (`attack_name_pt`); no source gives them in English (`attack_name` empty), so
    each is a translation gap the other way round, counted with the rest (the list's length is the
    command's count)."""
    base = Edition.objects.get(slug="arcadia-quest")
    only_brazilian = MonsterLevelCard.objects.filter(monster__edition=base, attack_name="").exclude(
        attack_name_pt=""
    )
    assert only_brazilian.count() == 10
    listed = [g for g in gaps("arcadia-quest") if g["kind"] == "monster level card"]
    assert {g["slug"] for g in listed} == {f"{c.monster.slug}/{c.label}" for c in only_brazilian}
    minotaur = next(g for g in listed if g["slug"] == "minotaur/1")
    assert minotaur["name"] == "Minotaur level 1" and minotaur["brazilian_name"] == "Chifrada"
    assert minotaur["missing"] == ["attack_name"] and minotaur["why"] == "no English name in any source"
    assert minotaur["fill_from"] == "the box's monster cards" and minotaur["verified"] is False
    # An English name entered for the card leaves the list.
    only_brazilian.filter(monster__slug="minotaur").update(attack_name="Gore")
    assert "minotaur/1" not in {g["slug"] for g in gaps("arcadia-quest")}
    # Inferno's attack names are English (its level cards carry no Brazilian one): none listed.
    assert not [g for g in gaps("inferno") if g["kind"] == "monster level card"]


def test_the_command_counts_and_names_each_missing_name_with_its_kind(capsys):
    """The list's count is every missing name; each line names its kind in words, not by its slug."""
    call_command("content_report", "--edition", "arcadia-quest")
    out = capsys.readouterr().out
    listed = gaps("arcadia-quest")
    assert f"  names with no source in Brazilian Portuguese or in English: {len(listed)}" in out
    assert (
        "    - Monster level card · Minotaur level 1: missing attack_name; shown as the Brazilian name "
        "Chifrada; not verified (why: no English name in any source) [fill from: the box's monster cards]"
    ) in out
    quest = next(g for g in listed if g["kind"] == "quest")
    assert f"    - PvE quest · {quest['name']}: missing name_pt" in out
    assert "    - quest " not in out and "    - monster level card " not in out


def test_the_missing_page_names_each_kind_in_the_readers_language():
    """ux-walkthrough-2 V17: the list read "circle Test End Circle" (the kind's slug); a Portuguese reader
    reads the kind in Portuguese beside the English name, and the attack names only the Brazilian cards
    give, with why."""
    english = Client().get("/content/missing/?edition=arcadia-quest", HTTP_ACCEPT_LANGUAGE="en")
    section = _translations(english.content.decode())
    assert 'Monster level card · <span lang="en">Minotaur level 1</span>' in section
    assert "no English name in any source" in section and "Chifrada" in section
    assert "quest <" not in section and ">quest " not in section
    portuguese = Client().get("/content/missing/?edition=arcadia-quest", HTTP_ACCEPT_LANGUAGE="pt-br")
    section = _translations(portuguese.content.decode())
    with translation.override("pt-br"):
        label = str(translation.gettext("Monster level card"))
    assert label != "Monster level card"
    assert f'{label} · <span lang="en">Minotaur level 1</span>' in section


def _translations(html: str) -> str:
    start = html.index('id="missing-translations"')
    return html[start : html.index("</section>", start)]


def _promoted_attack_name(target: str, name: str) -> None:
    """A group's level card entry, promoted by the site admin into the edition: how an attack name the
    English card prints reaches the Inferno content (its packs give none)."""
    record = {"kind": "monster-level", "target": target, "fields": {"attack_name": name}, "verified_on": None}
    pack = {"format": "inferno-companion-content", "version": 1, "edition": "inferno", "records": [record]}
    content_pack_promote(document=pack)


def test_an_attack_name_only_the_english_card_gives_is_listed_with_why_and_its_source(api):
    """The other way round from the base level-1 names: an Inferno attack name entered from the English
    card (CB-PT and FAN-R give no Brazilian one, content-check-2 §3a) is a name a Portuguese reader sees in
    English; it is listed like every gap (why, which source fills it) until a Brazilian name is entered,
    in the command, the page and the API alike, and every such card of the database is counted once."""
    _promoted_attack_name("cerberus/2-3", "Test attack")
    listed = [g for g in gaps("inferno") if g["kind"] == "monster level card"]
    assert listed == [
        {
            "kind": "monster level card",
            "kind_label": "Monster level card",
            "slug": "cerberus/2-3",
            "name": "Cerberus level 2-3",
            "missing": ["attack_name_pt"],
            "english_name": "Test attack",
            "verified": False,
            "reasons": ["no-portuguese-name"],
            "why": "no Brazilian Portuguese name in any source",
            "fill_from": "the Brazilian edition's monster cards",
        }
    ]
    # One row per card of the database whose attack name one language has and the other lacks.
    for slug in ("inferno", "arcadia-quest"):
        cards = MonsterLevelCard.objects.filter(monster__edition__slug=slug)
        one_sided = (
            cards.filter(attack_name="").exclude(attack_name_pt="").count()
            + cards.filter(attack_name_pt="").exclude(attack_name="").count()
        )
        assert len([g for g in gaps(slug) if g["kind"] == "monster level card"]) == one_sided
    report = api.get("/api/v1/content/report/?edition=inferno").json()["inferno"]
    assert listed[0] in report["missing_translations"]
    out = io.StringIO()
    call_command("content_report", "--edition", "inferno", stdout=out)
    text = out.getvalue()
    assert f"  names with no source in Brazilian Portuguese or in English: {len(gaps('inferno'))}" in text
    assert (
        "    - Monster level card · Cerberus level 2-3: missing attack_name_pt; shown as the English name "
        "Test attack; not verified (why: no Brazilian Portuguese name in any source) [fill from: the "
        "Brazilian edition's monster cards]"
    ) in text
    section = _translations(Client().get("/content/missing/?edition=inferno").content.decode())
    assert 'Monster level card · <span lang="en">Cerberus level 2-3</span>' in section
    assert "Missing: Brazilian Portuguese attack name" in section
    assert 'as the English card\'s name: <span lang="en">Test attack</span>' in section
    assert "Source that would fill it: the Brazilian edition&#x27;s monster cards" in section
    # A Brazilian name entered for the card leaves the list.
    MonsterLevelCard.objects.filter(monster__slug="cerberus", label="2-3").update(attack_name_pt="Teste")
    assert not [g for g in gaps("inferno") if g["kind"] == "monster level card"]
