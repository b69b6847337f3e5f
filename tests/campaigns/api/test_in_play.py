"""When a scenario starts, the live tracker shows what matters in it: the Titles that help there and who holds
them, and the Angels the Underlord fields as monsters (M8)."""

import re

import pytest

from tests.factories import build_campaign, client_for, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def _start(api, campaign, scenario):
    response = api.post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": scenario, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert response.status_code == 201, response.json()
    return api.get(f"/api/v1/campaigns/{campaign.pk}/live/").json()["live"]


def test_the_titles_that_help_in_the_scenario_are_shown_with_their_holders(owner, owner_api):
    """RB:1248-1254 a Title helps "if the player goes on to play a scenario that benefits from it"; GF:111 the
    Ticket Scalper benefits The Parade."""
    campaign = build_campaign(owner)
    campaign = record(
        owner,
        campaign,
        "ferry-of-the-dead",
        [result_line("yellow", winner=True), result_line("teal", title=True)],
    )
    live = _start(owner_api, campaign, "the-parade")
    assert [(t["slug"], t["holders"]) for t in live["titles_in_play"]] == [("ticket-scalper", ["teal"])]
    assert live["titles_in_play"][0]["controls_spawn"] is True
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert f"?campaign={campaign.pk}&amp;mode=choose" in page
    spawn = client_for(owner).get(f"/helpers/spawn/?campaign={campaign.pk}&mode=choose").content.decode()
    assert re.search(r'value="choose"[^>]*checked', spawn)


def test_the_underlords_angels_are_shown_and_can_be_named_in_a_kill(owner, owner_api):
    """GF:177 "in Third Circle scenarios and the finale, the two angels of the Second Circle not played are
    placed at map markers A1/A2 as Monsters"."""
    campaign = build_campaign(owner)
    for slug in ("ferry-of-the-dead", "the-prisoner", "the-parade"):
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    live = _start(owner_api, campaign, "pit-of-tormented-souls")
    assert live["villain_angels"] == ["leah", "the-wanderer"]
    assert {"leah", "the-wanderer"} <= {m["slug"] for m in live["monsters"]}
