"""Kills in the live tracker pay the coin rewards of RB:677-683 and RB:962-970, and the killed hero's Death
token (RB:694-695); a reward the content lacks is said, never made up."""

import pytest

from campaigns.models import Event, MonsterLevelCard
from tests.factories import build_campaign, refreshed

pytestmark = pytest.mark.django_db


def _post(api, campaign, path, data):
    return api.post(
        f"/api/v1/campaigns/{campaign.pk}/{path}",
        {**data, "revision": refreshed(campaign).revision},
        format="json",
    )


def _guilds(api, campaign):
    state = api.get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]
    return {g["guild"]: g for g in state["guilds"]}


@pytest.fixture
def table(owner, owner_api):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})
    assert (
        _post(owner_api, campaign, "live/start/", {"scenario": "beyond-the-gates-of-hell"}).status_code == 201
    )
    return campaign


def test_a_hero_killed_by_a_monster_pays_one_coin_to_each_other_guild(owner_api, table):
    """RB:680-681 "When a Monster kills a Hero, all the other Guilds each get one coin"; RB:694-695 "Each time
    a Hero is killed, place a Death token on his card"."""
    response = _post(
        owner_api, table, "live/kill/", {"victim": "hero", "hero": "diana", "hero_guild": "yellow"}
    )
    assert response.status_code == 200, response.json()
    guilds = _guilds(owner_api, table)
    assert {c: g["coins"] for c, g in guilds.items()} == {"yellow": 0, "teal": 1, "gray": 1}
    assert guilds["yellow"]["heroes"][0] == {"hero": "diana", "deaths": 1, "damnation": 0, "on_board": True}


def test_an_enemy_hero_killed_pays_its_killer_one_coin(owner_api, table):
    """RB:679 "When a Hero kills an enemy Hero, his Guild gets one coin"; the first such kill also fulfils
    "Kill a Hero of Guild Yellow" with its First Bonus coin (BR:217 "These rewards stack"), so the second kill
    shows the kill's coin alone (BR:218)."""
    kill = {"victim": "hero", "killer": "teal", "hero": "diana", "hero_guild": "yellow"}
    _post(owner_api, table, "live/kill/", kill)
    assert {c: g["coins"] for c, g in _guilds(owner_api, table).items()} == {
        "yellow": 0,
        "teal": 2,
        "gray": 0,
    }
    _post(owner_api, table, "live/kill/", kill)
    assert _guilds(owner_api, table)["teal"]["coins"] == 3


def test_a_monster_reward_missing_from_the_content_is_said_and_pays_nothing(owner_api, table):
    """RB:677-678 the Monster card's coins; GF:8 never invent a number (Cerberus' card has no reward yet)."""
    response = _post(
        owner_api, table, "live/kill/", {"victim": "monster", "monster": "cerberus", "killer": "gray"}
    )
    assert response.status_code == 200, response.json()
    assert _guilds(owner_api, table)["gray"]["coins"] == 0
    summary = Event.objects.filter(campaign=table).latest("seq").summary
    assert "not in the content" in summary and "add it by hand to Gray" in summary


def test_every_guild_that_wounded_a_villain_gets_its_reward(owner_api, table):
    """RB:965-967 "all Guilds that have a token on its card win the full Coin reward listed on the Monster
    card" (the reward set here stands in for the level card's printed number)."""
    MonsterLevelCard.objects.filter(monster__slug="the-judge", label="1").update(reward=3)
    response = _post(
        owner_api,
        table,
        "live/kill/",
        {"victim": "villain", "monster": "the-judge", "killer": "teal", "wounded_by": ["yellow"]},
    )
    assert response.status_code == 200, response.json()
    assert {c: g["coins"] for c, g in _guilds(owner_api, table).items()} == {
        "yellow": 3,
        "teal": 3,
        "gray": 0,
    }


def test_no_kill_is_paid_after_the_win(owner_api, table, snapshot):
    """BR:205 "the scenario immediately ends and that player is victorious"."""
    for quest in ("pass-the-gates", "kill-cerberus", "pvp:teal"):
        owner_api.post(
            f"/api/v1/campaigns/{table.pk}/guilds/yellow/live/quest/",
            {"quest": quest, "revision": refreshed(table).guilds.get(colour__slug="yellow").revision},
            format="json",
        )
    before = snapshot()
    late = _post(owner_api, table, "live/kill/", {"victim": "hero", "hero": "diana", "hero_guild": "yellow"})
    assert late.status_code == 400 and "no kill can be recorded after it" in str(late.json())
    assert snapshot() == before


def test_a_kill_of_a_monster_with_no_level_card_says_the_content_has_none(owner, owner_api):
    """BR:64 "up to four cards": the base content has no Troll card for scenario 2 (level 2-3), so the kill
    pays nothing and says there is no such card, not that a number on it is missing."""
    from tests.factories import BASE_SIX_SCENARIOS, record, result_line

    guilds = {"orange": None, "blue": None}
    campaign = build_campaign(owner, guilds=guilds, edition="arcadia-quest")
    lines = [result_line(c, winner=c == "orange") for c in guilds]
    campaign = record(owner, campaign, BASE_SIX_SCENARIOS[0], lines)
    started = _post(owner_api, campaign, "live/start/", {"scenario": BASE_SIX_SCENARIOS[1]})
    assert started.status_code == 201, started.json()
    kill = {"victim": "monster", "monster": "troll", "killer": "blue"}
    assert _post(owner_api, campaign, "live/kill/", kill).status_code == 200
    assert _guilds(owner_api, campaign)["blue"]["coins"] == 0
    summary = Event.objects.filter(campaign=campaign).latest("seq").summary
    assert "the content has no level card of this monster for this level: add it by hand to Blue" in summary
