"""Episodic games from the sheet page (GF:298): the level is chosen in the forms, replays are recorded."""

import pytest

from campaigns.models import Campaign
from tests.campaigns.pages.helpers import act
from tests.campaigns.pages.test_scenarios import record_data
from tests.factories import build_campaign, client_for, refreshed

pytestmark = pytest.mark.django_db


def test_the_sheet_page_records_an_episodic_replay_at_the_chosen_level(owner):
    """GF:298 "use Upgrade cards of any level chosen, play any single scenario"."""
    campaign = build_campaign(owner, name="One-shots")
    Campaign.objects.filter(pk=campaign.pk).update(mode="episodic")
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert 'name="level"' in html and "Level (episodic game)" in html
    for level in (5, 2):
        response = act(owner, campaign, "record", record_data(campaign, level=level))
        assert response.status_code == 302
    assert [p.level for p in refreshed(campaign).plays.order_by("number")] == ["4-5", "2-3"]


def test_the_sheet_page_deals_the_chosen_levels_upgrade_cards(owner):
    """GF:298 "use Upgrade cards of any level chosen": the sheet of an episodic game has the deal form (the
    box's Level 1-5 decks, BR:230), and the table's number of cards reaches each guild."""
    from campaigns.models import InventoryCard

    campaign = build_campaign(owner, name="One-shots")
    Campaign.objects.filter(pk=campaign.pk).update(mode="episodic")
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert 'id="episodic-deal"' in html and 'name="cards"' in html
    assert '<option value="5">' in html.split('id="deal-level"')[1].split("</select>")[0]
    assert '<option value="6">' not in html.split('id="deal-level"')[1].split("</select>")[0]
    response = act(
        owner, campaign, "episodic-deal", {"revision": refreshed(campaign).revision, "level": 2, "cards": 3}
    )
    assert response.status_code == 302
    dealt = InventoryCard.objects.filter(guild__campaign=campaign, card__deck="level-2")
    assert sorted(dealt.values_list("guild__colour__slug", flat=True)) == ["teal"] * 3 + ["yellow"] * 3


def test_a_campaign_sheet_has_no_episodic_deal(owner, campaign):
    """BR:230 a campaign's Upgrade cards come from its Upgrade Phases."""
    assert 'id="episodic-deal"' not in client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()


def test_the_monsters_page_of_an_episodic_game_shows_the_level_chosen(owner, owner_api):
    """N3: GF:298 "use Upgrade cards of any level chosen, play any single scenario"; RB:479-482 "use only the
    card for the level equal to the number of the scenario being played", the chosen level standing for
    that number. The game started live at level 6 shows the "6" cards (not scenario 1's); with no game being
    played the reader picks the level, and the last game's is shown first."""
    campaign = build_campaign(owner, name="One-shots")
    Campaign.objects.filter(pk=campaign.pk).update(mode="episodic")
    started = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": "the-fallen-temple", "level": 6, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert started.status_code == 201, started.json()
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/monsters/").content.decode()
    assert "Monster stats at level 6" in page and 'Level card "6"' in page
    assert "scenario=6&amp;campaign=" in page and "scenario=1&amp;" not in page
    assert 'href="?level=' not in page  # the game being played fixes the level
    abandoned = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/live/abandon/",
        {"revision": refreshed(campaign).revision},
        format="json",
    )
    assert abandoned.status_code == 200
    act(owner, campaign, "record", record_data(campaign, level=5))
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/monsters/").content.decode()
    assert "Monster stats at level 4-5" in page and "scenario=4&amp;campaign=" in page
    assert 'href="?level=2"' in page and 'href="?level=6"' in page
    picked = client_for(owner).get(f"/campaigns/{campaign.pk}/monsters/?level=3").content.decode()
    assert 'Level card "2-3"' in picked and "scenario=3&amp;campaign=" in picked
    ignored = client_for(owner).get(f"/campaigns/{campaign.pk}/monsters/?level=9").content.decode()
    assert 'Level card "4-5"' in ignored


def test_a_campaigns_monsters_page_still_follows_its_scenarios(owner, campaign):
    """RB:479-482: a campaign's next scenario decides its level card; a ?level= changes nothing there."""
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/monsters/?level=6").content.decode()
    assert "Monster stats for scenario 1" in page and 'Level card "1"' in page and 'href="?level=' not in page
