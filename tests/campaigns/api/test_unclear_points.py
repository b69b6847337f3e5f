"""The unclear points through the API, each as rules_helpers decided it (U2, U8, U9, U11, U12)."""

import pytest

from campaigns.models import HeroCurse
from tests.factories import angel_campaign, build_campaign, guild_rev, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def _start(api, campaign, scenario):
    response = api.post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": scenario, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert response.status_code == 201, response.json()


def _quest(api, campaign, colour, quest):
    return api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/live/quest/",
        {"quest": quest, "revision": guild_rev(campaign, colour)},
        format="json",
    )


def _live(api, campaign):
    return api.get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]


def test_u2_two_quests_win_an_inferno_two_guild_game(owner, owner_api):
    """U2: BR:207 "In a 2-player game, victory is achieved by fulfilling only 2 Quests"."""
    campaign = build_campaign(owner)
    _start(owner_api, campaign, "ferry-of-the-dead")
    _quest(owner_api, campaign, "teal", "pvp:yellow")
    _quest(owner_api, campaign, "teal", "destroy-the-tickets")
    assert next(g for g in _live(owner_api, campaign)["guilds"] if g["guild"] == "teal")["winner"]


def test_u8_a_title_without_a_known_rule_goes_to_every_guild(owner, owner_api):
    """U8: GF:113 Keymaster (Find the Lost Keys, "1 per guild") says neither "first" nor "all"; every
    completer gets it. (Demon Slayer's Kill Bellya'al has one completer: RB:967-970, N5.)"""
    campaign = build_campaign(owner)
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    _start(owner_api, campaign, "the-prisoner")
    _quest(owner_api, campaign, "yellow", "find-the-lost-keys")
    _quest(owner_api, campaign, "teal", "find-the-lost-keys")
    assert [line["title"] for line in _live(owner_api, campaign)["results_draft"]] == [True, True]


def test_a_second_guild_cannot_tap_kill_bellyaal(owner, owner_api, snapshot):
    """N5: RB:967-970 "The credit for killing the Villain still goes only to the Hero that inflicts the last
    Wound, so only his Guild would win any associated Quest"; RB:269 "1 Bellya'al". The tracker's second tap
    is a 400 naming the rule, and only Yellow gets Demon Slayer in the draft."""
    campaign = build_campaign(owner)
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    _start(owner_api, campaign, "lost-in-the-dark")
    assert _quest(owner_api, campaign, "yellow", "kill-bellyaal").status_code == 200
    before = snapshot()
    refused = _quest(owner_api, campaign, "teal", "kill-bellyaal")
    assert refused.status_code == 400 and "RB:967-970" in refused.json()["quest"][0]
    assert snapshot() == before
    assert [line["title"] for line in _live(owner_api, campaign)["results_draft"]] == [True, False]


def test_u9_a_third_guild_kills_the_demon_pitcher_without_a_card(owner, owner_api):
    """U9: GF:111 "Kill the Demon Pitcher (→Reward; max 2)" caps the reward; BR:202-203 the quest counts."""
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})
    _start(owner_api, campaign, "ferry-of-the-dead")
    for colour in ("yellow", "teal", "gray"):
        assert _quest(owner_api, campaign, colour, "kill-the-demon-pitcher").status_code == 200
    draft = {line["guild"]: line for line in _live(owner_api, campaign)["results_draft"]}
    assert [len(draft[c]["reward_cards"]) for c in ("yellow", "teal", "gray")] == [1, 1, 0]
    assert draft["gray"]["quests"] == ["kill-the-demon-pitcher"]


def test_u11_an_angel_of_the_side_taken_left_unrescued_is_not_a_villain(owner, owner_api):
    """U11: GF:177 the setups place only the other side's two Angels (RB:1040-1042 is silent on the map)."""
    campaign = build_campaign(owner)
    for slug in ("ferry-of-the-dead", "the-prisoner"):
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    sheet = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/").json()
    assert sheet["angels_lost"] == ["justicar", "leah", "the-wanderer"]


def test_u12_the_swapped_out_hero_loses_its_death_curse_and_stays(owner, owner_api):
    """U12: GF:175 "the Angel enters fresh (the Hero's Guild tokens, Wounds and Death Curses are removed)"."""
    campaign = angel_campaign(owner)
    cursed = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/curses/",
        {"hero": "diana", "curse": "INFD-01", "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    assert cursed.status_code == 200, cursed.json()
    swap = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/angel/",
        {"angel": "angel-eyes", "swap_for": "diana", "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    assert swap.status_code == 200, swap.json()
    assert not HeroCurse.objects.filter(hero__hero__slug="diana").exists()
    assert "diana" in {h["hero"] for h in swap.json()["guilds"][0]["heroes"]}
