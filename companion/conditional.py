"""Revalidation: a reader who holds the current version of a read gets 304 and no body.

Reads that can be revalidated answer with an ETag and `Cache-Control: private, no-cache`, so a browser (or
htmx, through the browser's cache) keeps the answer and asks again with `If-None-Match` each time.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags

# The answer differs between a whole page and the part htmx swaps in, and between readers; and its body is
# compressed for a reader who accepts it (GZipMiddleware adds this to a 200, never to a bodiless 304).
VARY = ("Cookie", "HX-Request", "Accept-Encoding")


def unchanged(request: HttpRequest, etag: str | None) -> bool:
    """The reader already holds this version (a GET or HEAD whose If-None-Match names it)."""
    if etag is None or request.method not in ("GET", "HEAD"):
        return False
    held = parse_etags(request.headers.get("If-None-Match", ""))
    return "*" in held or _weak(etag) in {_weak(tag) for tag in held}


def _weak(etag: str) -> str:
    return etag.removeprefix("W/")


def revalidated(response: HttpResponse, etag: str | None) -> HttpResponse:
    """Mark a successful read with its version, to be asked again before each use."""
    if etag is not None and response.status_code == 200:
        response["ETag"] = etag
        patch_cache_control(response, private=True, no_cache=True)
        patch_vary_headers(response, VARY)
    return response


def not_modified(etag: str) -> HttpResponse:
    # The headers `revalidated` gives a 200, written at once: a new response has none to merge with, and
    # this is the answer the phones get most.
    response = HttpResponseNotModified()
    response["ETag"] = etag
    response["Cache-Control"] = NOT_MODIFIED_CACHE_CONTROL
    response["Vary"] = ", ".join(VARY)
    return response


NOT_MODIFIED_CACHE_CONTROL = "private, no-cache"
