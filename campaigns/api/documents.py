"""Printable sheets: ask for a PDF, poll its status, download it.

Members of a campaign ask for its sheet; members and share-link holders read the status and download;
everyone else gets 404. Blank sheets are for anyone.
"""

from __future__ import annotations

import math
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.http import FileResponse, Http404
from django.urls import path, reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns.access import require_member
from campaigns.api.base import SHARE_PARAM, access_for
from campaigns.models import SheetDocument
from campaigns.selectors.documents import blank_document_get, sheet_document_get
from campaigns.services import documents
from companion.api import errors
from companion.throttling import print_refusal, print_refusal_message

PAPER = serializers.ChoiceField(choices=SheetDocument.Paper.values, default=SheetDocument.Paper.A4)


LANGUAGE = serializers.ChoiceField(
    choices=[code for code, _ in settings.LANGUAGES],
    required=False,
    help_text="The language of the printed labels; by default the request's (Accept-Language).",
)


class SheetInput(serializers.Serializer):
    paper = PAPER
    language = LANGUAGE


class BlankInput(serializers.Serializer):
    edition = serializers.SlugField(max_length=50)
    paper = PAPER
    language = LANGUAGE


DOCUMENT = inline_serializer(
    "SheetDocumentStatus",
    {
        "id": serializers.IntegerField(),
        "status": serializers.ChoiceField(choices=SheetDocument.Status.values),
        "kind": serializers.ChoiceField(choices=SheetDocument.Kind.values),
        "paper": serializers.ChoiceField(choices=SheetDocument.Paper.values),
        "language": serializers.CharField(help_text="The language the labels are printed in."),
        "revision": serializers.IntegerField(help_text="The campaign's history_seq the sheet shows."),
        "status_url": serializers.CharField(),
        "download_url": serializers.CharField(required=False, help_text="Only when done."),
        "error": serializers.CharField(required=False, help_text="Only when failed: why."),
    },
)
UNAVAILABLE = OpenApiResponse(description="The render queue does not answer; nothing was saved.")
PDF = OpenApiResponse(OpenApiTypes.BINARY, description="The PDF (application/pdf, as an attachment).")


def _url(request: Request, name: str, kwargs: dict[str, Any]) -> str:
    # A share-link reader follows the links with the same token.
    share = request.query_params.get("share")
    return reverse(name, kwargs=kwargs) + (f"?{urlencode({'share': share})}" if share else "")


def _body(request: Request, document: SheetDocument, prefix: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    kwargs = {**kwargs, "doc_id": document.pk}
    body: dict[str, Any] = {
        "id": document.pk,
        "status": document.status,
        "kind": document.kind,
        "paper": document.paper,
        "language": document.language,
        "revision": document.revision,
        "status_url": _url(request, f"{prefix}-status", kwargs),
    }
    if document.status == SheetDocument.Status.DONE:
        body["download_url"] = _url(request, f"{prefix}-download", kwargs)
    elif document.status == SheetDocument.Status.FAILED:
        body["error"] = document.error
    return body


def _requested(request: Request, call: Any, prefix: str, kwargs: dict[str, Any], **data: Any) -> Response:
    try:
        document, _ = call(**data)
    except documents.RenderQueueUnavailable as exc:
        return Response(
            {"detail": str(exc)}, status=status.HTTP_503_SERVICE_UNAVAILABLE, headers={"Retry-After": "30"}
        )
    document.refresh_from_db()  # without a broker the render ran in this request
    code = status.HTTP_202_ACCEPTED if document.status == SheetDocument.Status.PENDING else status.HTTP_200_OK
    return Response(_body(request, document, prefix, kwargs), status=code)


def _download(document: SheetDocument, filename: str) -> FileResponse:
    if document.status != SheetDocument.Status.DONE or not document.file:
        raise Http404
    return FileResponse(
        document.file.open("rb"), as_attachment=True, filename=filename, content_type="application/pdf"
    )


class SheetPdf(APIView):
    @extend_schema(
        summary="Ask for the printable Campaign Sheet (PDF) of the campaign as it is now",
        request=SheetInput,
        parameters=[SHARE_PARAM],
        responses={200: DOCUMENT, 202: DOCUMENT, 503: UNAVAILABLE, **errors(400, 403, 404, 415, 429)},
    )
    def post(self, request: Request, pk: int) -> Response:
        access = access_for(request, pk)
        data = _valid(SheetInput, request)
        require_member(access)  # before the budget: only members spend the campaign's prints
        wait = print_refusal(request, pk)
        if wait is not None:
            return Response(
                {"detail": print_refusal_message(wait)},
                status=status.HTTP_429_TOO_MANY_REQUESTS,
                headers={"Retry-After": str(math.ceil(wait))},
            )
        return _requested(
            request,
            documents.sheet_pdf_request,
            "sheet-pdf",
            {"pk": pk},
            access=access,
            paper=data["paper"],
            language=data.get("language") or request.LANGUAGE_CODE,
        )


class SheetPdfStatus(APIView):
    @extend_schema(
        summary="A sheet's rendering status",
        parameters=[SHARE_PARAM],
        responses={200: DOCUMENT, **errors(404)},
    )
    def get(self, request: Request, pk: int, doc_id: int) -> Response:
        document = sheet_document_get(access=access_for(request, pk), document_id=doc_id)
        return Response(_body(request, document, "sheet-pdf", {"pk": pk}))


class SheetPdfDownload(APIView):
    @extend_schema(
        summary="Download a rendered sheet", parameters=[SHARE_PARAM], responses={200: PDF, **errors(404)}
    )
    def get(self, request: Request, pk: int, doc_id: int) -> FileResponse:
        document = sheet_document_get(access=access_for(request, pk), document_id=doc_id)
        return _download(document, f"campaign-sheet-{pk}-r{document.revision}-{document.paper}.pdf")


class BlankPdf(APIView):
    @extend_schema(
        summary="Ask for a blank Campaign Sheet (PDF) of an edition",
        request=BlankInput,
        responses={200: DOCUMENT, 202: DOCUMENT, 503: UNAVAILABLE, **errors(400, 415)},
    )
    def post(self, request: Request) -> Response:
        data = _valid(BlankInput, request)
        return _requested(
            request,
            documents.blank_pdf_request,
            "blank-pdf",
            {},
            edition_slug=data["edition"],
            paper=data["paper"],
            language=data.get("language") or request.LANGUAGE_CODE,
        )


class BlankPdfStatus(APIView):
    @extend_schema(summary="A blank sheet's rendering status", responses={200: DOCUMENT, **errors(404)})
    def get(self, request: Request, doc_id: int) -> Response:
        return Response(_body(request, blank_document_get(document_id=doc_id), "blank-pdf", {}))


class BlankPdfDownload(APIView):
    @extend_schema(summary="Download a blank sheet", responses={200: PDF, **errors(404)})
    def get(self, request: Request, doc_id: int) -> FileResponse:
        document = blank_document_get(document_id=doc_id)
        return _download(document, f"blank-campaign-sheet-{document.edition.slug}-{document.paper}.pdf")


def _valid(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


sheet = "<int:pk>/sheet-pdf/"
campaign_document_urls = [  # under campaigns/
    path(sheet, SheetPdf.as_view(), name="sheet-pdf"),
    path(f"{sheet}<int:doc_id>/", SheetPdfStatus.as_view(), name="sheet-pdf-status"),
    path(f"{sheet}<int:doc_id>/download/", SheetPdfDownload.as_view(), name="sheet-pdf-download"),
]
blank_document_urls = [
    path("blank-sheet-pdf/", BlankPdf.as_view(), name="blank-pdf"),
    path("blank-sheet-pdf/<int:doc_id>/", BlankPdfStatus.as_view(), name="blank-pdf-status"),
    path("blank-sheet-pdf/<int:doc_id>/download/", BlankPdfDownload.as_view(), name="blank-pdf-download"),
]
