"""A log-out tells the browser to forget what it kept for the reader who left (security probe G9); the
browser side is tests/browser/test_signed_out_browser.py."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory, client_for

pytestmark = pytest.mark.django_db


def test_the_log_out_answer_clears_the_caches_and_storage_and_marks_the_page():
    client = client_for(UserFactory(username="ben"))
    response = client.post("/accounts/logout/")
    assert response.status_code == 200
    assert response["Clear-Site-Data"] == '"cache", "storage"'
    assert "<h1 data-signed-out>" in response.content.decode()
    assert client.get("/campaigns/").status_code == 302  # and the session is gone


def test_a_log_out_that_goes_on_elsewhere_clears_them_too():
    client = client_for(UserFactory(username="ben"))
    response = client.post("/accounts/logout/", {"next": "/helpers/"})
    assert response.status_code == 302 and response["Clear-Site-Data"] == '"cache", "storage"'


def test_no_other_page_clears_anything():
    assert "Clear-Site-Data" not in client_for(UserFactory(username="ben")).get("/helpers/")
