"""Death Curses in the Upgrade Phase (rulebook p.19, p.27).

Each Hero draws one card per Death token plus one per 2 Damnation, keeps the highest value (the first drawn
on a tie) and discards the rest. When the deck runs out, the discard pile is shuffled into a new deck. If the
deck and the discard pile are both empty (every card is held by a Hero) the draw is impossible and raises
``ValueError``: that cannot happen with the 24-card box deck, only with a short or wrong deck.

Unclear points, decided here once:

- U4, two drawn curses of equal (highest) value. Source: RB:1628-1630 "keeps only the highest card"; BR:224
  "must keep the Death Curse card with the highest value among those he receives"; neither says which of two
  equal cards. Decision: the first one drawn is kept (`_CursePiles.deal`); equal values have the same
  strength, and a fixed rule keeps a seeded draw reproducible.
- U5, the deck running out. Source: BR:224 "The Death Curse deck is reshuffled" (at the start of the phase
  only); nothing covers an empty deck mid-phase. Decision: the discard pile is shuffled into a new deck
  (`_CursePiles._draw_one`), and each hero's count is capped so the cards still in the deck or its discards
  (all but those kept) are never exceeded (`draws_within_deck`). With the box's 24 cards this cannot happen.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules_helpers.box import DAMNATION_PER_CURSE_CARD, DEATH_CURSE_DECK
from rules_helpers.counts import check_count, is_whole_number
from rules_helpers.refusals import RuleError


@dataclass(frozen=True)
class Curse:
    code: str
    value: int

    def __post_init__(self) -> None:
        if not is_whole_number(self.value):
            raise RuleError(
                "a Death Curse's value is a whole number of at least 0, not %(value)s", value=repr(self.value)
            )


@dataclass(frozen=True)
class CurseDraw:
    """The cards one Hero drew, in order, and the one kept (None when the Hero drew nothing)."""

    drawn: tuple[Curse, ...]
    kept: Curse | None


@dataclass(frozen=True)
class DeckCheck:
    """How far the Death Curse deck the app draws from matches the box's deck."""

    cards: int
    expected: int
    unknown_copies: tuple[str, ...]

    @property
    def complete(self) -> bool:
        return not self.unknown_copies and self.cards == self.expected

    def note_words(self) -> str:
        """The note's words with %(name)s placeholders (`note_params` fills them), so the app can translate
        them before the values go in."""
        return DECK_NOTE_UNKNOWN if self.unknown_copies else DECK_NOTE

    def note_params(self) -> dict[str, object] | None:
        """The note's values, stored with the draws (None for the full deck)."""
        if self.complete:
            return None
        return {"cards": self.cards, "expected": self.expected, "unknown": ", ".join(self.unknown_copies)}

    def note(self) -> str | None:
        """What the table should know about draws from this deck, in English (None for the full deck)."""
        params = self.note_params()
        return None if params is None else self.note_words() % params


# The incomplete deck's note; the app marks the same words for its catalogue.
DECK_NOTE = (
    "the deck holds %(cards)s of the box's %(expected)s Death Curse cards: these draws are not the real odds."
)
DECK_NOTE_UNKNOWN = (
    "the deck holds %(cards)s of the box's %(expected)s Death Curse cards; copies unknown for %(unknown)s "
    "(counted once): these draws are not the real odds."
)


def curse_deck_check(copies: dict[str, int | None], *, expected: int = DEATH_CURSE_DECK) -> DeckCheck:
    """Compare the content's curse cards (code -> copies, None when unknown) with the box's deck.

    GF:207 "Inferno box: 24 Death Curse cards [RB p5]"; the data policy (GF:8-9) asks that missing data be
    shown, never invented: a card whose copies are unknown is shuffled in once and the deck is marked
    incomplete, and so is a deck whose copies do not add up to the box's count.
    """
    unknown = tuple(sorted(code for code, n in copies.items() if n is None))
    cards = sum(1 if n is None else n for n in copies.values())
    return DeckCheck(cards=cards, expected=expected, unknown_copies=unknown)


def curse_draw_count(
    deaths: int, damnation: int, *, damnation_per_card: int = DAMNATION_PER_CURSE_CARD
) -> int:
    """One card per Death token and one per 2 Damnation (Diana: 2 deaths, 3 Damnation -> 3 cards)."""
    check_count("Death tokens", deaths)
    check_count("Damnation tokens", damnation)
    return deaths + damnation // damnation_per_card


def draws_within_deck(draws: Sequence[tuple[str, int]], deck_size: int) -> list[tuple[str, int]]:
    """Cap each (hero, count) so a short deck never runs dry mid-draw.

    Only kept cards leave the deck (the rest are discarded and reshuffled), so each hero may draw what the
    heroes before it have not kept; once every card is kept, the heroes after that draw nothing. The box's 24
    cards never run short; a content pack that does not give each curse's copies yet can.
    """
    _check_draws(draws)
    check_count("Death Curse cards in the deck", deck_size)
    kept, capped = 0, []
    for hero, count in draws:
        allowed = min(count, max(0, deck_size - kept))
        capped.append((hero, allowed))
        kept += 1 if allowed else 0
    return capped


def draw_curses(
    deck: Sequence[Curse], draws: Sequence[tuple[str, int]], *, rng: random.Random
) -> dict[str, CurseDraw]:
    """Shuffle the deck once, then deal to each (hero, count) in table order."""
    _check_draws(draws)
    pile = _CursePiles(list(deck), rng)
    return {hero: pile.deal(count) for hero, count in draws}


def check_heroes_once(heroes: Sequence[str]) -> None:
    """Each Hero draws once per Upgrade Phase (RB:1628-1630), so a Hero is named once in the draws."""
    if len(set(heroes)) != len(heroes):
        raise RuleError("each Hero draws Death Curses once per Upgrade Phase, but a Hero is listed twice")


def _check_draws(draws: Sequence[tuple[str, int]]) -> None:
    check_heroes_once([hero for hero, _ in draws])
    for hero, count in draws:
        check_count("Death Curse cards for %(hero)s", count, hero=hero)


class _CursePiles:
    """The Death Curse deck and its discard pile during one Upgrade Phase (mutable scratch state)."""

    def __init__(self, deck: list[Curse], rng: random.Random) -> None:
        self.rng = rng
        self.deck = deck
        self.discard: list[Curse] = []
        rng.shuffle(self.deck)

    def deal(self, count: int) -> CurseDraw:
        drawn = tuple(self._draw_one() for _ in range(count))
        if not drawn:
            return CurseDraw((), None)
        kept = max(drawn, key=lambda curse: curse.value)  # max keeps the first of equal values
        rest = list(drawn)
        rest.remove(kept)
        self.discard.extend(rest)
        return CurseDraw(drawn, kept)

    def _draw_one(self) -> Curse:
        if not self.deck:
            if not self.discard:
                raise ValueError(
                    "the Death Curse deck and its discard pile are both empty, so no card can be drawn"
                )
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        return self.deck.pop(0)
