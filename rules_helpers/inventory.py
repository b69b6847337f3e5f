"""A Guild's inventory: Upgrade cards in its Heroes' slots and the Death Curse each Hero keeps.

Inferno rulebook p.8 "Starting Equipment" (RB:364-373), p.19 "Reorganize Items" (RB:711-713); base rules
"Death Curses" and "Upgrades" (BR:224-233). Each Hero has 4 slots and a Guild keeps at most 12 Upgrade cards;
a Hero keeps one Death Curse, which either sits on a slot (a card may wait under it, unusable) or lies beside
the Hero card; curses never move between Heroes. Slots are numbered from 1. Heroes and cards are whatever the
caller names them by (slugs, ids or rows): these functions only compare and return them.
"""

from collections.abc import Collection, Iterable, Sequence
from typing import TypeVar

from rules_helpers.box import GUILD_CARD_LIMIT, SLOTS_PER_HERO
from rules_helpers.counts import check_count, is_whole_number
from rules_helpers.refusals import RuleError

Hero = TypeVar("Hero")
Card = TypeVar("Card")


def check_slot(slot: int, *, slots: int = SLOTS_PER_HERO) -> int:
    """A slot of a Hero's inventory: 1 to ``slots``."""
    if not is_whole_number(slot, low=1, high=slots):
        raise RuleError("A hero has inventory slots 1 to %(slots)s.", slots=slots)
    return slot


def free_slot(taken: Collection[int], *, slots: int = SLOTS_PER_HERO) -> int | None:
    """The lowest of a Hero's slots that holds no card, or None when all are taken."""
    return next((slot for slot in range(1, slots + 1) if slot not in taken), None)


def check_guild_card_limit(held: int, adding: int = 1, *, limit: int = GUILD_CARD_LIMIT) -> None:
    """A Guild holding ``held`` Upgrade cards may take ``adding`` more without passing its limit."""
    check_count("Upgrade cards the guild holds", held)
    check_count("Upgrade cards added", adding)
    if held + adding > limit:
        raise RuleError("A guild holds at most %(limit)s upgrade cards; discard one first.", limit=limit)


def check_card_gained(held: int, *, reward: bool, limit: int = GUILD_CARD_LIMIT) -> None:
    """A Guild holding ``held`` Upgrade cards takes one more.

    A Reward card always joins (N4): BR:203 "The card is immediately placed in the inventory of any of that
    Guild's Heroes … (the player can discard one of his Upgrade cards to make room for his new Reward card if
    necessary)": the room it needs is a free slot, and the 12-card limit is settled in the Upgrade Phase,
    BR:233 "If a Guild has more than 12 Upgrade cards, it will have to discard any excess cards"
    (``check_redistributed``). Any other card entered is refused past the limit (``check_guild_card_limit``).
    """
    if not reward:
        check_guild_card_limit(held, 1, limit=limit)


def check_movable(item: str) -> None:
    """Only Upgrade cards move between Heroes; Death Curses "cannot be moved around" (RB:712-713)."""
    if item == "curse":
        raise RuleError("Death Curses cannot be moved between heroes.")
    if item != "card":
        raise RuleError("Only upgrade cards can be moved.")


def check_one_curse(keeps_one: bool, *, hero: str = "This hero") -> None:
    """A Hero keeps one Death Curse at a time: the highest it drew (RB:1630)."""
    if keeps_one:
        raise RuleError("%(hero)s already keeps a Death Curse; a hero keeps only one.", hero=hero)


def curse_slot(
    takes_slot: bool,
    slot: int | None,
    *,
    taken: Collection[int],
    slots: int = SLOTS_PER_HERO,
    curse: str = "This Death Curse",
) -> int | None:
    """Where a kept curse lies: None (beside the Hero card) unless it takes a slot; then the slot named, or
    the first free one, or the last slot when all hold cards (the card there waits under it, BR:225-226).
    ``taken`` are the slots holding the Hero's cards; ``curse`` names the curse in the messages."""
    if not takes_slot:
        if slot is not None:
            raise RuleError("%(curse)s does not take an inventory slot.", curse=curse)
        return None
    if slot is None:
        return free_slot(taken, slots=slots) or slots
    return check_slot(slot, slots=slots)


def check_redistributed(
    card_slots: Iterable[int], *, slots: int = SLOTS_PER_HERO, limit: int = GUILD_CARD_LIMIT
) -> None:
    """After the Upgrade Phase every card sits in a slot, and the Guild keeps at most 12 (BR:233).

    ``card_slots`` holds the slot of each of the Guild's cards; a bought card that found no free slot waits
    past the last one (see ``bought_card_places``) until the Guild moves or discards a card.
    """
    card_slots = list(card_slots)
    if any(slot > slots for slot in card_slots):
        raise RuleError(
            "Every card must sit in one of a hero's %(slots)s slots; move or discard the extra ones.",
            slots=slots,
        )
    if len(card_slots) > limit:
        raise RuleError(
            "A guild keeps at most %(limit)s upgrade cards; discard down to %(limit)s.", limit=limit
        )


def bought_card_places(
    heroes: Sequence[tuple[Hero, Collection[int]]],
    count: int = 1,
    *,
    slots: int = SLOTS_PER_HERO,
    covered: Sequence[int | None] = (),
) -> list[tuple[Hero, int]]:
    """Where each of ``count`` bought cards goes: the first free slot of the first Hero that has one, in the
    order given (the app lists fielded Heroes first); with none free, past the last slot of the first Hero,
    where it waits until the Guild redistributes. ``heroes`` pairs each Hero with its taken slots.

    ``covered`` names, Hero by Hero, the slot its Death Curse covers (None: none). A card kept under such a
    curse cannot be used until the curse is gone (BR:225-226), so a bought card never goes there: the
    covered slot counts as taken."""
    check_count("cards bought", count)
    if not heroes:
        raise ValueError("a Guild with no Heroes has nowhere to put a bought card")
    taken = [set(slots_taken) for _, slots_taken in heroes]
    for index, slot in enumerate(covered[: len(taken)]):
        if slot is not None:
            taken[index].add(slot)
    places = []
    for _ in range(count):
        index, slot = _first_free(taken, slots)
        places.append((heroes[index][0], slot))
        taken[index].add(slot)
    return places


def starter_deal(cards: Sequence[Card], heroes: Sequence[Hero]) -> list[tuple[Card, Hero, int]]:
    """Deal the starter deck one card per Hero in turn, so each Hero starts with something to attack with:
    (card, hero, slot) for each card. The rulebook lets a player place the cards any way (RB:369-370); this is
    the app's starting arrangement, which the Guild may change."""
    if not heroes:
        raise ValueError("the starter deck is dealt among a Guild's Heroes, and this Guild has none")
    return [(card, heroes[i % len(heroes)], i // len(heroes) + 1) for i, card in enumerate(cards)]


def _first_free(taken: list[set[int]], slots: int) -> tuple[int, int]:
    for index, hero_slots in enumerate(taken):
        slot = free_slot(hero_slots, slots=slots)
        if slot is not None:
            return index, slot
    return 0, max(taken[0], default=slots) + 1
