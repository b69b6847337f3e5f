"""Accounts: signing up, logging in and out."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_signing_up_logs_in_and_opens_the_campaign_list():
    client = Client()
    data = {"username": "nina", "password1": "a-long-pass-phrase-42", "password2": "a-long-pass-phrase-42"}
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 302 and response["Location"] == "/campaigns/"
    assert client.get("/campaigns/").status_code == 200


def test_a_refused_sign_up_shows_the_message_next_to_the_field(snapshot):
    before = snapshot()
    response = Client().post("/accounts/signup/", {"username": "nina", "password1": "x", "password2": "y"})
    assert response.status_code == 400
    assert "field-error" in response.content.decode()
    assert snapshot() == before


def test_log_in_and_log_out_by_post(owner):
    client = Client()
    response = client.post("/accounts/login/", {"username": "olga", "password": "secret-pass-123"})
    assert response.status_code == 302 and response["Location"] == "/campaigns/"
    assert client.get("/accounts/logout/").status_code == 405
    assert b"logged out" in client.post("/accounts/logout/").content
    assert client.get("/campaigns/").status_code == 302
