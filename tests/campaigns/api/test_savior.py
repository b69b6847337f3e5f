"""The Savior of Arcadia is pre-filled from the last scenario's quests and checked against them (M7)."""

import pytest

from tests.factories import SIX_SCENARIOS, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def test_the_savior_follows_who_killed_the_underlord_in_the_last_scenario(owner, owner_api, snapshot):
    """RB:1328-1334: the Savior of Arcadia is the Guild that dealt the Underlord the killing blow (Hit Rock
    Bottom's "Kill Rock Bottom" quest, GF:120-121)."""
    campaign = build_campaign(owner)
    for slug in SIX_SCENARIOS[:5]:
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    campaign = record(
        owner,
        campaign,
        "hit-rock-bottom",
        [result_line("yellow", winner=True), result_line("teal", quests=["kill-rock-bottom"])],
    )
    sheet = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/").json()
    assert sheet["savior_candidates"] == ["teal"]
    url = f"/api/v1/campaigns/{campaign.pk}/finale/"
    before = snapshot()
    wrong = owner_api.post(url, {"savior": "yellow", "revision": refreshed(campaign).revision}, format="json")
    assert wrong.status_code == 400 and "killed by teal" in str(wrong.json())
    assert snapshot() == before
    right = owner_api.post(url, {"savior": "teal", "revision": refreshed(campaign).revision}, format="json")
    assert right.status_code == 200, right.json()
    assert right.json()["finale"]["savior"] == "teal"
