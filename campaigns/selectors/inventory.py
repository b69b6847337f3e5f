"""Reads of a guild's inventory: the slots its heroes' cards take, shaped as the inventory rules read them."""

from __future__ import annotations

from campaigns.models import Guild, GuildHero, HeroCurse, InventoryCard
from rules_helpers import inventory as rules


def slots_taken(hero: GuildHero) -> set[int]:
    """The slots holding the hero's cards (a bought card waiting past the last slot included)."""
    return set(InventoryCard.objects.filter(hero=hero).values_list("slot", flat=True))


def free_slot(hero: GuildHero) -> int | None:
    """The hero's lowest empty slot, or None when every slot holds a card."""
    return rules.free_slot(slots_taken(hero), slots=hero.guild.campaign.edition.slots_per_hero)


def guild_card_slots(guild: Guild) -> list[int]:
    """The slot of each card the guild holds, one entry per card."""
    return list(InventoryCard.objects.filter(guild=guild).values_list("slot", flat=True))


def curse_covered_slots(heroes: list[GuildHero]) -> list[int | None]:
    """The slot each hero's Death Curse covers (None: no curse, or one kept beside the Hero card)."""
    covered = dict(
        HeroCurse.objects.filter(hero__in=heroes, slot__isnull=False).values_list("hero_id", "slot")
    )
    return [covered.get(hero.pk) for hero in heroes]


def reward_card_heroes(guild: Guild, count: int) -> list[str | None]:
    """The hero (slug) each of ``count`` Reward cards won goes to in the live results draft (N4): a fielded
    hero with a free slot, one free slot per card (BR:203 "placed in the inventory of any of that Guild's
    Heroes"; a slot under a Death Curse is not free, `rules_helpers.inventory.bought_card_places`); with
    none free, the first fielded hero, and recording asks the table to make room."""
    heroes = list(
        GuildHero.objects.filter(guild=guild, fielded=True, retired=False)
        .select_related("hero")
        .order_by("position")
    )
    if not heroes:
        return [None] * count
    places = rules.bought_card_places(
        [(hero, slots_taken(hero)) for hero in heroes],
        count,
        slots=guild.campaign.edition.slots_per_hero,
        covered=curse_covered_slots(heroes),
    )
    return [hero.hero.slug for hero, _ in places]


def heroes_for_bought_cards(guild: Guild) -> list[tuple[GuildHero, set[int]]]:
    """The guild's heroes in the order a bought card looks for a free slot (fielded first), each with the
    slots its cards take."""
    heroes = GuildHero.objects.filter(guild=guild, retired=False).order_by("-fielded", "position")
    return [(hero, slots_taken(hero)) for hero in heroes]
