"""Reads of printed sheets: a campaign's own documents, and the blank sheets anyone may download."""

from __future__ import annotations

from typing import Any

from django.http import Http404

from campaigns.access import Access
from campaigns.models import SheetDocument


def sheet_document_get(*, access: Access, document_id: Any) -> SheetDocument:
    return _get(
        SheetDocument.objects.filter(campaign=access.campaign, kind=SheetDocument.Kind.SHEET), document_id
    )


def blank_document_get(*, document_id: Any) -> SheetDocument:
    return _get(SheetDocument.objects.filter(kind=SheetDocument.Kind.BLANK), document_id)


def _get(queryset: Any, document_id: Any) -> SheetDocument:
    document = queryset.select_related("edition").filter(pk=document_id).first()
    if document is None:
        raise Http404
    return document
