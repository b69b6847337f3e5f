"""Every change is an event in plain words; undo compensates it while its effects are in place."""

import pytest
from rest_framework.test import APIClient

from campaigns.models import Event
from campaigns.selectors.transfer import campaign_export
from campaigns.services.transfer import campaign_import
from tests.conftest import db_snapshot
from tests.factories import UserFactory, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def owner():
    return UserFactory(username="olga")


@pytest.fixture
def campaign(owner):
    return build_campaign(owner, guilds={"yellow": None, "teal": None})


def guild_rev(campaign, colour):
    return refreshed(campaign).guilds.get(colour__slug=colour).revision


def post(client, campaign, path, data):
    return client.post(f"/api/v1/campaigns/{campaign.pk}/{path}", data, format="json")


def last_seq(campaign):
    return Event.objects.filter(campaign=campaign).latest("seq").seq


def undo(client, campaign, seq, revision):
    return post(client, campaign, "undo/", {"seq": seq, "revision": revision})


def campaign_rows():
    """The campaign's rows as the history sees them: by uid, without ids or revision counters."""
    from campaigns.selectors.snapshots import CAMPAIGN_PATHS, snapshot

    return {
        model.__name__: sorted((str(obj.uid), repr(snapshot(obj))) for obj in model.objects.all())
        for model in CAMPAIGN_PATHS
    }


def test_history_reads_in_plain_words(owner, campaign):
    history = client_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/history/").json()
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
def test_each_guild_change_can_be_undone_exactly(owner, campaign, path, data, summary):
    client = client_for(owner)
    if "heroes" in data:
        teal_rev = guild_rev(campaign, "teal")
        post(
            client,
            campaign,
            "guilds/teal/heroes/",
            {"heroes": ["phyx", "sybbyl", "cassius"], "revision": teal_rev},
        )
    before = campaign_rows()
    response = post(client, campaign, path, {**data, "revision": guild_rev(campaign, "yellow")})
    assert response.status_code == 200, response.json()
    event = Event.objects.get(campaign=campaign, seq=last_seq(campaign))
    assert event.summary.startswith(summary)
    assert campaign_rows() != before
    response = undo(client, campaign, event.seq, guild_rev(campaign, "yellow"))
    assert response.status_code == 200, response.json()
    assert campaign_rows() == before
    assert Event.objects.get(campaign=campaign, seq=last_seq(campaign)).summary == f"Undid: {event.summary}"


def test_a_recorded_scenario_can_be_undone_with_its_rewards_and_angel(owner, campaign):
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
    response = undo(client_for(owner), campaign, recorded, refreshed(campaign).revision)
    assert response.status_code == 200, response.json()

    assert campaign_rows() == before
    assert [p["scenario"] for p in response.json()["plays"]] == ["ferry-of-the-dead"]


def test_choosing_the_next_scenario_can_be_undone(owner, campaign):
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    client = client_for(owner)
    post(
        client,
        campaign,
        "next-scenario/",
        {"scenario": "the-parade", "revision": refreshed(campaign).revision},
    )
    assert refreshed(campaign).next_scenario.slug == "the-parade"
    response = undo(client, campaign, last_seq(campaign), refreshed(campaign).revision)
    assert response.status_code == 200 and response.json()["next_scenario"] is None


def test_an_undo_can_itself_be_undone(owner, campaign):
    client = client_for(owner)
    post(
        client,
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    coin_seq = last_seq(campaign)
    undo(client, campaign, coin_seq, guild_rev(campaign, "yellow"))
    assert refreshed(campaign).guilds.get(colour__slug="yellow").saved_coins == 0
    undo(client, campaign, last_seq(campaign), guild_rev(campaign, "yellow"))
    assert refreshed(campaign).guilds.get(colour__slug="yellow").saved_coins == 1


def test_a_change_that_later_changes_build_on_cannot_be_undone(owner, campaign):
    client = client_for(owner)
    added = post(
        client,
        campaign,
        "guilds/yellow/cards/",
        {"card": "grimbolt", "hero": "kisha", "revision": guild_rev(campaign, "yellow")},
    ).json()
    added_seq = last_seq(campaign)
    kisha = next(h for h in added["guilds"][0]["heroes"] if h["hero"] == "kisha")
    grimbolt = next(s["card"]["id"] for s in kisha["slots"] if s["card"] and s["card"]["slug"] == "grimbolt")
    post(
        client,
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
    response = undo(client, campaign, added_seq, guild_rev(campaign, "yellow"))
    assert response.status_code == 409
    assert "undo those first" in response.json()["detail"]
    assert db_snapshot() == before


def test_an_event_is_undone_only_once(owner, campaign):
    client = client_for(owner)
    post(
        client,
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    seq = last_seq(campaign)
    assert undo(client, campaign, seq, guild_rev(campaign, "yellow")).status_code == 200
    again = undo(client, campaign, seq, guild_rev(campaign, "yellow"))
    assert again.status_code == 409 and "already undone" in again.json()["detail"]


def test_a_player_cannot_undo_another_guilds_change(owner, campaign):
    friend = UserFactory(username="fred")
    client_for(owner)  # the owner holds both guilds
    from campaigns.models import Membership

    Membership.objects.create(campaign=campaign, user=friend)
    post(
        client_for(owner),
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    response = undo(client_for(friend), campaign, last_seq(campaign), guild_rev(campaign, "yellow"))
    assert response.status_code == 403


def test_the_creation_event_has_nothing_to_undo(owner, campaign):
    response = undo(client_for(owner), campaign, 1, refreshed(campaign).revision)
    assert response.status_code == 400 and "cannot be undone" in response.json()["seq"][0]


def test_export_then_import_reproduces_the_campaign_exactly(owner, campaign):
    client = client_for(owner)
    campaign = record(
        owner,
        campaign,
        "ferry-of-the-dead",
        [
            result_line(
                "yellow", winner=True, coins=4, heroes=[{"hero": "diana", "deaths": 1, "damnation": 3}]
            ),
            result_line(
                "teal", coins=2, title=True, reward_cards=[{"card": "sharp-justice", "hero": "phyx"}]
            ),
        ],
    )
    post(
        client,
        campaign,
        "guilds/yellow/curses/",
        {"hero": "mark", "curse": "INFD-07", "revision": guild_rev(campaign, "yellow")},
    )
    post(
        client,
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    undo(client, campaign, last_seq(campaign), guild_rev(campaign, "yellow"))
    exported = client.get(f"/api/v1/campaigns/{campaign.pk}/export/?full=1").json()
    refreshed(campaign).delete()
    imported = client.post("/api/v1/campaigns/import/", exported, format="json")
    assert imported.status_code == 201
    again = client.get(f"/api/v1/campaigns/{imported.json()['id']}/export/?full=1").json()
    assert again == exported


def test_an_imported_campaign_keeps_a_working_history(owner, campaign):
    client = client_for(owner)
    post(
        client,
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    copy = campaign_import(owner=owner, data=campaign_export(campaign=campaign))
    seq = Event.objects.filter(campaign=copy).latest("seq").seq
    response = undo(client, copy, seq, copy.guilds.get(colour__slug="yellow").revision)
    assert response.status_code == 200
    assert copy.guilds.get(colour__slug="yellow").saved_coins == 0
    assert campaign.guilds.get(colour__slug="yellow").saved_coins == 1


@pytest.mark.parametrize(
    "data",
    [
        {"format": "something-else"},
        {"format": "inferno-companion-campaign", "version": 99},
        {
            "format": "inferno-companion-campaign",
            "version": 1,
            "campaign": [],
            "members": [],
            "rows": {},
            "events": [],
        },
    ],
)
def test_a_malformed_import_is_refused_and_changes_nothing(owner, data):
    before = db_snapshot()
    response = client_for(owner).post("/api/v1/campaigns/import/", data, format="json")
    assert response.status_code == 400
    assert db_snapshot() == before


def test_an_import_with_a_broken_row_changes_nothing(owner, campaign):
    exported = campaign_export(campaign=campaign)
    exported["rows"]["inventorycard"][0]["card"] = ["inferno", "no-such-card"]
    before = db_snapshot()
    response = client_for(owner).post("/api/v1/campaigns/import/", exported, format="json")
    assert response.status_code == 400
    assert db_snapshot() == before
