"""The sheet page is kept rendered per variant (campaigns/pages/kept.py): every reader still gets a CSRF token
of their own that their writes pass with, only their own variant of the page, and a write is seen at once."""

import re
import time
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from campaigns.models import JoinCode
from campaigns.selectors.owner_tools import owner_tools_key

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def browser(user):
    """A browser that is refused a write without a valid CSRF token, as a real one would be."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def test_a_kept_page_gives_each_reader_a_token_their_write_passes_with(owner, campaign):
    url = f"/campaigns/{campaign.pk}/"
    first, second = browser(owner), browser(owner)
    rendered = first.get(url).content.decode()
    kept = second.get(url).content.decode()  # the same variant: answered from the kept page
    assert "\x00" not in kept
    tokens, mine = set(TOKEN.findall(rendered)), set(TOKEN.findall(kept))
    assert len(tokens) == len(mine) == 1 and tokens != mine
    write = {"revision": campaign.revision, "hours": 24, "max_uses": 2, "csrfmiddlewaretoken": mine.pop()}
    assert second.post(f"{url}do/join-code/", write).status_code in (200, 302)
    code = JoinCode.objects.get(campaign=campaign)
    # The write is seen at once by both, though each read a kept page before it.
    assert code.code in first.get(url).content.decode()
    assert code.code in second.get(url).content.decode()


def test_a_write_without_the_token_is_still_refused_after_a_kept_page(owner, campaign):
    url = f"/campaigns/{campaign.pk}/"
    client = browser(owner)
    client.get(url)
    client.get(url)
    response = client.post(f"{url}do/join-code/", {"revision": campaign.revision, "hours": 24, "max_uses": 2})
    assert response.status_code == 403 and not JoinCode.objects.filter(campaign=campaign).exists()


def test_each_reader_gets_their_own_variant_of_a_kept_page(owner, player, campaign):
    url = f"/campaigns/{campaign.pk}/"
    owners = browser(owner)
    owners.get(url)
    assert "Campaign Sheet link" in owners.get(url).content.decode()  # the owner's invite, kept
    players = browser(player).get(url).content.decode()
    assert "Campaign Sheet link" not in players and campaign.name in players
    shared = Client().get(f"{url}?share={campaign.share_token}").content.decode()
    assert "Campaign Sheet link" not in shared and "csrfmiddlewaretoken" in shared
    assert Client().get(url).status_code == 404  # kept or not, a stranger sees nothing


def test_the_owner_page_is_read_afresh_when_a_join_code_it_shows_expires(owner, campaign):
    """No write announces an expiry: the token naming the owner's tools ends with the first code shown.

    Waits for a real expiry (two seconds), so it holds for Redis's clock as for the local cache's."""
    client = browser(owner)
    url = f"/campaigns/{campaign.pk}/"
    token = TOKEN.findall(client.get(url).content.decode())[0]
    client.post(
        f"{url}do/join-code/",
        {"revision": campaign.revision, "hours": 1, "max_uses": 2, "csrfmiddlewaretoken": token},
    )
    code = JoinCode.objects.get(campaign=campaign)
    # The code a moment before it runs out; the token is drawn again, as after any change to the codes.
    JoinCode.objects.filter(pk=code.pk).update(expires_at=timezone.now() + timedelta(seconds=2))
    cache.delete(owner_tools_key(campaign.pk))
    page = client.get(url)
    shown = page.headers["ETag"]
    assert code.code in page.content.decode()
    assert client.get(url).headers["ETag"] == shown  # kept while nothing changes
    time.sleep(3)
    page = client.get(url)
    assert page.headers["ETag"] != shown
    assert code.code not in page.content.decode()
