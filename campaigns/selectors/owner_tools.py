"""The owner's tools on the sheet page: the join codes still open and the backups kept.

They change without an event (a code made or used, a backup taken after a write committed), so the
campaign's state does not name them. A token per campaign does, drawn as the content version is
(`selectors.versions`): a change deletes it (`services.campaigns.owner_tools_changed`) and the next reader
draws a new one, so an evicted token is as good as a change. A join code's expiry is a change no write
announces: reading the codes ends the token when the first of them expires. The rows are kept under the
token too, so each variant of the owner's page (open panels, page or part) reads them once between changes.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.core.cache import cache
from django.utils import timezone

from campaigns.models import Campaign, JoinCode
from campaigns.selectors.backups import campaign_backups
from campaigns.selectors.campaigns import open_join_codes

TOOLS_TIMEOUT = 24 * 60 * 60


def owner_tools_key(campaign_pk: int) -> str:
    return f"owner-tools:{campaign_pk}"


def owner_tools_version(campaign_pk: int) -> str | None:
    """The token naming the state of a campaign's join codes and backups (None while the cache is down)."""
    key = owner_tools_key(campaign_pk)
    version = cache.get(key)
    if version is None:
        cache.add(key, secrets.token_hex(6), timeout=None)
        version = cache.get(key)
    return version


def owner_tools(campaign: Campaign, version: str | None) -> tuple[list[JoinCode], list[dict[str, Any]]]:
    """The open join codes and the kept backups, as of `version` (read live without one)."""
    key = f"{owner_tools_key(campaign.pk)}:{version}"
    kept = cache.get(key) if version else None
    if kept is not None:
        return kept
    codes, backups = open_join_codes(campaign), campaign_backups(campaign)
    if version:
        if codes:
            first = min(code.expires_at for code in codes)
            cache.touch(owner_tools_key(campaign.pk), max(1, int((first - timezone.now()).total_seconds())))
        cache.set(key, (codes, backups), TOOLS_TIMEOUT)
    return codes, backups
