"""Security: CSRF on session writes, join codes, spectators, token auth. (`manage.py check --deploy` with the
production settings runs in CI, .ci/run.)"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import get_resolver
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaigns.models import JoinCode, Membership
from tests.factories import UserFactory, api_for

pytestmark = pytest.mark.django_db


def test_a_session_write_without_the_csrf_token_is_refused(owner, campaign, snapshot):
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(username="olga", password="secret-pass-123")
    before = snapshot()
    response = client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/", {"colour": "gray", "revision": 1}, format="json"
    )
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]
    assert snapshot() == before


def test_a_session_write_with_the_csrf_token_goes_through(owner, campaign):
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(username="olga", password="secret-pass-123")
    client.get("/")  # the home page sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    response = client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray", "revision": campaign.revision},
        format="json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert response.status_code == 201


def test_an_api_client_writes_with_its_token_and_no_csrf(owner, campaign):
    key = Token.objects.create(user=owner).key
    client = APIClient(enforce_csrf_checks=True)
    response = client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray", "revision": campaign.revision},
        format="json",
        HTTP_AUTHORIZATION=f"Token {key}",
    )
    assert response.status_code == 201
    refused = client.get("/api/v1/campaigns/", HTTP_AUTHORIZATION="Token not-a-token")
    assert refused.status_code == 403 and refused.json() == {"detail": "Invalid token."}


def _code(owner, campaign, **body) -> str:
    return (
        api_for(owner)
        .post(f"/api/v1/campaigns/{campaign.pk}/join-codes/", body, format="json")
        .json()["code"]
    )


def _join(username: str, code: str):
    client = api_for(UserFactory(username=username))  # get_or_create: made before a snapshot
    return client.post("/api/v1/campaigns/join/", {"code": code}, format="json")


def test_a_join_code_is_spent_after_its_uses(owner, campaign, snapshot):
    cache.clear()
    code = _code(owner, campaign, max_uses=2)
    assert [_join(name, code).status_code for name in ("ann", "bob")] == [200, 200]
    UserFactory(username="cat")
    before = snapshot()
    late = _join("cat", code)
    assert late.status_code == 400 and late.json() == {"code": ["This join code is not valid."]}
    assert snapshot() == before
    assert JoinCode.objects.get(code=code).uses == 2


def test_a_join_code_reads_the_same_in_any_case_and_spacing(owner, campaign):
    cache.clear()
    code = _code(owner, campaign)
    typed = f" {code[:4].lower()} - {code[4:].lower()} "
    assert _join("dan", typed).status_code == 200
    assert Membership.objects.filter(campaign=campaign, user__username="dan").exists()


def test_join_codes_are_random_and_unguessable(owner, campaign):
    codes = {_code(owner, campaign) for _ in range(20)}
    assert len(codes) == 20 and all(len(c) == 8 for c in codes)


def _routes(patterns: list, prefix: str = "") -> list[tuple[str, object]]:
    """Every route with its pattern, the prefixes of the includes it sits in joined."""
    found = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if hasattr(pattern, "url_patterns"):
            found += _routes(pattern.url_patterns, route)
        else:
            found.append((route, pattern))
    return found


def _campaign_post_routes() -> list[str]:
    """Every API POST route under campaigns/<id>/, from the URL resolver (views with a `post`)."""
    found = []
    for route, pattern in _routes(get_resolver().url_patterns):
        view = getattr(pattern.callback, "view_class", None)
        api_route = route.removeprefix("api/v1/")
        if api_route != route and api_route.startswith("campaigns/<int:pk>/") and hasattr(view, "post"):
            found.append(api_route)
    return sorted(found)


def test_the_spectator_write_list_is_not_empty():
    assert len(_campaign_post_routes()) >= 25


@pytest.mark.parametrize("route", _campaign_post_routes())
def test_a_spectator_link_cannot_write_to_any_route(route, campaign, spectator, snapshot):
    url = "/api/v1/" + route.replace("<int:pk>", str(campaign.pk)).replace("<slug:colour>", "yellow")
    body = {"revision": campaign.revision, "coins": 1, "colour": "gray", "scenario": "ferry-of-the-dead"}
    before = snapshot()
    for client in (APIClient(), api_for(spectator)):
        response = client.post(f"{url}?share={campaign.share_token}", body, format="json")
        assert response.status_code == 403, (route, response.content[:200])
    assert snapshot() == before
