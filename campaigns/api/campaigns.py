"""Campaigns: list and create, read the sheet, join with a code, make join codes, export and import."""

from __future__ import annotations

from django.db import transaction
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from campaigns.access import campaign_access, require_member
from campaigns.api.base import (
    SHARE_PARAM,
    SHEET,
    CampaignAPIView,
    access_for,
    sheet_etag,
    sheet_response,
    valid,
)
from campaigns.api.outputs import CampaignDocument
from campaigns.api.serializers import CampaignCreateInput, JoinCodeInput, JoinInput
from campaigns.selectors.campaigns import campaigns_visible_to
from campaigns.selectors.transfer import campaign_export
from campaigns.services import campaigns as campaign_services
from campaigns.services import transfer
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
        campaigns = campaigns_visible_to(request.user)
        return Response(
            [
                {
                    "id": c.pk,
                    "name": c.name,
                    "edition": c.edition.slug,
                    "mode": c.mode,
                    "revision": c.revision,
                }
                for c in campaigns
            ]
        )

    @extend_schema(request=Input, responses={201: SHEET, **errors(400, 403, 415)})
    def post(self, request: Request) -> Response:
        campaign = campaign_services.campaign_create(owner=request.user, **valid(self.Input, request))
        access = campaign_access(user=request.user, pk=campaign.pk)
        return sheet_response(access, status.HTTP_201_CREATED)


class CampaignDetail(CampaignAPIView):
    @extend_schema(parameters=[SHARE_PARAM], responses={200: SHEET, **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        access = access_for(request, pk)
        form = request.accepted_renderer.format
        etag = sheet_etag(access, form)
        if unchanged(request, etag):
            return not_modified(etag)
        return sheet_response(access, form=form)


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


class Export(CampaignAPIView):
    @extend_schema(responses={200: CampaignDocument, **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        access = access_for(request, pk)
        require_member(access)
        response = Response(campaign_export(campaign=access.campaign))
        response["Content-Disposition"] = f'attachment; filename="campaign-{access.campaign.pk}.json"'
        return response


class Import(CampaignAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=CampaignDocument, responses={201: SHEET, **errors(400, 403, 415)})
    def post(self, request: Request) -> Response:
        with transaction.atomic():
            campaign = transfer.campaign_import(owner=request.user, data=request.data)
        access = campaign_access(user=request.user, pk=campaign.pk)
        return sheet_response(access, status.HTTP_201_CREATED)
