"""The campaign's history, and undo."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from campaigns.access import Access
from campaigns.api import serializers as s
from campaigns.api.base import SHARE_PARAM, CampaignAPIView, access_for, campaign_action
from campaigns.history_text import event_summary
from campaigns.selectors.campaigns import campaign_events, is_undone, withdrawn_seqs
from campaigns.services import history
from companion.api import errors

Undo = campaign_action(s.UndoInput, history.event_undo, summary="Undo a change")


class History(CampaignAPIView):
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
        events = campaign_events(campaign=access.campaign)
        withdrawn = withdrawn_seqs(access.campaign)
        return Response([_history_entry(e, access, withdrawn) for e in events])


def _history_entry(event: Any, access: Access, withdrawn: frozenset[int]) -> dict[str, Any]:
    undone = is_undone(event) or event.seq in withdrawn
    return {
        "seq": event.seq,
        "kind": event.kind,
        "summary": event_summary(event),
        "actor": event.actor.get_username() if event.actor_id else None,
        "guild": event.guild.colour.slug if event.guild_id else None,
        "created_at": event.created_at,
        "undone": undone,
        "undoable": access.may_undo(event) and not undone,
    }
