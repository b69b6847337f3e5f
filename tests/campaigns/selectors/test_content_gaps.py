"""The content report lists every gap of both editions, each with the page that fills it; a campaign's own
entries fill the gap for that campaign alone."""

import pytest

from campaigns.selectors.content_gaps import content_gaps
from campaigns.services.overrides import content_override_set
from tests.factories import UserFactory, access, api_for, build_campaign, refreshed

pytestmark = pytest.mark.django_db


def gap(report, kind, target):
    return next((g for g in report["gaps"] if g["kind"] == kind and g["target"] == target), None)


def test_the_report_lists_base_scenarios_without_quests_rewards_or_monsters(api):
    report = api.get("/api/v1/content/report/", {"edition": "arcadia-quest"}).json()["arcadia-quest"]
    found = gap(report, "scenario", "district-of-hammers")
    assert found is not None and {"quests", "monsters"} <= set(found["missing"])
    assert "kind=scenario" in found["fill"] and "edition=arcadia-quest" in found["fill"]


def test_the_report_lists_inferno_monster_stats_and_unverified_records(api):
    report = api.get("/api/v1/content/report/", {"edition": "inferno"}).json()["inferno"]
    cerberus = gap(report, "monster-level", "cerberus/2-3")
    assert cerberus["missing"] == [
        "life",
        "overkill",
        "reward",
        "attack_kind",
        "attack_dice",
        "movement",
        "defense",
    ]
    # The fan tables give no printed codes, and no one has checked the card against the box.
    bow = gap(report, "upgrade-card", "ghastly-bow")
    assert bow == {**bow, "missing": ["code"], "verified": False}


def test_a_gap_a_member_fills_is_no_longer_listed_for_their_campaign_only(campaign, member, member_api):
    fields = {"life": 7, "overkill": 2, "reward": 2, "attack_kind": "melee", "attack_dice": 3}
    fields.update({"movement": 3, "defense": 2})
    url = "/api/v1/content/report/"
    before = member_api.get(url, {"campaign": campaign.pk}).json()["inferno"]
    assert gap(before, "monster-level", "cerberus/2-3")["fill"].startswith(
        f"/campaigns/{campaign.pk}/content/"
    )
    content_override_set(
        access=access(member, campaign),
        actor=member,
        kind="monster-level",
        target="cerberus/2-3",
        fields=fields,
    )
    after = member_api.get(url, {"campaign": campaign.pk}).json()["inferno"]
    # Filled but not yet checked against the box: listed as unverified, with nothing missing.
    assert gap(after, "monster-level", "cerberus/2-3")["missing"] == []
    other = build_campaign(UserFactory(username="otto"), name="Another table")
    assert gap({"gaps": content_gaps(other.edition, other)}, "monster-level", "cerberus/2-3")["missing"]
    assert gap(
        api_for(None).get(url, {"edition": "inferno"}).json()["inferno"], "monster-level", "cerberus/2-3"
    )


def test_a_campaigns_report_is_404_to_outsiders(campaign, outsider_api):
    assert outsider_api.get("/api/v1/content/report/", {"campaign": campaign.pk}).status_code == 404


def test_a_verified_entry_with_everything_filled_leaves_the_list(campaign, member):
    from campaigns.services.overrides import content_override_verify

    content_override_set(  # a made-up code: the test needs a complete record, not the box's
        access=access(member, campaign),
        actor=member,
        kind="upgrade-card",
        target="ghastly-bow",
        fields={"code": "T-01"},
    )
    content_override_verify(
        access=access(member, campaign), actor=member, kind="upgrade-card", target="ghastly-bow"
    )
    assert (
        gap({"gaps": content_gaps(refreshed(campaign).edition, campaign)}, "upgrade-card", "ghastly-bow")
        is None
    )
