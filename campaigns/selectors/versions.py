"""Versions kept in the cache: they name a state for everything cached from it.

- The content version names the state of the game's content. Content changes only when a pack loads, an
  admin saves a record or a table enters a card it was dealt (`services.content.content_version_bump`).
- A campaign's state token names the state of one campaign for the answers kept for its phones' polls
  (`campaigns/polls.py`). Every write to the campaign moves it (`services.history.campaign_state_moved`).

Each is a random token kept in the cache: a change deletes it and the next reader draws a new one, so an
evicted token is as good as a change and an old token is never reused. A reader takes the token before it
reads the database, so what it keeps under the token can only be as old as the token. While the cache is
down there is no token, and nothing is kept.
"""

from __future__ import annotations

import secrets

from django.core.cache import cache

CONTENT_VERSION_KEY = "content-version"


def content_version() -> str | None:
    return _token(CONTENT_VERSION_KEY)


def campaign_state_key(campaign_id: int) -> str:
    return f"campaign-state:{campaign_id}"


def campaign_state(campaign_id: int) -> str | None:
    return _token(campaign_state_key(campaign_id))


def versions_of(campaign_id: int) -> tuple[str | None, str | None]:
    """The campaign's state token and the content version, in one round trip when both are kept."""
    keys = [campaign_state_key(campaign_id), CONTENT_VERSION_KEY]
    found = cache.get_many(keys)
    if len(found) == 2:
        return found[keys[0]], found[keys[1]]
    return campaign_state(campaign_id), content_version()


def _token(key: str) -> str | None:
    token = cache.get(key)
    if token is None:
        cache.add(key, secrets.token_hex(6), timeout=None)
        token = cache.get(key)
    return token
