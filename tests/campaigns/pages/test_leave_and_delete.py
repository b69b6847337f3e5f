"""The end of a campaign for a reader (issue 27, m15): the owner deletes it for everyone after typing its
name, and a player leaves it, their guild kept on the sheet under their name for the owner to hand on."""

import pytest
from django.core.files.base import ContentFile

from campaigns.models import Campaign, Event, Guild, Membership, PlayResult, SheetDocument
from tests.campaigns.pages.helpers import act, first_scenario
from tests.factories import client_for, refreshed

pytestmark = pytest.mark.django_db


def test_the_owner_deletes_the_campaign_after_typing_its_name(owner, player, campaign):
    first_scenario(owner, campaign)
    sheet = client_for(owner).get(f"/campaigns/{campaign.pk}/?open=table").content.decode()
    assert "Delete the campaign for everyone" in sheet and "There is no Undo" in sheet
    form = {"revision": refreshed(campaign).revision, "name": f"  {campaign.name.upper()} "}
    response = act(owner, campaign, "delete", form, follow=True)
    assert response.redirect_chain[-1][0] == "/campaigns/"
    assert f"The campaign {campaign.name} was deleted." in response.content.decode()
    assert not Campaign.objects.filter(pk=campaign.pk).exists()
    assert not PlayResult.objects.filter(play__campaign_id=campaign.pk).exists()
    # Every phone of the table: the sheet and its polls are gone (404), the list no longer names it.
    assert client_for(player).get(f"/campaigns/{campaign.pk}/").status_code == 404
    assert campaign.name not in client_for(player).get("/campaigns/").content.decode()


def test_an_htmx_delete_sends_the_phone_to_the_campaign_list(owner, campaign):
    form = {"revision": refreshed(campaign).revision, "name": campaign.name}
    response = act(owner, campaign, "delete", form, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Redirect"] == "/campaigns/"
    assert response["X-Write"] == "saved"


@pytest.mark.parametrize("name", ["", "Another campaign", "x" * 121])
def test_a_wrong_name_deletes_nothing_and_says_why(owner, campaign, snapshot, name):
    before = snapshot()
    response = act(owner, campaign, "delete", {"revision": refreshed(campaign).revision, "name": name})
    assert response.status_code == 400
    assert snapshot() == before


def test_a_wrong_name_is_told_beside_the_form(owner, campaign):
    response = act(owner, campaign, "delete", {"revision": refreshed(campaign).revision, "name": "Nope"})
    assert "That is not the campaign&#x27;s name; nothing was deleted." in response.content.decode()


def test_a_delete_from_a_stale_page_is_refused(owner, campaign, snapshot):
    """The owner deletes what they see: a sheet changed meanwhile is shown again (409), nothing deleted."""
    stale = refreshed(campaign).revision
    first_scenario(owner, campaign)
    before = snapshot()
    assert act(owner, campaign, "delete", {"revision": stale, "name": campaign.name}).status_code == 409
    assert snapshot() == before


def test_only_the_owner_deletes(player, member, campaign, snapshot):
    before = snapshot()
    form = {"revision": refreshed(campaign).revision, "name": campaign.name}
    assert act(player, campaign, "delete", form).status_code == 403
    assert act(member, campaign, "delete", form).status_code == 403
    assert act(None, campaign, "delete", form).status_code in (302, 404)
    assert snapshot() == before


def test_a_deleted_campaigns_printed_sheets_go_with_it(
    owner, campaign, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    document = SheetDocument.objects.create(campaign=campaign, edition=campaign.edition, revision=1)
    document.file.save("campaign-sheet.pdf", ContentFile(b"%PDF"))
    stored = tmp_path / document.file.name
    assert stored.exists()
    form = {"revision": refreshed(campaign).revision, "name": campaign.name}
    with django_capture_on_commit_callbacks(execute=True):
        assert act(owner, campaign, "delete", form).status_code == 302
    assert not stored.exists()


def test_a_player_leaves_and_their_guild_stays_held_under_their_name(owner, player, campaign):
    first_scenario(owner, campaign)
    teal = Guild.objects.get(campaign=campaign, colour__slug="teal")
    page = client_for(player).get(f"/campaigns/{campaign.pk}/mine/").content.decode()
    assert "Leave this campaign" in page
    assert (
        "Leave this campaign" not in client_for(owner).get(f"/campaigns/{campaign.pk}/mine/").content.decode()
    )
    response = act(player, campaign, "leave", {"revision": 1}, follow=True)  # any revision: see the service
    assert response.redirect_chain[-1][0] == "/campaigns/"
    assert f"You left {campaign.name}" in response.content.decode()
    assert not Membership.objects.filter(campaign=campaign, user=player).exists()
    held = Guild.objects.get(pk=teal.pk)
    assert held.player is None and held.player_name == "fred" and held.revision == teal.revision + 1
    assert held.results.count() == 1, "what the guild did stays on the sheet"
    assert client_for(player).get(f"/campaigns/{campaign.pk}/").status_code == 404
    history = client_for(owner).get(f"/campaigns/{campaign.pk}/history/").content.decode()
    assert "fred left the campaign; Teal is held under their name" in history
    assert Event.objects.get(campaign=campaign, kind="player-left").changes == []
    # The owner hands the guild on as any guild held for a friend.
    assert "fred" in client_for(owner).get(f"/campaigns/{campaign.pk}/?open=table").content.decode()


def test_the_owner_cannot_leave_and_an_outsider_is_not_told_the_campaign_exists(
    owner, outsider, campaign, snapshot
):
    before = snapshot()
    assert act(outsider, campaign, "leave", {"revision": 1}).status_code == 404
    response = act(owner, campaign, "leave", {"revision": refreshed(campaign).revision})
    assert response.status_code == 400
    assert "The owner cannot leave the campaign" in response.content.decode()
    assert snapshot() == before
