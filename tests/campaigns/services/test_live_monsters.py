"""The Monsters a kill can name in the live tracker (N6, N10), read and paid through the selectors and
services without HTTP."""

import re

import pytest

from campaigns.models import Campaign, Event, PlayResult, ScenarioPlay
from campaigns.selectors.live import live_state
from campaigns.services.live import live_kill, live_start
from campaigns.services.overrides import content_override_set
from tests.factories import access, build_campaign, campaign_rev, client_for, record, refreshed, result_line

pytestmark = pytest.mark.django_db

BASE_MONSTERS = [
    "goblin-archer",
    "hammer-beastman",
    "lord-fang",
    "minotaur",
    "orc-captain",
    "orc-marauder",
    "sister-of-pain",
    "sister-of-pleasure",
    "spear-beastman",
    "troll",
]
ANGELS = ["angel-eyes", "benjamin", "justicar", "leah", "the-wanderer"]


def _start(owner, campaign, scenario, level=None):
    live_start(
        access=access(owner, campaign),
        actor=owner,
        revision=campaign_rev(campaign),
        scenario=scenario,
        level=level,
    )
    return live_state(refreshed(campaign))


def _orange_kills(owner, campaign, monster):
    live_kill(
        access=access(owner, campaign),
        actor=owner,
        revision=campaign_rev(campaign),
        victim="monster",
        killer="orange",
        monster=monster,
    )


def test_a_base_kill_names_any_monster_of_the_edition_and_says_its_reward_is_unchecked(owner):
    """N6: GF:245 "Base-game monster stats: not found" (nor its scenarios' monsters), so the tracker offers
    the edition's monsters and says so; the level-1 cards are a fan transcription (verified false), and GF:8-9
    "says so to the user": the kill pays its card's coin (RB:677-678) and the history marks it unchecked."""
    campaign = build_campaign(owner, guilds={"orange": None, "blue": None}, edition="arcadia-quest")
    state = _start(owner, campaign, "district-of-hammers")
    assert sorted(m["slug"] for m in state["monsters"]) == BASE_MONSTERS and state["monsters_listed"] is False
    archer = next(m for m in state["monsters"] if m["slug"] == "goblin-archer")
    assert archer["reward_checked"] is False
    _orange_kills(owner, campaign, "goblin-archer")
    assert PlayResult.objects.get(play__campaign=campaign, guild__colour__slug="orange").coins == 1
    summary = Event.objects.filter(campaign=campaign).latest("seq").summary
    assert "Orange +1" in summary and "not checked against the box" in summary


def test_an_inferno_scenario_keeps_its_own_monster_list(owner, campaign):
    """N6: the Campaign Book's setups list each Inferno scenario's monsters (GF:129-140): Ferry of the Dead's
    Demon Pitcher, Demoness and Harpy, no more; their rewards are not in the content (None)."""
    state = _start(owner, campaign, "ferry-of-the-dead")
    assert sorted(m["slug"] for m in state["monsters"]) == ["demon-pitcher", "demoness", "harpy"]
    assert state["monsters_listed"] is True and {m["reward_checked"] for m in state["monsters"]} == {None}


def test_an_episodic_hit_rock_bottom_offers_every_unsaved_angel_as_a_monster(owner):
    """N10: GF:177 "in Third Circle scenarios and the finale, the two angels of the Second Circle not played
    are placed at map markers A1/A2 as Monsters", and Justicar "in Hit Rock Bottom … is a Monster unless some
    guild already has him"; GF:137-140 the setups place "2 unsaved angels"; an episodic game took no side
    (GF:298), so the table says which two, and a kill can name any of them."""
    campaign = build_campaign(owner, name="One-shots")
    Campaign.objects.filter(pk=campaign.pk).update(mode="episodic")
    state = _start(owner, refreshed(campaign), "hit-rock-bottom", level=6)
    assert state["villain_angels"] == ANGELS and state["villain_angels_by_table"] is True
    assert set(ANGELS) <= {m["slug"] for m in state["monsters"]}


def test_hit_rock_bottom_offers_no_justicar_once_a_guild_holds_him(owner):
    """N10: GF:177 Justicar "in Hit Rock Bottom … is a Monster unless some guild already has him as a Hero".
    Yellow rescued him in the Commission: the kill list has the West campaign's villain angels (the East's,
    U11), not him."""
    campaign = build_campaign(owner)
    lines = [result_line("yellow", winner=True), result_line("teal")]
    for slug in ("ferry-of-the-dead", "the-parade", "lost-in-the-dark"):
        campaign = record(owner, campaign, slug, lines)
    commission = [result_line("yellow", winner=True, angel=True), result_line("teal")]
    campaign = record(owner, campaign, "hells-parliamentary-commission", commission)
    campaign = record(owner, campaign, "pit-of-tormented-souls", lines)
    state = _start(owner, campaign, "hit-rock-bottom")
    assert state["villain_angels"] == ["leah", "the-wanderer"]
    assert state["villain_angels_by_table"] is False
    slugs = {m["slug"] for m in state["monsters"]}
    assert "justicar" not in slugs and {"leah", "the-wanderer", "the-underlord"} <= slugs


def test_a_kill_pays_the_reward_the_table_entered_for_the_level_card_and_says_so(owner):
    """Issue 28 (GF:8-9, the group fills gaps itself): a reward this campaign entered over the fan-transcribed
    level card is the one a kill pays (RB:677-678), the tracker and the history say the table entered it, and
    another campaign of the same edition still pays the card's own coin."""
    campaign = build_campaign(owner, guilds={"orange": None, "blue": None}, edition="arcadia-quest")
    other = build_campaign(owner, guilds={"orange": None, "blue": None}, edition="arcadia-quest")
    _start(owner, other, "district-of-hammers")
    _start(owner, campaign, "district-of-hammers")
    level = ScenarioPlay.objects.get(campaign=campaign, status="in-progress").level
    content_override_set(
        access=access(owner, campaign),
        actor=owner,
        kind="monster-level",
        target=f"goblin-archer/{level}",
        fields={"reward": 3},
    )
    archer = next(m for m in live_state(refreshed(campaign))["monsters"] if m["slug"] == "goblin-archer")
    assert archer["reward_entered"] is True
    # What the kill's monster list on the phone says beside the name.
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert re.search(r"Goblin Archer[^<]*· reward entered by this table</option>", html)
    for table in (campaign, other):
        _orange_kills(owner, table, "goblin-archer")
    assert PlayResult.objects.get(play__campaign=campaign, guild__colour__slug="orange").coins == 3
    assert PlayResult.objects.get(play__campaign=other, guild__colour__slug="orange").coins == 1
    summary = Event.objects.filter(campaign=campaign).latest("seq").summary
    assert "Orange +3" in summary and "this table entered" in summary
    assert "not checked against the box" not in summary
    other_archer = next(m for m in live_state(refreshed(other))["monsters"] if m["slug"] == "goblin-archer")
    assert other_archer["reward_entered"] is False
