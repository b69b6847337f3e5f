"""The throttled pages speak the reader's language, with real plural forms (issue 18, items 1 and 5)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}
ATTACK = {"attack_dice": 2, "kind": "melee", "defense_dice": 1, "attack_rerolls": 0, "defense_rerolls": 0}


def rates(**changed: str) -> dict:
    rest = settings.REST_FRAMEWORK
    return {**rest, "DEFAULT_THROTTLE_RATES": {**rest["DEFAULT_THROTTLE_RATES"], **changed}}


def test_the_throttled_helper_page_speaks_portuguese():
    page = Client(REMOTE_ADDR="192.0.2.90")
    with override_settings(REST_FRAMEWORK=rates(anon_helpers="1/minute")):
        page.post("/helpers/dice/", ATTACK, **PT)
        refused = page.post("/helpers/dice/", ATTACK, **PT)
    text = refused.content.decode()
    assert refused.status_code == 429
    assert "Pedidos demais" in text and "Resultados demais pedidos da sua rede" in text
    assert "segundos e tente de novo" in text and "Too many" not in text
    assert 'href="/accounts/login/?next=%2Fhelpers%2Fdice%2F"' in text


def test_the_throttled_sign_up_says_the_minutes_in_portuguese():
    client = Client(REMOTE_ADDR="192.0.2.91")
    body = {"username": "ana", "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"}
    with override_settings(REST_FRAMEWORK=rates(signup="1/hour")):
        client.post("/accounts/signup/", body, **PT)
        again = Client(REMOTE_ADDR="192.0.2.91")  # the first one is signed in now
        refused = again.post("/accounts/signup/", {**body, "username": "bia"}, **PT)
    assert refused.status_code == 429
    text = refused.content.decode()
    assert "Cadastros demais a partir da sua rede. Tente de novo em" in text and "minutos." in text
