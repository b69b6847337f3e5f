"""Printing from the pages: a progress indicator while the worker renders, then the download."""

import pytest

from campaigns.models import SheetDocument
from tests.factories import client_for

pytestmark = pytest.mark.django_db


def test_the_sheet_page_offers_printing_to_members(owner, campaign):
    body = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Print the Campaign Sheet" in body and f"/campaigns/{campaign.pk}/print/" in body


def test_a_pending_sheet_shows_a_progress_bar_that_polls_its_status(owner, campaign):
    response = client_for(owner).post(
        f"/campaigns/{campaign.pk}/print/", {"paper": "letter"}, HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    document = SheetDocument.objects.get(campaign=campaign)
    assert (document.paper, document.status) == ("letter", "pending")  # the render waits for the commit
    assert "<progress" in body and f'hx-get="/campaigns/{campaign.pk}/print/{document.pk}/"' in body


def test_a_printed_sheet_shows_its_download_link(owner, campaign, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        client_for(owner).post(f"/campaigns/{campaign.pk}/print/", {"paper": "a4"})
    document = SheetDocument.objects.get(campaign=campaign)
    body = client_for(owner).get(f"/campaigns/{campaign.pk}/print/{document.pk}/").content.decode()
    assert document.status == "done" and "Download the sheet" in body
    download = client_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/sheet-pdf/{document.pk}/download/")
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"


def test_outsiders_cannot_print_or_watch(outsider_client, campaign):
    assert outsider_client.post(f"/campaigns/{campaign.pk}/print/", {"paper": "a4"}).status_code == 404
    assert client_for(None).post(f"/campaigns/{campaign.pk}/print/", {"paper": "a4"}).status_code == 404
    assert not SheetDocument.objects.exists()


def test_a_spectator_may_watch_but_not_ask(spectator_client, campaign):
    response = spectator_client.post(f"/campaigns/{campaign.pk}/print/", {"paper": "a4"})
    assert response.status_code == 403
    body = spectator_client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Print the sheet (PDF)" not in body


def test_anyone_can_print_a_blank_sheet_from_the_home_page(django_capture_on_commit_callbacks):
    assert "Print a blank sheet" in client_for(None).get("/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(None).post(
            "/campaigns/blank-sheet/", {"edition": "arcadia-quest", "paper": "a4"}
        )
    assert response.status_code == 200
    document = SheetDocument.objects.get(kind="blank")
    assert document.edition.slug == "arcadia-quest"
    body = client_for(None).get(f"/campaigns/blank-sheet/{document.pk}/").content.decode()
    assert "Download the sheet" in body


def test_a_blank_sheet_of_an_unknown_edition_is_refused():
    response = client_for(None).post("/campaigns/blank-sheet/", {"edition": "chess", "paper": "a4"})
    assert response.status_code == 400 and "Unknown edition" in response.content.decode()
    assert not SheetDocument.objects.exists()
