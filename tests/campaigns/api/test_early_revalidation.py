"""The sheet's 304 answered ahead of the stack (campaigns/api/revalidation.py) is the full path's answer.

Every request below is sent twice, with the early answer on and off, and both must give the same status,
headers, cookies and body. The cases are the ones a phone meets: the ETag it holds or an old one, its
language, a revoked token, a campaign it left, the browsable API, a share link, a signed-in browser.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaigns.api.campaigns import CampaignDetail
from campaigns.models import Membership
from tests.early import answer, refuse_view
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

EARLY = "campaigns.api.revalidation.SheetRevalidationMiddleware"


def token_of(user: Any) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def send(path: str, early: bool, method: str = "get", **headers: Any) -> Any:
    with override_settings(EARLY_ANSWERS=early):
        return getattr(APIClient(), method)(path, **headers)


def both(path: str, method: str = "get", **headers: Any) -> Any:
    early, full = send(path, True, method, **headers), send(path, False, method, **headers)
    assert answer(early) == answer(full)
    return early


@pytest.fixture
def sheet(owner: Any, campaign: Any) -> dict[str, Any]:
    url = f"/api/v1/campaigns/{campaign.pk}/"
    auth = f"Token {token_of(owner)}"
    etag = send(url, False, HTTP_AUTHORIZATION=auth)["ETag"]
    pt_etag = send(url, False, HTTP_AUTHORIZATION=auth, HTTP_ACCEPT_LANGUAGE="pt-BR")["ETag"]
    return {"url": url, "auth": auth, "etag": etag, "pt": pt_etag}


def holding(sheet: dict[str, Any], tag: str = "etag", **more: str) -> dict[str, str]:
    """The owner's phone holding the sheet's ETag (`tag`: "etag", or "pt" for the one in Portuguese)."""
    return {"HTTP_AUTHORIZATION": sheet["auth"], "HTTP_IF_NONE_MATCH": sheet[tag], **more}


@pytest.fixture
def no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_view(monkeypatch, CampaignDetail)


def test_the_early_answer_sits_after_the_security_headers_and_before_the_sessions() -> None:
    stack = settings.MIDDLEWARE
    assert stack.index("csp.middleware.CSPMiddleware") < stack.index(EARLY)
    assert stack.index("django.middleware.security.SecurityMiddleware") < stack.index(EARLY)
    assert stack.index(EARLY) < stack.index("django.contrib.sessions.middleware.SessionMiddleware")


@pytest.mark.parametrize(
    "held",
    ["{etag}", "W/{etag}", '"0.0.old", {etag}', "*"],
    ids=["the same", "weak", "one of several", "any"],
)
def test_a_phone_holding_the_sheet_gets_the_same_304(sheet: dict[str, Any], held: str) -> None:
    response = both(sheet["url"], HTTP_AUTHORIZATION=sheet["auth"], HTTP_IF_NONE_MATCH=held.format(**sheet))
    assert response.status_code == 304 and response["ETag"] == sheet["etag"]


def test_the_304_is_answered_before_the_view_with_no_query(
    sheet: dict[str, Any], no_view: None, django_assert_num_queries: Any
) -> None:
    send(sheet["url"], True, **holding(sheet))
    with django_assert_num_queries(0):
        response = send(sheet["url"], True, **holding(sheet))
    assert response.status_code == 304


def test_a_head_is_answered_the_same(sheet: dict[str, Any]) -> None:
    response = both(sheet["url"], "head", **holding(sheet))
    assert response.status_code == 304


@pytest.mark.parametrize(
    "language",
    [{"HTTP_ACCEPT_LANGUAGE": "pt-BR"}, {"HTTP_COOKIE": f"{settings.LANGUAGE_COOKIE_NAME}=pt-br"}],
    ids=["Accept-Language", "language cookie"],
)
def test_the_language_is_chosen_as_the_stack_chooses_it(sheet: dict[str, Any], language: dict) -> None:
    """The sheet says the live quest labels in the reader's language, so its ETag depends on it."""
    held = both(sheet["url"], **holding(sheet, "pt", **language))
    assert held.status_code == 304 and held["Content-Language"] == "pt-br"
    english = both(sheet["url"], **holding(sheet, **language))
    assert english.status_code == 200 and english["ETag"] == sheet["pt"]


def test_a_changed_sheet_is_read_in_full(sheet: dict[str, Any]) -> None:
    response = both(sheet["url"], HTTP_AUTHORIZATION=sheet["auth"], HTTP_IF_NONE_MATCH='"0.0.old"')
    assert response.status_code == 200 and response.json()["revision"] >= 0


def test_a_reader_who_left_gets_404_from_both(sheet: dict[str, Any], owner: Any, campaign: Any) -> None:
    other = UserFactory(username="wanda")
    Membership.objects.create(campaign=campaign, user=other, role="player")
    auth = f"Token {token_of(other)}"
    etag = send(sheet["url"], False, HTTP_AUTHORIZATION=auth)["ETag"]
    Membership.objects.filter(campaign=campaign, user=other).delete()
    assert both(sheet["url"], HTTP_AUTHORIZATION=auth, HTTP_IF_NONE_MATCH=etag).status_code == 404


def test_a_revoked_or_unknown_token_is_refused_by_both(sheet: dict[str, Any], owner: Any) -> None:
    """DRF answers 403, not 401: its first authenticator (sessions) sends no WWW-Authenticate."""
    Token.objects.filter(user=owner).delete()
    assert both(sheet["url"], **holding(sheet)).status_code == 403
    for auth in ("Token", "Token a b", "Bearer x", "Token unknown"):
        response = both(sheet["url"], HTTP_AUTHORIZATION=auth, HTTP_IF_NONE_MATCH=sheet["etag"])
        assert response.status_code == (404 if auth == "Bearer x" else 403)


def test_a_missing_campaign_is_404_from_both(sheet: dict[str, Any]) -> None:
    for path in ("/api/v1/campaigns/999999/", "/api/v1/campaigns/0/", "/api/v1/campaigns/007/"):
        assert both(path, **holding(sheet)).status_code == 404


def test_requests_of_another_shape_take_the_full_path(sheet: dict[str, Any], no_view: None) -> None:
    """A share link, the browsable API, a signed-in browser or another host: the early answer stays out
    (the view is reached, and refuses here only because the test replaced it)."""
    held = holding(sheet)
    shapes = [
        (sheet["url"] + "?share=x", held),
        (sheet["url"] + "?format=json", held),
        (sheet["url"], {**held, "HTTP_ACCEPT": "text/html"}),
        (sheet["url"], {**held, "HTTP_COOKIE": f"{settings.SESSION_COOKIE_NAME}=x"}),
    ]
    for path, headers in shapes:
        with pytest.raises(AssertionError, match="reached the view"):
            send(path, True, **headers)


def test_a_host_not_allowed_is_refused_by_both(sheet: dict[str, Any]) -> None:
    response = both(sheet["url"], **holding(sheet, HTTP_HOST="evil.example"))
    assert response.status_code == 400
