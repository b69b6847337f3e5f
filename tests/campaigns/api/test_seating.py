"""Starting Areas, the seating they imply and the first player, through the API (issue 13 item 4: W8, M1, M2
of the rules audit). Both drafts pass hands to the left as the Starting Areas seat the table."""

from __future__ import annotations

from typing import Any

import pytest

from campaigns.models import Event, HeroDraftRecord, Membership, UpgradePhase
from tests.factories import (
    access,
    api_for,
    build_campaign,
    choose_next,
    level_one_deck,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(owner: Any, player: Any) -> Any:
    """Three guilds, added in the order yellow, teal, gray (the seat order before any draw)."""
    return build_campaign(owner, guilds={"yellow": None, "teal": player, "gray": None})


def _seat(client: Any, campaign: Any, **body: Any) -> Any:
    body["revision"] = refreshed(campaign).revision
    return client.post(f"/api/v1/campaigns/{campaign.pk}/seating/", body, format="json")


def test_the_first_scenario_draws_starting_areas_seating_and_a_random_first_player(owner_api, table):
    """RB:505-512 each player is randomly assigned a Starting Area and "Players must sit around the table in
    the same order as their starting areas"; BR:96 "At the very first scenario of a campaign, however, the
    first player is chosen randomly"."""
    response = _seat(owner_api, table)
    assert response.status_code == 200, response.json()
    seating = response.json()["seating"]
    assert sorted(seating["starting_areas"].values()) == [1, 2, 3]
    assert seating["order"] == sorted(seating["starting_areas"], key=seating["starting_areas"].get)
    assert seating["first_player"] in {"yellow", "teal", "gray"}
    event = Event.objects.filter(campaign=table, kind="seating-drawn").get()
    assert "plays first" in event.summary


def test_the_recorded_scenario_keeps_its_seating_and_the_upgrade_draft_passes_left_by_it(
    owner, owner_api, table
):
    """RB:1633 "keeps 2 and passes the rest to the left two times"; RB:511-512 the seating follows the
    Starting Areas, not the order the guilds were added (W8)."""
    level_one_deck()
    assert _seat(owner_api, table, areas={"teal": 1, "gray": 2, "yellow": 3}).status_code == 200
    choose_next(owner, table, "ferry-of-the-dead")
    lines = [result_line("yellow", winner=True), result_line("teal"), result_line("gray")]
    record(owner, table, "ferry-of-the-dead", lines, upgrade_on_paper=False)
    phase = UpgradePhase.objects.get(campaign=table)
    assert phase.draft["players"] == ["teal", "gray", "yellow"]
    sheet = owner_api.get(f"/api/v1/campaigns/{table.pk}/").json()
    assert sheet["plays"][0]["seating"]["order"] == ["teal", "gray", "yellow"]
    assert sheet["seating"] is None  # the next scenario's areas are drawn anew


def test_the_first_player_sits_left_of_the_last_winner(owner, owner_api, table):
    """BR:96 "The first player to take his turn at the start of a scenario is the one sitting to the left of
    the player who won the last scenario"; GF:81. Yellow won; the new seating is yellow 1, gray 2, teal 3."""
    choose_next(owner, table, "ferry-of-the-dead")
    lines = [result_line("yellow", winner=True), result_line("teal"), result_line("gray")]
    record(owner, table, "ferry-of-the-dead", lines)
    response = _seat(owner_api, table, areas={"yellow": 1, "gray": 2, "teal": 3})
    assert response.json()["seating"] == {
        "starting_areas": {"yellow": 1, "gray": 2, "teal": 3},
        "order": ["yellow", "gray", "teal"],
        "first_player": "gray",
    }


def test_the_hero_draft_passes_left_by_the_drawn_seating(owner, player):
    """RB:340-343 "All players then pass the remaining cards to the player to their left" (W8: not to
    the guild added next)."""
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.guilds import guild_add

    campaign = campaign_create(owner=owner, name="Seated", edition="inferno")
    Membership.objects.create(campaign=campaign, user=player)
    for colour in ("yellow", "teal", "gray"):
        guild_add(
            access=access(owner, campaign),
            actor=owner,
            revision=refreshed(campaign).revision,
            colour=colour,
            player=owner.get_username(),
        )
    client = api_for(owner)
    assert _seat(client, campaign, areas={"gray": 1, "yellow": 2, "teal": 3}).status_code == 200
    started = client.post(
        f"/api/v1/campaigns/{campaign.pk}/hero-draft/start/",
        {"revision": refreshed(campaign).revision},
        format="json",
    )
    assert started.status_code == 201, started.json()
    assert HeroDraftRecord.objects.get(campaign=campaign).state["players"] == ["gray", "yellow", "teal"]


def test_wrong_starting_areas_are_refused_and_change_nothing(owner_api, table, snapshot):
    """RB:515-517: three guilds use the Starting Areas 1 to 3, each once."""
    before = snapshot()
    response = _seat(owner_api, table, areas={"yellow": 1, "teal": 1, "gray": 2})
    assert response.status_code == 400
    assert "each used once" in response.json()["areas"][0]
    assert snapshot() == before


def test_the_seating_of_a_scenario_being_played_is_fixed(owner, owner_api, table, snapshot):
    """RB:511-512: the table sits as the scenario's Starting Areas say until it ends."""
    choose_next(owner, table, "ferry-of-the-dead")
    started = owner_api.post(
        f"/api/v1/campaigns/{table.pk}/live/start/",
        {"scenario": "ferry-of-the-dead", "revision": refreshed(table).revision},
        format="json",
    )
    assert started.status_code == 201
    before = snapshot()
    assert _seat(owner_api, table).status_code == 400
    assert snapshot() == before


def test_a_drawn_seating_can_be_undone(owner_api, table):
    """Every event shown in the history can be undone (issue 13 item 5)."""
    _seat(owner_api, table)
    seq = Event.objects.filter(campaign=table, kind="seating-drawn").get().seq
    undone = owner_api.post(
        f"/api/v1/campaigns/{table.pk}/undo/",
        {"seq": seq, "revision": refreshed(table).revision},
        format="json",
    )
    assert undone.status_code == 200, undone.json()
    assert undone.json()["seating"] is None
