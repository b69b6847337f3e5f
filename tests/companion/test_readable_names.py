"""Names that show what they are (security probe F14): a sign-up whose name passes for another player's, and
a campaign named with nothing visible or with text-direction characters, are refused with a 400 and the
message beside the field, on the API and the pages; nothing is written."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase-42"
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9"}


def _sign_up(username: str, **headers: str):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return Client().post("/accounts/signup/", data, **headers)


@pytest.mark.parametrize(
    ("username", "says"),
    [
        ("\u0430na", "one script"),  # the review's: Cyrillic a, Latin n and a
        ("an\u0430", "one script"),
        ("\u0430\u0441\u0435", "looks like a player"),  # all Cyrillic, reads as `ace`
        ("ANA", "already exists"),  # Django's own: differs only in case
        ("\uff41\uff4e\uff41", "already exists"),  # fullwidth: `ana` once NFKC-normalised
        ("\u3164", "invisible"),  # a Hangul filler, a letter that draws nothing
    ],
    ids=repr,
)
def test_a_name_that_passes_for_another_is_refused_at_sign_up(snapshot, username, says):
    UserFactory(username="ana")
    UserFactory(username="ace")
    before = snapshot()
    response = _sign_up(username)
    html = response.content.decode()
    assert response.status_code == 400
    assert "field-error" in html and says in html
    assert snapshot() == before


def test_the_refusal_speaks_portuguese():
    UserFactory(username="ana")
    html = _sign_up("\u0430na", **PT).content.decode()
    assert "um só alfabeto" in html


def test_a_name_of_its_own_is_welcome():
    UserFactory(username="ana")
    response = _sign_up("anabel")
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="anabel").exists()


INVISIBLE_NAMES = ["\u200b", "\ufeff", "\u202e", "\u200b \ufeff", "Gold at evil.example\u202e"]


@pytest.mark.parametrize("name", INVISIBLE_NAMES, ids=repr)
def test_an_invisible_campaign_name_is_refused_by_the_api(owner_api, snapshot, name):
    """The review: campaign names made only of `\\u200b`, `\\ufeff` or `\\u202e` → 201."""
    before = snapshot()
    response = owner_api.post("/api/v1/campaigns/", {"name": name, "edition": "inferno"}, format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"name"}
    assert snapshot() == before


@pytest.mark.parametrize("name", INVISIBLE_NAMES, ids=repr)
def test_an_invisible_campaign_name_is_refused_by_the_page(owner_client, snapshot, name):
    before = snapshot()
    response = owner_client.post("/campaigns/", {"name": name, "edition": "inferno", "mode": "campaign"})
    html = response.content.decode()
    assert response.status_code == 400 and "field-error" in html
    assert "visible letter" in html or "text-direction" in html
    assert snapshot() == before


def test_a_campaign_name_in_any_script_is_kept(owner_api):
    response = owner_api.post(
        "/api/v1/campaigns/", {"name": "Ночь ада 🔥", "edition": "inferno"}, format="json"
    )
    assert response.status_code == 201 and response.json()["name"] == "Ночь ада 🔥"
