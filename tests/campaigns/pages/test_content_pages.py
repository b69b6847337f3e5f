"""The card and monster search, and what is still missing, as HTML pages (never the API's raw JSON)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_search_filters_cards_by_name_and_shows_their_effect_marked_english():
    html = Client().get("/content/?q=trident&edition=inferno").content.decode()
    assert "Trident" in html or "trident" in html
    assert '<p class="effect" lang="en">' in html


def test_an_empty_query_lists_everything_and_a_query_narrows_it():
    everything = Client().get("/content/?edition=inferno").content.decode()
    narrowed = Client().get("/content/?edition=inferno&q=damnation&kind=curses").content.decode()
    assert everything.count("<li") > narrowed.count("<li")
    assert "Damned" in narrowed and "Upgrade cards</h2>" not in narrowed


def test_a_word_found_only_in_the_effect_finds_the_card():
    html = Client().get("/content/?edition=inferno&kind=cards&q=Wound").content.decode()
    assert "Cleansing Glow" in html and "heal" in html.lower()


def test_monsters_show_their_ability_and_link_to_the_lookup():
    html = Client().get("/content/?edition=arcadia-quest&kind=monsters&q=minotaur").content.decode()
    assert "Minotaur" in html and "extra Hit" in html and "/helpers/monsters/?monster=arcadia-quest/" in html


def test_a_query_that_finds_nothing_says_so():
    html = Client().get("/content/?edition=inferno&q=zzzzqqq").content.decode()
    assert "0 results" in html


def test_what_is_missing_is_a_page_not_json():
    response = Client().get("/content/missing/?edition=inferno")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    assert "What is still missing" in response.content.decode()


def _section(html: str, heading_id: str) -> str:
    start = html.index(f'id="{heading_id}"')
    return html[start : html.index("</section>", start)]


def test_the_missing_page_shows_every_section_of_the_report():
    """content-check-2 R12: the page left out the low-confidence list, the missing translations, the
    unverified counts and the gaps; it now shows every section, each gap with its reason and source."""
    html = Client().get("/content/missing/?edition=inferno").content.decode()
    counts = _section(html, "missing-unconfirmed")
    assert "296 records are not confirmed by an official English source." in counts
    assert "scenario monster lists: 65" in counts and "PvE quests: 25" in counts and "not rated: " in counts
    assert "Profane Shield" in counts  # the one low-confidence record
    curses = _section(html, "missing-curses")
    assert "Nothing missing." not in curses and "code differs between sources" in curses
    assert "Eternally Damned" in curses and "the box&#x27;s cards" in curses
    scenarios = _section(html, "missing-scenarios")
    assert "Nothing missing." not in scenarios.split("<h3>")[0] and "Ferry of the Dead" in scenarios
    assert "Demon Slayer" in scenarios and "Pass the Gates" in scenarios
    assert "the English Campaign Book" in scenarios
    assert "Cerberus" in _section(html, "missing-monsters")
    assert "Attack die" in _section(html, "missing-components")
    # The field a translation fills, in words (ux-walkthrough-2 V17), not the field's name.
    translations = _section(html, "missing-translations")
    assert "Missing: Brazilian Portuguese name" in translations and "name_pt" not in translations
    assert "/campaigns/content/fill/?edition=inferno" in _section(html, "missing-gaps")


def test_the_missing_page_says_who_fills_what():
    """R12: members enter their own campaign's content (the monster lookup says so too); the admin fills the
    content every campaign shares."""
    html = Client().get("/content/missing/?edition=arcadia-quest").content.decode()
    assert "Any member of a campaign enters what is missing for their own campaign" in html
    assert "The installation's admin (the person who runs the app for your table) fills" in html
    assert "Content is entered by the installation" not in html
    monsters = _section(html, "missing-monsters")
    assert "No level card in the content for level 2-3, 4-5, 6" in monsters and "BR:64" in monsters
    assert "the base Campaign Book (image PDF, not read)" in _section(html, "missing-scenarios")


def test_the_missing_page_says_its_reasons_in_portuguese():
    """The reasons are data marked for translation: the page says them in the reader's language."""
    client = Client(headers={"accept-language": "pt-br"})
    html = client.get("/content/missing/?edition=inferno").content.decode()
    assert "Por quê: o código difere entre as fontes" in html
    assert "o Livro de Campanha em inglês" in html and 'id="missing-translations"' in html


def test_the_home_page_links_to_pages_not_to_the_api():
    html = Client().get("/").content.decode()
    assert "/api/v1/content/report/" not in html and 'href="/content/missing/"' in html


def test_players_get_no_admin_link_for_missing_monster_stats(player_client):
    html = player_client.get("/helpers/monsters/?monster=inferno/cerberus&scenario=2").content.decode()
    assert "/admin/" not in html


def test_a_card_in_the_inventory_shows_its_effect_to_its_player_and_to_the_others(player, owner, campaign):
    from campaigns.models import UpgradeCard
    from tests.campaigns.pages.helpers import act
    from tests.factories import client_for, guild_rev

    effect = UpgradeCard.objects.get(edition__slug="inferno", slug="vile-trident").effect
    assert effect
    act(
        player,
        campaign,
        "card-add",
        {"guild": "teal", "revision": guild_rev(campaign, "teal"), "card": "vile-trident", "hero": "phyx"},
    )
    for reader in (player, owner):
        html = client_for(reader).get(f"/campaigns/{campaign.pk}/").content.decode()
        assert f'<p class="effect" lang="en">{effect}</p>' in html


def test_the_upgrade_draft_shows_each_card_effect(player, campaign):
    from campaigns.models import UpgradeCard
    from tests.campaigns.pages.helpers import first_scenario
    from tests.factories import client_for, level_one_deck

    level_one_deck()
    UpgradeCard.objects.filter(deck="level-1").update(effect="Test effect: +1 die.")
    first_scenario(campaign.owner, campaign, upgrade_on_paper=False)
    html = client_for(player).get(f"/campaigns/{campaign.pk}/upgrade/").content.decode()
    assert html.count('<span class="effect" lang="en">Test effect: +1 die.</span>') == 6  # the hand of 6


@pytest.mark.parametrize("edition", ["inferno", "arcadia-quest"])
def test_the_missing_page_names_fields_and_decks_in_words(edition):
    """ux-walkthrough-2 V17: "What is still missing" showed the fields' names ("brimstone_cards", "name_pt",
    "awarded_to") and the decks' ("level-1"); a player reads "Brimstone cards", "Level 1"."""
    html = Client().get(f"/content/missing/?edition={edition}", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    shown = re.sub(r"<[^>]+>", " ", html[html.index("<main") :])
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", shown), "a field's name is shown"
    assert not re.findall(r"\blevel-\d\b", shown), "a deck's slug is shown"
    assert "Missing:" in shown
