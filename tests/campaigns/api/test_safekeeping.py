"""The owner's safekeeping: share links renewed or turned off (F14), and automatic backups restored in one
step (item 9 of the trust work)."""

from __future__ import annotations

import pytest
from django.test import Client

from campaigns.models import CampaignBackup, Event, Membership
from campaigns.services import backups, upgrade
from tests.factories import (
    access,
    api_for,
    level_one_deck,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db

LINES = [result_line("yellow", winner=True, coins=2), result_line("teal", coins=1)]


# --- Share links ----------------------------------------------------------------------------------------


def test_a_renewed_share_link_retires_the_old_one(owner, campaign):
    old = campaign.share_token
    assert api_for(None).get(f"/api/v1/campaigns/{campaign.pk}/?share={old}").status_code == 200
    response = api_for(owner).post(f"/api/v1/campaigns/{campaign.pk}/share-link/", {}, format="json")
    assert response.status_code == 200
    new = response.json()["share_token"]
    assert new and new != old
    assert api_for(None).get(f"/api/v1/campaigns/{campaign.pk}/?share={old}").status_code == 404
    assert Client().get(f"/campaigns/{campaign.pk}/?share={old}").status_code == 404
    assert api_for(None).get(f"/api/v1/campaigns/{campaign.pk}/?share={new}").status_code == 200
    assert old not in str(list(Event.objects.values_list("summary", "data")))


def test_a_revoked_share_link_opens_nothing_until_a_new_one(owner, campaign):
    old = campaign.share_token
    response = api_for(owner).post(f"/api/v1/campaigns/{campaign.pk}/share-link/revoke/", {}, format="json")
    assert response.status_code == 200 and response.json()["share_token"] is None
    for token in (old, "", "None", "null"):
        assert api_for(None).get(f"/api/v1/campaigns/{campaign.pk}/?share={token}").status_code == 404
    assert api_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/").status_code == 200


def test_only_the_owner_renews_or_revokes_the_share_link(player, campaign, snapshot):
    before = snapshot()
    for path in ("share-link/", "share-link/revoke/"):
        response = api_for(player).post(f"/api/v1/campaigns/{campaign.pk}/{path}", {}, format="json")
        assert response.status_code == 403
    assert snapshot() == before


def test_the_owners_page_renews_and_turns_off_the_link(owner, campaign):
    browser = Client()
    browser.force_login(owner)
    html = browser.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Make a new link (the old one stops working)" in html and "Turn the share link off" in html
    revision = refreshed(campaign).revision
    assert (
        browser.post(f"/campaigns/{campaign.pk}/do/share-revoke/", {"revision": revision}).status_code == 302
    )
    assert refreshed(campaign).share_token is None
    html = browser.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "The share link is off" in html
    assert (
        browser.post(f"/campaigns/{campaign.pk}/do/share-renew/", {"revision": revision}).status_code == 302
    )
    assert refreshed(campaign).share_token


# --- Automatic backups ----------------------------------------------------------------------------------


def test_a_recorded_scenario_leaves_a_backup(owner, campaign, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        record(owner, campaign, "ferry-of-the-dead", LINES, upgrade_on_paper=False)
    backup = CampaignBackup.objects.get(campaign=campaign)
    assert backup.reason == "scenario-recorded"
    assert backup.document["contains_secrets"] is True
    assert backup.summary.startswith("Upgrade phase 1 opened")


def test_a_closed_upgrade_phase_leaves_a_backup(owner, player, campaign, django_capture_on_commit_callbacks):
    level_one_deck()
    campaign = record(owner, campaign, "ferry-of-the-dead", LINES, upgrade_on_paper=False)
    from campaigns.models import UpgradePhase

    for _ in range(3):
        for colour in ("yellow", "teal"):
            phase = UpgradePhase.objects.get(campaign=campaign)
            guild = refreshed(campaign).guilds.get(colour__slug=colour)
            upgrade.upgrade_pick(
                access=access(owner, campaign),
                actor=owner,
                guild=guild,
                revision=guild.revision,
                cards=phase.draft["hands"][colour][:2],
            )
    for colour in ("yellow", "teal"):
        guild = refreshed(campaign).guilds.get(colour__slug=colour)
        upgrade.upgrade_buy(
            access=access(owner, campaign), actor=owner, guild=guild, revision=guild.revision, cards=[]
        )
    with django_capture_on_commit_callbacks(execute=True):
        for colour in ("yellow", "teal"):
            guild = refreshed(campaign).guilds.get(colour__slug=colour)
            upgrade.upgrade_confirm(
                access=access(owner, campaign), actor=owner, guild=guild, revision=guild.revision
            )
    assert list(CampaignBackup.objects.filter(campaign=campaign).values_list("reason", flat=True)) == [
        "upgrade-closed"
    ]


def test_only_the_last_ten_backups_are_kept(campaign):
    for _ in range(12):
        backups.campaign_backup_create(campaign_id=campaign.pk, reason="scenario-recorded")
    assert CampaignBackup.objects.filter(campaign=campaign).count() == backups.BACKUPS_KEPT


def test_the_owner_restores_a_backup_in_one_step(
    owner, player, campaign, snapshot, django_capture_on_commit_callbacks, owner_api, player_api
):
    """Scenario 1 recorded (a backup), then more play; restoring puts the sheet back as it was, keeps the
    members, and moves every revision forward so phones holding an old one are refused."""
    with django_capture_on_commit_callbacks(execute=True):
        campaign = record(owner, campaign, "ferry-of-the-dead", LINES)
    taken = CampaignBackup.objects.get(campaign=campaign)
    teal = refreshed(campaign).guilds.get(colour__slug="teal")
    stale = teal.revision
    assert (
        player_api.post(
            f"/api/v1/campaigns/{campaign.pk}/guilds/teal/saved-coins/",
            {"coins": 1, "revision": stale},
            format="json",
        ).status_code
        == 200
    )
    listed = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/backups/").json()
    assert [b["id"] for b in listed] == [taken.pk]
    assert player_api.get(f"/api/v1/campaigns/{campaign.pk}/backups/").status_code == 403
    before = snapshot()
    refused = player_api.post(
        f"/api/v1/campaigns/{campaign.pk}/backups/restore/",
        {"backup": taken.pk, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert refused.status_code == 403
    assert snapshot() == before
    restored = owner_api.post(
        f"/api/v1/campaigns/{campaign.pk}/backups/restore/",
        {"backup": taken.pk, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert restored.status_code == 200, restored.json()
    sheet = restored.json()
    assert next(g for g in sheet["guilds"] if g["colour"] == "teal")["saved_coins"] == 0
    assert next(g for g in sheet["guilds"] if g["colour"] == "teal")["player"] == "fred"
    assert Membership.objects.filter(campaign=campaign, user=player).exists()
    assert Event.objects.filter(campaign=campaign).latest("seq").kind == "campaign-restored"
    reasons = set(CampaignBackup.objects.filter(campaign=campaign).values_list("reason", flat=True))
    assert reasons == {"scenario-recorded", "before-restore"}
    # The player's phone still holds the revisions from before the restore: both are refused.
    for revision in (stale, stale + 1):
        again = player_api.post(
            f"/api/v1/campaigns/{campaign.pk}/guilds/teal/saved-coins/",
            {"coins": 1, "revision": revision},
            format="json",
        )
        assert again.status_code == 409


def test_the_restore_of_a_restore_brings_back_what_was_undone(
    owner, player, campaign, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        campaign = record(owner, campaign, "ferry-of-the-dead", LINES)
    first = CampaignBackup.objects.get(campaign=campaign)
    guild = refreshed(campaign).guilds.get(colour__slug="yellow")
    from campaigns.services.inventory import guild_saved_coins_set

    guild_saved_coins_set(
        access=access(owner, campaign), actor=owner, guild=guild, revision=guild.revision, coins=1
    )
    backups.campaign_backup_restore(
        access=access(owner, campaign), actor=owner, revision=refreshed(campaign).revision, backup=first.pk
    )
    assert refreshed(campaign).guilds.get(colour__slug="yellow").saved_coins == 0
    safety = CampaignBackup.objects.get(campaign=campaign, reason="before-restore")
    backups.campaign_backup_restore(
        access=access(owner, campaign), actor=owner, revision=refreshed(campaign).revision, backup=safety.pk
    )
    assert refreshed(campaign).guilds.get(colour__slug="yellow").saved_coins == 1


def test_the_owners_page_lists_backups_with_a_restore_button(
    owner, campaign, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        campaign = record(owner, campaign, "ferry-of-the-dead", LINES)
    taken = CampaignBackup.objects.get(campaign=campaign)
    browser = Client()
    browser.force_login(owner)
    # Once a scenario is played the owner's tools open on demand.
    html = browser.get(f"/campaigns/{campaign.pk}/?open=table").content.decode()
    assert "After a scenario was recorded" in html and f'name="backup" value="{taken.pk}"' in html
    link = f"/api/v1/campaigns/{campaign.pk}/export/?full=1&amp;format=json"
    assert link in html
    download = browser.get(link.replace("&amp;", "&"), HTTP_ACCEPT="text/html,*/*;q=0.8")
    assert download.status_code == 200 and download.json()["contains_secrets"] is True
    done = browser.post(
        f"/campaigns/{campaign.pk}/do/backup-restore/",
        {"backup": taken.pk, "revision": refreshed(campaign).revision},
    )
    assert done.status_code == 302
    assert Event.objects.filter(campaign=campaign).latest("seq").kind == "campaign-restored"
