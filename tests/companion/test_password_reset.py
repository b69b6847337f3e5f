"""A forgotten password (first walkthrough m12): reset by a link e-mailed to the account's address; the
game-night server prints the message in its terminal, production sends it through EMAIL_URL."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client, override_settings

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

RESET = "/accounts/password-reset/"


def _rates(**rates: str) -> dict:
    rest = settings.REST_FRAMEWORK
    return {**rest, "DEFAULT_THROTTLE_RATES": {**rest["DEFAULT_THROTTLE_RATES"], **rates}}


def test_the_log_in_page_offers_the_reset():
    assert 'href="/accounts/password-reset/"' in Client().get("/accounts/login/").content.decode()


def test_a_player_resets_a_forgotten_password_from_the_mailed_link():
    UserFactory(username="olga", email="olga@example.org")
    client = Client()
    sent = client.post(RESET, {"email": "olga@example.org"})
    assert sent.status_code == 302 and sent["Location"] == "/accounts/password-reset/sent/"
    (message,) = mail.outbox
    assert message.to == ["olga@example.org"] and "olga" in message.body
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+/)", message.body).group(1)
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "a-new-pass-phrase-7",
                                                    "new_password2": "a-new-pass-phrase-7"})  # fmt: skip
    assert done["Location"] == "/accounts/reset/done/"
    assert Client().login(username="olga", password="a-new-pass-phrase-7")
    # The link is good once.
    assert "has been used or is too old" in client.get(link, follow=True).content.decode()


def test_an_unknown_address_gets_the_same_answer_and_no_mail():
    """Nothing to probe: the answer does not say whether an account has the address."""
    sent = Client().post(RESET, {"email": "nobody@example.org"})
    assert sent.status_code == 302 and sent["Location"] == "/accounts/password-reset/sent/"
    assert mail.outbox == []


def test_sign_up_takes_an_optional_address_for_the_reset(django_user_model):
    form = Client().get("/accounts/signup/").content.decode()
    assert 'name="email"' in form and "only to reset a forgotten password" in form
    body = {"username": "fred", "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"}
    assert Client().post("/accounts/signup/", body).status_code == 302
    assert (
        Client().post("/accounts/signup/", {**body, "username": "gina", "email": "g@example.org"}).status_code
        == 302
    )
    assert django_user_model.objects.get(username="gina").email == "g@example.org"


def test_resets_asked_for_too_often_from_one_address_are_refused():
    UserFactory(username="olga", email="olga@example.org")
    with override_settings(REST_FRAMEWORK=_rates(password_reset="2/hour")):
        answers = [
            Client(REMOTE_ADDR="203.0.113.9").post(RESET, {"email": "olga@example.org"}) for _ in range(3)
        ]
    assert [a.status_code for a in answers] == [302, 302, 429]
    assert "Too many password resets" in answers[-1].content.decode() and len(mail.outbox) == 2


def test_the_game_night_server_prints_the_mail_for_the_host_to_read_out():
    from companion.settings import base

    assert base.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"
    assert settings.PASSWORD_RESET_TIMEOUT == 24 * 60 * 60
