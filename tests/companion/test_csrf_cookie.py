"""A late answer to a request sent before a log-in cannot undo the log-in's new CSRF token
(companion/csrf_cookie.py)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "table-side-pass-42"


def form_token(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def test_a_helper_page_answered_after_the_sign_up_leaves_the_new_token_alone():
    """The race a player met: the service worker fetches the helper pages while they sign up; one fetch is
    sent with the sign-up page's cookie and answered after the log-in rotated it. The join page they land
    on must still accept its own form."""
    browser = Client(enforce_csrf_checks=True)
    signup_page = browser.get("/accounts/signup/?next=/campaigns/join/")
    before = browser.cookies["csrftoken"].value
    signed_up = browser.post(
        "/accounts/signup/?next=/campaigns/join/",
        {
            "username": "ben",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "/campaigns/join/",
            "csrfmiddlewaretoken": form_token(signup_page.content.decode()),
        },
    )
    assert signed_up.status_code == 302 and signed_up["Location"] == "/campaigns/join/"
    after = browser.cookies["csrftoken"].value
    assert after != before  # the log-in rotated the token and sent the new one
    join_page = browser.get("/campaigns/join/")

    # Sent with the sign-up page's cookie and no session, answered now; the client keeps what it sets.
    late = browser.get("/helpers/", HTTP_COOKIE=f"csrftoken={before}")
    assert late.status_code == 200
    joined = browser.post(
        "/campaigns/join/",
        {"code": "ABCD2345", "csrfmiddlewaretoken": form_token(join_page.content.decode())},
    )
    # The form was taken (an unknown code is a field error), not refused as a stale page.
    assert joined.status_code == 400 and "Page out of date" not in joined.content.decode()
    assert "csrftoken" not in late.cookies and browser.cookies["csrftoken"].value == after


def test_a_first_visit_still_gets_a_cookie_and_its_form_is_taken():
    browser = Client(enforce_csrf_checks=True)
    page = browser.get("/accounts/login/")
    assert page.cookies["csrftoken"].value
    again = browser.get("/accounts/login/")
    assert "csrftoken" not in again.cookies  # unchanged: not sent again
    assert form_token(again.content.decode())
    assert browser.cookies["csrftoken"].value == page.cookies["csrftoken"].value
