"""Who chooses the next scenario, what the sheet recommends and where titles still help, and abandons that
never erase a recorded choice (issue 13 item 5: W9, W10, M6 of the rules audit), through the API."""

from __future__ import annotations

from typing import Any

import pytest

from campaigns.models import Campaign, Event, InventoryCard
from tests.factories import choose_next, guild_rev, record, refreshed, result_line

pytestmark = pytest.mark.django_db

YELLOW_WINS = [result_line("yellow", winner=True), result_line("teal")]
TEAL_WINS = [result_line("yellow"), result_line("teal", winner=True)]


def _url(campaign: Campaign, path: str) -> str:
    return f"/api/v1/campaigns/{campaign.pk}/{path}"


def _post(client: Any, campaign: Campaign, path: str, **body: Any) -> Any:
    body.setdefault("revision", refreshed(campaign).revision)
    return client.post(_url(campaign, path), body, format="json")


def _sheet(client: Any, campaign: Campaign) -> dict[str, Any]:
    return client.get(_url(campaign, "")).json()


def _history(client: Any, campaign: Campaign) -> dict[int, dict[str, Any]]:
    return {row["seq"]: row for row in client.get(_url(campaign, "history/")).json()}


def _seq(campaign: Campaign, kind: str) -> int:
    return Event.objects.filter(campaign=campaign, kind=kind).latest("seq").seq


def test_a_losing_player_cannot_start_or_record_a_scenario_the_winner_did_not_choose(
    owner, player_api, campaign, snapshot
):
    """RB:416-417 "Afterwards, the winner of the previous scenario chooses which scenario will be played
    next"; RB:1634 "Winner of the last scenario chooses the next scenario". The audit's probe: the losing
    guild's player recorded Hell's Kitchen, which the winner never chose."""
    record(owner, campaign, "ferry-of-the-dead", YELLOW_WINS)
    before = snapshot()
    started = _post(player_api, campaign, "live/start/", scenario="hells-kitchen")
    assert started.status_code == 400
    assert started.json() == {"scenario": ["Yellow, the last scenario's winner, chooses the next scenario."]}
    recorded = _post(player_api, campaign, "plays/", scenario="hells-kitchen", results=TEAL_WINS)
    assert recorded.status_code == 400
    assert snapshot() == before
    assert _sheet(player_api, campaign)["next_chooser"] == "yellow"


def test_once_the_winner_chose_any_member_may_play_the_chosen_scenario(owner, player_api, campaign):
    """RB:416-417: the choice is the winner's; playing it is the table's."""
    record(owner, campaign, "ferry-of-the-dead", YELLOW_WINS)
    choose_next(owner, campaign, "hells-kitchen")
    assert _post(player_api, campaign, "live/start/", scenario="hells-kitchen").status_code == 201


def test_the_winners_player_may_start_the_scenario_without_choosing_first(
    owner, player, player_api, campaign
):
    """RB:416-417: starting the scenario the winner wants is the winner's choice."""
    record(owner, campaign, "ferry-of-the-dead", TEAL_WINS)
    assert _post(player_api, campaign, "live/start/", scenario="the-prisoner").status_code == 201


def test_a_scenario_the_winner_started_live_is_recorded_by_another_player(
    owner, owner_api, player_api, campaign
):
    """N8: RB:416-417 makes only the choice the winner's ("the winner of the previous scenario chooses which
    scenario will be played next"). Yellow started The Prisoner live without next-scenario/; Teal's player
    records it from the live draft."""
    record(owner, campaign, "ferry-of-the-dead", YELLOW_WINS)
    assert _post(owner_api, campaign, "live/start/", scenario="the-prisoner").status_code == 201
    draft = player_api.get(_url(campaign, "live/")).json()["live"]["results_draft"]
    draft[0]["winner"] = True
    recorded = _post(player_api, campaign, "plays/", scenario="the-prisoner", results=draft)
    assert recorded.status_code == 201, recorded.json()
    assert [p["scenario"] for p in _sheet(player_api, campaign)["plays"]] == [
        "ferry-of-the-dead",
        "the-prisoner",
    ]


def test_the_first_scenario_shows_the_recommended_one_and_the_owner_records_the_tables_choice(
    owner_api, player_api, campaign
):
    """RB:414-416 "players choose together which of the First Circle scenarios will be the first (it is
    recommended that first-time players begin the campaign with the Beyond the Gates of Hell scenario)"."""
    sheet = _sheet(player_api, campaign)
    assert sheet["recommended_first"] == "beyond-the-gates-of-hell"
    assert sheet["next_chooser"] is None
    refused = _post(player_api, campaign, "live/start/", scenario="ferry-of-the-dead")
    assert refused.json() == {
        "scenario": ["The table chooses the first scenario together; the owner records it."]
    }
    assert _post(owner_api, campaign, "live/start/", scenario="ferry-of-the-dead").status_code == 201
    assert _sheet(owner_api, campaign)["recommended_first"] == "beyond-the-gates-of-hell"


def test_the_recommendation_goes_once_a_scenario_is_on_the_sheet(owner, owner_api, campaign):
    """RB:414-416: the recommendation is for the first scenario only."""
    record(owner, campaign, "ferry-of-the-dead", YELLOW_WINS)
    assert _sheet(owner_api, campaign)["recommended_first"] is None


def test_a_title_helps_only_in_scenarios_still_reachable(owner, owner_api, campaign):
    """RB:1250-1252 a Title "will grant an advantage if the player goes on to play a scenario that benefits
    from it"; RB:401-402 once West is entered, East is closed. The audit's probe (W10): after Gates and The
    Prisoner, Trailblazer still "helped in" Hell's Kitchen and The Cursed Pony. Its correction: Keymaster
    (The Prisoner) still helps in The Fallen Temple, two circles on (RB:405-409)."""
    record(
        owner,
        campaign,
        "beyond-the-gates-of-hell",
        [result_line("yellow", winner=True, title=True), result_line("teal", title=True)],
    )
    choose_next(owner, campaign, "the-prisoner")
    record(
        owner, campaign, "the-prisoner", [result_line("yellow", winner=True, title=True), result_line("teal")]
    )
    yellow = next(g for g in _sheet(owner_api, campaign)["guilds"] if g["colour"] == "yellow")
    titles = {t["slug"]: t["benefits"] for t in yellow["titles"]}
    assert titles["trailblazer"] == ["lost-in-the-dark", "the-parade"]
    assert titles["keymaster"] == ["hells-parliamentary-commission", "the-fallen-temple"]


def test_abandoning_the_upgrade_phase_keeps_the_winners_choice(
    owner, owner_api, player, player_api, snapshot
):
    """RB:1634 the winner chooses; abandoning the upgrade phase (the owner) takes back the phase, never the
    choice. Today's bug: the owner's abandon cleared the choice while the history still showed it, and its
    undo answered 409."""
    from tests.factories import build_campaign

    campaign = build_campaign(owner, guilds={"yellow": None, "teal": player})
    choose_next(owner, campaign, "ferry-of-the-dead")
    record(owner, campaign, "ferry-of-the-dead", TEAL_WINS, upgrade_on_paper=False)
    choose_next(player, campaign, "the-prisoner")
    card = InventoryCard.objects.filter(guild__campaign=campaign, guild__colour__slug="teal").first()
    moved = player_api.post(
        _url(campaign, "guilds/teal/inventory/move/"),
        {"item": "card", "id": card.pk, "hero": "phyx", "slot": 4, "revision": guild_rev(campaign, "teal")},
        format="json",
    )
    assert moved.status_code == 200, moved.json()
    opened, move, chosen = (_seq(campaign, k) for k in ("upgrade-opened", "card-moved", "next-chosen"))
    restart = _post(owner_api, campaign, "upgrade-phase/restart/", reopen=False)
    assert restart.status_code == 200, restart.json()

    assert refreshed(campaign).next_scenario.slug == "the-prisoner"
    assert _sheet(owner_api, campaign)["next_scenario"] == "the-prisoner"
    history = _history(owner_api, campaign)
    assert history[chosen]["undone"] is False
    assert history[opened]["undone"] is True and history[move]["undone"] is True
    assert history[move]["undoable"] is False
    before = snapshot()
    again = _post(owner_api, campaign, "undo/", seq=move)
    assert again.status_code == 409
    assert snapshot() == before
    undone = _post(player_api, campaign, "undo/", seq=chosen)
    assert undone.status_code == 200, undone.json()
    assert refreshed(campaign).next_scenario is None


def test_abandoning_a_live_scenario_keeps_the_choice_and_shows_its_taps_taken_back(
    owner, owner_api, campaign
):
    """RB:416-417: the choice stands until the chosen scenario is recorded; an abandoned live scenario
    leaves nothing behind, and its taps show as taken back."""
    record(owner, campaign, "ferry-of-the-dead", YELLOW_WINS)
    choose_next(owner, campaign, "the-prisoner")
    assert _post(owner_api, campaign, "live/start/", scenario="the-prisoner").status_code == 201
    tally = owner_api.post(
        _url(campaign, "guilds/yellow/live/tally/"),
        {"counter": "coins", "delta": 1, "revision": guild_rev(campaign, "yellow")},
        format="json",
    )
    assert tally.status_code == 200, tally.json()
    tap = _seq(campaign, "live-tally")
    assert _post(owner_api, campaign, "live/abandon/").status_code == 200
    assert refreshed(campaign).next_scenario.slug == "the-prisoner"
    history = _history(owner_api, campaign)
    assert history[tap]["undone"] is True
    assert history[_seq(campaign, "next-chosen")]["undone"] is False
    assert _post(owner_api, campaign, "undo/", seq=_seq(campaign, "next-chosen")).status_code == 200


def test_guilds_tied_for_the_most_medals_each_get_a_council_seat(owner, owner_api):
    """U3 (rules_helpers.achievements._most_medals): GF:296 "Guild with the most Medals gets a Guild Council
    seat"; ties as RB:1323-1325 do for Medals. Yellow wins every scenario, Teal has the most coins, both have
    no deaths: two Medals each, so both sit on the Council."""
    from tests.factories import SIX_SCENARIOS, build_campaign

    campaign = build_campaign(owner)
    for slug in SIX_SCENARIOS:
        record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal", coins=2)])
    response = _post(owner_api, campaign, "finale/", savior="yellow")
    assert response.status_code == 200, response.json()
    finale = response.json()["finale"]
    assert sorted(finale["council"]) == ["teal", "yellow"]
    assert finale["ultimate_arcadian"] == ["yellow"]
