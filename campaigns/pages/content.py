"""The game's content as pages a player reads: the card and monster search, and what is still missing
(the HTML face of the API's content report, so no link leads a player to raw JSON)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from campaigns.pages.campaign_content import refuse_nul
from campaigns.selectors.content import content_report, editions_list
from campaigns.selectors.content_reasons import KIND_LABELS
from campaigns.selectors.content_search import KINDS, MAX_QUERY, content_search
from campaigns.selectors.field_labels import report_as_read

app_name = "content"


def _edition(request: HttpRequest) -> tuple[Any, list[Any]]:
    editions = list(editions_list().order_by("-slug"))  # Inferno first
    wanted = request.GET.get("edition", "")
    chosen = next((e for e in editions if e.slug == wanted), editions[0] if editions else None)
    return chosen, editions


def search(request: HttpRequest) -> HttpResponse:
    """Upgrade cards, Death Curses and monsters with their effects, filtered by the words typed."""
    edition, editions = _edition(request)
    query = request.GET.get("q", "").strip()[:MAX_QUERY]
    refuse_nul(query, request.GET.get("edition", ""))
    kind = request.GET.get("kind", "")
    kind = kind if kind in KINDS else ""
    found = content_search(edition=edition, query=query, kind=kind) if edition else {}
    context = {
        "edition": edition,
        "editions": editions,
        "query": query,
        "kind": kind,
        "found": found,
        "count": sum(len(v) for v in found.values()),
    }
    return render(request, "content/search.html", context)


def missing(request: HttpRequest) -> HttpResponse:
    """Per edition, what the content packs do not give yet, in words."""
    edition, editions = _edition(request)
    report = report_as_read(content_report(edition_slug=edition.slug)[edition.slug]) if edition else {}
    by_kind = [(KIND_LABELS.get(k, k), n) for k, n in report.get("unverified_by_model", {}).items()]
    context = {"edition": edition, "editions": editions, "r": report, "by_kind": by_kind}
    return render(request, "content/missing.html", context)


urlpatterns = [
    path("", search, name="search"),
    path("missing/", missing, name="missing"),
]
