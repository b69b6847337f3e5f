"""A campaign's own content: list and enter overrides, verify a record, export and import a content pack."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from campaigns.access import require_member
from campaigns.api import serializers as s
from campaigns.api.base import CampaignAPIView, access_for, valid
from campaigns.api.campaigns import declared_length, queued_answer
from campaigns.api.outputs import ContentOverrideOut, ContentPackOut, ImportStatusOut
from campaigns.selectors.backups import pack_in_background
from campaigns.selectors.overrides import override_rows, overrides_pack
from campaigns.selectors.pack_schema import MAX_PACK_BYTES
from campaigns.services import imports, overrides
from companion.api import errors

TOO_BIG = f"A content pack is at most {MAX_PACK_BYTES // (1024 * 1024)} MB."


def _listed(access: Any, code: int = status.HTTP_200_OK) -> Response:
    return Response(ContentOverrideOut(override_rows(access.campaign), many=True).data, status=code)


class ContentOverrides(CampaignAPIView):
    @extend_schema(responses={200: ContentOverrideOut(many=True), **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """The campaign's own content: what its members entered over the edition's, who and when."""
        return _listed(access_for(request, pk))

    @extend_schema(
        request=s.ContentOverrideInput,
        responses={201: ContentOverrideOut(many=True), **errors(400, 403, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Enter or correct a record for this campaign alone (monster stats, a card's cost or text...)."""
        return _write(request, pk, s.ContentOverrideInput, overrides.content_override_set)


class ContentVerify(CampaignAPIView):
    @extend_schema(
        request=s.ContentVerifyInput, responses={201: ContentOverrideOut(many=True), **errors(400, 403, 404)}
    )
    def post(self, request: Request, pk: int) -> Response:
        """Mark a record checked against the box, by the caller, today."""
        return _write(request, pk, s.ContentVerifyInput, overrides.content_override_verify)


class ContentExport(CampaignAPIView):
    @extend_schema(responses={200: ContentPackOut, **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """The campaign's own content as a pack another group can import (no ids, no names of people)."""
        return Response(overrides_pack(access_for(request, pk).campaign))


class ContentImport(CampaignAPIView):
    @extend_schema(
        request=s.ContentPackInput,
        responses={
            201: ContentOverrideOut(many=True),
            202: ImportStatusOut,
            **errors(400, 403, 404),
            413: OpenApiResponse(OpenApiTypes.OBJECT, description="The body is larger than any pack."),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        """Import another group's pack into this campaign's own content: all of it or nothing. Up to 64 KB
        and 100 records it is imported at once (201); a larger pack is checked at once (400 naming the path
        of a bad value, e.g. `records[12].cost`), then loaded by a worker (202, then poll `status_url`)."""
        access = access_for(request, pk)
        require_member(access)
        length = declared_length(request)
        if length > MAX_PACK_BYTES:
            return Response({"detail": TOO_BIG}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        if pack_in_background(request.data, length):
            job = imports.content_pack_import_queue(access=access, actor=request.user, document=request.data)
            return Response(queued_answer(request, job.pk), status=status.HTTP_202_ACCEPTED)
        overrides.content_pack_import(access=access, actor=request.user, document=request.data)
        return _listed(access, status.HTTP_201_CREATED)


def _write(request: Request, pk: int, input_class: type[serializers.Serializer], call: Any) -> Response:
    access = access_for(request, pk)
    require_member(access)
    call(access=access, actor=request.user, **valid(input_class, request))
    return _listed(access, status.HTTP_201_CREATED)
