"""Campaign API: thin views that validate input, call one service, and answer with the sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from campaigns import selectors
from campaigns.api.sheet import campaign_sheet_data
from campaigns.models import Campaign, Guild
from campaigns.selectors import Access
from campaigns.services import campaigns as campaign_services
from campaigns.services import inventory, live, plays, transfer
from campaigns.services.common import refuse, require_guild_editor, require_member, require_owner
from companion.api import errors

SHARE_PARAM = OpenApiParameter("share", OpenApiTypes.STR, description="Read-only share token (spectators).")
REVISION_HELP = "The revision your change is based on (or send it in an If-Match header)."


def revision_of(request: Request) -> Any:
    """The revision a write is based on: the body's `revision`, else the If-Match header."""
    if isinstance(request.data, dict) and "revision" in request.data:
        return request.data["revision"]
    header = request.headers.get("If-Match", "").strip().strip('"').removeprefix("W/").strip('"')
    return int(header) if header.isdigit() else None


def access_for(request: Request, pk: Any) -> Access:
    return selectors.campaign_access(user=request.user, pk=pk, share_token=request.query_params.get("share"))


def sheet_response(campaign_id: int, access: Access, code: int = status.HTTP_200_OK) -> Response:
    campaign = selectors.campaign_sheet(campaign_id=campaign_id)
    data = campaign_sheet_data(campaign, access)
    return Response(data, status=code, headers={"ETag": f'"{campaign.revision}"'})


def guild_for(access: Access, colour: str) -> Guild:
    guild = (
        access.campaign.guilds.select_related("colour", "campaign__edition")
        .filter(colour__slug=colour)
        .first()
    )
    if guild is None:
        refuse("guild", f"This campaign has no {colour!r} guild.")
    return guild


class Revision(serializers.Serializer):
    revision = serializers.IntegerField(min_value=1, required=False, help_text=REVISION_HELP)


SHEET = OpenApiTypes.OBJECT


class CampaignCreateInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    edition = serializers.ChoiceField(choices=["inferno", "arcadia-quest"])
    mode = serializers.ChoiceField(choices=Campaign.Mode.values, default=Campaign.Mode.CAMPAIGN)


class CampaignList(APIView):
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
        campaigns = selectors.campaigns_visible_to(request.user)
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
        data = _valid(self.Input, request)
        campaign = campaign_services.campaign_create(owner=request.user, **data)
        access = selectors.campaign_access(user=request.user, pk=campaign.pk)
        return sheet_response(campaign.pk, access, status.HTTP_201_CREATED)


def _valid(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class CampaignDetail(APIView):
    @extend_schema(parameters=[SHARE_PARAM], responses={200: SHEET, **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        access = access_for(request, pk)
        return sheet_response(access.campaign.pk, access)


class JoinInput(serializers.Serializer):
    code = serializers.CharField(max_length=32)


class CampaignJoin(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "join"
    Input = JoinInput

    @extend_schema(request=Input, responses={200: SHEET, **errors(400, 403, 415, 429)})
    def post(self, request: Request) -> Response:
        campaign = campaign_services.campaign_join(user=request.user, **_valid(self.Input, request))
        return sheet_response(campaign.pk, selectors.campaign_access(user=request.user, pk=campaign.pk))


class JoinCodeInput(serializers.Serializer):
    hours = serializers.IntegerField(default=48, min_value=1, max_value=24 * 14)
    max_uses = serializers.IntegerField(default=3, min_value=1, max_value=10)


class JoinCodeCreate(APIView):
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
            access=access, actor=request.user, **_valid(self.Input, request)
        )
        return Response(
            {"code": code.code, "expires_at": code.expires_at, "max_uses": code.max_uses},
            status=status.HTTP_201_CREATED,
        )


def check_role(access: Access, role: str, guild: Guild | None) -> None:
    """Refuse early (before reading the body) what the caller may never do; services check again."""
    if role == "owner":
        require_owner(access)
    elif guild is not None and role == "guild":
        require_guild_editor(access, guild)
    else:
        require_member(access)


def campaign_action(
    input_class: type[serializers.Serializer],
    call: Callable[..., Any],
    *,
    code: int = status.HTTP_200_OK,
    guild: bool = False,
    role: str = "member",
    summary: str = "",
) -> type[APIView]:
    """A POST endpoint that runs one service with the validated input and answers with the new sheet."""

    class Action(APIView):
        @extend_schema(
            request=input_class, responses={code: SHEET, **errors(400, 403, 404, 409, 415)}, summary=summary
        )
        def post(self, request: Request, pk: int, colour: str | None = None) -> Response:
            access = access_for(request, pk)
            target = guild_for(access, colour) if guild else None
            check_role(access, "guild" if guild and role == "member" else role, target)
            data = _valid(input_class, request)
            data["revision"] = revision_of(request)
            if target is not None:
                data["guild"] = target
            call(access=access, actor=request.user, **data)
            return sheet_response(access.campaign.pk, _fresh(request, access), code)

    Action.__name__ = input_class.__name__.removesuffix("Input") + "View"
    return Action


def _fresh(request: Request, access: Access) -> Access:
    # A guild claimed in this request changes what the caller may edit.
    return selectors.campaign_access(user=request.user, pk=access.campaign.pk)


class GuildAddInput(Revision):
    colour = serializers.CharField(max_length=40)
    player = serializers.CharField(
        max_length=150,
        required=False,
        allow_null=True,
        help_text="Username of a member who plays it; empty: the owner holds it.",
    )
    player_name = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")


def _guild_add(*, access: Access, actor: Any, player: str | None = None, **data: Any) -> Guild:
    user = get_user_model().objects.filter(username=player).first() if player else None
    if player and user is None:
        refuse("player", "That player has not joined this campaign.")
    return campaign_services.guild_add(access=access, actor=actor, player=user, **data)


class HeroesInput(Revision):
    heroes = serializers.ListField(child=serializers.CharField(max_length=80), max_length=10)


class CardAddInput(Revision):
    card = serializers.CharField(max_length=80)
    hero = serializers.CharField(max_length=80)
    slot = serializers.IntegerField(required=False, allow_null=True)


class MoveInput(Revision):
    item = serializers.ChoiceField(choices=["card", "curse"])
    id = serializers.IntegerField(source="item_id")
    hero = serializers.CharField(max_length=80)
    slot = serializers.IntegerField()


class DiscardInput(Revision):
    id = serializers.IntegerField(source="card_id")


class CurseInput(Revision):
    hero = serializers.CharField(max_length=80)
    curse = serializers.CharField(max_length=40, help_text="The curse's code (e.g. INFD-07) or slug.")
    slot = serializers.IntegerField(required=False, allow_null=True)


class CurseRemoveInput(Revision):
    hero = serializers.CharField(max_length=80)


class SavedCoinsInput(Revision):
    coins = serializers.IntegerField()


class AngelInput(Revision):
    angel = serializers.CharField(max_length=80)
    swap_for = serializers.CharField(
        max_length=80,
        required=False,
        allow_null=True,
        help_text="The fielded hero the angel replaces; empty: keep it on the roster.",
    )


class HeroLine(serializers.Serializer):
    hero = serializers.CharField(max_length=80)
    deaths = serializers.IntegerField(min_value=0, max_value=99, default=0)
    damnation = serializers.IntegerField(min_value=0, max_value=99, default=0)


class RewardLine(serializers.Serializer):
    card = serializers.CharField(max_length=80)
    hero = serializers.CharField(max_length=80)
    slot = serializers.IntegerField(required=False, allow_null=True)


class ResultLine(serializers.Serializer):
    guild = serializers.CharField(max_length=40)
    winner = serializers.BooleanField(default=False)
    coins = serializers.IntegerField(min_value=0, max_value=999, default=0)
    treasure = serializers.IntegerField(min_value=0, max_value=999, default=0)
    title = serializers.BooleanField(default=False)
    angel = serializers.BooleanField(default=False)
    reward_cards = RewardLine(many=True, required=False, default=list)
    quests = serializers.ListField(child=serializers.CharField(max_length=80), required=False, default=list)
    heroes = HeroLine(many=True, required=False, default=list)


class PlayInput(Revision):
    scenario = serializers.CharField(max_length=80)
    results = ResultLine(many=True)


class NextInput(Revision):
    scenario = serializers.CharField(max_length=80)


class FinaleInput(Revision):
    savior = serializers.CharField(
        max_length=40, allow_null=True, help_text="Colour of the guild that killed the Underlord, or null."
    )


class UndoInput(Revision):
    seq = serializers.IntegerField(min_value=1, help_text="The number of the change to undo (see history).")


class ClaimInput(Revision):
    pass


GuildAdd = campaign_action(
    GuildAddInput, _guild_add, code=status.HTTP_201_CREATED, role="owner", summary="Add a guild"
)
GuildClaim = campaign_action(
    ClaimInput, campaign_services.guild_claim, guild=True, role="claim", summary="Claim a guild"
)
GuildHeroes = campaign_action(
    HeroesInput, campaign_services.guild_heroes_choose, guild=True, summary="Choose the guild's 3 heroes"
)
GuildField = campaign_action(HeroesInput, plays.guild_field_heroes, guild=True, summary="Field 3 heroes")
CardAdd = campaign_action(
    CardAddInput, inventory.inventory_card_add, guild=True, summary="Give a card to a hero"
)
InventoryMove = campaign_action(MoveInput, inventory.inventory_move, guild=True, summary="Move a card")
CardDiscard = campaign_action(
    DiscardInput, inventory.inventory_card_discard, guild=True, summary="Discard a card"
)
CurseSet = campaign_action(
    CurseInput, inventory.hero_curse_set, guild=True, summary="Record a kept Death Curse"
)
CurseRemove = campaign_action(
    CurseRemoveInput, inventory.hero_curse_remove, guild=True, summary="Remove a Death Curse"
)
SavedCoins = campaign_action(
    SavedCoinsInput, inventory.guild_saved_coins_set, guild=True, summary="Saved coin"
)
AngelTake = campaign_action(AngelInput, plays.angel_take, guild=True, summary="Field or keep a rescued angel")
PlayRecord = campaign_action(
    PlayInput,
    plays.scenario_record_result,
    code=status.HTTP_201_CREATED,
    summary="Record a scenario's results",
)
NextScenario = campaign_action(NextInput, plays.next_scenario_choose, summary="Choose the next scenario")
Finale = campaign_action(FinaleInput, plays.campaign_finale_record, role="owner", summary="Record the finale")
Undo = campaign_action(UndoInput, plays.event_undo, summary="Undo a change")


class LiveStartInput(Revision):
    scenario = serializers.CharField(max_length=80)


class TallyInput(Revision):
    counter = serializers.ChoiceField(choices=["deaths", "damnation", "coins", "treasure"])
    delta = serializers.IntegerField(min_value=-10, max_value=10)
    hero = serializers.CharField(max_length=80, required=False, allow_null=True)


class QuestInput(Revision):
    quest = serializers.CharField(max_length=80, help_text="A PvE quest slug, or pvp:<colour>.")


LiveStart = campaign_action(
    LiveStartInput, live.live_start, code=status.HTTP_201_CREATED, summary="Start tracking a scenario live"
)
LiveAbandon = campaign_action(
    ClaimInput, live.live_abandon, role="owner", summary="Abandon the live scenario"
)
LiveTally = campaign_action(TallyInput, live.live_tally, guild=True, summary="Tap a live counter")
LiveQuest = campaign_action(QuestInput, live.live_quest, guild=True, summary="Complete a quest live")


class Live(APIView):
    @extend_schema(parameters=[SHARE_PARAM], responses={200: OpenApiTypes.OBJECT, **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """The scenario being played: counters, quests and the results it would record now."""
        access = access_for(request, pk)
        return Response({"live": live.live_state(selectors.campaign_sheet(campaign_id=access.campaign.pk))})


class History(APIView):
    @extend_schema(
        parameters=[SHARE_PARAM],
        responses={
            200: inline_serializer(
                "HistoryEntry",
                {
                    "seq": serializers.IntegerField(),
                    "kind": serializers.CharField(),
                    "summary": serializers.CharField(),
                    "actor": serializers.CharField(allow_null=True),
                    "guild": serializers.CharField(allow_null=True),
                    "created_at": serializers.DateTimeField(),
                    "undone": serializers.BooleanField(),
                    "undoable": serializers.BooleanField(),
                },
                many=True,
            ),
            **errors(404),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        access = access_for(request, pk)
        events = selectors.campaign_events(campaign=access.campaign)
        return Response([_history_entry(e, access) for e in events])


def _history_entry(event: Any, access: Access) -> dict[str, Any]:
    undone = plays.hasattr_undone(event)
    return {
        "seq": event.seq,
        "kind": event.kind,
        "summary": event.summary,
        "actor": event.actor.get_username() if event.actor_id else None,
        "guild": event.guild.colour.slug if event.guild_id else None,
        "created_at": event.created_at,
        "undone": undone,
        "undoable": access.is_member and bool(event.changes) and not undone,
    }


class Export(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT, **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        access = access_for(request, pk)
        require_member(access)
        response = Response(transfer.campaign_export(campaign=access.campaign))
        response["Content-Disposition"] = f'attachment; filename="campaign-{access.campaign.pk}.json"'
        return response


class Import(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: SHEET, **errors(400, 403, 415)})
    def post(self, request: Request) -> Response:
        with transaction.atomic():
            campaign = transfer.campaign_import(owner=request.user, data=request.data)
        access = selectors.campaign_access(user=request.user, pk=campaign.pk)
        return sheet_response(campaign.pk, access, status.HTTP_201_CREATED)
