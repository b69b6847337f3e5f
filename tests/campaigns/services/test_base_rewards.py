"""Base Arcadia Quest's Reward cards, which no source names (M4), called as services without HTTP."""

import pytest

from campaigns.models import InventoryCard
from campaigns.services.scenarios import scenario_record_result
from tests.factories import access, build_campaign, campaign_rev, refusal, result_line, sheet

pytestmark = pytest.mark.django_db

UNLISTED = {"card": "reward-unlisted", "hero": "grom"}


def _record(owner, campaign, lines, scenario="district-of-hammers"):
    return scenario_record_result(
        access=access(owner, campaign),
        actor=owner,
        revision=campaign_rev(campaign),
        scenario=scenario,
        results=lines,
    )


def test_a_base_guild_records_a_reward_card_the_pack_does_not_name_and_wins_won_reward(owner):
    """M4: BR:201-202 "Some Quests may have one or more Reward cards associated with them, as indicated in the
    Campaign Book. When a player accomplishes that Quest, his Guild immediately gets one of the available
    Reward cards"; RB:1294-1296 Won Reward "Registers which Guild completed the Quest with a Reward card".
    No source names a base Reward card: the result says Orange won one, Won Reward goes to Orange, and no
    card is made up in its inventory."""
    campaign = build_campaign(owner, guilds={"orange": None, "blue": None}, edition="arcadia-quest")
    cards_before = InventoryCard.objects.filter(guild__campaign=campaign).count()
    _record(
        owner,
        campaign,
        [result_line("orange", winner=True, reward_cards=[UNLISTED]), result_line("blue")],
    )
    play = sheet(owner, campaign)["plays"][0]
    assert play["achievements"]["won_reward"] == ["orange"]
    assert next(r for r in play["results"] if r["guild"] == "orange")["reward_cards"] == ["reward-unlisted"]
    assert InventoryCard.objects.filter(guild__campaign=campaign).count() == cards_before


def test_the_unnamed_reward_card_goes_to_one_of_the_guilds_heroes(owner, snapshot):
    """BR:203 "The card is immediately placed in the inventory of any of that Guild's Heroes": a hero of
    another guild is refused, and nothing is recorded."""
    campaign = build_campaign(owner, guilds={"orange": None, "blue": None}, edition="arcadia-quest")
    before = snapshot()
    lines = [
        result_line("orange", winner=True, reward_cards=[{"card": "reward-unlisted", "hero": "johan"}]),
        result_line("blue"),
    ]
    assert "results" in refusal(lambda: _record(owner, campaign, lines))
    assert snapshot() == before


def test_an_inferno_result_cannot_name_a_reward_card_outside_its_scenario(owner, campaign, snapshot):
    """GF:184 the Inferno Campaign Book names each Reward card (Ferry of the Dead: Sharp Justice); only an
    edition whose sources name none takes an unnamed one."""
    before = snapshot()
    lines = [
        result_line("yellow", winner=True, reward_cards=[{"card": "reward-unlisted", "hero": "diana"}]),
        result_line("teal"),
    ]
    assert refusal(lambda: _record(owner, campaign, lines, scenario="ferry-of-the-dead")) == {
        "results": ["'reward-unlisted' is not a reward card of Ferry of the Dead."]
    }
    assert snapshot() == before
