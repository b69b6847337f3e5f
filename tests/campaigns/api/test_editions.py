"""Base Arcadia Quest against Inferno through the API: how the game ends, Damnation, level label sources."""

import pytest

from tests.conftest import db_snapshot
from tests.factories import (
    BASE_SIX_SCENARIOS,
    build_campaign,
    campaign_rev,
    guild_rev,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db

BASE_GUILDS = {"orange": None, "blue": None, "red": None}


def _record(api, campaign, scenario, results):
    return api.post(
        f"/api/v1/campaigns/{campaign.pk}/plays/",
        {"scenario": scenario, "results": results, "revision": campaign_rev(campaign)},
        format="json",
    )


def _abandon_phase(api, campaign):
    api.post(
        f"/api/v1/campaigns/{campaign.pk}/upgrade-phase/restart/",
        {"reopen": False, "revision": campaign_rev(campaign)},
        format="json",
    )


def _base_campaign(owner):
    return build_campaign(owner, guilds=BASE_GUILDS, name="Arcadia", edition="arcadia-quest")


def _play_base_six(api, campaign, winners):
    for slug, winner in zip(BASE_SIX_SCENARIOS, winners, strict=True):
        lines = [result_line(c, winner=c == winner) for c in BASE_GUILDS]
        response = _record(api, campaign, slug, lines)
        assert response.status_code == 201, response.json()
        _abandon_phase(api, campaign)
    return refreshed(campaign)


def test_the_base_game_is_won_by_the_winner_of_the_last_scenario(owner, owner_api):
    """BR:261 "The Guild that wins the last scenario is the winner, of the game." — no Medals, no Savior."""
    campaign = _play_base_six(owner_api, _base_campaign(owner), ["red", "red", "red", "red", "red", "blue"])
    data = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/").json()
    assert data["game_winner"] == "blue" and data["finale_kind"] == "last-winner"
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/finale/", {"revision": campaign_rev(campaign)}, format="json"
    )
    assert response.status_code == 200, response.json()
    finale = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/").json()["finale"]
    assert finale["kind"] == "last-winner" and finale["game_winner"] == "blue"
    assert finale["council"] == [] and finale["savior"] is None and finale["ultimate_arcadian"] == []
    assert all(holders == [] for holders in finale["medals"].values())


def test_a_base_campaign_has_no_savior_of_arcadia(owner, owner_api):
    """BR:260-261: the base game ends with the last scenario's winner; the Savior is Inferno's (RB:1328)."""
    campaign = _play_base_six(owner_api, _base_campaign(owner), ["red"] * 6)
    before = db_snapshot()
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/finale/",
        {"savior": "red", "revision": campaign_rev(campaign)},
        format="json",
    )
    assert response.status_code == 400 and "BR:261" in response.json()["savior"][0]
    assert db_snapshot() == before


def test_an_inferno_sheet_names_no_game_winner(owner, owner_api, campaign):
    """RB:1311-1334: Inferno's finale is Medals and the Savior; it names no single game winner."""
    data = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/").json()
    assert data["game_winner"] is None and data["finale_kind"] == "medals" and data["has_damnation"]


def test_base_results_with_damnation_are_refused(owner, owner_api):
    """BR:224: base Death Curses come from Death tokens only; the base game has no Damnation."""
    campaign = _base_campaign(owner)
    assert owner_api.get(f"/api/v1/campaigns/{campaign.pk}/").json()["has_damnation"] is False
    before = db_snapshot()
    lines = [
        result_line("orange", winner=True, heroes=[{"hero": "diva", "deaths": 1, "damnation": 2}]),
        result_line("blue"),
        result_line("red"),
    ]
    response = _record(owner_api, campaign, "district-of-hammers", lines)
    assert response.status_code == 400 and "BR:224" in response.json()["results"][0]
    assert db_snapshot() == before


def test_the_base_live_tracker_has_no_damnation_counter(owner, owner_api):
    """BR:224: no Damnation in base Arcadia Quest, so the live tracker refuses the tap."""
    campaign = _base_campaign(owner)
    started = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": "district-of-hammers", "revision": campaign_rev(campaign)},
        format="json",
    )
    assert started.status_code in (200, 201), started.json()
    url = f"/api/v1/campaigns/{campaign.pk}/guilds/orange/live/tally/"
    body = {"counter": "damnation", "delta": 1, "hero": "diva", "revision": guild_rev(campaign, "orange")}
    response = owner_api.post(url, body, format="json")
    assert response.status_code == 400 and "BR:224" in response.json()["counter"][0]
    deaths = owner_api.post(url, {**body, "counter": "deaths"}, format="json")
    assert deaths.status_code == 200, deaths.json()


def test_the_death_curse_helper_draws_no_card_for_base_damnation(api):
    """BR:224 "a number of Death Curse cards equal to the number of Death tokens" (companion helper)."""
    url = "/api/v1/helpers/death-curses/"
    hero = {"hero": "Diva", "deaths": 2, "damnation": 0}
    data = api.post(url, {"edition": "arcadia-quest", "heroes": [hero], "seed": 3}, format="json").json()
    assert data["draws"][0]["draw_count"] == 2
    refused = api.post(url, {"edition": "arcadia-quest", "heroes": [{**hero, "damnation": 2}]}, format="json")
    assert refused.status_code == 400 and "BR:224" in str(refused.json())


def _live(api, campaign, scenario):
    started = api.post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": scenario, "revision": campaign_rev(campaign)},
        format="json",
    )
    assert started.status_code in (200, 201), started.json()


def _quest(api, campaign, colour, quest):
    return api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/live/quest/",
        {"quest": quest, "revision": guild_rev(campaign, colour)},
        format="json",
    )


def test_a_base_scenario_tracked_live_declares_its_winner(owner, owner_api):
    """BR:205 "the first Guild to accomplish 3 Quests ... as long as at least one of those is a PvE Quest";
    the PvE quests have no names in the sources, so numbered ones stand for them (M4)."""
    campaign = _base_campaign(owner)
    _live(owner_api, campaign, "district-of-hammers")
    for quest in ("pvp:blue", "pvp:red"):
        assert _quest(owner_api, campaign, "orange", quest).status_code == 200
    done = _quest(owner_api, campaign, "orange", "pve-unlisted-1")
    assert done.status_code == 200, done.json()
    live = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]
    orange = next(line for line in live["results_draft"] if line["guild"] == "orange")
    assert orange["winner"] is True
    # First Bonus on the two PvP quests only: the numbered PvE slot cannot tell which card came first.
    assert next(g for g in live["guilds"] if g["guild"] == "orange")["coins"] == 2
    record = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/plays/",
        {
            "scenario": "district-of-hammers",
            "results": live["results_draft"],
            "revision": campaign_rev(campaign),
        },
        format="json",
    )
    assert record.status_code == 201, record.json()
    assert record.json()["plays"][0]["achievements"]["winner"] == ["orange"]


def test_a_base_title_quest_gives_the_scenario_its_title(owner, owner_api):
    """BR:255 "Most scenarios ... have one Quest associated to a Title": its name is not in the sources."""
    campaign = _base_campaign(owner)
    _live(owner_api, campaign, "the-moon-gate")
    assert _quest(owner_api, campaign, "blue", "title-quest").status_code == 200
    live = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]
    blue = next(line for line in live["results_draft"] if line["guild"] == "blue")
    assert blue["title"] is True


def test_the_content_report_names_the_base_quests_no_source_gives(api):
    """GF §1.5: base PvE quests and Reward cards are NOT FOUND; the report says so rather than invent them.
    BR:64-65 gives the "1" and "2-3" labels; "4-5" and "6" are inferred (GF:231)."""
    report = api.get("/api/v1/content/report/?edition=arcadia-quest").json()["arcadia-quest"]
    hammers = next(s for s in report["scenario_quests_not_in_sources"] if s["slug"] == "district-of-hammers")
    assert hammers["missing"] == ["quests", "reward cards"]
    assert hammers["why"].startswith("no source we have names its PvE quests and Reward cards")
    assert hammers["fill_from"] == "the base Campaign Book (image PDF, not read)"
    assert report["level_label_sources"] == {
        "1": "BR:64-65",
        "2-3": "BR:64-65",
        "4-5": "GF:231 (inferred)",
        "6": "GF:231 (inferred)",
    }
    inferno = api.get("/api/v1/content/report/?edition=inferno").json()["inferno"]
    assert inferno["scenario_quests_not_in_sources"] == []
