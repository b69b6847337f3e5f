"""Export and import: a campaign leaves as one document and comes back exactly, history included; a broken
document is refused whole."""

import pytest

from campaigns.models import Event
from campaigns.selectors.transfer import campaign_export
from campaigns.services.transfer import campaign_import
from tests.campaigns.api.helpers import last_seq, post, undo
from tests.conftest import db_snapshot
from tests.factories import guild_rev, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def test_export_then_import_reproduces_the_campaign_exactly(owner, owner_api, campaign):
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
        owner_api,
        campaign,
        "guilds/yellow/curses/",
        {"hero": "mark", "curse": "INFD-07", "revision": guild_rev(campaign, "yellow")},
    )
    post(
        owner_api,
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    undo(owner_api, campaign, last_seq(campaign), guild_rev(campaign, "yellow"))
    exported = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/export/?full=1").json()
    refreshed(campaign).delete()
    imported = owner_api.post("/api/v1/campaigns/import/", exported, format="json")
    assert imported.status_code == 201
    again = owner_api.get(f"/api/v1/campaigns/{imported.json()['id']}/export/?full=1").json()
    assert again == exported


def test_an_imported_campaign_keeps_a_working_history(owner, owner_api, campaign):
    post(
        owner_api,
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    copy = campaign_import(owner=owner, data=campaign_export(campaign=campaign))
    seq = Event.objects.filter(campaign=copy).latest("seq").seq
    response = undo(owner_api, copy, seq, copy.guilds.get(colour__slug="yellow").revision)
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
def test_a_malformed_import_is_refused_and_changes_nothing(owner_api, data):
    before = db_snapshot()
    response = owner_api.post("/api/v1/campaigns/import/", data, format="json")
    assert response.status_code == 400
    assert db_snapshot() == before


def test_an_import_with_a_broken_row_changes_nothing(owner_api, campaign):
    exported = campaign_export(campaign=campaign)
    exported["rows"]["inventorycard"][0]["card"] = ["inferno", "no-such-card"]
    before = db_snapshot()
    response = owner_api.post("/api/v1/campaigns/import/", exported, format="json")
    assert response.status_code == 400
    assert db_snapshot() == before


def test_an_import_that_plays_a_campaign_scenario_twice_is_refused(owner, owner_api, campaign):
    """RB:392-412: a campaign plays each scenario once (only episodic games replay one, GF:298)."""
    import uuid

    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    exported = campaign_export(campaign=campaign)
    plays = exported["rows"]["scenarioplay"]
    plays.append({**plays[0], "uid": str(uuid.uuid4()), "number": 2})
    before = db_snapshot()
    response = owner_api.post("/api/v1/campaigns/import/", exported, format="json")
    assert response.status_code == 400 and "each scenario once" in str(response.json())
    assert db_snapshot() == before


def test_episodic_replays_survive_export_and_import(owner, owner_api, campaign):
    """GF:298: an episodic record's replays of one scenario come back as they left."""
    from campaigns.models import Campaign

    Campaign.objects.filter(pk=campaign.pk).update(mode="episodic")
    lines = [result_line("yellow", winner=True), result_line("teal")]
    for level in (1, 4):
        response = post(
            owner_api,
            campaign,
            "plays/",
            {
                "scenario": "the-prisoner",
                "results": lines,
                "level": level,
                "revision": refreshed(campaign).revision,
            },
        )
        assert response.status_code == 201, response.json()
    exported = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/export/?full=1").json()
    imported = owner_api.post("/api/v1/campaigns/import/", exported, format="json")
    assert imported.status_code == 201, imported.json()
    plays = [(p["scenario"], p["level"]) for p in imported.json()["plays"]]
    assert plays == [("the-prisoner", "1"), ("the-prisoner", "4-5")]
