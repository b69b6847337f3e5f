"""A scenario tracked live: taps are events, the First Bonus and the win are applied, results pre-filled."""

import pytest

from campaigns.models import Event, ScenarioPlay
from tests.conftest import db_snapshot
from tests.factories import build_campaign, guild_rev, refreshed

pytestmark = pytest.mark.django_db


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


def test_starting_a_scenario_gives_zeroed_counters_per_guild_and_hero(owner_api, three):
    assert start(owner_api, three).status_code == 201
    state = live(owner_api, three)
    assert state["number"] == 1 and state["level"] == "1"
    yellow = guild_state(state, "yellow")
    assert [h["hero"] for h in yellow["heroes"]] == ["diana", "mark", "kisha"]
    assert set(yellow["quest_choices"]) == {"pass-the-gates", "kill-cerberus", "pvp:teal", "pvp:gray"}


def test_taps_count_deaths_damnation_and_coins_and_never_go_below_zero(owner_api, three, snapshot):
    start(owner_api, three)
    tap(owner_api, three, "yellow", "tally", {"counter": "deaths", "hero": "diana", "delta": 1})
    tap(owner_api, three, "yellow", "tally", {"counter": "damnation", "hero": "diana", "delta": 3})
    tap(owner_api, three, "yellow", "tally", {"counter": "coins", "delta": 2})
    yellow = guild_state(live(owner_api, three), "yellow")
    assert yellow["heroes"][0] == {"hero": "diana", "deaths": 1, "damnation": 3, "on_board": True}
    assert yellow["coins"] == 2
    before = snapshot()
    response = tap(owner_api, three, "yellow", "tally", {"counter": "deaths", "hero": "mark", "delta": -1})
    assert response.status_code == 400 and "below 0" in response.json()["delta"][0]
    assert snapshot() == before


def test_the_first_guild_to_complete_a_quest_gets_a_coin(owner_api, three):
    start(owner_api, three)
    tap(owner_api, three, "yellow", "quest", {"quest": "pvp:teal"})
    tap(owner_api, three, "gray", "quest", {"quest": "pvp:teal"})
    state = live(owner_api, three)
    assert guild_state(state, "yellow")["coins"] == 1
    assert guild_state(state, "gray")["coins"] == 0
    assert Event.objects.filter(campaign=three).latest("seq").summary == (
        "Gray completed Kill a hero of the Teal guild"
    )


def test_a_guild_cannot_complete_its_own_colours_quest_or_one_quest_twice(owner_api, three, snapshot):
    start(owner_api, three)
    before = snapshot()
    own = tap(owner_api, three, "yellow", "quest", {"quest": "pvp:yellow"})
    assert own.status_code == 400 and "own colour" in own.json()["quest"][0]
    assert snapshot() == before
    tap(owner_api, three, "yellow", "quest", {"quest": "pass-the-gates"})
    twice = tap(owner_api, three, "yellow", "quest", {"quest": "pass-the-gates"})
    assert twice.status_code == 400 and "already completed" in twice.json()["quest"][0]


def test_three_pvp_quests_alone_do_not_win_but_a_pve_one_does(owner_api, owner):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None, "purple": None})
    start(owner_api, campaign)
    for quest in ("pvp:teal", "pvp:gray", "pvp:purple"):
        tap(owner_api, campaign, "yellow", "quest", {"quest": quest})
    assert not guild_state(live(owner_api, campaign), "yellow")["winner"]
    tap(owner_api, campaign, "yellow", "quest", {"quest": "pass-the-gates"})
    assert guild_state(live(owner_api, campaign), "yellow")["winner"]


def test_two_quests_win_a_two_player_game(owner_api, owner):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None})
    start(owner_api, campaign)
    tap(owner_api, campaign, "teal", "quest", {"quest": "pvp:yellow"})
    tap(owner_api, campaign, "teal", "quest", {"quest": "kill-cerberus"})
    assert guild_state(live(owner_api, campaign), "teal")["winner"]


def test_a_third_guild_completes_a_capped_reward_quest_without_a_card(owner_api, owner):
    """BR:202-203 "If a player accomplishes a Quest, but all of its associated Reward cards have already been
    taken, he doesn't get any cards" (the quest still counts); GF:110 Kill Cerberus "max 2 guilds"."""
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})
    start(owner_api, campaign)
    tap(owner_api, campaign, "yellow", "quest", {"quest": "kill-cerberus"})
    tap(owner_api, campaign, "teal", "quest", {"quest": "kill-cerberus"})
    third = tap(owner_api, campaign, "gray", "quest", {"quest": "kill-cerberus"})
    assert third.status_code == 200, third.json()
    assert guild_state(live(owner_api, campaign), "gray")["quests"] == ["kill-cerberus"]
    assert "no reward card" in Event.objects.filter(campaign=campaign).latest("seq").summary
    said = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/history/", HTTP_ACCEPT_LANGUAGE="pt-br").json()
    assert "nenhuma carta de Recompensa" in said[-1]["summary"] and "no reward" not in said[-1]["summary"]
    draft = {line["guild"]: line for line in live(owner_api, campaign)["results_draft"]}
    assert [len(draft[c]["reward_cards"]) for c in ("yellow", "teal", "gray")] == [1, 1, 0]
    assert draft["gray"]["coins"] == 1  # its quest's end-of-scenario coin (BR:215)


def test_no_quest_after_the_win_but_coins_and_treasure_stay_open(owner_api, owner, snapshot):
    """BR:205 "the scenario immediately ends and that player is victorious"; BR:215-216 coins and Treasure
    are counted at its end."""
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})
    start(owner_api, campaign)
    for quest in ("pass-the-gates", "kill-cerberus", "pvp:teal"):
        tap(owner_api, campaign, "yellow", "quest", {"quest": quest})
    assert guild_state(live(owner_api, campaign), "yellow")["winner"]
    before = snapshot()
    late = tap(owner_api, campaign, "gray", "quest", {"quest": "pass-the-gates"})
    assert late.status_code == 400 and "ended with the win" in late.json()["quest"][0]
    assert snapshot() == before
    assert tap(owner_api, campaign, "gray", "tally", {"counter": "treasure", "delta": 2}).status_code == 200
    assert tap(owner_api, campaign, "gray", "tally", {"counter": "coins", "delta": 1}).status_code == 200


def test_ending_pre_fills_the_results_which_then_record_the_scenario(owner_api, three):
    start(owner_api, three)
    tap(owner_api, three, "yellow", "quest", {"quest": "pass-the-gates"})
    tap(owner_api, three, "yellow", "quest", {"quest": "kill-cerberus"})
    tap(owner_api, three, "yellow", "quest", {"quest": "pvp:teal"})
    tap(owner_api, three, "yellow", "tally", {"counter": "treasure", "delta": 3})
    tap(owner_api, three, "teal", "tally", {"counter": "deaths", "hero": "natasha", "delta": 2})
    draft = live(owner_api, three)["results_draft"]
    yellow = next(line for line in draft if line["guild"] == "yellow")
    # 3 First Bonus coins + 3 quests, and the 3 treasure beside them (BR:215-216)
    assert (yellow["winner"], yellow["coins"], yellow["treasure"], yellow["title"]) == (True, 6, 3, True)
    assert yellow["reward_cards"] == [{"card": "the-finisher", "hero": "diana"}]
    response = owner_api.post(
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


def test_every_tap_can_be_undone(owner_api, three):
    start(owner_api, three)
    tap(owner_api, three, "yellow", "quest", {"quest": "pass-the-gates"})
    seq = Event.objects.filter(campaign=three).latest("seq").seq
    revision = refreshed(three).guilds.get(colour__slug="yellow").revision
    response = owner_api.post(
        f"/api/v1/campaigns/{three.pk}/undo/", {"seq": seq, "revision": revision}, format="json"
    )
    assert response.status_code == 200
    yellow = guild_state(live(owner_api, three), "yellow")
    assert (yellow["quests"], yellow["coins"]) == ([], 0)
    assert live(owner_api, three)["quest_log"] == []


def test_only_one_scenario_is_played_at_a_time_and_the_owner_can_abandon_it(owner_api, three):
    start(owner_api, three)
    assert start(owner_api, three, "ferry-of-the-dead").status_code == 400
    before = db_snapshot()
    response = owner_api.post(
        f"/api/v1/campaigns/{three.pk}/live/abandon/", {"revision": refreshed(three).revision}, format="json"
    )
    assert response.status_code == 200 and response.json()["live"] is None
    assert db_snapshot() != before
    assert start(owner_api, three, "ferry-of-the-dead").status_code == 201


def test_recording_another_scenario_than_the_one_being_played_is_refused(owner_api, three):
    start(owner_api, three)
    response = owner_api.post(
        f"/api/v1/campaigns/{three.pk}/plays/",
        {
            "scenario": "ferry-of-the-dead",
            "revision": refreshed(three).revision,
            "results": [{"guild": c, "winner": c == "yellow"} for c in ("yellow", "teal", "gray")],
        },
        format="json",
    )
    assert response.status_code == 400 and "being played" in response.json()["scenario"][0]


REFUSALS = [
    (
        "a live tap before any scenario starts",
        "guilds/yellow/live/tally/",
        {"counter": "coins", "delta": 1},
        "No scenario is being played",
    ),
    (
        "a live tap of zero",
        "guilds/yellow/live/tally/",
        {"counter": "coins", "delta": 0},
        "A tap adds or removes 1 to 10",
    ),
]


@pytest.mark.parametrize(("name", "path", "data", "message"), REFUSALS, ids=[c[0] for c in REFUSALS])
def test_the_rule_is_refused_and_nothing_changes(owner, owner_api, name, path, data, message):
    campaign = build_campaign(owner)
    before = db_snapshot()
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/{path}", {**data, "revision": guild_rev(campaign)}, format="json"
    )
    assert response.status_code == 400, response.json()
    assert message in str(response.json())
    assert db_snapshot() == before
