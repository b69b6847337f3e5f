"""Printing has limits (security probe F13): a budget of prints per campaign, and a sheet in the language it
was asked for, never another language's cached copy."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings

from campaigns.models import SheetDocument
from tests.campaigns.pdf.helpers import pdf_pages
from tests.factories import build_campaign, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_prints_an_hour(settings):
    rates = django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **django_settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "sheet_pdf": "2/hour"},
    }


def sheet_url(campaign):
    return f"/api/v1/campaigns/{campaign.pk}/sheet-pdf/"


def test_a_campaign_prints_at_most_its_budget_then_429_with_the_wait(
    two_prints_an_hour, owner_api, player_api, campaign, snapshot
):
    """F13: the budget is the campaign's, whoever of its members asks; the refusal says how long to wait."""
    assert owner_api.post(sheet_url(campaign), {"paper": "a4"}, format="json").status_code == 202
    assert player_api.post(sheet_url(campaign), {"paper": "letter"}, format="json").status_code == 202
    before = snapshot()
    refused = owner_api.post(sheet_url(campaign), {"paper": "a4"}, format="json")
    assert refused.status_code == 429
    assert refused.data["detail"].startswith("This campaign's sheet was asked for too often; try again in")
    assert refused.data["detail"].endswith("minutes.") and 3000 < int(refused["Retry-After"]) <= 3600
    assert snapshot() == before


def test_the_refusal_speaks_portuguese_and_other_campaigns_keep_their_budget(
    two_prints_an_hour, owner, owner_api, campaign
):
    for _ in range(2):
        owner_api.post(sheet_url(campaign), {"paper": "a4"}, format="json")
    refused = owner_api.post(
        sheet_url(campaign), {"paper": "a4"}, format="json", HTTP_ACCEPT_LANGUAGE="pt-br"
    )
    assert refused.status_code == 429
    assert refused.data["detail"].startswith("A ficha desta campanha foi pedida vezes demais")
    other = build_campaign(owner, guilds={"gray": None, "purple": None}, name="Other table")
    assert owner_api.post(sheet_url(other), {"paper": "a4"}, format="json").status_code == 202


def test_strangers_and_spectators_do_not_spend_a_campaigns_budget(
    two_prints_an_hour, owner_api, outsider_api, spectator_api, campaign
):
    for _ in range(3):
        assert outsider_api.post(sheet_url(campaign), {"paper": "a4"}, format="json").status_code == 404
        assert spectator_api.post(sheet_url(campaign), {"paper": "a4"}, format="json").status_code in (
            403,
            404,
        )
    assert owner_api.post(sheet_url(campaign), {"paper": "a4"}, format="json").status_code == 202


def test_the_page_shares_the_budget_and_answers_429(two_prints_an_hour, owner, owner_api, campaign):
    page = client_for(owner)
    assert page.post(f"/campaigns/{campaign.pk}/print/", {"paper": "a4"}).status_code == 200
    assert owner_api.post(sheet_url(campaign), {"paper": "a4"}, format="json").status_code == 202
    refused = page.post(f"/campaigns/{campaign.pk}/print/", {"paper": "a4"})
    assert refused.status_code == 429 and "asked for too often" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    htmx = page.post(f"/campaigns/{campaign.pk}/print/", {"paper": "a4"}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 200 and "asked for too often" in htmx.content.decode()  # htmx swaps 200s only
    assert SheetDocument.objects.filter(campaign=campaign).count() == 1  # the same revision, asked twice


def test_a_sheet_is_cached_per_language(owner_api, campaign, django_capture_on_commit_callbacks):
    """Issue 18: the Portuguese PDF is never served for an English request, nor the other way round."""
    with django_capture_on_commit_callbacks(execute=True):
        portuguese = owner_api.post(
            sheet_url(campaign), {"paper": "a4"}, format="json", HTTP_ACCEPT_LANGUAGE="pt-br"
        )
    with django_capture_on_commit_callbacks(execute=True):
        english = owner_api.post(
            sheet_url(campaign), {"paper": "a4"}, format="json", HTTP_ACCEPT_LANGUAGE="en"
        )
    assert portuguese.data["language"] == "pt-br" and english.data["language"] == "en"
    assert portuguese.data["id"] != english.data["id"]
    pt_text = _front(owner_api, portuguese.data["status_url"])
    en_text = _front(owner_api, english.data["status_url"])
    assert "CONQUISTAS" in pt_text and "ACHIEVEMENTS" not in pt_text
    assert "ACHIEVEMENTS" in en_text and "CONQUISTAS" not in en_text
    again = owner_api.post(sheet_url(campaign), {"paper": "a4"}, format="json", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert again.status_code == 200 and again.data["id"] == portuguese.data["id"]
    chosen = owner_api.post(
        sheet_url(campaign), {"paper": "a4", "language": "en"}, format="json", HTTP_ACCEPT_LANGUAGE="pt-br"
    )
    assert chosen.data["id"] == english.data["id"]  # a language in the body wins over the header
    bad = owner_api.post(sheet_url(campaign), {"paper": "a4", "language": "de"}, format="json")
    assert bad.status_code == 400 and "language" in bad.data
    assert SheetDocument.objects.filter(campaign=campaign).count() == 2


def test_the_blank_sheet_is_cached_per_language(api, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        portuguese = api.post(
            "/api/v1/blank-sheet-pdf/", {"edition": "inferno"}, format="json", HTTP_ACCEPT_LANGUAGE="pt-br"
        )
    with django_capture_on_commit_callbacks(execute=True):
        english = api.post("/api/v1/blank-sheet-pdf/", {"edition": "inferno"}, format="json")
    assert portuguese.data["id"] != english.data["id"]
    assert "VENCEDOR" in _front(api, portuguese.data["status_url"])
    assert "WINNER" in _front(api, english.data["status_url"])


def test_the_page_prints_in_the_readers_language(owner, campaign, django_capture_on_commit_callbacks):
    page = client_for(owner)
    page.cookies["django_language"] = "pt-br"
    with django_capture_on_commit_callbacks(execute=True):
        page.post(f"/campaigns/{campaign.pk}/print/", {"paper": "a4"})
    document = SheetDocument.objects.get(campaign=campaign)
    assert document.language == "pt-br" and document.status == "done"
    assert "CONQUISTAS" in pdf_pages(document.file.read())[0]


def _front(api, status_url):
    status = api.get(status_url).data
    assert status["status"] == "done", status
    return " ".join(pdf_pages(b"".join(api.get(status["download_url"]).streaming_content))[0].split())


def test_one_player_spends_only_their_share_and_never_locks_the_owner_out(
    settings, owner_api, player_api, campaign, snapshot
):
    """Security probe G10: 31 prints by one player locked the owner out. Each member has a share
    (`SHEET_PDF_MEMBER_RATE`) of the campaign's budget; a request over it spends none of the campaign's."""
    rates = django_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **django_settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "sheet_pdf": "3/hour", "sheet_pdf_member": "1/hour"},
    }
    assert player_api.post(sheet_url(campaign), {"paper": "a4"}, format="json").status_code == 202
    before = snapshot()
    for _ in range(5):
        assert player_api.post(sheet_url(campaign), {"paper": "a4"}, format="json").status_code == 429
    assert snapshot() == before
    assert owner_api.post(sheet_url(campaign), {"paper": "letter"}, format="json").status_code == 202
