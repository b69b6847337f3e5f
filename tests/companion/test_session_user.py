"""The session's user kept in the cache (companion/session_user.py): no query for it on a page read, and no
session kept alive by a kept copy after the account changed."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def page(client, campaign):
    return client.get(f"/campaigns/{campaign.pk}/")


def user_queries(client, campaign):
    with CaptureQueriesContext(connection) as captured:
        assert page(client, campaign).status_code == 200
    # The session's user by id (the first render also joins users into other reads; those are not this).
    return [q["sql"] for q in captured if 'FROM "auth_user" WHERE "auth_user"."id" =' in q["sql"]]


def test_the_user_is_read_once_then_kept(owner, campaign):
    client = client_for(owner)
    assert len(user_queries(client, campaign)) == 1
    assert user_queries(client, campaign) == []


def test_a_new_password_ends_the_other_sessions_at_once(owner, campaign):
    elsewhere = client_for(owner)
    page(elsewhere, campaign)
    assert page(elsewhere, campaign).status_code == 200  # its user now kept
    owner.set_password("a-whole-new-secret-42")
    owner.save()
    assert page(elsewhere, campaign).status_code == 404  # signed out: the campaign is not theirs to see


def test_a_deactivated_account_is_signed_out_at_once(owner, campaign):
    client = client_for(owner)
    page(client, campaign)
    owner.is_active = False
    owner.save()
    assert page(client, campaign).status_code == 404


def test_a_staff_flag_change_is_seen_at_once(owner, campaign):
    client = client_for(owner)
    assert 'href="/admin/"' not in page(client, campaign).content.decode()
    owner.is_staff = True
    owner.save()
    assert 'href="/admin/"' in page(client, campaign).content.decode()


def test_a_change_behind_the_models_back_is_seen_once_the_kept_row_lapses(owner, campaign):
    client = client_for(owner)
    page(client, campaign)
    get_user_model().objects.filter(pk=owner.pk).update(is_active=False)
    cache.delete(f"user-row:{owner.pk}")  # what the minute's timeout does
    assert page(client, campaign).status_code == 404
