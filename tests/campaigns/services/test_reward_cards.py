"""Reward cards won in a scenario reach the guild's heroes (BR:201-203), called as services without HTTP."""

import pytest

from campaigns.models import InventoryCard
from campaigns.selectors.live import live_state
from campaigns.services.inventory import inventory_card_add
from campaigns.services.live import live_quest, live_start
from campaigns.services.scenarios import scenario_record_result
from tests.factories import (
    SIX_SCENARIOS,
    access,
    angel_campaign,
    build_campaign,
    campaign_rev,
    record,
    refreshed,
    refusal,
    result_line,
)

pytestmark = pytest.mark.django_db


def _give(owner, campaign, hero, card="dusty-blade", times=1):
    for _ in range(times):
        guild = refreshed(campaign).guilds.get(colour__slug="yellow")
        inventory_card_add(
            access=access(owner, campaign),
            actor=owner,
            guild=guild,
            revision=guild.revision,
            card=card,
            hero=hero,
        )


def _held(campaign, colour="yellow"):
    return InventoryCard.objects.filter(guild__campaign=campaign, guild__colour__slug=colour)


def test_a_reward_card_joins_a_guild_holding_twelve_cards_when_a_hero_has_a_free_slot(owner, snapshot):
    """N4: BR:203 "The card is immediately placed in the inventory of any of that Guild's Heroes … (the player
    can discard one of his Upgrade cards to make room for his new Reward card if necessary)": the room is a
    slot; BR:233 settles the 12 cards in the Upgrade Phase ("If a Guild has more than 12 Upgrade cards, it
    will have to discard any excess cards"). Yellow holds 12, 4 of them on Angel Eyes in reserve, and Kisha
    has free slots: Collector's Armor goes to Kisha, a 13th card until the phase."""
    campaign = angel_campaign(owner)
    _give(owner, campaign, "angel-eyes", times=4)
    for hero in ("diana", "mark", "kisha"):
        _give(owner, campaign, hero)
    assert _held(campaign).count() == 12
    before = snapshot()
    assert refusal(lambda: _give(owner, campaign, "kisha")) == {
        "card": ["A guild holds at most 12 upgrade cards; discard one first."]
    }
    assert snapshot() == before
    lines = [
        result_line("yellow", winner=True, reward_cards=[{"card": "collectors-armor", "hero": "kisha"}]),
        result_line("teal"),
    ]
    record(owner, campaign, "lost-in-the-dark", lines)
    assert _held(campaign).count() == 13
    assert _held(campaign).filter(hero__hero__slug="kisha", card__slug="collectors-armor").exists()


def test_a_reward_card_still_needs_a_free_slot_on_the_hero_named(owner, snapshot):
    """BR:203: the player discards to make room "if necessary": a hero whose 4 slots hold cards takes no
    Reward card until one is moved or discarded; the scenario is not recorded."""
    campaign = angel_campaign(owner)
    _give(owner, campaign, "diana", times=2)  # Diana's 2 starter cards and these 2 fill her 4 slots
    before = snapshot()
    lines = [
        result_line("yellow", winner=True, reward_cards=[{"card": "collectors-armor", "hero": "diana"}]),
        result_line("teal"),
    ]
    assert refusal(
        lambda: scenario_record_result(
            access=access(owner, campaign),
            actor=owner,
            revision=campaign_rev(campaign),
            scenario="lost-in-the-dark",
            results=lines,
        )
    ) == {"hero": ["Diana has no free slot; move or discard a card first."]}
    assert snapshot() == before


def test_the_live_draft_puts_each_reward_card_on_a_hero_with_a_free_slot(owner):
    """N4: BR:203 "placed in the inventory of any of that Guild's Heroes"; RB:1625-1626 each Reward quest
    gives its card. In Pit of Tormented Souls Yellow kills Bellya'al and The Judge: Diana's slots are full and
    Mark has one free, so the draft gives one Rock Bottom's Helm to Mark and one to Kisha, and the table
    records it as drafted."""
    campaign = build_campaign(owner)
    for slug in SIX_SCENARIOS[:4]:
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    _give(owner, campaign, "diana", times=2)
    _give(owner, campaign, "mark")
    me = access(owner, campaign)
    live_start(access=me, actor=owner, revision=campaign_rev(campaign), scenario="pit-of-tormented-souls")
    for quest in ("kill-bellyaal", "kill-the-judge"):
        yellow = refreshed(campaign).guilds.get(colour__slug="yellow")
        live_quest(access=me, actor=owner, guild=yellow, revision=yellow.revision, quest=quest)
    draft = {line["guild"]: line for line in live_state(refreshed(campaign))["results_draft"]}
    assert draft["yellow"]["reward_cards"] == [
        {"card": "rock-bottoms-helm", "hero": "mark"},
        {"card": "rock-bottoms-helm", "hero": "kisha"},
    ]
    draft["yellow"]["winner"] = True
    scenario_record_result(
        access=access(owner, campaign),
        actor=owner,
        revision=campaign_rev(campaign),
        scenario="pit-of-tormented-souls",
        results=list(draft.values()),
    )
    helms = _held(campaign).filter(card__slug="rock-bottoms-helm").values_list("hero__hero__slug", flat=True)
    assert sorted(helms) == ["kisha", "mark"]
