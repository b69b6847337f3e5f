"""Undo follows who may make the change (F5 of the security probe, M3 of the UX walkthrough).

The table (campaigns/access.py):
- the owner's actions and the app's side effects of them (finale, guild added or handed over, upgrade phase
  opened or abandoned, hero draft started, live scenario abandoned): the owner only;
- campaign-wide changes any member may make (a recorded scenario, a live scenario started, an undo of a
  campaign-wide change): the owner or the member who made it;
- the next scenario chosen: the winner's player (who chose it) or the owner;
- a guild's changes: its player or the owner.
On the pages, undoing someone else's change asks first (a second post with confirm=1)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from campaigns.models import Event, HeroDraftRecord, Membership, UpgradePhase
from tests.factories import (
    UserFactory,
    access,
    api_for,
    build_campaign,
    choose_next,
    client_for,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db

LINES = [result_line("yellow", winner=True), result_line("teal")]


def undo(user: Any, campaign: Any, kind: str) -> Any:
    event = Event.objects.filter(campaign=campaign, kind=kind).latest("seq")
    revision = refreshed(campaign).revision
    if event.guild_id and event.kind not in ("next-chosen", "guild-added"):
        revision = event.guild.__class__.objects.get(pk=event.guild_id).revision
    return api_for(user).post(
        f"/api/v1/campaigns/{campaign.pk}/undo/", {"seq": event.seq, "revision": revision}, format="json"
    )


def test_a_player_cannot_undo_the_upgrade_phase_opening(owner, player, campaign, snapshot):
    """The probe: Ben undid `upgrade-opened` (the phase, curse draws and hands gone) and re-recorded."""
    record(owner, campaign, "ferry-of-the-dead", LINES, upgrade_on_paper=False)
    assert UpgradePhase.objects.filter(campaign=campaign).exists()
    before = snapshot()
    response = undo(player, campaign, "upgrade-opened")
    assert response.status_code == 403
    assert "Only the campaign's owner may undo this" in response.json()["detail"]
    assert snapshot() == before


def test_a_player_cannot_undo_the_owners_recorded_scenario(owner, player, campaign, snapshot):
    """M3: one tap by Ben took back Ana's scenario 3. The owner or whoever recorded it may."""
    record(owner, campaign, "ferry-of-the-dead", LINES)
    before = snapshot()
    response = undo(player, campaign, "scenario-recorded")
    assert response.status_code == 403
    assert "the member who made this change" in response.json()["detail"]
    assert snapshot() == before
    assert undo(owner, campaign, "scenario-recorded").status_code == 200


def test_the_member_who_recorded_a_scenario_may_undo_it(owner, player, campaign):
    from campaigns.services.upgrade import upgrade_phase_restart

    # The owner records the table's choice of the first scenario (RB:414-416); any member then records it.
    choose_next(owner, campaign, "ferry-of-the-dead")
    record(player, campaign, "ferry-of-the-dead", LINES, upgrade_on_paper=False)
    # The owner plays the upgrade phase on paper; then the record itself can be taken back.
    upgrade_phase_restart(
        access=access(owner, campaign), actor=owner, revision=refreshed(campaign).revision, reopen=False
    )
    assert undo(player, campaign, "scenario-recorded").status_code == 200


def test_a_player_cannot_undo_the_owners_hero_draft_start(owner, player, snapshot):
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.guilds import guild_add
    from campaigns.services.hero_draft import hero_draft_start

    campaign = campaign_create(owner=owner, name="Drafted", edition="inferno")
    Membership.objects.create(campaign=campaign, user=player)
    for colour, user in (("yellow", owner), ("teal", player)):
        guild_add(
            access=access(owner, campaign),
            actor=owner,
            revision=refreshed(campaign).revision,
            colour=colour,
            player=user.get_username(),
        )
    hero_draft_start(access=access(owner, campaign), actor=owner, revision=refreshed(campaign).revision)
    before = snapshot()
    assert undo(player, campaign, "hero-draft-started").status_code == 403
    assert snapshot() == before
    assert HeroDraftRecord.objects.filter(campaign=campaign).exists()


def test_live_tracking_undo_follows_who_started_or_abandoned_it(
    owner, player, campaign, snapshot, owner_api, player_api
):
    url = f"/api/v1/campaigns/{campaign.pk}/live/"

    def post(api: APIClient, action: str, **body: Any) -> Any:
        body["revision"] = refreshed(campaign).revision
        return api.post(url + action, body, format="json")

    choose_next(owner, campaign, "ferry-of-the-dead")
    started = post(owner_api, "start/", scenario="ferry-of-the-dead")
    assert started.status_code == 201, started.json()
    before = snapshot()
    assert undo(player, campaign, "live-started").status_code == 403
    assert snapshot() == before
    assert post(owner_api, "abandon/").status_code == 200
    before = snapshot()
    assert undo(player, campaign, "live-abandoned").status_code == 403
    assert snapshot() == before
    assert post(player_api, "start/", scenario="ferry-of-the-dead").status_code == 201
    assert undo(player, campaign, "live-started").status_code == 200


def test_the_next_scenario_choice_is_undone_by_its_chooser_or_the_owner(owner, player, snapshot):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": player})
    record(owner, campaign, "ferry-of-the-dead", [result_line("yellow"), result_line("teal", winner=True)])
    choose_next(player, campaign, "the-parade")
    loser = UserFactory(username="cleo")
    Membership.objects.create(campaign=campaign, user=loser)
    before = snapshot()
    assert undo(loser, campaign, "next-chosen").status_code == 403
    assert snapshot() == before
    assert undo(player, campaign, "next-chosen").status_code == 200


def test_history_marks_undoable_with_the_same_rule(owner, player, campaign):
    record(owner, campaign, "ferry-of-the-dead", LINES, upgrade_on_paper=False)
    history = api_for(player).get(f"/api/v1/campaigns/{campaign.pk}/history/").json()
    flags = {entry["kind"]: entry["undoable"] for entry in history}
    assert flags["upgrade-opened"] is False and flags["scenario-recorded"] is False
    owners = api_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/history/").json()
    assert {e["kind"]: e["undoable"] for e in owners}["upgrade-opened"] is True


def test_the_page_asks_before_undoing_someone_elses_change(owner, player, campaign, snapshot):
    teal = refreshed(campaign).guilds.get(colour__slug="teal")
    saved = api_for(player).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/teal/saved-coins/",
        {"coins": 1, "revision": teal.revision},
        format="json",
    )
    assert saved.status_code == 200
    seq = Event.objects.filter(campaign=campaign).latest("seq").seq
    form = {"seq": seq, "revision": refreshed(campaign).guilds.get(colour__slug="teal").revision}
    url = f"/campaigns/{campaign.pk}/do/undo/"
    before = snapshot()
    asked = client_for(owner).post(url, form)
    assert asked.status_code == 200
    html = asked.content.decode()
    assert "was made by fred, not you. Undo it anyway?" in html
    assert 'name="confirm" value="1"' in html
    assert snapshot() == before
    done = client_for(owner).post(url, {**form, "confirm": "1"})
    assert done.status_code == 302
    assert refreshed(campaign).guilds.get(colour__slug="teal").saved_coins == 0


def test_undoing_ones_own_change_on_the_page_needs_no_confirmation(owner, player, campaign):
    teal = refreshed(campaign).guilds.get(colour__slug="teal")
    api_for(player).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/teal/saved-coins/",
        {"coins": 1, "revision": teal.revision},
        format="json",
    )
    seq = Event.objects.filter(campaign=campaign).latest("seq").seq
    revision = refreshed(campaign).guilds.get(colour__slug="teal").revision
    done = client_for(player).post(f"/campaigns/{campaign.pk}/do/undo/", {"seq": seq, "revision": revision})
    assert done.status_code == 302
