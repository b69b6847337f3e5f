"""Scenarios on the sheet: record one, choose the next, record the finale."""

from __future__ import annotations

from rest_framework import status

from campaigns.api import serializers as s
from campaigns.api.base import campaign_action
from campaigns.services import episodic, scenarios, seating

PlayRecord = campaign_action(
    s.PlayInput,
    scenarios.scenario_record_result,
    code=status.HTTP_201_CREATED,
    summary="Record a scenario's results",
)
NextScenario = campaign_action(
    s.NextInput, scenarios.next_scenario_choose, summary="Choose the next scenario"
)
Finale = campaign_action(
    s.FinaleInput, scenarios.campaign_finale_record, role="owner", summary="Record the finale"
)
EpisodicDeal = campaign_action(
    s.EpisodicDealInput,
    episodic.episodic_cards_deal,
    summary="Deal the guilds Upgrade cards of a chosen level for an episodic game",
)
Seating = campaign_action(
    s.SeatingInput,
    seating.seating_draw,
    summary="Draw (or enter) the next scenario's Starting Areas, so its seating and first player",
)
