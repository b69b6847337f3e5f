"""My guild: one player's view of a campaign: what happens now for them, and the guilds they play.

The same cached sheet as the Campaign Sheet, narrowed to the reader's guilds (the owner also sees the guilds
held for absent friends); a write made here (its forms carry `back=mine`) comes back to this page.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from campaigns.access import Access
from campaigns.pages.context import sheet_context
from campaigns.pages.now import with_now
from campaigns.pages.rendering import page_access, page_etag, partial_or_page
from campaigns.polls import KeptPoll
from campaigns.selectors.sheet_cache import cached_sheet_page
from companion.conditional import not_modified, revalidated, unchanged


def mine_page(request: HttpRequest, pk: int) -> HttpResponse:
    poll = KeptPoll(request, pk, "mine")
    if answer := poll.answer():
        return answer
    access = page_access(request, pk)
    etag = page_etag(request, access, "mine", content=poll.content)
    poll.keep(etag)
    if unchanged(request, etag):
        return not_modified(etag)
    return revalidated(render_mine(request, access), etag)


def render_mine(
    request: HttpRequest, access: Access, *, failed: dict | None = None, notice: str = "", status: int = 200
) -> HttpResponse:
    snapshot, page = cached_sheet_page(access.campaign)
    context = sheet_context(access, snapshot, page, [], [])
    share = request.GET.get("share", "")
    context.update({"failed": failed, "notice": notice, "share": share})
    with_now(context, snapshot, "mine", share)
    mine = context["my_colours"]
    context["my_guilds"] = [g for g in context["guild_views"] if g["colour"] in mine]
    context["claimable"] = [] if mine else [g for g in context["guild_views"] if g["can_claim"]]
    return partial_or_page(request, "campaigns/mine.html", "campaigns/_mine.html", context, status)
