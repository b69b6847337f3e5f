"""The hero draft at campaign start: hero cards dealt out, one kept per round, the rest passed left."""

from __future__ import annotations

import random
import secrets
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.access import (
    Access,
    hero_draft_abandon_refusal,
    hero_draft_refusal,
    require_guild_editor,
    require_owner,
)
from campaigns.errors import refuse, rule_of
from campaigns.history_text import names_of, part
from campaigns.models import Guild, GuildHero, Hero, HeroDraftRecord
from campaigns.selectors.campaigns import roster_started
from campaigns.selectors.phases import hero_draft_events
from campaigns.selectors.seating import table_order
from campaigns.services.guilds import deal_starter_deck
from campaigns.services.history import Changes, event_record
from campaigns.services.revisions import claim_campaign_revision, claim_guild_revision
from rules_helpers.box import MIN_GUILDS
from rules_helpers.drafts import HeroDraft


@transaction.atomic
def hero_draft_start(
    *, access: Access, actor: Any, revision: Any, seed: int | None = None
) -> HeroDraftRecord:
    """Deal the edition's heroes among the guilds (seating order) before anyone has chosen heroes."""
    require_owner(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    # Hands pass left around the table as the first scenario's Starting Areas seat it, once drawn.
    guilds = table_order(list(campaign.guilds.select_related("colour")), campaign.next_starting_areas)
    refusal = hero_draft_refusal(
        access,
        guild_count=len(guilds),
        started=HeroDraftRecord.objects.filter(campaign=campaign).exists(),
        heroes_or_plays=roster_started(campaign),
        min_guilds=MIN_GUILDS,
    )
    if refusal is not None:
        refuse("guilds", refusal)
    heroes = sorted(
        Hero.objects.filter(edition=campaign.edition, is_angel=False).values_list("slug", flat=True)
    )
    seed = secrets.randbits(48) if seed is None else seed
    with rule_of("guilds"):
        draft = HeroDraft.start([g.colour.slug for g in guilds], heroes, rng=random.Random(seed))
    changes = Changes()
    record = changes.create(HeroDraftRecord, campaign=campaign, seed=seed, state=draft.to_dict())
    event_record(
        campaign=campaign,
        actor=actor,
        kind="hero-draft-started",
        changes=changes,
        message="hero-draft-started",
    )
    return record


@transaction.atomic
def hero_draft_pick(*, access: Access, actor: Any, guild: Guild, revision: Any, hero: Any) -> HeroDraftRecord:
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    record = HeroDraftRecord.objects.select_for_update().filter(campaign=access.campaign, done=False).first()
    if record is None:
        refuse("hero", _("No hero draft is running."))
    draft = HeroDraft.from_dict(record.state)
    round_number = draft.round
    with rule_of("hero"):
        draft.pick(guild.colour.slug, [str(hero)])
    changes = Changes()
    changes.update(record, state=draft.to_dict(), done=draft.is_complete)
    if draft.is_complete:
        _seat_heroes(changes, access, draft)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="hero-draft-pick",
        guild=guild,
        changes=changes,
        data={"round": round_number, "hero": str(hero)},
        message="hero-kept",
        params={
            "guild": names_of(guild.colour),
            "round": round_number,
            **({"then": [part("hero-draft-over")]} if draft.is_complete else {}),
        },
    )
    return record


def _seat_heroes(changes: Changes, access: Access, draft: HeroDraft) -> None:
    campaign = access.campaign
    for guild in campaign.guilds.select_related("colour"):
        slugs = draft.drafted(guild.colour.slug)
        heroes = {h.slug: h for h in Hero.objects.filter(edition=campaign.edition, slug__in=slugs)}
        roster = [
            changes.create(GuildHero, campaign=campaign, guild=guild, hero=heroes[slug], position=i)
            for i, slug in enumerate(slugs, start=1)
        ]
        deal_starter_deck(changes, campaign, guild, roster)


@transaction.atomic
def hero_draft_abandon(*, access: Access, actor: Any, revision: Any) -> None:
    """The owner stops the running draft: its deal and picks are taken back (they show as undone in the
    history), and nothing else is. The winner's choice, the seating drawn, guilds claimed or handed over
    stay, as when an upgrade phase or a live scenario is abandoned. The draft may be dealt again, or the
    heroes chosen freely; undoing the abandon brings the draft back as it was."""
    require_owner(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    record = HeroDraftRecord.objects.select_for_update().filter(campaign=campaign).first()
    refusal = hero_draft_abandon_refusal(
        access, started=record is not None, done=bool(record and record.done)
    )
    if refusal is not None:
        refuse("hero", refusal)
    reverted = hero_draft_events(campaign)
    changes = Changes()
    changes.delete(record)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="hero-draft-abandoned",
        changes=changes,
        data={"reverted": reverted},
        message="hero-draft-abandoned",
    )
