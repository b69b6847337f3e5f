"""The page's record form: one reward choice per Reward quest, so one guild can win two cards (RB:1625)."""

import pytest

from campaigns.models import InventoryCard
from tests.campaigns.pages.helpers import act
from tests.factories import SIX_SCENARIOS, build_campaign, client_for, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def test_the_page_form_records_two_reward_cards_for_one_guild(owner):
    """RB:1625 "Guild who accomplishes a Quest associated with a Reward card … immediately gets it": Pit of
    Tormented Souls has two Reward quests, each giving Rock Bottom's Helm (GF:119)."""
    campaign = build_campaign(owner)
    for slug in SIX_SCENARIOS[:4]:
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/?open=record").content.decode()
    assert 'name="reward-yellow-2"' in html and 'name="reward-yellow-3"' not in html
    data = {
        "revision": refreshed(campaign).revision,
        "scenario": "pit-of-tormented-souls",
        "winner": "yellow",
        "coins-yellow": 0,
        "treasure-yellow": 0,
        "coins-teal": 0,
        "treasure-teal": 0,
        "reward-yellow": "rock-bottoms-helm",
        "reward_hero-yellow": "diana",
        "reward-yellow-2": "rock-bottoms-helm",
        "reward_hero-yellow-2": "mark",
        "confirm": "1",
    }
    for guild in refreshed(campaign).guilds.all():
        for hero in guild.heroes.filter(fielded=True):
            for counter in ("deaths", "damnation"):
                data[f"{counter}-{guild.colour.slug}-{hero.hero.slug}"] = 0
    response = act(owner, campaign, "record", data)
    assert response.status_code == 302
    helms = InventoryCard.objects.filter(guild__colour__slug="yellow", card__slug="rock-bottoms-helm")
    assert sorted(helms.values_list("hero__hero__slug", flat=True)) == ["diana", "mark"]
