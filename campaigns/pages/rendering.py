"""What every campaign page shares: who is asking, and whether to answer with the page or a part."""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from campaigns.access import Access, campaign_access
from campaigns.selectors.sheet_cache import access_etag
from campaigns.selectors.versions import content_version


def page_access(request: HttpRequest, pk: int) -> Access:
    """Members, and anyone holding the share link (read-only); everyone else gets 404."""
    return campaign_access(user=request.user, pk=pk, share_token=request.GET.get("share"))


def partial_or_page(
    request: HttpRequest, page: str, partial: str, context: dict[str, Any], status: int
) -> HttpResponse:
    """htmx swaps only a part and ignores error statuses, so its answers are always 200."""
    if _partial(request):
        return compact(render(request, partial, context))
    return compact(render(request, page, context, status=status))


# Template indentation and blank lines (a third of the sheet's bytes): every run of white space that holds
# a line break becomes one line break, which the browser shows the same (no <pre> or <textarea> here).
BLANKS = re.compile(rb"[ \t\r]*\n\s*")


def compact(response: HttpResponse) -> HttpResponse:
    response.content = BLANKS.sub(b"\n", response.content)
    return response


def page_etag(request: HttpRequest, access: Access, *extra: Any, content: str | None = None) -> str | None:
    """The version of a campaign page for this reader, from the access check alone: the campaign's state
    and content version, who reads (role, account, staff link), which variant (page or htmx part, query,
    language) and the CSRF secret its forms carry (a new one after logging in again). `content`: the
    content version, when the caller has it already."""
    user = getattr(request, "user", None)
    return access_etag(
        access,
        content or content_version(),
        getattr(user, "is_staff", False),
        _partial(request),
        request.get_full_path(),
        get_language(),
        request.META.get("CSRF_COOKIE", ""),
        *extra,
    )


def _partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.boosted


# The heavy panels of the sheet, rendered only when a reader opens them: a guild's editing tools, the
# results form, the longer history, the owner's tools once the campaign is under way. Asked for by
# `?open=` (without JavaScript) or the `X-Open-Panels` header (static/campaigns/live.js sends the panels
# open on that phone with every request).
PANEL = re.compile(r"^(record|history|table|map|charts|guild-[a-z]{1,20})$")
OPEN_HEADER = "X-Open-Panels"


def open_panels(request: HttpRequest) -> list[str]:
    asked = ",".join((request.GET.get("open", ""), request.headers.get(OPEN_HEADER, "")))
    return sorted({name for name in asked.split(",") if PANEL.match(name)})[:12]


def vary_on_panels(response: HttpResponse) -> HttpResponse:
    patch_vary_headers(response, (OPEN_HEADER,))
    return response
