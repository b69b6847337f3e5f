"""A guild's inventory: upgrade cards in its heroes' slots, one Death Curse per hero, one saved coin."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.access import Access, require_guild_editor
from campaigns.errors import refuse, rule_of
from campaigns.history_text import names_of
from campaigns.models import DeathCurse, Guild, GuildHero, HeroCurse, InventoryCard, UpgradeCard
from campaigns.selectors.campaigns import guild_hero
from campaigns.selectors.inventory import free_slot, slots_taken
from campaigns.selectors.overrides import campaign_cards_by_slug
from campaigns.services.history import Changes, event_record
from campaigns.services.revisions import claim_guild_revision
from rules_helpers import inventory as rules
from rules_helpers.counts import is_whole_number
from rules_helpers.upgrades import check_saved_coins


def _guild_card(guild: Guild, card_id: Any) -> InventoryCard:
    card = None
    if is_whole_number(card_id, low=None):
        card = (
            InventoryCard.objects.select_related("card", "hero__hero").filter(guild=guild, pk=card_id).first()
        )
    if card is None:
        refuse(
            "card",
            _("%(guild)s holds no card with id %(card_id)s.")
            % {"guild": guild.colour.name, "card_id": repr(card_id)},
        )
    return card


def _check_slot(guild: Guild, slot: Any) -> int:
    with rule_of("slot"):
        return rules.check_slot(slot, slots=guild.campaign.edition.slots_per_hero)


def _check_card_limit(guild: Guild, *, reward: bool) -> None:
    held = InventoryCard.objects.filter(guild=guild).count()
    with rule_of("card"):
        rules.check_card_gained(held, reward=reward, limit=guild.campaign.edition.guild_card_limit)


def place_card(
    changes: Changes,
    guild: Guild,
    hero: GuildHero,
    card: UpgradeCard,
    slot: int | None,
    *,
    reward: bool = False,
) -> InventoryCard:
    """Put a card from outside the guild into a hero's slot (a free one when none is named); a Reward card
    joins even past the guild's 12 cards, settled in the Upgrade Phase (`rules.check_card_gained`)."""
    _check_card_limit(guild, reward=reward)
    if slot is None:
        slot = free_slot(hero)
        if slot is None:
            refuse(
                "hero",
                _("%(hero)s has no free slot; move or discard a card first.") % {"hero": hero.hero.name},
            )
    elif InventoryCard.objects.filter(hero=hero, slot=_check_slot(guild, slot)).exists():
        refuse(
            "slot",
            _("%(hero)s's slot %(slot)s is taken; move or discard that card first.")
            % {"hero": hero.hero.name, "slot": slot},
        )
    return changes.create(InventoryCard, guild=guild, hero=hero, card=card, slot=slot)


def _upgrade_card(guild: Guild, slug: Any) -> UpgradeCard:
    card = campaign_cards_by_slug(guild.campaign, [str(slug)]).get(str(slug))
    if card is None:
        refuse("card", _("Unknown upgrade card %(slug)s.") % {"slug": repr(slug)})
    return card


@transaction.atomic
def inventory_card_add(
    *, access: Access, actor: Any, guild: Guild, revision: Any, card: str, hero: str, slot: int | None = None
) -> InventoryCard:
    """Enter a card the guild got at the table (bought, or dealt outside the app)."""
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    target = guild_hero(guild, hero)
    upgrade = _upgrade_card(guild, card)
    changes = Changes()
    placed = place_card(changes, guild, target, upgrade, slot)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="card-added",
        guild=guild,
        changes=changes,
        message="card-given",
        params={"guild": names_of(guild.colour), "card": names_of(upgrade), "hero": names_of(target.hero)},
    )
    return placed


@transaction.atomic
def inventory_move(
    *, access: Access, actor: Any, guild: Guild, revision: Any, item: str, item_id: Any, hero: str, slot: Any
) -> None:
    """Move a card to a hero's slot (swapping with the card there). Death Curses never move."""
    require_guild_editor(access, guild)
    with rule_of("item"):
        rules.check_movable(item)
    claim_guild_revision(guild, revision)
    moving = _guild_card(guild, item_id)
    target = guild_hero(guild, hero)
    slot = _check_slot(guild, slot)
    changes = Changes()
    occupant = InventoryCard.objects.filter(hero=target, slot=slot).exclude(pk=moving.pk).first()
    origin_hero, origin_slot = moving.hero, moving.slot
    if occupant is not None:
        # Park the occupant so the unique (hero, slot) pair never collides mid-swap.
        changes.update(occupant, slot=99)
    changes.update(moving, hero=target, slot=slot)
    if occupant is not None:
        changes.update(occupant, hero=origin_hero, slot=origin_slot)
    params = {
        "guild": names_of(guild.colour),
        "card": names_of(moving.card),
        "hero": names_of(target.hero),
        "slot": slot,
    }
    if occupant is not None:
        params |= {"other": names_of(occupant.card), "origin": names_of(origin_hero.hero)}
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="card-moved",
        guild=guild,
        changes=changes,
        message="card-swapped" if occupant is not None else "card-moved",
        params=params,
    )


@transaction.atomic
def inventory_card_discard(*, access: Access, actor: Any, guild: Guild, revision: Any, card_id: Any) -> None:
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    card = _guild_card(guild, card_id)
    changes = Changes()
    changes.delete(card)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="card-discarded",
        guild=guild,
        changes=changes,
        message="card-discarded",
        params={
            "guild": names_of(guild.colour),
            "card": names_of(card.card),
            "hero": names_of(card.hero.hero),
        },
    )


def _death_curse(guild: Guild, code: Any) -> DeathCurse:
    edition = guild.campaign.edition
    curse = DeathCurse.objects.filter(edition=edition, code=code).first()
    curse = curse or DeathCurse.objects.filter(edition=edition, slug=code).first()
    if curse is None:
        refuse("curse", _("Unknown Death Curse %(code)s.") % {"code": repr(code)})
    return curse


def _curse_slot(guild: Guild, hero: GuildHero, curse: DeathCurse, slot: Any) -> int | None:
    """A slot-taking curse sits on a slot (covering the card there); others lie beside the hero card."""
    with rule_of("slot"):
        return rules.curse_slot(
            curse.takes_slot,
            slot,
            taken=slots_taken(hero),
            slots=guild.campaign.edition.slots_per_hero,
            curse=curse.name,
        )


@transaction.atomic
def hero_curse_set(
    *, access: Access, actor: Any, guild: Guild, revision: Any, hero: str, curse: str, slot: Any = None
) -> HeroCurse:
    """Record the Death Curse a hero keeps (drawn at the table)."""
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    target = guild_hero(guild, hero)
    card = _death_curse(guild, curse)
    with rule_of("hero"):
        rules.check_one_curse(HeroCurse.objects.filter(hero=target).exists(), hero=target.hero.name)
    changes = Changes()
    kept = changes.create(
        HeroCurse, guild=guild, hero=target, curse=card, slot=_curse_slot(guild, target, card, slot)
    )
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="curse-set",
        guild=guild,
        changes=changes,
        message="curse-kept",
        params={
            "hero": names_of(target.hero),
            "guild": names_of(guild.colour),
            "curse": names_of(card),
            "value": card.value,
        },
    )
    return kept


@transaction.atomic
def hero_curse_remove(*, access: Access, actor: Any, guild: Guild, revision: Any, hero: str) -> None:
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    target = guild_hero(guild, hero)
    kept = HeroCurse.objects.select_related("curse").filter(hero=target).first()
    if kept is None:
        refuse("hero", _("%(hero)s has no Death Curse.") % {"hero": target.hero.name})
    changes = Changes()
    changes.delete(kept)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="curse-removed",
        guild=guild,
        changes=changes,
        message="curse-removed",
        params={
            "hero": names_of(target.hero),
            "guild": names_of(guild.colour),
            "curse": names_of(kept.curse),
        },
    )


@transaction.atomic
def guild_saved_coins_set(*, access: Access, actor: Any, guild: Guild, revision: Any, coins: Any) -> Guild:
    require_guild_editor(access, guild)
    with rule_of("saved_coins"):
        check_saved_coins(coins, max_saved_coins=guild.campaign.edition.max_saved_coins)
    claim_guild_revision(guild, revision)
    changes = Changes()
    changes.update(guild, saved_coins=coins)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="coins-saved",
        guild=guild,
        changes=changes,
        message="coins-saved",
        params={"guild": names_of(guild.colour), "count": coins},
    )
    return guild
