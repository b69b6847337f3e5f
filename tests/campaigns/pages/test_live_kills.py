"""The live tracker page asks who made a kill and pays its coins (RB:677-683)."""

import pytest

from campaigns.models import PlayResult
from campaigns.services.live import live_start
from tests.campaigns.pages.helpers import act
from tests.factories import access, build_campaign, client_for, refreshed

pytestmark = pytest.mark.django_db


def test_a_hero_killed_by_a_monster_from_the_page_pays_the_other_guild(owner):
    """RB:680-681 "When a Monster kills a Hero, all the other Guilds each get one coin"."""
    campaign = build_campaign(owner)
    live_start(
        access=access(owner, campaign), actor=owner, revision=campaign.revision, scenario="ferry-of-the-dead"
    )
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert 'value="yellow:diana"' in html and "Record the kill" in html
    response = act(
        owner,
        campaign,
        "kill",
        {"revision": refreshed(campaign).revision, "victim": "hero", "target": "yellow:diana"},
    )
    assert response.status_code == 302
    coins = dict(
        PlayResult.objects.filter(play__campaign=campaign).values_list("guild__colour__slug", "coins")
    )
    assert coins == {"yellow": 0, "teal": 1}


def test_the_base_kill_form_names_the_editions_monsters_and_marks_fan_rewards(owner):
    """N6: GF:245 no base scenario's monsters are in the sources, so the page's kill form offers the
    edition's (RB:677-678: a kill is paid from its Monster's card) and says so; the fan-sourced level cards
    are marked unchecked (GF:8-9); a Goblin Archer kill from the page pays Orange its card's coin."""
    campaign = build_campaign(owner, guilds={"orange": None, "blue": None}, edition="arcadia-quest")
    live_start(
        access=access(owner, campaign),
        actor=owner,
        revision=campaign.revision,
        scenario="district-of-hammers",
    )
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert '<option value="goblin-archer">' in html and "every monster of the edition is listed" in html
    assert "reward from a fan source, not checked against the box" in html
    response = act(
        owner,
        campaign,
        "kill",
        {
            "revision": refreshed(campaign).revision,
            "victim": "monster",
            "monster": "goblin-archer",
            "killer": "orange",
        },
    )
    assert response.status_code == 302
    coins = dict(
        PlayResult.objects.filter(play__campaign=campaign).values_list("guild__colour__slug", "coins")
    )
    assert coins == {"orange": 1, "blue": 0}


def test_an_episodic_live_page_says_the_table_places_two_angels(owner):
    """N10: GF:177 two Second Circle angels stand at A1/A2 in the finale; GF:298 an episodic game took no
    side, so the page lists every candidate and says the table placed two of them."""
    from campaigns.models import Campaign

    campaign = build_campaign(owner)
    Campaign.objects.filter(pk=campaign.pk).update(mode="episodic")
    live_start(
        access=access(owner, campaign),
        actor=owner,
        revision=refreshed(campaign).revision,
        scenario="hit-rock-bottom",
        level=6,
    )
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "two of these angels stand at A1 and A2" in html
    assert '<option value="leah">' in html and '<option value="angel-eyes">' in html
