"""The sheet page kept rendered, per variant, with only the CSRF token put in per request.

A sheet page is the same bytes for every request of one variant: the campaign's state and the content
version, who reads it (role, account, staff), what they asked for (page or htmx part, address, open panels,
language), the owner's open join codes and backups, and the address the phones are given (host, scheme).
`page_etag` names all of that; the key is that ETag without the reader's CSRF secret, plus the host. What
differs per request is the CSRF token in the forms (a fresh mask of the reader's secret each time), so the
kept copy holds a slot where the token was and each answer fills in a token of its own. The page has no
inline script or style, so there is no CSP nonce to freeze (a template that needs one must not be kept).

Kept in Redis (shared by the processes) and in the process (a read costs no cache call); a key names a state,
so a kept page is never stale: a write moves the state and the next read renders afresh.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token

from campaigns.selectors.sheet_cache import tag

PAGE_TIMEOUT = 60 * 60
# Where the token was; a NUL byte never appears in a rendered page (Django's templates escape none in, and
# the content and the names typed in cannot hold one: the form fields refuse it).
SLOT = b"\x00csrf\x00"
# The token a render put in its forms (one per render: the template context's token is computed once).
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{32,128})"')
_PAGES: dict[str, tuple[bytes, str]] = {}
_PAGES_MOST = 64


def page_key(request: HttpRequest, variant: str | None) -> str | None:
    """The cache key of a page variant (None: not kept, as while the cache is down)."""
    if variant is None:
        return None
    return f"sheet-page:{tag(variant, request.get_host(), request.scheme)}"


def kept_page(request: HttpRequest, key: str | None, render: Callable[[], HttpResponse]) -> HttpResponse:
    """The page kept under `key` with this request's CSRF token, else rendered (and kept when it is a 200
    with a token to take out)."""
    if key is None:
        return render()
    kept = _PAGES.get(key) or cache.get(key)
    if kept is None:
        response = render()
        kept = _keepable(response)
        if kept is None:
            return response
        cache.set(key, kept, PAGE_TIMEOUT)
        _remember(key, kept)
        return response
    _remember(key, kept)
    body, content_type = kept
    return HttpResponse(body.replace(SLOT, get_token(request).encode()), content_type=content_type)


def _keepable(response: HttpResponse) -> tuple[bytes, str] | None:
    if response.status_code != 200 or response.streaming or SLOT in response.content:
        return None
    found = TOKEN.search(response.content)
    if found is None:
        return None
    return response.content.replace(found[1], SLOT), response["Content-Type"]


def _remember(key: str, kept: tuple[bytes, str]) -> None:
    if key not in _PAGES and len(_PAGES) >= _PAGES_MOST:
        _PAGES.clear()
    _PAGES[key] = kept
