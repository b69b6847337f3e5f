"""The campaign's content page: any member fills a gap from where it shows, without the admin."""

import json

import pytest

from campaigns.models import ContentOverride
from campaigns.selectors.overrides import overrides_pack
from tests.factories import ShareLink, client_for, refreshed

pytestmark = pytest.mark.django_db


def page(campaign, query=""):
    return f"/campaigns/{campaign.pk}/content/{query}"


CERBERUS = "?kind=monster-level&target=cerberus/1"


def test_the_monsters_page_links_a_missing_card_to_the_form(campaign, member_client):
    response = member_client.get(f"/campaigns/{campaign.pk}/monsters/")
    assert b"Enter the stats from the card" in response.content
    assert b"kind=monster-level&amp;target=cerberus/1" in response.content


def test_the_monsters_page_names_missing_stats_as_players_read_them(campaign, member_client):
    """V17: "Stats not entered yet: life, overkill, reward, attack_kind, attack_dice…" showed field names."""
    shown = member_client.get(f"/campaigns/{campaign.pk}/monsters/").content.decode()
    assert "Stats not entered yet:" in shown and "Attack kind" in shown
    assert "attack_kind" not in shown and "attack_dice" not in shown


def test_a_member_fills_monster_stats_from_the_page(campaign, member_client):
    assert member_client.get(page(campaign, CERBERUS)).status_code == 200
    data = {"action": "enter", "kind": "monster-level", "target": "cerberus/1", "life": "7", "defense": "2"}
    response = member_client.post(page(campaign), data)
    assert response.status_code == 302
    override = ContentOverride.objects.get(campaign=campaign)
    assert override.fields == {"life": 7, "defense": 2} and override.entered_by.get_username() == "mia"
    shown = member_client.get(f"/campaigns/{campaign.pk}/monsters/").content.decode()
    assert "entered by this table" in shown


def test_a_value_out_of_bounds_is_refused_beside_the_field(campaign, member_client, snapshot):
    before = snapshot()
    data = {"action": "enter", "kind": "monster-level", "target": "cerberus/1", "life": "1000"}
    response = member_client.post(page(campaign), data)
    assert response.status_code == 400 and b"field-error" in response.content
    assert snapshot() == before


def test_a_share_link_holder_or_outsider_cannot_write(campaign, outsider_client, snapshot):
    before = snapshot()
    data = {"action": "enter", "kind": "monster-level", "target": "cerberus/1", "life": "7"}
    assert outsider_client.post(page(campaign), data).status_code == 404
    assert ShareLink(client_for(None), campaign).post(page(campaign), data).status_code == 403
    assert snapshot() == before


def test_a_member_verifies_and_imports_a_pack_from_the_page(campaign, member_client, owner):
    verify = {"action": "verify", "kind": "upgrade-card", "target": "ghastly-bow"}
    assert member_client.post(page(campaign), verify).status_code == 302
    pack = overrides_pack(refreshed(campaign))
    ContentOverride.objects.all().delete()
    response = member_client.post(page(campaign), {"action": "import", "pack": json.dumps(pack)})
    assert response.status_code == 302
    assert overrides_pack(refreshed(campaign)) == pack
    bad = member_client.post(page(campaign), {"action": "import", "pack": "not json"})
    assert bad.status_code == 400


def test_the_fill_link_of_the_report_lists_the_readers_campaigns(campaign, member_client):
    response = member_client.get("/campaigns/content/fill/?edition=inferno&kind=monster-level&target=harpy/1")
    assert response.status_code == 200 and campaign.name.encode() in response.content


def test_the_monster_lookup_opened_from_the_campaign_shows_its_entries(campaign, member, member_client):
    from campaigns.services.overrides import content_override_set
    from tests.factories import access

    content_override_set(
        access=access(member, campaign),
        actor=member,
        kind="monster-level",
        target="cerberus/1",
        fields={"life": 7},
    )
    url = f"/helpers/monsters/?monster=inferno/cerberus&scenario=1&campaign={campaign.pk}"
    body = member_client.get(url).content.decode()
    # The table's number carries its mark: entered by this table.
    assert '<dd data-number>7<details class="conf conf-table"' in body and "entered from the card" in body
    assert f'href="/campaigns/{campaign.pk}/content/?kind=monster-level&amp;target=cerberus%2F1"' in body
    # Without the campaign, or for another campaign's reader, the edition's card: still empty.
    assert "<dd data-number>7<" not in member_client.get(url.split("&campaign")[0]).content.decode()
    assert client_for(None).get(url).status_code == 404


def _panel(html: str, title_id: str) -> str:
    start = html.index(f'id="{title_id}"')
    return html[start : html.index("</section>", start)]


def test_the_gaps_name_each_record_and_its_fields_in_the_readers_words(campaign, member_client):
    """ux-walkthrough-2 V17: "What is still missing" listed slugs and field names ("the-judge · nível 1:
    life, overkill, …, attack_kind"); it names the monster and the stats as the reader's language does."""
    english = _panel(member_client.get(page(campaign)).content.decode(), "gaps-title")
    assert "Cerberus · level 1" in english
    assert "missing: Life, Overkill, Reward (coins), Attack kind, Attack dice, Movement, Defense" in english
    assert "attack_kind" not in english and "cerberus/1" not in english.replace("target=cerberus/1", "")
    brazilian = member_client.get(page(campaign), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    gaps = _panel(brazilian, "gaps-title")
    assert "Cérbero · nível 1" in gaps and "Vida, Massacre" in gaps and "Tipo de ataque" in gaps


def test_the_form_offers_an_attack_kind_by_its_name_and_keeps_the_value(campaign, member_client):
    """ux-walkthrough-2 V17: the content form offered "melee / ranged" in lower case; it offers the model's
    labels and still saves the value the API and the packs know."""
    form = member_client.get(page(campaign, CERBERUS)).content.decode()
    assert '<option value="melee">Melee</option>' in form and '<option value="ranged">Ranged</option>' in form
    brazilian = member_client.get(page(campaign, CERBERUS), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert '<option value="melee">Corpo a corpo</option>' in brazilian
    assert '<h2 id="record-title">Cérbero · nível 1</h2>' in brazilian
    data = {"action": "enter", "kind": "monster-level", "target": "cerberus/1", "life": "7"}
    assert member_client.post(page(campaign), {**data, "attack_kind": "melee"}).status_code == 302
    assert ContentOverride.objects.get(campaign=campaign).fields == {"life": 7, "attack_kind": "melee"}
    entries = _panel(member_client.get(page(campaign)).content.decode(), "entries-title")
    assert "<strong>Cerberus · level 1</strong>" in entries and "Life 7 · Attack kind Melee" in entries
    assert "attack_kind" not in entries
