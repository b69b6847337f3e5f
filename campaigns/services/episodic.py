"""Episodic games: the Upgrade cards of the chosen level, dealt to the guilds (GF:298).

GF:298 "use Upgrade cards of any level chosen … without campaign consequences". The sources give no number
of cards, so the table says how many each guild gets (`rules_helpers.episodic.deal_upgrade_cards`).
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.access import Access, require_member
from campaigns.errors import refuse, rule_of
from campaigns.models import Campaign, Guild, InventoryCard, ScenarioPlay, UpgradeCard
from campaigns.selectors.inventory import curse_covered_slots, heroes_for_bought_cards
from campaigns.selectors.overrides import campaign_cards_by_slug, campaign_level_deck
from campaigns.selectors.seating import table_order
from campaigns.services.history import Changes, event_record
from campaigns.services.revisions import claim_campaign_revision
from rules_helpers import episodic as rules_episodic
from rules_helpers import inventory as rules_inventory


@transaction.atomic
def episodic_cards_deal(
    *, access: Access, actor: Any, revision: Any, level: Any, cards: Any, seed: int | None = None
) -> dict[str, list[str]]:
    """Deal each guild ``cards`` Upgrade cards from the shuffled deck of ``level`` for the next episodic
    game, in seating order. The previous game's Upgrade cards (all but the Starter deck) go back to the box
    first: nothing carries from one game to the next (GF:298). Each dealt card takes the first free slot,
    as a bought card does; the guild then arranges them (`inventory/move/`, 12 cards at most, BR:233)."""
    require_member(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    if campaign.mode != Campaign.Mode.EPISODIC:
        refuse(
            "level",
            _(
                "Only an episodic game is dealt Upgrade cards of a chosen level; a campaign's come from its "
                "upgrade phases."
            ),
        )
    if campaign.plays.filter(status=ScenarioPlay.Status.IN_PROGRESS).exists():
        refuse("level", _("The game being played keeps its cards; record or abandon it first."))
    with rule_of("level"):
        level = rules_episodic.check_deal_level(level)
    guilds = table_order(list(campaign.guilds.select_related("colour")), campaign.next_starting_areas)
    bare = [g.colour.name for g in guilds if not heroes_for_bought_cards(g)]
    if bare:
        refuse("cards", _("Choose the heroes of %(guilds)s first.") % {"guilds": ", ".join(bare)})
    seed = secrets.randbits(48) if seed is None else seed
    deck = sorted(campaign_level_deck(campaign, level))
    with rule_of("cards"):
        hands = rules_episodic.deal_upgrade_cards(
            [g.colour.slug for g in guilds],
            deck,
            cards,
            rng=random.Random(seed),
            card_limit=campaign.edition.guild_card_limit,
        )
    known = campaign_cards_by_slug(campaign, deck)
    changes = Changes()
    for guild in guilds:
        _return_to_box(changes, guild)
        for slug in hands[guild.colour.slug]:
            _place(changes, guild, known[slug])
    event_record(
        campaign=campaign,
        actor=actor,
        kind="episodic-dealt",
        changes=changes,
        data={"level": level, "cards": cards, "seed": seed, "dealt": hands},
        message="episodic-dealt",
        params={"level": level, "cards": cards},
    )
    return hands


def _return_to_box(changes: Changes, guild: Guild) -> None:
    """The last game's Upgrade cards leave the guild; its Starter deck stays (GF:298)."""
    held = InventoryCard.objects.filter(guild=guild).exclude(card__deck=UpgradeCard.Deck.STARTER)
    for card in held.order_by("pk"):
        changes.delete(card)


def _place(changes: Changes, guild: Guild, card: UpgradeCard) -> None:
    heroes = heroes_for_bought_cards(guild)
    [(hero, slot)] = rules_inventory.bought_card_places(
        heroes,
        slots=guild.campaign.edition.slots_per_hero,
        covered=curse_covered_slots([hero for hero, _ in heroes]),
    )
    changes.create(InventoryCard, guild=guild, hero=hero, card=card, slot=slot)
