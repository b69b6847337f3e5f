"""Printing from the pages: ask for the sheet, watch a progress indicator, download the PDF."""

from __future__ import annotations

import math

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from campaigns.access import require_member
from campaigns.models import SheetDocument
from campaigns.pages.rendering import page_access
from campaigns.selectors.documents import blank_document_get, sheet_document_get
from campaigns.services import documents
from companion.throttling import print_refusal, print_refusal_message

PAPERS = SheetDocument.Paper.values
STATUS = "campaigns/_print_status.html"


def _status_context(
    request: HttpRequest, document: SheetDocument, status_url: str, download_url: str
) -> dict:
    share = request.GET.get("share")
    suffix = f"?share={share}" if share else ""
    return {"document": document, "status_url": status_url + suffix, "download_url": download_url + suffix}


def _sheet_urls(pk: int, document: SheetDocument) -> tuple[str, str]:
    status_url = reverse("campaigns:print-status", args=[pk, document.pk])
    download_url = reverse("sheet-pdf-download", kwargs={"pk": pk, "doc_id": document.pk})
    return status_url, download_url


@require_POST
def sheet_print(request: HttpRequest, pk: int) -> HttpResponse:
    """A member asks for the sheet; the answer is a status part that polls until the PDF is ready."""
    access = page_access(request, pk)
    paper = request.POST.get("paper", "a4")
    require_member(access)  # before the budget: only members spend the campaign's prints
    wait = print_refusal(request, pk)
    if wait is not None:
        response = render(
            request, STATUS, {"unavailable": print_refusal_message(wait)}, status=_code(request, 429)
        )
        response["Retry-After"] = str(math.ceil(wait))
        return response
    try:
        document, _ = documents.sheet_pdf_request(
            access=access, paper=paper if paper in PAPERS else "a4", language=request.LANGUAGE_CODE
        )
    except documents.RenderQueueUnavailable as exc:
        return render(request, STATUS, {"unavailable": str(exc)}, status=_code(request))
    document.refresh_from_db()
    return render(request, STATUS, _status_context(request, document, *_sheet_urls(pk, document)))


def _code(request: HttpRequest, refusal: int = 503) -> int:
    # htmx swaps nothing on an error status, so its answers are 200 with the message inside.
    return 200 if request.htmx else refusal


def sheet_print_status(request: HttpRequest, pk: int, doc_id: int) -> HttpResponse:
    access = page_access(request, pk)
    document = sheet_document_get(access=access, document_id=doc_id)
    return render(request, STATUS, _status_context(request, document, *_sheet_urls(pk, document)))


def _blank_urls(document: SheetDocument) -> tuple[str, str]:
    status_url = reverse("campaigns:print-blank-status", args=[document.pk])
    return status_url, reverse("blank-pdf-download", kwargs={"doc_id": document.pk})


@require_POST
def blank_print(request: HttpRequest) -> HttpResponse:
    """Anyone may print an empty sheet of an edition, for groups that keep their campaign on paper."""
    paper = request.POST.get("paper", "a4")
    try:
        document, _ = documents.blank_pdf_request(
            edition_slug=request.POST.get("edition", "inferno"),
            paper=paper if paper in PAPERS else "a4",
            language=request.LANGUAGE_CODE,
        )
    except ValidationError as exc:
        return render(request, STATUS, {"unavailable": exc.messages[0]}, status=200 if request.htmx else 400)
    except documents.RenderQueueUnavailable as exc:
        return render(request, STATUS, {"unavailable": str(exc)}, status=_code(request))
    document.refresh_from_db()
    return render(request, STATUS, _status_context(request, document, *_blank_urls(document)))


def blank_print_status(request: HttpRequest, doc_id: int) -> HttpResponse:
    document = blank_document_get(document_id=doc_id)
    return render(request, STATUS, _status_context(request, document, *_blank_urls(document)))
