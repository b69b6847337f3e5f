"""The campaign's own content over the API: members write, others cannot; packs travel; typed cards are
the campaign's alone and a name clash is a clear 400 (security probe F4, issue 15 item 7)."""

import pytest

from campaigns.models import ContentOverride, UpgradeCard
from tests.conftest import db_snapshot
from tests.factories import UserFactory, api_for, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db

ENTRY = {"kind": "monster-level", "target": "cerberus/2-3", "fields": {"life": 7, "defense": 3}}


def url(campaign, tail=""):
    return f"/api/v1/campaigns/{campaign.pk}/content/{tail}"


def test_a_member_enters_content_and_reads_it_back(campaign, member_api):
    response = member_api.post(url(campaign), ENTRY, format="json")
    assert response.status_code == 201, response.json()
    [row] = response.json()
    assert row["entered_by"] == "mia" and row["fields"] == {"life": 7, "defense": 3}
    assert member_api.get(url(campaign)).json() == [row]


def test_outsiders_and_spectators_cannot_write_content(campaign, outsider_api, spectator_api):
    before = db_snapshot()
    assert outsider_api.post(url(campaign), ENTRY, format="json").status_code == 404
    assert spectator_api.post(url(campaign), ENTRY, format="json").status_code == 403
    assert spectator_api.post(url(campaign, "import/"), {}, format="json").status_code == 403
    assert db_snapshot() == before


def test_bad_values_are_400_beside_the_field(campaign, member_api):
    before = db_snapshot()
    bad = {**ENTRY, "fields": {"life": 10**9}}
    response = member_api.post(url(campaign), bad, format="json")
    assert response.status_code == 400 and "life" in response.json()
    assert db_snapshot() == before


def test_export_then_import_into_another_campaign_round_trips(campaign, member_api):
    member_api.post(url(campaign), ENTRY, format="json")
    pack = member_api.get(url(campaign, "export/")).json()
    assert pack["format"] == "inferno-companion-content" and pack["version"] == 1
    otto = UserFactory(username="otto")
    other = build_campaign(otto, name="Another table")
    imported = api_for(otto).post(url(other, "import/"), pack, format="json")
    assert imported.status_code == 201, imported.json()
    assert api_for(otto).get(url(other, "export/")).json() == pack


def test_an_import_with_ids_or_foreign_records_is_refused_whole(campaign, member_api):
    before = db_snapshot()
    pack = {
        "format": "inferno-companion-content",
        "version": 1,
        "edition": "inferno",
        "records": [ENTRY, {"id": 5, **ENTRY}],
    }
    response = member_api.post(url(campaign, "import/"), pack, format="json")
    assert response.status_code == 400 and "records[1].record" in response.json()
    assert db_snapshot() == before


@pytest.fixture
def manual_phase(campaign, owner):
    """An upgrade phase whose level deck is not in the app, so the table types the cards it drafted."""
    UpgradeCard.objects.filter(edition__slug="inferno", deck="level-1", campaign=None).delete()
    lines = [result_line("yellow", winner=True, coins=5), result_line("teal", coins=3)]
    return record(owner, campaign, "ferry-of-the-dead", lines, upgrade_on_paper=False)


def enter_dealt(client, campaign, cards):
    revision = refreshed(campaign).guilds.get(colour__slug="yellow").revision
    return client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/upgrade-phase/enter/",
        {"cards": cards, "revision": revision},
        format="json",
    )


def dealt(names, cost=2):
    return [{"name": name, "cost": cost} for name in names]


def test_a_typed_card_clashing_with_another_decks_card_is_400_and_writes_nothing(manual_phase, owner_api):
    before = db_snapshot()
    cards = dealt(["Grimbolt", "A", "B", "C", "D", "E"])
    response = enter_dealt(owner_api, manual_phase, cards)
    assert response.status_code == 400
    assert "Grimbolt" in str(response.json()) and "Starter deck" in str(response.json())
    assert db_snapshot() == before


def test_two_spellings_of_one_new_card_with_different_costs_are_400(manual_phase, owner_api):
    before = db_snapshot()
    cards = [{"name": "Fancy Blade", "cost": 2}, {"name": "fancy-blade", "cost": 3}, *dealt("ABCD")]
    response = enter_dealt(owner_api, manual_phase, cards)
    assert response.status_code == 400 and "costs 2" in str(response.json())
    assert db_snapshot() == before


def test_a_typed_card_needs_a_cost(manual_phase, owner_api):
    cards = [{"name": "Bone Wand"}, *dealt("ABCDE")]
    response = enter_dealt(owner_api, manual_phase, cards)
    assert response.status_code == 400 and "give its cost" in str(response.json())


def test_typed_cards_are_the_campaigns_own_and_undo_takes_them_back(manual_phase, owner_api):
    response = enter_dealt(owner_api, manual_phase, dealt(["Bone Wand", "Bone Wand", *"ABCD"]))
    assert response.status_code == 200, response.json()
    assert not UpgradeCard.objects.filter(edition__slug="inferno", campaign=None, name="Bone Wand").exists()
    assert ContentOverride.objects.filter(campaign=manual_phase, target="bone-wand").count() == 1
    # Nobody else sees it: not the content API, not another campaign's list.
    listed = api_for(None).get("/api/v1/upgrade-cards/", {"edition": "inferno", "deck": "level-1"}).json()
    assert "Bone Wand" not in str(listed)
    campaign = refreshed(manual_phase)
    undo = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": campaign.history_seq, "revision": campaign.guilds.get(colour__slug="yellow").revision},
        format="json",
    )
    assert undo.status_code == 200, undo.json()
    assert not ContentOverride.objects.filter(campaign=manual_phase).exists()
