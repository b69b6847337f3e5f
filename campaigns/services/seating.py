"""Starting Areas and the first player of the next scenario: drawn in the app or entered as the table drew."""

from __future__ import annotations

import random
import secrets
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.access import Access, require_member, seating_redraw_refusal
from campaigns.errors import refuse, rule_of
from campaigns.history_text import names_of, part
from campaigns.models import Campaign, ScenarioPlay
from campaigns.selectors.campaigns import campaign_for_sheet, last_winner, next_chooser, recorded_count
from campaigns.services.history import Changes, event_record
from campaigns.services.revisions import claim_campaign_revision
from rules_helpers import seating as rules_seating
from rules_helpers.box import MIN_GUILDS


@transaction.atomic
def seating_draw(
    *, access: Access, actor: Any, revision: Any, areas: Any = None, seed: int | None = None
) -> Campaign:
    """Give each guild its Starting Area for the next scenario (drawn at random, or as the table drew the
    tokens), and so the seating and who plays first: left of the last winner, at random for the first
    scenario (rules_helpers.seating)."""
    require_member(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    if campaign.finished_at is not None:
        refuse("areas", _("The campaign is over."))
    if campaign.plays.filter(status=ScenarioPlay.Status.IN_PROGRESS).exists():
        refuse("areas", _("The scenario being played keeps its seating; record or abandon it first."))
    if campaign.next_starting_areas:
        refusal = seating_redraw_refusal(access, next_chooser(campaign_for_sheet(campaign_id=campaign.pk)))
        if refusal is not None:
            refuse("areas", refusal)
    guilds = [g.colour.slug for g in campaign.guilds.select_related("colour").order_by("seat")]
    if len(guilds) < MIN_GUILDS:
        refuse("areas", _("Set up at least %(least)s guilds first.") % {"least": MIN_GUILDS})
    seed = secrets.randbits(48) if seed is None else seed
    rng = random.Random(seed)
    with rule_of("areas"):
        if areas is None:
            drawn = rules_seating.draw_starting_areas(guilds, rng=rng)
        else:
            drawn = rules_seating.check_starting_areas(areas, guilds)
    # Episodic games stand alone: each one is a "very first scenario" (BR:96).
    in_campaign = campaign.mode == Campaign.Mode.CAMPAIGN and recorded_count(campaign)
    winner = last_winner(campaign_for_sheet(campaign_id=campaign.pk)) if in_campaign else None
    order = rules_seating.seating(drawn)
    first = rules_seating.first_player(order, winner.colour.slug if winner else None, rng=rng)
    changes = Changes()
    changes.update(campaign, next_starting_areas=drawn, next_first_player=first)
    names = {g.colour.slug: names_of(g.colour) for g in campaign.guilds.select_related("colour")}
    placed = [part("area-of", guild=names[g], area=drawn[g]) for g in order]
    event_record(
        campaign=campaign,
        actor=actor,
        kind="seating-drawn",
        changes=changes,
        data={"areas": drawn, "first_player": first, "seed": seed if areas is None else None},
        message="seating-drawn",
        params={"placed": placed, "guild": names[first]},
    )
    return campaign
