"""A scenario tracked live: taps are events, the First Bonus and the win are applied, results pre-filled."""

import pytest
from rest_framework.test import APIClient

from campaigns.models import Event, ScenarioPlay
from tests.conftest import db_snapshot
from tests.factories import UserFactory, build_campaign, refreshed

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return UserFactory(username="olga")


@pytest.fixture
def client(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


def start(client, campaign, scenario="beyond-the-gates-of-hell"):
    return client.post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": scenario, "revision": refreshed(campaign).revision},
        format="json",
    )


def tap(client, campaign, colour, action, data):
    revision = refreshed(campaign).guilds.get(colour__slug=colour).revision
    return client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/live/{action}/",
        {**data, "revision": revision},
        format="json",
    )


def live(client, campaign):
    return client.get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]


def guild_state(state, colour):
    return next(g for g in state["guilds"] if g["guild"] == colour)


@pytest.fixture
def three(owner):
    return build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})


def test_starting_a_scenario_gives_zeroed_counters_per_guild_and_hero(client, three):
    assert start(client, three).status_code == 201
    state = live(client, three)
    assert state["number"] == 1 and state["level"] == "1"
    yellow = guild_state(state, "yellow")
    assert [h["hero"] for h in yellow["heroes"]] == ["diana", "mark", "kisha"]
    assert set(yellow["quest_choices"]) == {"pass-the-gates", "kill-cerberus", "pvp:teal", "pvp:gray"}


def test_taps_count_deaths_damnation_and_coins_and_never_go_below_zero(client, three, snapshot):
    start(client, three)
    tap(client, three, "yellow", "tally", {"counter": "deaths", "hero": "diana", "delta": 1})
    tap(client, three, "yellow", "tally", {"counter": "damnation", "hero": "diana", "delta": 3})
    tap(client, three, "yellow", "tally", {"counter": "coins", "delta": 2})
    yellow = guild_state(live(client, three), "yellow")
    assert yellow["heroes"][0] == {"hero": "diana", "deaths": 1, "damnation": 3}
    assert yellow["coins"] == 2
    before = snapshot()
    response = tap(client, three, "yellow", "tally", {"counter": "deaths", "hero": "mark", "delta": -1})
    assert response.status_code == 400 and "below 0" in response.json()["delta"][0]
    assert snapshot() == before


def test_the_first_guild_to_complete_a_quest_gets_a_coin(client, three):
    start(client, three)
    tap(client, three, "yellow", "quest", {"quest": "pvp:teal"})
    tap(client, three, "gray", "quest", {"quest": "pvp:teal"})
    state = live(client, three)
    assert guild_state(state, "yellow")["coins"] == 1
    assert guild_state(state, "gray")["coins"] == 0
    assert Event.objects.filter(campaign=three).latest("seq").summary == (
        "Gray completed Kill a hero of the Teal guild"
    )


def test_a_guild_cannot_complete_its_own_colours_quest_or_one_quest_twice(client, three, snapshot):
    start(client, three)
    before = snapshot()
    own = tap(client, three, "yellow", "quest", {"quest": "pvp:yellow"})
    assert own.status_code == 400 and "own colour" in own.json()["quest"][0]
    assert snapshot() == before
    tap(client, three, "yellow", "quest", {"quest": "pass-the-gates"})
    twice = tap(client, three, "yellow", "quest", {"quest": "pass-the-gates"})
    assert twice.status_code == 400 and "already completed" in twice.json()["quest"][0]


def test_three_pvp_quests_alone_do_not_win_but_a_pve_one_does(client, owner):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None, "purple": None})
    start(client, campaign)
    for quest in ("pvp:teal", "pvp:gray", "pvp:purple"):
        tap(client, campaign, "yellow", "quest", {"quest": quest})
    assert not guild_state(live(client, campaign), "yellow")["winner"]
    tap(client, campaign, "yellow", "quest", {"quest": "pass-the-gates"})
    assert guild_state(live(client, campaign), "yellow")["winner"]


def test_two_quests_win_a_two_player_game(client, owner):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None})
    start(client, campaign)
    tap(client, campaign, "teal", "quest", {"quest": "pvp:yellow"})
    tap(client, campaign, "teal", "quest", {"quest": "kill-cerberus"})
    assert guild_state(live(client, campaign), "teal")["winner"]


def test_a_reward_quest_with_a_limit_refuses_a_third_guild(client, owner):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})
    start(client, campaign)
    tap(client, campaign, "yellow", "quest", {"quest": "kill-cerberus"})
    tap(client, campaign, "teal", "quest", {"quest": "kill-cerberus"})
    third = tap(client, campaign, "gray", "quest", {"quest": "kill-cerberus"})
    assert third.status_code == 400 and "2 guilds only" in third.json()["quest"][0]


def test_ending_pre_fills_the_results_which_then_record_the_scenario(client, three):
    start(client, three)
    tap(client, three, "yellow", "quest", {"quest": "pass-the-gates"})
    tap(client, three, "yellow", "quest", {"quest": "kill-cerberus"})
    tap(client, three, "yellow", "quest", {"quest": "pvp:teal"})
    tap(client, three, "yellow", "tally", {"counter": "treasure", "delta": 3})
    tap(client, three, "teal", "tally", {"counter": "deaths", "hero": "natasha", "delta": 2})
    draft = live(client, three)["results_draft"]
    yellow = next(line for line in draft if line["guild"] == "yellow")
    # 3 First Bonus coins + 3 quests + 3 treasure
    assert (yellow["winner"], yellow["coins"], yellow["title"]) == (True, 9, True)
    assert yellow["reward_cards"] == [{"card": "the-finisher", "hero": "diana"}]
    response = client.post(
        f"/api/v1/campaigns/{three.pk}/plays/",
        {"scenario": "beyond-the-gates-of-hell", "results": draft, "revision": refreshed(three).revision},
        format="json",
    )
    assert response.status_code == 201, response.json()
    sheet = response.json()
    assert sheet["live"] is None
    assert sheet["plays"][0]["achievements"]["winner"] == ["yellow"]
    assert sheet["plays"][0]["achievements"]["least_deaths"] == ["gray", "yellow"]
    assert ScenarioPlay.objects.filter(campaign=three).count() == 1


def test_every_tap_can_be_undone(client, three):
    start(client, three)
    tap(client, three, "yellow", "quest", {"quest": "pass-the-gates"})
    seq = Event.objects.filter(campaign=three).latest("seq").seq
    revision = refreshed(three).guilds.get(colour__slug="yellow").revision
    response = client.post(
        f"/api/v1/campaigns/{three.pk}/undo/", {"seq": seq, "revision": revision}, format="json"
    )
    assert response.status_code == 200
    yellow = guild_state(live(client, three), "yellow")
    assert (yellow["quests"], yellow["coins"]) == ([], 0)
    assert live(client, three)["quest_log"] == []


def test_only_one_scenario_is_played_at_a_time_and_the_owner_can_abandon_it(client, three):
    start(client, three)
    assert start(client, three, "ferry-of-the-dead").status_code == 400
    before = db_snapshot()
    response = client.post(
        f"/api/v1/campaigns/{three.pk}/live/abandon/", {"revision": refreshed(three).revision}, format="json"
    )
    assert response.status_code == 200 and response.json()["live"] is None
    assert db_snapshot() != before
    assert start(client, three, "ferry-of-the-dead").status_code == 201


def test_recording_another_scenario_than_the_one_being_played_is_refused(client, three):
    start(client, three)
    response = client.post(
        f"/api/v1/campaigns/{three.pk}/plays/",
        {
            "scenario": "ferry-of-the-dead",
            "revision": refreshed(three).revision,
            "results": [{"guild": c, "winner": c == "yellow"} for c in ("yellow", "teal", "gray")],
        },
        format="json",
    )
    assert response.status_code == 400 and "being played" in response.json()["scenario"][0]
