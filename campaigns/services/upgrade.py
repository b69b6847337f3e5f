"""The Upgrade Phase between scenarios (rulebook p.19, p.27-28): curses, draft, purchase, redistribution.

Every player acts on their own phone at the same time. The server holds the hidden draft; a pick locks the
phase row, so simultaneous picks are applied one after the other and none is lost.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.access import Access, require_guild_editor, require_owner
from campaigns.errors import refuse, rule_of
from campaigns.history_text import names_of
from campaigns.history_text import part as summary_part
from campaigns.models import (
    Campaign,
    CampaignBackup,
    Guild,
    InventoryCard,
    PlayResult,
    ScenarioPlay,
    UpgradeCard,
    UpgradeGuild,
    UpgradePhase,
)
from campaigns.selectors.inventory import (
    curse_covered_slots,
    guild_card_slots,
    heroes_for_bought_cards,
)
from campaigns.selectors.overrides import campaign_cards_by_slug, campaign_level_deck
from campaigns.selectors.phases import phase_opened_event
from campaigns.selectors.seating import table_order
from campaigns.services.backups import campaign_backup_after_commit
from campaigns.services.curse_draws import draw_phase_curses
from campaigns.services.drafted_cards import typed_card
from campaigns.services.history import Changes, event_record, revert_since
from campaigns.services.revisions import claim_campaign_revision, claim_guild_revision
from rules_helpers import inventory as rules_inventory
from rules_helpers.box import MAX_PURCHASES, UPGRADE_HAND, UPGRADE_PICKS
from rules_helpers.drafts import UpgradeDraft
from rules_helpers.scoring import coins_won
from rules_helpers.upgrades import settle_purchase


def _phase(campaign: Campaign, *, lock: bool = False) -> UpgradePhase:
    queryset = UpgradePhase.objects.filter(campaign=campaign, status=UpgradePhase.Status.OPEN)
    phase = (queryset.select_for_update() if lock else queryset).first()
    if phase is None:
        refuse("phase", _("No upgrade phase is open."))
    return phase


def upgrade_phase_open(
    *, campaign: Campaign, actor: Any, play: ScenarioPlay, seed: int | None = None
) -> UpgradePhase:
    """Open the phase: Death Curses are drawn at once, the upgrade deck is dealt (or marked manual)."""
    seed = secrets.randbits(48) if seed is None else seed
    rng = random.Random(seed)
    changes = Changes()
    # The hands pass left around the table as the scenario just played seated it (RB:511-512, RB:1633).
    guilds = table_order(list(campaign.guilds.select_related("colour")), play.starting_areas)
    draws = draw_phase_curses(changes, campaign, play, rng)
    mode, draft = _deal(campaign, play.number, [g.colour.slug for g in guilds], rng)
    phase = changes.create(
        UpgradePhase,
        campaign=campaign,
        play=play,
        level=play.number,
        seed=seed,
        curse_draws=draws,
        draft_mode=mode,
        draft=draft,
    )
    for guild in guilds:
        result = PlayResult.objects.get(play=play, guild=guild)
        changes.create(
            UpgradeGuild,
            phase=phase,
            guild=guild,
            coins=coins_won(result.coins, result.treasure) + guild.saved_coins,
        )
        if guild.saved_coins:
            changes.update(guild, saved_coins=0)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="upgrade-opened",
        changes=changes,
        data={"level": play.number},
        message="phase-opened",
        params={"number": play.number},
    )
    return phase


def _deal(campaign: Campaign, level: int, players: list[str], rng: random.Random) -> tuple[str, dict | None]:
    deck = sorted(campaign_level_deck(campaign, level))
    if len(deck) < UPGRADE_HAND * len(players):
        # The level deck has not been entered (fully) yet: the table deals real cards and types them in.
        return UpgradePhase.DraftMode.MANUAL, None
    return UpgradePhase.DraftMode.APP, UpgradeDraft.start(players, deck, rng=rng).to_dict()


def _guild_part(phase: UpgradePhase, guild: Guild) -> UpgradeGuild:
    return UpgradeGuild.objects.select_for_update().get(phase=phase, guild=guild)


@transaction.atomic
def upgrade_pick(*, access: Access, actor: Any, guild: Guild, revision: Any, cards: Any) -> UpgradePhase:
    """Keep 2 cards from the hand in front of the guild; when everyone has picked, the rest pass left."""
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    phase = _phase(access.campaign, lock=True)
    if phase.draft_mode != UpgradePhase.DraftMode.APP or phase.draft is None:
        refuse("cards", _("This phase's cards are dealt at the table; enter the cards you drafted instead."))
    draft = UpgradeDraft.from_dict(phase.draft)
    if draft.is_complete:
        refuse("cards", _("The draft is over."))
    if not isinstance(cards, list):
        refuse("cards", _("Pick a list of %(picks)s cards from your hand.") % {"picks": UPGRADE_PICKS})
    round_number = draft.round
    with rule_of("cards"):
        draft.pick(guild.colour.slug, [str(c) for c in cards])
    changes = Changes()
    changes.update(phase, draft=draft.to_dict())
    if draft.is_complete:
        for part in UpgradeGuild.objects.filter(phase=phase).select_related("guild__colour"):
            changes.update(part, drafted=list(draft.drafted(part.guild.colour.slug)))
    who = _on_behalf(access, actor, guild)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="upgrade-pick",
        guild=guild,
        changes=changes,
        data={"round": round_number, "cards": [str(c) for c in cards]},
        message="phase-picked-for" if who else "phase-picked",
        params={"guild": names_of(guild.colour), "count": UPGRADE_PICKS, "round": round_number, **who},
    )
    return phase


def _on_behalf(access: Access, actor: Any, guild: Guild) -> dict[str, Any]:
    if guild.player_id and guild.player_id != getattr(actor, "pk", None):
        return {"user": actor.get_username()}
    return {}


@transaction.atomic
def upgrade_enter_dealt(
    *, access: Access, actor: Any, guild: Guild, revision: Any, cards: Any
) -> UpgradeGuild:
    """When the level deck is not in the app yet: enter the 6 cards the guild drafted at the table."""
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    phase = _phase(access.campaign)
    if phase.draft_mode != UpgradePhase.DraftMode.MANUAL:
        refuse("cards", _("This phase is drafted in the app."))
    if not isinstance(cards, list) or len(cards) != UPGRADE_HAND:
        refuse("cards", _("Enter the %(hand)s cards the guild drafted.") % {"hand": UPGRADE_HAND})
    part = _guild_part(phase, guild)
    if part.purchased:
        refuse("cards", _("The guild has already bought its cards."))
    changes = Changes()
    entered = [typed_card(changes, access.campaign, actor, level=phase.level, entry=entry) for entry in cards]
    changes.update(part, drafted=entered)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="upgrade-entered",
        guild=guild,
        changes=changes,
        message="phase-entered",
        params={"guild": names_of(guild.colour), "count": UPGRADE_HAND},
    )
    return part


def _drafted_cards(part: UpgradeGuild, slugs: list[str]) -> list[UpgradeCard]:
    remaining = list(part.drafted)
    for slug in slugs:
        if slug not in remaining:
            drafted = _("%(slug)s is not among the cards %(guild)s drafted.")
            refuse("cards", drafted % {"slug": repr(slug), "guild": part.guild.colour.name})
        remaining.remove(slug)
    cards = campaign_cards_by_slug(part.phase.campaign, slugs)
    missing = [cards[s].name for s in slugs if cards[s].cost is None]
    if missing:
        refuse("cards", _("Enter the cost of %(values)s first.") % {"values": ", ".join(missing)})
    return [cards[s] for s in slugs]


@transaction.atomic
def upgrade_buy(*, access: Access, actor: Any, guild: Guild, revision: Any, cards: Any) -> UpgradeGuild:
    """Buy up to 3 drafted cards with the guild's coins; one leftover coin is saved at most."""
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    phase = _phase(access.campaign)
    part = _guild_part(phase, guild)
    if len(part.drafted) < UPGRADE_HAND:
        refuse("cards", _("Finish the draft first."))
    if part.purchased:
        refuse("cards", _("The guild has already bought its cards this phase."))
    if not isinstance(cards, list):
        refuse("cards", _("Buy at most %(most)s cards.") % {"most": MAX_PURCHASES})
    bought = _drafted_cards(part, [str(c) for c in cards])
    with rule_of("cards"):
        purchase = settle_purchase(
            part.coins,
            [c.cost for c in bought],
            max_purchases=MAX_PURCHASES,
            max_saved_coins=guild.campaign.edition.max_saved_coins,
        )
    changes = Changes()
    for card in bought:
        _place_bought(changes, guild, card)
    changes.update(part, bought=[c.slug for c in bought], spent=purchase.spent, purchased=True)
    changes.update(guild, saved_coins=purchase.saved)
    items = [summary_part("card-for", card=names_of(c), cost=c.cost) for c in bought]
    saved = summary_part("coins-saved-after", count=purchase.saved)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="upgrade-buy",
        guild=guild,
        changes=changes,
        message="bought" if items else "bought-nothing",
        params={"guild": names_of(guild.colour), **({"items": items} if items else {}), "then": [saved]},
    )
    return part


def _place_bought(changes: Changes, guild: Guild, card: UpgradeCard) -> None:
    """A bought card takes the first free slot not covered by a Death Curse; with none free it waits past the
    last until redistributed."""
    heroes = heroes_for_bought_cards(guild)
    [(hero, slot)] = rules_inventory.bought_card_places(
        heroes,
        slots=guild.campaign.edition.slots_per_hero,
        covered=curse_covered_slots([hero for hero, _ in heroes]),
    )
    changes.create(InventoryCard, guild=guild, hero=hero, card=card, slot=slot)


def _check_redistributed(guild: Guild) -> None:
    edition = guild.campaign.edition
    with rule_of("guild"):
        rules_inventory.check_redistributed(
            guild_card_slots(guild), slots=edition.slots_per_hero, limit=edition.guild_card_limit
        )


@transaction.atomic
def upgrade_confirm(*, access: Access, actor: Any, guild: Guild, revision: Any) -> UpgradePhase:
    """The guild is done; when every guild is, the phase closes and the winner picks the next scenario."""
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    phase = _phase(access.campaign, lock=True)
    part = _guild_part(phase, guild)
    if not part.purchased:
        refuse("guild", _("Buy your cards (or choose to buy none) first."))
    _check_redistributed(guild)
    changes = Changes()
    changes.update(part, confirmed=True)
    params: dict[str, Any] = {"guild": names_of(guild.colour)}
    if not UpgradeGuild.objects.filter(phase=phase, confirmed=False).exists():
        changes.update(phase, status=UpgradePhase.Status.CLOSED)
        params["then"] = [summary_part("phase-closed", number=phase.level)]
        campaign_backup_after_commit(campaign=access.campaign, reason=CampaignBackup.Reason.UPGRADE)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="upgrade-confirm",
        guild=guild,
        changes=changes,
        message="upgrades-finished",
        params=params,
    )
    return phase


def _revert_phase(campaign: Campaign, phase: UpgradePhase) -> tuple[Changes, list[int]]:
    """Undo everything the phase did since it opened (never the winner's choice), and which events."""
    return revert_since(campaign, phase_opened_event(campaign, phase.level).seq)


@transaction.atomic
def upgrade_phase_restart(
    *, access: Access, actor: Any, revision: Any, reopen: bool = True, seed: int | None = None
) -> UpgradePhase | None:
    """The owner abandons the phase (everything since it opened is reverted) and, unless the table plays
    it on paper, opens it again with new draws."""
    require_owner(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    phase = _phase(campaign, lock=True)
    play = phase.play
    changes, reverted = _revert_phase(campaign, phase)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="upgrade-abandoned",
        changes=changes,
        data={"reverted": reverted},
        message="phase-restarted" if reopen else "phase-abandoned",
        params={"number": play.number},
    )
    if not reopen:
        return None
    return upgrade_phase_open(campaign=campaign, actor=actor, play=play, seed=seed)
