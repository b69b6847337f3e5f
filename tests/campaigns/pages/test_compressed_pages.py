"""Pages travel compressed to a phone that asks for it (Django's GZipMiddleware, issue 27), and a compressed
answer's ETag (made weak by the compression) still earns the next poll its 304."""

import gzip
import json

import pytest

from tests.factories import api_for

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
POLL = {"HTTP_HX_REQUEST": "true", **GZIP}


def test_the_sheet_page_is_compressed_for_a_phone_that_accepts_it(campaign, player_client):
    plain = player_client.get(f"/campaigns/{campaign.pk}/")
    packed = player_client.get(f"/campaigns/{campaign.pk}/", **GZIP)
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    html = gzip.decompress(packed.content).decode()
    assert campaign.name in html and "</html>" in html
    # The Campaign Sheet with the demo-sized state shrinks to well under half on the wire.
    assert len(packed.content) < len(plain.content) / 2


def test_an_api_answer_is_compressed_too(campaign, player):
    packed = api_for(player).get(f"/api/v1/campaigns/{campaign.pk}/", **GZIP)
    assert packed.status_code == 200 and packed.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(packed.content))["name"] == campaign.name


def test_a_compressed_polls_weak_etag_still_answers_304_without_a_query(
    campaign, player_client, django_assert_num_queries
):
    player_client.get(f"/campaigns/{campaign.pk}/", **GZIP)  # the page first, as a phone opens it
    first = player_client.get(f"/campaigns/{campaign.pk}/", **POLL)
    etag = first.headers["ETag"]
    assert first.headers["Content-Encoding"] == "gzip" and etag.startswith('W/"')
    with django_assert_num_queries(0):
        again = player_client.get(f"/campaigns/{campaign.pk}/", HTTP_IF_NONE_MATCH=etag, **POLL)
    assert again.status_code == 304 and not again.content


def test_a_share_link_page_asks_search_engines_not_to_index_it(campaign, spectator_client, player_client):
    """robots.txt keeps crawlers off share links; the page says noindex too, for a link found elsewhere."""
    noindex = '<meta name="robots" content="noindex, nofollow">'
    shared = spectator_client.get(f"/campaigns/{campaign.pk}/")
    assert shared.status_code == 200 and noindex in shared.content.decode()
    assert noindex not in player_client.get(f"/campaigns/{campaign.pk}/").content.decode()
