"""What every campaign page shares: who is asking, and whether to answer with the page or a part."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaigns.access import Access, campaign_access


def page_access(request: HttpRequest, pk: int) -> Access:
    """Members, and anyone holding the share link (read-only); everyone else gets 404."""
    return campaign_access(user=request.user, pk=pk, share_token=request.GET.get("share"))


def partial_or_page(
    request: HttpRequest, page: str, partial: str, context: dict[str, Any], status: int
) -> HttpResponse:
    """htmx swaps only a part and ignores error statuses, so its answers are always 200."""
    if request.htmx and not request.htmx.boosted:
        return render(request, partial, context)
    return render(request, page, context, status=status)
