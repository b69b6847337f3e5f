"""The usual dice roll answered ahead of the stack (companion/helpers/early.py) is the full path's answer.

Every request is sent with the early answer on and off, from a fresh throttle window each time, and both
must give the same status, headers, cookies and body (a seed in the body makes the roll the same).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, override_settings
from rest_framework.authtoken.models import Token

from campaigns.models import Die
from companion.helpers.api import RollView
from tests.early import answer, refuse_view
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ROLL = "/api/v1/helpers/roll/"
EARLY = "companion.helpers.early.PlainRollMiddleware"
ATTACK = {"attack_dice": 6, "kind": "melee", "defense_dice": 4, "attack_rerolls": 1, "defense_rerolls": 1}


def send(early: bool, body: Any = ATTACK, content_type: str = "application/json", **headers: Any) -> Any:
    cache.clear()  # each path from an empty throttle window
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    with override_settings(EARLY_ANSWERS=early):
        return Client().post(ROLL, data, content_type=content_type, **headers)


def both(body: Any = ATTACK, **kwargs: Any) -> Any:
    early, full = send(True, body, **kwargs), send(False, body, **kwargs)
    assert answer(early) == answer(full)
    return early


@pytest.fixture
def no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_view(monkeypatch, RollView)


def test_the_early_roll_sits_after_the_security_headers_and_before_the_sessions() -> None:
    stack = settings.MIDDLEWARE
    assert stack.index("csp.middleware.CSPMiddleware") < stack.index(EARLY)
    assert stack.index(EARLY) < stack.index("django.contrib.sessions.middleware.SessionMiddleware")


@pytest.mark.parametrize(
    "body",
    [
        {**ATTACK, "seed": 12345},
        {"attack_dice": 3, "kind": "ranged", "seed": 7},
        {"attack_dice": 0, "kind": "melee", "defense_dice": 2, "seed": 0},
        {**ATTACK, "attack_dice": 12, "seed": 999_999},
    ],
    ids=["usual", "no defense", "no attack dice", "most dice"],
)
def test_a_plain_roll_is_answered_the_same(body: dict[str, Any]) -> None:
    response = both(body)
    assert response.status_code == 200 and response.json()["seed"] == body["seed"]


def test_a_roll_without_a_seed_has_the_same_headers_and_shape() -> None:
    early, full = send(True), send(False)
    assert early.status_code == full.status_code == 200
    assert early.headers.keys() == full.headers.keys()
    assert early.json().keys() == full.json().keys()
    assert {k: v for k, v in early.headers.items() if k != "Content-Length"} == {
        k: v for k, v in full.headers.items() if k != "Content-Length"
    }


def test_the_plain_roll_never_reaches_the_view(no_view: None) -> None:
    assert send(True, {**ATTACK, "seed": 1}).status_code == 200


@pytest.mark.parametrize(
    "language",
    [{"HTTP_ACCEPT_LANGUAGE": "pt-BR"}, {"HTTP_COOKIE": f"{settings.LANGUAGE_COOKIE_NAME}=pt-br"}],
    ids=["Accept-Language", "language cookie"],
)
def test_the_language_is_the_stacks(language: dict) -> None:
    assert both({**ATTACK, "seed": 3}, **language)["Content-Language"] == "pt-br"


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ({**ATTACK, "attack_dice": 99}, "application/json"),
        ({**ATTACK, "kind": "magic"}, "application/json"),
        ({**ATTACK, "seed": -1}, "application/json"),
        ({**ATTACK, "extra": 1, "seed": 5}, "application/json"),
        ({"kind": "melee"}, "application/json"),
        ({**ATTACK, "attack_dice": True}, "application/json"),
        ('{"attack_dice": 2, "kind": "melee"', "application/json"),
        ("[]", "application/json"),
        ("attack_dice=2&kind=melee&seed=4", "application/x-www-form-urlencoded"),
        ({**ATTACK, "seed": 5}, "application/json; charset=utf-8"),
        ({**ATTACK, "overkill": 2, "seed": 5}, "application/json"),
    ],
    ids=[
        "too many dice",
        "unknown kind",
        "negative seed",
        "unknown field",
        "no dice",
        "a boolean",
        "broken JSON",
        "not an object",
        "a form",
        "a charset",
        "an overkill rating",
    ],
)
def test_any_other_body_is_answered_by_the_full_path_the_same(body: Any, content_type: str) -> None:
    """Refusals name the field in the reader's language; other bodies are read by DRF's parsers."""
    both(body, content_type=content_type, HTTP_ACCEPT_LANGUAGE="pt-BR")


def test_requests_of_another_shape_take_the_full_path(no_view: None) -> None:
    """A signed-in phone (session or token), the browsable API or a query string: the early answer stays
    out (the view is reached, and refuses here only because the test replaced it)."""
    token = Token.objects.create(user=UserFactory(username="tess")).key
    for headers in (
        {"HTTP_COOKIE": f"{settings.SESSION_COOKIE_NAME}=x"},
        {"HTTP_AUTHORIZATION": f"Token {token}"},
        {"HTTP_ACCEPT": "text/html"},
    ):
        with pytest.raises(AssertionError, match="reached the view"):
            send(True, {**ATTACK, "seed": 1}, **headers)
    with pytest.raises(AssertionError, match="reached the view"), override_settings(EARLY_ANSWERS=True):
        Client().post(ROLL + "?format=json", ATTACK, content_type="application/json")


def test_a_pack_without_dice_is_refused_by_both() -> None:
    """GF:8 "Never invent a number": with no Attack die in the content the roll is refused (400), by the
    full path, in the reader's language."""
    Die.objects.filter(slug="attack").delete()
    response = both({**ATTACK, "seed": 4}, HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert response.status_code == 400


def test_a_host_not_allowed_is_refused_by_both() -> None:
    assert both({**ATTACK, "seed": 2}, HTTP_HOST="evil.example").status_code == 400


def _rates(rate: str) -> dict[str, Any]:
    rest = settings.REST_FRAMEWORK
    return {**rest, "DEFAULT_THROTTLE_RATES": {**rest["DEFAULT_THROTTLE_RATES"], "anon_helpers": rate}}


def _throttled_run(early: bool) -> list[tuple[int, dict[str, str], bytes]]:
    cache.clear()
    client = Client()
    with override_settings(EARLY_ANSWERS=early, REST_FRAMEWORK=_rates("3/minute")):
        responses = [
            client.post(
                ROLL, {**ATTACK, "seed": 9}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="pt-BR"
            )
            for _ in range(5)
        ]
    return [(r.status_code, dict(r.headers), r.content) for r in responses]


def test_the_throttle_counts_and_refuses_the_same() -> None:
    """One window, counted once per roll on either path: the fourth roll is refused, in the reader's
    language, with the same wait."""
    early, full = _throttled_run(True), _throttled_run(False)
    assert [code for code, *_ in early] == [200, 200, 200, 429, 429]
    assert early == full
