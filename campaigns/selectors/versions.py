"""The content version: names the state of the game's content for everything cached from it.

Content changes only when a pack loads, an admin saves a record or a table enters a card it was dealt
(`services.content.content_version_bump`). The version is a random token kept in the cache: a change
deletes it and the next reader draws a new one, so an evicted token is as good as a change and an old
token is never reused. While the cache is down there is no version, and nothing is kept.
"""

from __future__ import annotations

import secrets

from django.core.cache import cache

CONTENT_VERSION_KEY = "content-version"


def content_version() -> str | None:
    version = cache.get(CONTENT_VERSION_KEY)
    if version is None:
        cache.add(CONTENT_VERSION_KEY, secrets.token_hex(6), timeout=None)
        version = cache.get(CONTENT_VERSION_KEY)
    return version
