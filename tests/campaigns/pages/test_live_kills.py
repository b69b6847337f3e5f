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
