"""API tokens checked from the cache (companion/tokens.py): no query to authenticate a repeated request,
and a deleted token or a deactivated user is refused at once."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaigns.models import Event
from companion.tokens import token_entry, token_forget

pytestmark = pytest.mark.django_db
LIST = "/api/v1/campaigns/"


@pytest.fixture
def token(owner):
    return Token.objects.create(user=owner).key


def phone(key):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    return response, [q["sql"] for q in captured]


def test_a_known_token_is_checked_without_a_query(token):
    client = phone(token)
    first, sql = queries(client, LIST)
    assert first.status_code == 200 and any("authtoken_token" in q for q in sql)
    again, sql = queries(client, LIST)
    assert again.status_code == 200 and again.json() == first.json()
    assert not any("authtoken_token" in q or "auth_user" in q for q in sql)
    assert token not in str(cache.get(token_entry(token)))  # only a digest of the token is a key


def test_a_deleted_token_is_refused_at_once(token):
    client = phone(token)
    assert client.get(LIST).status_code == 200
    Token.objects.filter(key=token).delete()
    refused = client.get(LIST)
    assert refused.status_code == 403 and refused.json() == {"detail": "Invalid token."}


@pytest.mark.parametrize("fields", [None, ["is_active"]])
def test_a_deactivated_user_is_refused_at_once(owner, token, fields):
    client = phone(token)
    assert client.get(LIST).status_code == 200
    owner.is_active = False
    owner.save(update_fields=fields)
    refused = client.get(LIST)
    assert refused.status_code == 403 and refused.json() == {"detail": "User inactive or deleted."}


def test_a_log_in_keeps_the_token_known(owner, token):
    client = phone(token)
    client.get(LIST)
    owner.save(update_fields=["last_login"])
    assert queries(client, LIST)[1] == []


def test_a_reader_that_read_the_token_just_before_its_revocation_cannot_keep_it(token):
    """The tombstone: a request that read the token from the database before the delete committed only
    adds its entry, which the tombstone refuses; the next request asks the database again."""
    token_forget(token)
    assert phone(token).get(LIST).status_code == 200  # the token row is still there in this story
    assert cache.get(token_entry(token)) == 0
    assert any("authtoken_token" in q for q in queries(phone(token), LIST)[1])


def test_a_write_with_a_known_token_records_its_author(owner, campaign, token):
    client = phone(token)
    client.get(LIST)  # the token is known now
    answer = client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray", "revision": campaign.revision},
        format="json",
    )
    assert answer.status_code == 201
    assert Event.objects.filter(campaign=campaign).latest("seq").actor == owner
