"""The upgrade phase and the hero draft over the API: each player sees only their own hand."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from campaigns.access import hand_guild
from campaigns.api.base import SHARE_PARAM, CampaignAPIView, access_for, campaign_action
from campaigns.api.phase_outputs import HeroDraftOut, PhaseOut, PhaseReviewOut
from campaigns.api.serializers import Revision
from campaigns.errors import ConflictError
from campaigns.selectors import phases
from campaigns.selectors.campaigns import guilds_by_seat, hero_draft_record, open_phase_for
from campaigns.services import hero_draft, upgrade
from companion.api import errors

GUILD_PARAM = OpenApiParameter(
    "guild", OpenApiTypes.STR, description="Whose hand to show: one of your guilds (the owner: any guild)."
)


class UpgradePhaseView(CampaignAPIView):
    @extend_schema(parameters=[SHARE_PARAM, GUILD_PARAM], responses={200: PhaseOut, **errors(400, 404, 409)})
    def get(self, request: Request, pk: int) -> Response:
        """The open upgrade phase as the caller may see it (404 when none is open)."""
        access = access_for(request, pk)
        guild = hand_guild(access, guilds_by_seat(access.campaign), request.query_params.get("guild"))
        for _attempt in range(3):
            phase = open_phase_for(access.campaign)
            if phase is None:
                raise Http404
            try:
                return Response(phases.phase_view(phase, access, guild))
            except phases.PhaseChanged:
                continue  # restarted by the owner between our reads: read the new phase
        raise ConflictError(
            _("The upgrade phase is being restarted; reload."), campaign_id=access.campaign.pk
        )


class PhaseReview(CampaignAPIView):
    @extend_schema(parameters=[SHARE_PARAM], responses={200: PhaseReviewOut, **errors(404)})
    def get(self, request: Request, pk: int, level: int) -> Response:
        """A closed phase, reviewed afterwards: draws, drafts, purchases, and every action in order."""
        access = access_for(request, pk)
        phase = phases.closed_phase(access.campaign, level)
        if phase is None:
            raise Http404
        data = phases.phase_view(phase, access, None)
        data["actions"] = phases.phase_actions(phase)
        data["story"] = phases.phase_story(phase)
        return Response(data)


class CardsInput(Revision):
    cards = serializers.ListField(child=serializers.CharField(max_length=80), max_length=6)


class DealtCard(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    code = serializers.CharField(max_length=20, required=False, allow_blank=True)
    cost = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=20)


class EnterInput(Revision):
    cards = DealtCard(many=True)


class ConfirmInput(Revision):
    pass


class RestartInput(Revision):
    reopen = serializers.BooleanField(default=True, help_text="False: the table plays this phase on paper.")


class HeroPickInput(Revision):
    hero = serializers.CharField(max_length=80)


class HeroDraftStartInput(Revision):
    pass


class HeroDraftAbandonInput(Revision):
    pass


UpgradePick = campaign_action(
    CardsInput, upgrade.upgrade_pick, guild=True, summary="Keep 2 cards of your hand"
)
UpgradeEnter = campaign_action(
    EnterInput, upgrade.upgrade_enter_dealt, guild=True, summary="Enter the 6 cards drafted at the table"
)
UpgradeBuy = campaign_action(CardsInput, upgrade.upgrade_buy, guild=True, summary="Buy up to 3 drafted cards")
UpgradeConfirm = campaign_action(
    ConfirmInput, upgrade.upgrade_confirm, guild=True, summary="Finish the guild's upgrades"
)
UpgradeRestart = campaign_action(
    RestartInput, upgrade.upgrade_phase_restart, role="owner", summary="Restart or abandon the upgrade phase"
)
HeroDraftStart = campaign_action(
    HeroDraftStartInput,
    hero_draft.hero_draft_start,
    code=status.HTTP_201_CREATED,
    role="owner",
    summary="Start the hero draft",
)
HeroDraftAbandon = campaign_action(
    HeroDraftAbandonInput,
    hero_draft.hero_draft_abandon,
    role="owner",
    summary="Abandon the running hero draft",
)
HeroDraftPick = campaign_action(
    HeroPickInput, hero_draft.hero_draft_pick, guild=True, summary="Keep a hero from your hand"
)


class HeroDraftView(CampaignAPIView):
    @extend_schema(parameters=[SHARE_PARAM, GUILD_PARAM], responses={200: HeroDraftOut, **errors(400, 404)})
    def get(self, request: Request, pk: int) -> Response:
        access = access_for(request, pk)
        record = hero_draft_record(access.campaign)
        if record is None:
            raise Http404
        guild = hand_guild(access, guilds_by_seat(access.campaign), request.query_params.get("guild"))
        return Response(phases.hero_draft_view(record, guild))


phase_urls = [  # under campaigns/
    ("<int:pk>/upgrade-phase/", UpgradePhaseView, "upgrade-phase"),
    ("<int:pk>/upgrade-phase/restart/", UpgradeRestart, "upgrade-phase-restart"),
    ("<int:pk>/upgrade-phases/<int:level>/review/", PhaseReview, "upgrade-phase-review"),
    ("<int:pk>/guilds/<slug:colour>/upgrade-phase/pick/", UpgradePick, "upgrade-pick"),
    ("<int:pk>/guilds/<slug:colour>/upgrade-phase/enter/", UpgradeEnter, "upgrade-enter"),
    ("<int:pk>/guilds/<slug:colour>/upgrade-phase/buy/", UpgradeBuy, "upgrade-buy"),
    ("<int:pk>/guilds/<slug:colour>/upgrade-phase/confirm/", UpgradeConfirm, "upgrade-confirm"),
    ("<int:pk>/hero-draft/", HeroDraftView, "hero-draft"),
    ("<int:pk>/hero-draft/start/", HeroDraftStart, "hero-draft-start"),
    ("<int:pk>/hero-draft/abandon/", HeroDraftAbandon, "hero-draft-abandon"),
    ("<int:pk>/guilds/<slug:colour>/hero-draft/pick/", HeroDraftPick, "hero-draft-pick"),
]
