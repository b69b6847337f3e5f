"""Campaigns: list and create, read the sheet, join with a code, make join codes, export and import."""

from __future__ import annotations

from django.db import transaction
from django.http import Http404, HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from campaigns.access import campaign_access, require_member, require_owner
from campaigns.api.base import (
    SHARE_PARAM,
    SHEET,
    CampaignAPIView,
    access_for,
    sheet_etag,
    sheet_response,
    valid,
)
from campaigns.api.outputs import CampaignDocument, ImportStatusOut
from campaigns.api.serializers import CampaignCreateInput, JoinCodeInput, JoinInput
from campaigns.polls import KeptPoll, credential
from campaigns.selectors.backups import campaign_in_background, import_job
from campaigns.selectors.campaigns import campaign_list_rows
from campaigns.selectors.transfer import campaign_export, campaign_export_for
from campaigns.selectors.transfer_schema import MAX_DOCUMENT_BYTES
from campaigns.services import campaigns as campaign_services
from campaigns.services import imports, transfer
from companion.api import errors
from companion.conditional import not_modified, unchanged
from companion.throttling import JOIN_THROTTLES


class CampaignList(CampaignAPIView):
    permission_classes = [IsAuthenticated]
    Input = CampaignCreateInput

    @extend_schema(
        responses={
            200: inline_serializer(
                "CampaignSummary",
                {
                    "id": serializers.IntegerField(),
                    "name": serializers.CharField(),
                    "edition": serializers.CharField(),
                    "mode": serializers.CharField(),
                    "revision": serializers.IntegerField(),
                },
                many=True,
            ),
            **errors(403),
        }
    )
    def get(self, request: Request) -> Response:
        return Response(campaign_list_rows(request.user))

    @extend_schema(request=Input, responses={201: SHEET, **errors(400, 403, 415)})
    def post(self, request: Request) -> Response:
        campaign = campaign_services.campaign_create(owner=request.user, **valid(self.Input, request))
        access = campaign_access(user=request.user, pk=campaign.pk)
        return sheet_response(access, status.HTTP_201_CREATED)


class CampaignDetail(CampaignAPIView):
    def perform_authentication(self, request: Request) -> None:
        """Lazy, as DRF documents: the reader is authenticated when `request.user` is first read, so a
        revalidation answered from the kept ETag (`campaigns/polls.py`) reads no token row."""

    @extend_schema(parameters=[SHARE_PARAM], responses={200: SHEET, **errors(404)})
    def get(self, request: Request, pk: int) -> HttpResponse:
        form = request.accepted_renderer.format
        poll = KeptPoll(request, pk, form, reader=credential(request))
        if answer := poll.answer():
            return answer
        access = access_for(request, pk)
        etag = sheet_etag(access, form, poll.content)
        poll.keep(etag)
        if unchanged(request, etag):
            return not_modified(etag)
        return sheet_response(access, form=form, content=poll.content)


class CampaignJoin(CampaignAPIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = list(JOIN_THROTTLES)
    Input = JoinInput

    @extend_schema(request=Input, responses={200: SHEET, **errors(400, 403, 415, 429)})
    def post(self, request: Request) -> Response:
        campaign = campaign_services.campaign_join(user=request.user, **valid(self.Input, request))
        return sheet_response(campaign_access(user=request.user, pk=campaign.pk))


class JoinCodeCreate(CampaignAPIView):
    Input = JoinCodeInput

    @extend_schema(
        request=Input,
        responses={
            201: inline_serializer(
                "JoinCode",
                {
                    "code": serializers.CharField(),
                    "expires_at": serializers.DateTimeField(),
                    "max_uses": serializers.IntegerField(),
                },
            ),
            **errors(400, 403, 404, 415),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        access = access_for(request, pk)
        code = campaign_services.join_code_create(
            access=access, actor=request.user, **valid(self.Input, request)
        )
        return Response(
            {"code": code.code, "expires_at": code.expires_at, "max_uses": code.max_uses},
            status=status.HTTP_201_CREATED,
        )


FULL_PARAM = OpenApiParameter(
    "full",
    OpenApiTypes.BOOL,
    description="The owner's full backup, every guild's hidden hands included (owner only).",
)
TOO_BIG = (
    f"A campaign export is at most {MAX_DOCUMENT_BYTES // (1024 * 1024)} MB; "
    "this one is larger, so it cannot be an export of this app."
)

TOO_BIG_ANSWER = OpenApiResponse(OpenApiTypes.OBJECT, description="The body is larger than any export.")


class Export(CampaignAPIView):
    @extend_schema(parameters=[FULL_PARAM], responses={200: CampaignDocument, **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """A member's copy leaves out other guilds' hidden hands; `?full=1` is the owner's full backup."""
        access = access_for(request, pk)
        require_member(access)
        name = f"campaign-{access.campaign.pk}"
        if request.query_params.get("full") in ("1", "true", "yes"):
            require_owner(access)
            response = Response(campaign_export(campaign=access.campaign))
            name += "-full-backup-secret"
        else:
            response = Response(campaign_export_for(access=access))
        response["Content-Disposition"] = f'attachment; filename="{name}.json"'
        response["Cache-Control"] = "no-store"
        return response


class Import(CampaignAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=CampaignDocument,
        responses={
            201: SHEET,
            202: ImportStatusOut,
            **errors(400, 403, 415),
            413: TOO_BIG_ANSWER,
        },
    )
    def post(self, request: Request) -> Response:
        """Up to 256 KB and 1,000 changes of history the campaign is created at once (201); a larger file is
        checked at once (400 naming the bad value), then loaded by a worker (202, then poll `status_url`)."""
        length = declared_length(request)
        # Refused before the body is read or parsed (F9): a real export is far smaller.
        if length > MAX_DOCUMENT_BYTES:
            return Response({"detail": TOO_BIG}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        if campaign_in_background(request.data, length):
            job = imports.campaign_import_queue(owner=request.user, data=request.data)
            return Response(queued_answer(request, job.pk), status=status.HTTP_202_ACCEPTED)
        with transaction.atomic():
            campaign = transfer.campaign_import(owner=request.user, data=request.data)
        access = campaign_access(user=request.user, pk=campaign.pk)
        return sheet_response(access, status.HTTP_201_CREATED)


class ImportStatus(CampaignAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: ImportStatusOut, **errors(403, 404)})
    def get(self, request: Request, job: int) -> Response:
        """A background import: waiting, loading (with its percentage), done (the campaign) or refused."""
        return Response(queued_answer(request, job))


def queued_answer(request: Request, job_id: int) -> dict:
    """A background import as its importer sees it, with where to poll it; 404 for anyone else."""
    answer = import_job(user=request.user, job_id=job_id)
    if answer is None:
        raise Http404
    return {**answer, "status_url": reverse("campaign-import-status", kwargs={"job": job_id})}


def declared_length(request: Request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0
