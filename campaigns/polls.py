"""A poll answered from one kept value: the phones' sheet page and status parts, and the sheet API.

Four phones poll the sheet (and the phase pages' status parts) every 1.5 to 2 s, and almost every poll is
answered 304. The full answer checks the reader's access (their account and membership, two queries) and
then compares ETags. Once a reader has been answered, the ETag is kept under everything it depends on: the
campaign's state token and the content version (`selectors/versions.py`), the account the session names,
the variant asked for (page or part, the URL with its query, the language, the CSRF secret its forms carry,
the open panels). The next poll of the same reader, on the same state, is answered 304 from that one value,
after Django's whole middleware stack (the session read as always), without a query.

The sheet API works the same way for a client that revalidates (`api/campaigns.py::CampaignDetail`): its
reader is the credential it sends (the API token, hashed; else the session), and DRF authenticates lazily,
so a reader holding the kept ETag is answered 304 without reading the token's row. A token deleted meanwhile
is refused on its next full answer, within `KEPT_SECONDS`; until then it is told only that nothing changed.

Every write to the campaign moves its state token (`services.history.campaign_state_moved`), so a kept
value is never used after a change. What moves no token (an admin's edit in Django's admin, a password
changed elsewhere, an account switched off, a join code expiring) is seen within `KEPT_SECONDS`: a 304
tells nothing but "you already hold this", and the next poll after that goes the whole way.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import get_language

from campaigns.selectors.sheet_cache import tag
from campaigns.selectors.versions import versions_of
from companion.conditional import not_modified, unchanged

KEPT_SECONDS = 5 * 60
SESSION = "session"  # KeptPoll's reader: the account the session names


class KeptPoll:
    """Read before the access check (its tokens must be no newer than what the check reads), then either
    `answer()` with the kept 304 or, once the full answer is made, `keep()` its ETag."""

    def __init__(self, request: HttpRequest, pk: int, *variant: str, reader: str | None = SESSION) -> None:
        """`reader`: who asks, when not the account the session names (the API's `credential`); None: not
        known without the database, so nothing is kept."""
        self.request = request
        self.state, self.content = versions_of(pk) if _polling(request) else (None, None)
        self.key: str | None = None
        if reader is SESSION:
            reader = request.session.get(SESSION_KEY, "") if hasattr(request, "session") else ""
        if self.state is not None and self.content is not None and reader is not None:
            parts = (
                reader,
                bool(getattr(request, "htmx", False)),
                request.get_full_path(),
                get_language(),
                request.META.get("CSRF_COOKIE", ""),
                *variant,
            )
            self.key = f"poll:{pk}:{self.state}:{self.content}:{tag(*parts)}"

    def answer(self) -> HttpResponse | None:
        """304 when the reader holds the ETag kept for them on this state; None: go the whole way."""
        if self.key is None or not self.request.headers.get("If-None-Match"):
            return None
        etag = cache.get(self.key)
        if etag is not None and unchanged(self.request, etag):
            return not_modified(etag)
        return None

    def keep(self, etag: str | None, *, until: datetime | None = None) -> None:
        """Keep the ETag the reader was just answered with; `until`: what it names stops being true then
        (the owner's earliest join code expires)."""
        if self.key is None or etag is None:
            return
        seconds = KEPT_SECONDS
        if until is not None:
            seconds = min(seconds, int((until - timezone.now()).total_seconds()))
        if seconds > 0:
            cache.set(self.key, etag, seconds)


def _polling(request: HttpRequest) -> bool:
    """Only a read that can be answered 304 is worth the cache's round trip."""
    return request.method in ("GET", "HEAD")


def credential(request: HttpRequest) -> str | None:
    """Who an API request says it is, without reading the database: its Authorization header, hashed (a
    cache key never holds a token), else the account its session names, else a share link's reader (the
    link is in the URL, part of the key). None: none of these (nothing is kept for it)."""
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if header:
        return "auth:" + hashlib.sha256(header.encode()).hexdigest()[:32]
    account = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    if account:
        return f"session:{account}"
    return "share" if request.GET.get("share") else None
