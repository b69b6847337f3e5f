"""A client revalidating the sheet through the API, answered from one kept value (campaigns/polls.py): the
same credential on the same state gets 304 without a query, the token's row included (DRF authenticates
lazily); any other credential, any change, and a deleted token go the whole way."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from campaigns.services.inventory import guild_saved_coins_set
from tests.factories import access, build_campaign

pytestmark = pytest.mark.django_db


def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


@pytest.fixture
def campaign(owner, player):
    return build_campaign(owner, guilds={"yellow": None, "teal": player}, name="Kept API")


def test_a_token_asking_again_on_the_same_state_reads_nothing(campaign, owner, django_assert_num_queries):
    client = token_client(owner)
    url = f"/api/v1/campaigns/{campaign.pk}/"
    first = client.get(url)
    etag = first.headers["ETag"]
    with django_assert_num_queries(0):
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.headers["ETag"] == etag and not again.content
    # Without If-None-Match the whole sheet, as before.
    assert client.get(url).json()["name"] == "Kept API"


def test_another_credential_never_gets_the_kept_answer(campaign, owner, player, django_assert_num_queries):
    """The player holding the owner's ETag, or the owner's ETag sent with no token, goes the whole way."""
    url = f"/api/v1/campaigns/{campaign.pk}/"
    owners = token_client(owner).get(url).headers["ETag"]
    assert token_client(player).get(url, HTTP_IF_NONE_MATCH=owners).status_code == 200
    assert APIClient().get(url, HTTP_IF_NONE_MATCH=owners).status_code == 404
    wrong = APIClient()
    wrong.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    assert wrong.get(url, HTTP_IF_NONE_MATCH=owners).status_code == 403  # DRF: session auth comes first


def test_a_write_sends_the_next_revalidation_the_whole_way(campaign, owner):
    client = token_client(owner)
    url = f"/api/v1/campaigns/{campaign.pk}/"
    etag = client.get(url).headers["ETag"]
    yellow = campaign.guilds.get(colour__slug="yellow")
    guild_saved_coins_set(
        access=access(owner, campaign), actor=owner, guild=yellow, revision=yellow.revision, coins=1
    )
    answer = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer.headers["ETag"] != etag


def test_a_deleted_token_is_refused_once_anything_changes(campaign, owner):
    """Until then it is told only that nothing changed: what it already holds."""
    client = token_client(owner)
    url = f"/api/v1/campaigns/{campaign.pk}/"
    etag = client.get(url).headers["ETag"]
    Token.objects.filter(user=owner).delete()
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(url).status_code == 403
    yellow = campaign.guilds.get(colour__slug="yellow")
    guild_saved_coins_set(
        access=access(owner, campaign), actor=owner, guild=yellow, revision=yellow.revision, coins=1
    )
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 403
