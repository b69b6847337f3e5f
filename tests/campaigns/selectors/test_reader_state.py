"""The access check kept in the cache (selectors/reader_state.py): a read that changes nothing makes no
query, and no change is ever missed: a removed member, a revoked share link, a write, a new campaign."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaigns.models import Membership
from campaigns.selectors import reader_state
from campaigns.services.campaigns import share_link_revoke
from campaigns.services.inventory import guild_saved_coins_set
from campaigns.services.reader_state import reader_state_forget
from tests.factories import access, build_campaign, guild_rev

pytestmark = pytest.mark.django_db


def token_client(user):
    """An API client with a real token, as a phone has (not force_authenticate)."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def read(client, url, **headers):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, **headers)
    return response, len(captured)


def test_a_repeated_read_makes_no_query_and_a_removed_member_is_refused_at_once(campaign, player):
    url = f"/api/v1/campaigns/{campaign.pk}/"
    phone = token_client(player)
    first = phone.get(url)
    assert first.status_code == 200 and first.json()["role"] == "player"
    again, count = read(phone, url)
    assert again.status_code == 200 and again.content == first.content and count == 0
    unchanged, count = read(phone, url, HTTP_IF_NONE_MATCH=first.headers["ETag"])
    assert unchanged.status_code == 304 and count == 0
    Membership.objects.filter(campaign=campaign, user=player).delete()
    assert phone.get(url).status_code == 404
    assert phone.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"]).status_code == 404
    assert campaign.pk not in [c["id"] for c in phone.get("/api/v1/campaigns/").json()]


def test_a_revoked_share_link_is_refused_at_once(owner, campaign):
    watching = APIClient()
    url = f"/api/v1/campaigns/{campaign.pk}/?share={campaign.share_token}"
    etag = watching.get(url).headers["ETag"]
    assert watching.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    share_link_revoke(access=access(owner, campaign), actor=owner)
    assert watching.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 404
    assert watching.get(url).status_code == 404


def test_a_write_shows_at_once_in_the_sheet_and_the_list(owner, campaign):
    phone = token_client(owner)
    url = f"/api/v1/campaigns/{campaign.pk}/"
    before = phone.get(url)
    listed = phone.get("/api/v1/campaigns/").json()
    assert read(phone, "/api/v1/campaigns/")[1] == 0  # the list is kept too
    guild = campaign.guilds.get(colour__slug="yellow")
    guild_saved_coins_set(
        access=access(owner, campaign), actor=owner, guild=guild, revision=guild_rev(campaign), coins=1
    )
    after = phone.get(url, HTTP_IF_NONE_MATCH=before.headers["ETag"])
    assert after.status_code == 200 and after.json()["history_seq"] > before.json()["history_seq"]
    yellow = next(g for g in after.json()["guilds"] if g["colour"] == "yellow")
    assert yellow["saved_coins"] == 1
    renamed = campaign.__class__.objects.get(pk=campaign.pk)
    renamed.name = "Renamed at the table"
    renamed.save()
    rows = {c["id"]: c for c in phone.get("/api/v1/campaigns/").json()}
    assert rows[campaign.pk]["name"] == "Renamed at the table"
    assert {c["id"] for c in listed} == set(rows)


def test_a_new_campaign_and_a_join_show_in_the_list_at_once(owner, player, campaign):
    phone = token_client(player)
    assert [c["id"] for c in phone.get("/api/v1/campaigns/").json()] == [campaign.pk]
    newer = build_campaign(owner, guilds={"yellow": None}, name="Second table")
    assert [c["id"] for c in phone.get("/api/v1/campaigns/").json()] == [campaign.pk]
    Membership.objects.create(campaign=newer, user=player)
    # The newest first, as the list always was.
    assert [c["id"] for c in phone.get("/api/v1/campaigns/").json()] == [newer.pk, campaign.pk]


def test_an_entry_read_before_a_change_is_never_used_after_it(owner, campaign, monkeypatch):
    """The race the generation closes: a reader reads the rows, a change commits (and moves the
    generation), then the reader keeps what it read. The next read must not take it."""
    read_rows = reader_state.campaign_with_roles

    def read_then_change(**kwargs):
        found = read_rows(**kwargs)
        reader_state_forget(campaign_id=campaign.pk)  # the change committing just after the read
        return found

    monkeypatch.setattr(reader_state, "campaign_with_roles", read_then_change)
    reader_state.reader_access(user=owner, pk=campaign.pk, share_token=None)
    monkeypatch.setattr(reader_state, "campaign_with_roles", read_rows)
    with CaptureQueriesContext(connection) as captured:
        reader_state.reader_access(user=owner, pk=campaign.pk, share_token=None)
    assert len(captured) == 1  # read again, not taken from the entry kept under the old generation
    with CaptureQueriesContext(connection) as captured:
        kept, _ = reader_state.reader_access(user=owner, pk=campaign.pk, share_token=None)
    assert len(captured) == 0 and kept.role == "owner" and kept.campaign.edition.slug == "inferno"


def test_no_such_campaign_and_an_outsider_are_404_as_before(campaign, outsider):
    phone = token_client(outsider)
    assert phone.get(f"/api/v1/campaigns/{campaign.pk}/").status_code == 404
    assert phone.get(f"/api/v1/campaigns/{campaign.pk}/").status_code == 404  # not kept as a member
    assert phone.get(f"/api/v1/campaigns/{campaign.pk + 1000}/").status_code == 404
    assert phone.get("/api/v1/campaigns/").json() == []


def test_a_304_with_a_token_reads_the_cache_once_and_makes_no_query(owner, campaign, monkeypatch):
    """The token and the campaign's kept access check are read in one round trip (`read_ahead`)."""
    from django.core.cache import cache

    phone = token_client(owner)
    url = f"/api/v1/campaigns/{campaign.pk}/"
    etag = phone.get(url).headers["ETag"]
    phone.get(url, HTTP_IF_NONE_MATCH=etag)
    reads, inside, get, get_many = [], [], cache.get, cache.get_many

    def many(keys, *args, **kwargs):
        reads.append(list(keys))
        inside.append(True)  # local memory answers get_many with get, key by key: not a round trip
        try:
            return get_many(keys, *args, **kwargs)
        finally:
            inside.pop()

    def one(key, *args, **kwargs):
        if not inside:
            reads.append(key)
        return get(key, *args, **kwargs)

    monkeypatch.setattr(cache, "get_many", many)
    monkeypatch.setattr(cache, "get", one)
    response, count = read(phone, url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304 and count == 0
    (only,) = reads
    assert only[0].startswith("api-token:") and f"campaign-access.v2:{campaign.pk}" in only


def test_a_kept_row_is_rebuilt_as_the_database_loads_it(campaign, django_assert_num_queries):
    from campaigns.models import Campaign

    loaded = Campaign.objects.select_related("edition").get(pk=campaign.pk)
    row = reader_state._row(loaded) + reader_state._row(loaded.edition)
    with django_assert_num_queries(0):
        rebuilt = reader_state._campaign(row)
        assert rebuilt.edition.slug == loaded.edition.slug
    for model_row, rebuilt_row in ((loaded, rebuilt), (loaded.edition, rebuilt.edition)):
        assert reader_state._row(rebuilt_row) == reader_state._row(model_row)
        assert (rebuilt_row._state.adding, rebuilt_row._state.db) == (False, "default")
    assert rebuilt == loaded and rebuilt.edition_id == loaded.edition_id
