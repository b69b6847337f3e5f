"""The sheet PDF API: request, poll, download; who may do what; a dead broker answers 503."""

from __future__ import annotations

import pytest
from kombu.exceptions import OperationalError

from campaigns.models import Membership, SheetDocument
from tests.campaigns.pdf.helpers import pdf_pages
from tests.factories import build_campaign

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(owner, player, outsider):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": player}, name="Pdf Night")
    return campaign, owner, player, outsider


def sheet_url(campaign, suffix="", share=None):
    url = f"/api/v1/campaigns/{campaign.pk}/sheet-pdf/{suffix}"
    return f"{url}?share={share}" if share else url


def ask(api, campaign, capture, user=None, share=None, paper="a4"):
    if user is not None:
        api.force_authenticate(user)
    with capture(execute=True):
        return api.post(sheet_url(campaign, share=share), {"paper": paper}, format="json")


def test_a_member_asks_for_the_sheet_polls_it_and_downloads_the_pdf(
    api, people, django_capture_on_commit_callbacks
):
    campaign, _, player, _ = people
    response = ask(api, campaign, django_capture_on_commit_callbacks, user=player)
    # Inside the test's transaction the render runs when the request's work commits: after the answer.
    assert response.status_code == 202 and response.data["status"] == "pending"
    status = api.get(response.data["status_url"])
    assert status.status_code == 200 and status.data["status"] == "done"
    assert status.data["download_url"] == sheet_url(campaign, f"{status.data['id']}/download/")
    download = api.get(status.data["download_url"])
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert download["Content-Disposition"].startswith("attachment;")
    assert "Pdf Night" in pdf_pages(b"".join(download.streaming_content))[0]
    again = ask(api, campaign, django_capture_on_commit_callbacks)
    assert (
        again.status_code == 200 and again.data["status"] == "done" and again.data["id"] == status.data["id"]
    )
    assert SheetDocument.objects.get().renders == 1


def test_letter_paper_and_bad_paper(api, people, django_capture_on_commit_callbacks):
    campaign, owner, _, _ = people
    assert (
        ask(api, campaign, django_capture_on_commit_callbacks, user=owner, paper="letter").status_code == 202
    )
    bad = ask(api, campaign, django_capture_on_commit_callbacks, paper="a3")
    assert bad.status_code == 400 and "paper" in bad.data


def test_outsiders_and_strangers_get_404_everywhere(api, people, django_capture_on_commit_callbacks):
    campaign, owner, _, outsider = people
    document = ask(api, campaign, django_capture_on_commit_callbacks, user=owner).data
    for user in (outsider, None):
        api.force_authenticate(user)
        assert api.post(sheet_url(campaign), {"paper": "a4"}, format="json").status_code == 404
        assert api.get(sheet_url(campaign, f"{document['id']}/")).status_code == 404
        assert api.get(sheet_url(campaign, f"{document['id']}/download/")).status_code == 404
        assert api.get(sheet_url(campaign, f"{document['id']}/", share="not-the-token")).status_code == 404
    assert SheetDocument.objects.count() == 1


def test_a_share_link_downloads_a_done_sheet_but_cannot_ask_for_one(
    api, people, django_capture_on_commit_callbacks
):
    campaign, owner, _, outsider = people
    document = ask(api, campaign, django_capture_on_commit_callbacks, user=owner).data
    api.force_authenticate(None)
    token = campaign.share_token
    status = api.get(sheet_url(campaign, f"{document['id']}/", share=token))
    assert status.status_code == 200 and status.data["download_url"].endswith(f"?share={token}")
    assert api.get(status.data["download_url"]).status_code == 200
    refused = ask(api, campaign, django_capture_on_commit_callbacks, share=token)
    assert refused.status_code == 403
    api.force_authenticate(outsider)
    assert api.get(sheet_url(campaign, f"{document['id']}/download/", share=token)).status_code == 200


def test_a_document_of_another_campaign_is_not_found_through_this_one(
    api, people, django_capture_on_commit_callbacks
):
    campaign, owner, _, _ = people
    other = build_campaign(owner, guilds={"gray": None, "purple": None}, name="Other")
    document = ask(api, other, django_capture_on_commit_callbacks, user=owner).data
    assert api.get(sheet_url(campaign, f"{document['id']}/")).status_code == 404
    assert api.get(sheet_url(campaign, f"{document['id']}/download/")).status_code == 404


def test_a_pending_or_failed_sheet_has_no_download(
    api, people, monkeypatch, django_capture_on_commit_callbacks
):
    from campaigns import pdf

    campaign, owner, _, _ = people
    api.force_authenticate(owner)
    pending = api.post(sheet_url(campaign), {"paper": "a4"}, format="json").data  # never dispatched here
    assert api.get(sheet_url(campaign, f"{pending['id']}/download/")).status_code == 404
    monkeypatch.setattr(pdf, "render_sheet_pdf", lambda **kw: (_ for _ in ()).throw(ValueError("bad card")))
    failed = ask(api, campaign, django_capture_on_commit_callbacks, paper="letter").data
    status = api.get(failed["status_url"]).data
    assert status["status"] == "failed" and "bad card" in status["error"] and "download_url" not in status


def test_anyone_asks_for_a_blank_sheet_and_downloads_it(api, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post("/api/v1/blank-sheet-pdf/", {"edition": "inferno", "paper": "a4"}, format="json")
    assert response.status_code == 202
    status = api.get(response.data["status_url"]).data
    assert status["status"] == "done" and status["kind"] == "blank"
    download = api.get(status["download_url"])
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    unknown = api.post("/api/v1/blank-sheet-pdf/", {"edition": "nope", "paper": "a4"}, format="json")
    assert unknown.status_code == 400
    assert api.get("/api/v1/blank-sheet-pdf/999999/").status_code == 404


def test_the_schema_documents_the_pdf_routes(api):
    schema = api.get("/api/v1/schema/", {"format": "json"}).json()
    for route in (
        "/api/v1/campaigns/{id}/sheet-pdf/",
        "/api/v1/campaigns/{id}/sheet-pdf/{doc_id}/",
        "/api/v1/campaigns/{id}/sheet-pdf/{doc_id}/download/",
        "/api/v1/blank-sheet-pdf/",
    ):
        assert any(path.replace("{pk}", "{id}") == route for path in schema["paths"]), route
    post = next(v for k, v in schema["paths"].items() if k.endswith("sheet-pdf/") and "campaigns" in k)[
        "post"
    ]
    assert {"200", "202", "503"} <= set(post["responses"])


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_pdf_is_ready_in_the_same_request(api, owner):
    campaign = build_campaign(owner, name="Embedded")
    api.force_authenticate(owner)
    response = api.post(sheet_url(campaign), {"paper": "a4"}, format="json")
    assert response.status_code == 200 and response.data["status"] == "done"
    assert api.get(response.data["download_url"]).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_dead_broker_answers_503_and_leaves_the_database_unchanged(api, owner, monkeypatch, snapshot):
    from campaigns.tasks import render_sheet_document

    campaign = build_campaign(owner, name="Broker down")
    Membership.objects.get(campaign=campaign, user=owner)

    def refused(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(render_sheet_document, "delay", refused)
    before = snapshot()
    api.force_authenticate(owner)
    response = api.post(sheet_url(campaign), {"paper": "a4"}, format="json")
    assert response.status_code == 503 and "temporarily unavailable" in response.data["detail"]
    assert response["Retry-After"] == "30"
    blank = api.post("/api/v1/blank-sheet-pdf/", {"edition": "inferno", "paper": "a4"}, format="json")
    assert blank.status_code == 503
    assert snapshot() == before
