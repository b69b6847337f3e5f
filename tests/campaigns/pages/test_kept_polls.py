"""A phone's poll answered from one kept value (campaigns/polls.py): the same reader, asking again on
the same state of the campaign, gets 304 without a query; any change to what the page shows sends the next
poll the whole way."""

import time
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from campaigns.models import JoinCode
from campaigns.polls import KEPT_SECONDS
from campaigns.selectors.versions import campaign_state, campaign_state_key
from campaigns.services.backups import campaign_backup_create
from campaigns.services.campaigns import join_code_create
from campaigns.services.inventory import guild_saved_coins_set
from tests.factories import access, build_campaign, client_for, refreshed

pytestmark = pytest.mark.django_db

POLL = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(owner, player):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": player}, name="Kept Table")
    phones = {"owner": client_for(owner), "player": client_for(player)}
    for phone in phones.values():
        phone.get(f"/campaigns/{campaign.pk}/")  # the CSRF cookie, as a phone has it from the first page
    return campaign, phones


def polled(phone, campaign, etag=None, path=""):
    headers = dict(POLL, **({"HTTP_IF_NONE_MATCH": etag} if etag else {}))
    return phone.get(f"/campaigns/{campaign.pk}/{path}", **headers)


def test_a_phone_asking_again_on_the_same_state_costs_no_query(table, django_assert_num_queries):
    campaign, phones = table
    for phone in phones.values():
        first = polled(phone, campaign)
        etag = first.headers["ETag"]
        with django_assert_num_queries(0):
            again = polled(phone, campaign, etag)
        assert again.status_code == 304 and again.headers["ETag"] == etag and not again.content
        assert again.headers["Vary"] == first.headers["Vary"]
        assert {"Cookie", "HX-Request", "X-Open-Panels"} <= set(again.headers["Vary"].split(", "))


def test_the_same_state_goes_the_whole_way_once_its_token_moves(table, django_assert_num_queries):
    """The kept answer is only a shortcut: without it, the same 304 after the access check."""
    campaign, phones = table
    etag = polled(phones["player"], campaign).headers["ETag"]
    cache.delete(campaign_state_key(campaign.pk))
    with django_assert_num_queries(2):  # the user and the access check
        assert polled(phones["player"], campaign, etag).status_code == 304


def test_another_phones_tap_sends_the_next_poll_the_whole_way(table, owner):
    campaign, phones = table
    etag = polled(phones["player"], campaign).headers["ETag"]
    yellow = campaign.guilds.get(colour__slug="yellow")
    guild_saved_coins_set(
        access=access(owner, campaign), actor=owner, guild=yellow, revision=yellow.revision, coins=1
    )
    answer = polled(phones["player"], campaign, etag)
    assert answer.status_code == 200 and answer.headers["ETag"] != etag


def test_each_reader_and_variant_has_its_own_kept_answer(table, django_assert_num_queries):
    """The owner's ETag, held by the player, is never answered 304; nor is the page's ETag for the part."""
    campaign, phones = table
    owners = polled(phones["owner"], campaign).headers["ETag"]
    assert polled(phones["owner"], campaign, owners).status_code == 304
    assert polled(phones["player"], campaign, owners).status_code == 200
    whole = phones["owner"].get(f"/campaigns/{campaign.pk}/").headers["ETag"]
    assert whole != owners and polled(phones["owner"], campaign, whole).status_code == 200
    opened = phones["owner"].get(f"/campaigns/{campaign.pk}/", HTTP_X_OPEN_PANELS="history", **POLL)
    assert polled(phones["owner"], campaign, opened.headers["ETag"]).status_code == 200


def test_a_removed_reader_is_refused_once_the_campaign_moves(table, player):
    """A membership taken away in the admin records no event: the kept 304 (which shows nothing) lasts
    until the next change, then the whole way refuses them."""
    campaign, phones = table
    etag = polled(phones["player"], campaign).headers["ETag"]
    campaign.memberships.filter(user=player).delete()
    assert polled(phones["player"], campaign, etag).status_code == 304
    cache.delete(campaign_state_key(campaign.pk))
    assert polled(phones["player"], campaign, etag).status_code == 404


def test_the_owners_new_join_code_and_backup_move_the_state(table, owner):
    """Neither records an event, and both show on the owner's page."""
    campaign, phones = table
    etag = polled(phones["owner"], campaign, path="?open=table").headers["ETag"]
    join_code_create(access=access(owner, campaign), actor=owner)
    answer = polled(phones["owner"], campaign, etag, path="?open=table")
    assert answer.status_code == 200 and 'class="join-code"' in answer.content.decode()
    etag = answer.headers["ETag"]
    assert polled(phones["owner"], campaign, etag, path="?open=table").status_code == 304
    campaign_backup_create(campaign_id=campaign.pk, reason="manual")
    assert polled(phones["owner"], campaign, etag, path="?open=table").status_code == 200


def kept_seconds(campaign) -> list[float]:
    """How long each answer kept for the campaign's polls, on its present state, has left."""
    kept = f"poll:{campaign.pk}:{campaign_state(campaign.pk)}:"
    if hasattr(cache, "ttl"):  # django-redis, with REDIS_URL
        return [cache.ttl(key) for key in cache.keys(f"{kept}*")]
    now = time.time()  # local memory
    return [at - now for key, at in cache._expire_info.items() if f":{kept}" in key]


def test_the_kept_answer_ends_when_the_owners_first_join_code_expires(table, owner):
    campaign, phones = table
    join_code_create(access=access(owner, campaign), actor=owner, hours=1)
    JoinCode.objects.filter(campaign=campaign).update(expires_at=timezone.now() + timedelta(seconds=30))
    polled(phones["owner"], campaign)
    (owners,) = kept_seconds(campaign)
    assert 20 < owners <= 30
    polled(phones["player"], campaign)
    assert max(kept_seconds(campaign)) == pytest.approx(KEPT_SECONDS, abs=10)


@pytest.mark.parametrize("part", ["upgrade/status/?seen=x", "hero-draft/status/?seen=x", "mine/"])
def test_the_other_polled_parts_are_kept_too(table, owner, part, django_assert_num_queries):
    campaign, phones = table
    etag = polled(phones["player"], campaign, path=part).headers["ETag"]
    with django_assert_num_queries(0):
        assert polled(phones["player"], campaign, etag, path=part).status_code == 304
    yellow = refreshed(campaign).guilds.get(colour__slug="yellow")
    guild_saved_coins_set(
        access=access(owner, campaign), actor=owner, guild=yellow, revision=yellow.revision, coins=1
    )
    assert polled(phones["player"], campaign, etag, path=part).status_code == 200
