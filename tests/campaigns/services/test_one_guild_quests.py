"""Quests only one guild completes (N5): a single Villain's kill and an Angel's rescue, in the live tracker
and on the record, called as services without HTTP."""

import pytest

from campaigns.services.live import live_quest, live_start
from campaigns.services.scenarios import scenario_record_result
from tests.factories import access, build_campaign, campaign_rev, record, refreshed, refusal, result_line

pytestmark = pytest.mark.django_db

TABLE = {"yellow": None, "purple": None, "teal": None}


def _tap(owner, campaign, colour, quest):
    guild = refreshed(campaign).guilds.get(colour__slug=colour)
    return live_quest(
        access=access(owner, campaign), actor=owner, guild=guild, revision=guild.revision, quest=quest
    )


def _live(owner, scenario, before=()):
    campaign = build_campaign(owner, guilds=TABLE)
    for slug in before:
        campaign = record(
            owner,
            campaign,
            slug,
            [result_line("yellow", winner=True), result_line("purple"), result_line("teal")],
        )
    live_start(
        access=access(owner, campaign), actor=owner, revision=campaign_rev(campaign), scenario=scenario
    )
    return campaign


def test_only_the_guild_that_killed_bellyaal_completes_his_quest(owner, snapshot):
    """N5: RB:967-970 "The credit for killing the Villain still goes only to the Hero that inflicts the last
    Wound, so only his Guild would win any associated Quest. Villain-type Monsters … are returned straight
    to the game box"; RB:269 "1 Bellya'al". Yellow killed him in Lost in the Dark: Purple's tap is refused and
    nothing changes; Rescue the Hero stays open to both (BR:198)."""
    campaign = _live(owner, "lost-in-the-dark", before=("ferry-of-the-dead", "the-prisoner"))
    _tap(owner, campaign, "yellow", "kill-bellyaal")
    before = snapshot()
    assert refusal(lambda: _tap(owner, campaign, "purple", "kill-bellyaal")) == {
        "quest": [
            "Only one guild completes Kill Bellya'al: a Villain dies once and its quest goes to the last "
            "Wound (RB:967-970), an Angel joins one guild (GF:174)."
        ]
    }
    assert snapshot() == before
    _tap(owner, campaign, "yellow", "rescue-the-hero")
    _tap(owner, campaign, "purple", "rescue-the-hero")


def test_only_one_guild_saves_the_angel_so_the_drafted_results_record(owner):
    """N5: GF:174 "Whoever completes the 'Save the Angel' quest takes that Angel card": Purple's second
    rescue of Angel Eyes is refused, so the live draft gives the rescue to Yellow alone and records as is."""
    campaign = _live(owner, "the-prisoner", before=("ferry-of-the-dead",))
    _tap(owner, campaign, "yellow", "save-the-angel")
    assert "quest" in refusal(lambda: _tap(owner, campaign, "purple", "save-the-angel"))
    from campaigns.selectors.live import live_state

    draft = live_state(refreshed(campaign))["results_draft"]
    assert [line["guild"] for line in draft if line["angel"]] == ["yellow"]
    for line in draft:
        line["winner"] = line["guild"] == "yellow"
    scenario_record_result(
        access=access(owner, campaign),
        actor=owner,
        revision=campaign_rev(campaign),
        scenario="the-prisoner",
        results=draft,
    )
    assert (
        refreshed(campaign).guilds.get(colour__slug="yellow").heroes.filter(hero__slug="angel-eyes").exists()
    )


def test_a_record_naming_two_killers_of_one_villain_is_refused(owner, snapshot):
    """N5: RB:967-970 the Judge dies once; a result naming Kill The Judge for two guilds is refused whole."""
    campaign = build_campaign(owner, guilds=TABLE)
    for slug in ("ferry-of-the-dead", "the-parade", "lost-in-the-dark", "the-fallen-temple"):
        campaign = record(
            owner,
            campaign,
            slug,
            [result_line("yellow", winner=True), result_line("purple"), result_line("teal")],
        )
    before = snapshot()
    lines = [
        result_line("yellow", winner=True, quests=["kill-the-judge", "kill-bellyaal", "pvp:teal"]),
        result_line("purple", quests=["kill-the-judge"]),
        result_line("teal"),
    ]
    assert (
        "Only one guild completes Kill The Judge"
        in refusal(
            lambda: scenario_record_result(
                access=access(owner, campaign),
                actor=owner,
                revision=campaign_rev(campaign),
                scenario="pit-of-tormented-souls",
                results=lines,
            )
        )["results"][0]
    )
    assert snapshot() == before
