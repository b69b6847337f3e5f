"""Every change is an event in plain words; undo compensates it while its effects are in place, for every
kind of change the sheet records, restoring exactly what was there."""

import pytest

from campaigns.models import Event, InventoryCard
from tests.campaigns.api.helpers import campaign_rows, last_seq, post, undo
from tests.conftest import db_snapshot
from tests.factories import (
    angel_campaign,
    build_campaign,
    finished_campaign,
    guild_rev,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db


def test_history_reads_in_plain_words(owner_api, campaign):
    history = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/history/").json()
    summaries = [e["summary"] for e in history]
    assert summaries[0] == "Campaign Friday Night Inferno created"
    assert "Yellow chose Diana, Mark, Kisha" in summaries
    assert all(e["actor"] == "olga" for e in history)


GUILD_ACTIONS = [
    ("guilds/yellow/cards/", {"card": "grimbolt", "hero": "diana"}, "Yellow gave Grimbolt to Diana"),
    ("guilds/yellow/saved-coins/", {"coins": 1}, "Yellow saves 1 coin"),
    ("guilds/yellow/curses/", {"hero": "mark", "curse": "INFD-07"}, "Mark (Yellow) keeps the Death Curse"),
    ("guilds/yellow/heroes/", {"heroes": ["natasha", "mark", "kisha"]}, "Yellow chose Natasha, Mark, Kisha"),
]


@pytest.mark.parametrize(("path", "data", "summary"), GUILD_ACTIONS)
def test_each_guild_change_can_be_undone_exactly(owner_api, campaign, path, data, summary):
    if "heroes" in data:
        teal_rev = guild_rev(campaign, "teal")
        post(
            owner_api,
            campaign,
            "guilds/teal/heroes/",
            {"heroes": ["phyx", "sybbyl", "cassius"], "revision": teal_rev},
        )
    before = campaign_rows()
    response = post(owner_api, campaign, path, {**data, "revision": guild_rev(campaign, "yellow")})
    assert response.status_code == 200, response.json()
    event = Event.objects.get(campaign=campaign, seq=last_seq(campaign))
    assert event.summary.startswith(summary)
    assert campaign_rows() != before
    response = undo(owner_api, campaign, event.seq, guild_rev(campaign, "yellow"))
    assert response.status_code == 200, response.json()
    assert campaign_rows() == before
    assert Event.objects.get(campaign=campaign, seq=last_seq(campaign)).summary == f"Undid: {event.summary}"


def test_a_recorded_scenario_can_be_undone_with_its_rewards_and_angel(owner, owner_api, campaign):
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    before = campaign_rows()
    campaign = record(
        owner,
        campaign,
        "the-prisoner",
        [
            result_line("yellow", winner=True, angel=True, heroes=[{"hero": "diana", "deaths": 2}]),
            result_line("teal", title=True),
        ],
    )
    recorded = Event.objects.get(campaign=campaign, kind="scenario-recorded", data__number=2).seq
    response = undo(owner_api, campaign, recorded, refreshed(campaign).revision)
    assert response.status_code == 200, response.json()

    assert campaign_rows() == before
    assert [p["scenario"] for p in response.json()["plays"]] == ["ferry-of-the-dead"]


def test_choosing_the_next_scenario_can_be_undone(owner, owner_api, campaign):
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    post(
        owner_api,
        campaign,
        "next-scenario/",
        {"scenario": "the-parade", "revision": refreshed(campaign).revision},
    )
    assert refreshed(campaign).next_scenario.slug == "the-parade"
    response = undo(owner_api, campaign, last_seq(campaign), refreshed(campaign).revision)
    assert response.status_code == 200 and response.json()["next_scenario"] is None


def test_an_undo_can_itself_be_undone(owner_api, campaign):
    post(
        owner_api,
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    coin_seq = last_seq(campaign)
    undo(owner_api, campaign, coin_seq, guild_rev(campaign, "yellow"))
    assert refreshed(campaign).guilds.get(colour__slug="yellow").saved_coins == 0
    undo(owner_api, campaign, last_seq(campaign), guild_rev(campaign, "yellow"))
    assert refreshed(campaign).guilds.get(colour__slug="yellow").saved_coins == 1


def test_a_change_that_later_changes_build_on_cannot_be_undone(owner_api, campaign):
    added = post(
        owner_api,
        campaign,
        "guilds/yellow/cards/",
        {"card": "grimbolt", "hero": "kisha", "revision": guild_rev(campaign, "yellow")},
    ).json()
    added_seq = last_seq(campaign)
    kisha = next(h for h in added["guilds"][0]["heroes"] if h["hero"] == "kisha")
    grimbolt = next(s["card"]["id"] for s in kisha["slots"] if s["card"] and s["card"]["slug"] == "grimbolt")
    post(
        owner_api,
        campaign,
        "guilds/yellow/inventory/move/",
        {
            "item": "card",
            "id": grimbolt,
            "hero": "mark",
            "slot": 4,
            "revision": guild_rev(campaign, "yellow"),
        },
    )
    before = db_snapshot()
    response = undo(owner_api, campaign, added_seq, guild_rev(campaign, "yellow"))
    assert response.status_code == 409
    assert "undo those first" in response.json()["detail"]
    assert db_snapshot() == before


def test_an_event_is_undone_only_once(owner_api, campaign):
    post(
        owner_api,
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    seq = last_seq(campaign)
    assert undo(owner_api, campaign, seq, guild_rev(campaign, "yellow")).status_code == 200
    again = undo(owner_api, campaign, seq, guild_rev(campaign, "yellow"))
    assert again.status_code == 409 and "already undone" in again.json()["detail"]


def test_a_member_cannot_undo_another_guilds_change(owner_api, member_api, campaign):
    post(
        owner_api,
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    response = undo(member_api, campaign, last_seq(campaign), guild_rev(campaign, "yellow"))
    assert response.status_code == 403


def test_the_creation_event_has_nothing_to_undo(owner_api, campaign):
    response = undo(owner_api, campaign, 1, refreshed(campaign).revision)
    assert response.status_code == 400 and "cannot be undone" in response.json()["seq"][0]


def card_id(campaign, hero, slot=1):
    return InventoryCard.objects.get(guild__campaign=campaign, hero__hero__slug=hero, slot=slot).pk


UNDO_CASES = {
    "card-moved": (
        build_campaign,
        lambda c: (
            "guilds/yellow/inventory/move/",
            {"item": "card", "id": card_id(c, "diana"), "hero": "kisha", "slot": 4},
        ),
    ),
    "card-discarded": (
        build_campaign,
        lambda c: ("guilds/yellow/cards/discard/", {"id": card_id(c, "mark")}),
    ),
    "angel-swapped": (
        angel_campaign,
        lambda c: ("guilds/yellow/angel/", {"angel": "angel-eyes", "swap_for": "mark"}),
    ),
    "heroes-fielded": (
        angel_campaign,
        lambda c: ("guilds/yellow/field/", {"heroes": ["angel-eyes", "mark", "kisha"]}),
    ),
    "guild-added": (build_campaign, lambda c: ("guilds/", {"colour": "gray"})),
    "finale": (finished_campaign, lambda c: ("finale/", {"savior": "teal"})),
}
CAMPAIGN_WIDE = {"guild-added", "finale"}


@pytest.mark.parametrize("kind", list(UNDO_CASES))
def test_each_kind_of_change_is_undone_exactly(owner, owner_api, kind):
    build, action = UNDO_CASES[kind]
    campaign = build(owner)
    before = campaign_rows()
    path, data = action(campaign)
    revision = refreshed(campaign).revision if kind in CAMPAIGN_WIDE else guild_rev(campaign)
    response = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/{path}", {**data, "revision": revision}, format="json"
    )
    assert response.status_code in (200, 201), response.json()
    event = Event.objects.filter(campaign=campaign).latest("seq")
    assert event.kind == kind and campaign_rows() != before
    revision = refreshed(campaign).revision if kind in CAMPAIGN_WIDE else guild_rev(campaign)
    undone = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/undo/", {"seq": event.seq, "revision": revision}, format="json"
    )
    assert undone.status_code == 200, undone.json()
    assert campaign_rows() == before


def test_a_claimed_guild_can_be_released_by_undo(owner_api, member_api, campaign):
    owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray", "revision": campaign.revision, "player": None},
        format="json",
    )
    gray = refreshed(campaign).guilds.get(colour__slug="gray")
    gray.player = None
    gray.save(update_fields=["player"])
    claimed = member_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/gray/claim/", {"revision": gray.revision}, format="json"
    )
    assert claimed.status_code == 200
    seq = Event.objects.filter(campaign=campaign).latest("seq").seq
    undone = member_api.post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": seq, "revision": guild_rev(campaign, "gray")},
        format="json",
    )
    assert undone.status_code == 200
    assert refreshed(campaign).guilds.get(colour__slug="gray").player is None


def test_removing_a_curse_can_be_undone(owner, owner_api):
    campaign = build_campaign(owner)
    owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/curses/",
        {"hero": "kisha", "curse": "INFD-07", "slot": 2, "revision": guild_rev(campaign)},
        format="json",
    )
    before = campaign_rows()
    owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/curses/remove/",
        {"hero": "kisha", "revision": guild_rev(campaign)},
        format="json",
    )
    seq = Event.objects.filter(campaign=campaign).latest("seq").seq
    owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/undo/", {"seq": seq, "revision": guild_rev(campaign)}, format="json"
    )
    assert campaign_rows() == before
