"""The scenario tracked live: its state, and the taps that change it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from campaigns.api import serializers as s
from campaigns.api.base import SHARE_PARAM, CampaignAPIView, access_for, campaign_action
from campaigns.api.outputs import LiveOut, LiveTapOut
from campaigns.selectors.campaigns import campaign_for_sheet
from campaigns.selectors.live import live_state
from campaigns.services import live, live_angels
from companion.api import errors

LiveStart = campaign_action(
    s.LiveStartInput, live.live_start, code=status.HTTP_201_CREATED, summary="Start tracking a scenario live"
)
LiveAbandon = campaign_action(
    s.ClaimInput, live.live_abandon, role="owner", summary="Abandon the live scenario"
)


def _tapped(tapped: live.Tapped) -> dict[str, Any]:
    """A tap answers with what it changed, not the whole sheet: the phone that tapped goes on with the
    guild's new revision, and the sheet is read once, by the next poll (a stale tap's 409 carries it)."""
    campaign = tapped.campaign
    return {
        "revision": campaign.revision,
        "history_seq": campaign.history_seq,
        "guild": tapped.guild.colour.slug,
        "guild_revision": tapped.guild.revision,
        "counter": tapped.counter,
        "hero": tapped.hero,
        "value": tapped.value,
    }


LiveTally = campaign_action(
    s.TallyInput,
    live.live_tally,
    guild=True,
    summary="Tap a live counter",
    answer=_tapped,
    output=LiveTapOut,
)
LiveQuest = campaign_action(s.QuestInput, live.live_quest, guild=True, summary="Complete a quest live")
LiveAngel = campaign_action(
    s.LiveAngelInput, live_angels.live_angel_swap, guild=True, summary="Swap in the angel just rescued"
)
LiveKill = campaign_action(s.KillInput, live.live_kill, summary="A kill, with its coin rewards")


class Live(CampaignAPIView):
    @extend_schema(parameters=[SHARE_PARAM], responses={200: LiveOut, **errors(404)})
    def get(self, request: Request, pk: int) -> Response:
        """The scenario being played: counters, quests and the results it would record now."""
        access = access_for(request, pk)
        return Response({"live": live_state(campaign_for_sheet(campaign_id=access.campaign.pk))})
