"""The table-side helpers: a dice roll, a Spawn or a Death Curse draw, each reproducible from its seed.

The rules live in ``rules_helpers``; this module picks the seed, loads the content a draw needs and names the
field a broken rule belongs to, so the API and the pages answer with the same words.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns.errors import rule_of
from campaigns.models import Campaign, DeathCurse, Edition
from campaigns.selectors.confidence import record_confidence, records_confidence
from campaigns.selectors.dice import edition_dice, edition_dice_records, rolled_dice
from campaigns.selectors.phases import edition_curses
from campaigns.selectors.spawn_pairs import played_spawn_pairs
from campaigns.selectors.versions import content_version
from rules_helpers import box, curses, dice, editions, monsters, odds, spawn

# The box has 8 Attack and 6 Defense dice, but cards, Damnation (the Judge) and angels add dice; 20 of each
# covers every pool a table reports while keeping the exact odds instant.
MAX_ATTACK_DICE = 20
MAX_DEFENSE_DICE = 20
MAX_REROLLS = 10
# The same bound as a Monster's Overkill rating entered as campaign content.
MAX_OVERKILL = 99
SEED_MAX = 2**32 - 1
# Seeds we pick are short so a player can read one out across the table; any seed up to SEED_MAX replays.
NEW_SEED_BELOW = 1_000_000
# Up to 4 guilds of 3 heroes draw in one Upgrade Phase.
MAX_HEROES = 12
MAX_DEATHS = 20
MAX_DAMNATION = 40
MAX_FIGURE_NAME = 40
MAX_HERO_NAME = 60
SPAWN_SYMBOLS = tuple(dict.fromkeys(box.ATTACK_FACES))
BOX = "box"


def new_seed() -> int:
    """A seed from the operating system's randomness: no player can work out the next from those they saw."""
    return secrets.randbelow(NEW_SEED_BELOW)


def _seeded(seed: int | None) -> tuple[int, random.Random]:
    seed = new_seed() if seed is None else seed
    return seed, random.Random(seed)


# --- Dice ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiceResult:
    kind: str
    attack: dice.Roll
    defense: dice.Roll
    wounds: int
    seed: int
    odds: dict[int, float]
    # Against a Monster's Overkill rating, whether this single attack skips its Payback (U7); else None.
    overkills: bool | None = None
    # How sure the die faces the odds rest on (and so the odds) are: GF:251, two fan dice apps, unless the
    # campaign's table entered them (selectors/confidence.py).
    faces_confidence: dict[str, Any] = field(default_factory=dict)
    # How sure each die's faces are, for the faces shown on each side.
    attack_confidence: dict[str, Any] = field(default_factory=dict)
    defense_confidence: dict[str, Any] = field(default_factory=dict)


def dice_roll(
    *,
    attack_dice: int,
    kind: str,
    defense_dice: int = 0,
    attack_rerolls: int = 0,
    defense_rerolls: int = 0,
    seed: int | None = None,
    edition: Edition | str | None = None,
    overkill: int | None = None,
    content: str | None = None,
    campaign: Campaign | None = None,
) -> DiceResult:
    """An attack against a defense: the Attack roll first, then the Defense roll, from one seeded stream.

    The faces are the edition's `Die` content (dice as data, U10 in `rules_helpers.dice`); for a campaign
    (opened from it, its reader's access already checked) the faces its table entered from its box, marked
    as theirs. `content` is the content version when the caller read it already."""
    seed, rng = _seeded(seed)
    content = content or content_version()
    rolled = rolled_dice(edition, campaign, version=content)
    with rule_of("kind"):
        attack_faces, defense_faces = dice.faces_from_content(rolled["faces"])
        attack = dice.roll_attack(attack_dice, kind, rng=rng, rerolls=attack_rerolls, faces=attack_faces)
    defense = dice.roll_defense(defense_dice, rng=rng, rerolls=defense_rerolls, faces=defense_faces)
    chances = odds.wound_distribution(
        attack_dice,
        kind,
        defense_dice,
        attack_rerolls=attack_rerolls,
        defense_rerolls=defense_rerolls,
        attack_faces=attack_faces,
        defense_faces=defense_faces,
    )
    wounds = dice.wounds(attack.successes, defense.successes)
    # U7 is decided in rules_helpers.monsters.overkills (RB:938 "equal to or higher"; RB:956 "beat").
    killed = None if overkill is None else monsters.overkills(wounds, overkill)
    by_die = {record.get("slug"): [record] for record in rolled["records"]}
    attack_sure = records_confidence(by_die.get(dice.ATTACK_DIE, []), "faces")
    defense_sure = records_confidence(by_die.get(dice.DEFENSE_DIE, []), "faces")
    # The odds rest on the Attack die's faces, and on the Defense die's only when a Defense die is rolled.
    rested_on = [
        *by_die.get(dice.ATTACK_DIE, []),
        *(by_die.get(dice.DEFENSE_DIE, []) if defense_dice else []),
    ]
    sure = records_confidence(rested_on, "faces")
    return DiceResult(kind, attack, defense, wounds, seed, chances, killed, sure, attack_sure, defense_sure)


# --- Spawn --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SpawnResult:
    outcomes: list[spawn.SpawnOutcome]
    seed: int | None
    odds: list[dict[int | None, float]]
    tokens_after: list[spawn.SpawnToken]
    # The chances rest on the die faces (GF:251).
    faces_confidence: dict[str, Any] = field(default_factory=dict)

    @property
    def chosen(self) -> bool:
        return self.seed is None


def spawn_resolve(
    *,
    figures: Sequence[str],
    tokens: Sequence[spawn.SpawnToken],
    seed: int | None = None,
    choices: Sequence[int | None] | None = None,
) -> SpawnResult:
    """Roll where each figure of the Spawn tile goes or, for the Ticket Scalper, take the holder's choices.

    The odds are always those of a roll, so a Ticket Scalper can weigh choosing against rolling.
    """
    version = content_version()
    with rule_of("tokens"):
        faces = _spawn_faces(version)
        chances = spawn.spawn_distribution(figures, tokens, faces=faces)
    if choices is not None:
        with rule_of("choices"):
            outcomes = spawn.choose_spawn(figures, tokens, choices)
    else:
        seed, rng = _seeded(seed)
        outcomes = spawn.resolve_spawn(figures, tokens, rng=rng, faces=faces)
    sure = records_confidence(edition_dice_records(version=version))
    return SpawnResult(outcomes, seed, chances, spawn.tokens_after(tokens, outcomes), sure)


def _spawn_faces(version: str | None) -> tuple[str, ...]:
    """The Attack die faces a Spawn rolls (the edition's `Die` content, as every spawn reads them)."""
    faces, _ = dice.faces_from_content(edition_dice(version=version))
    return faces


@dataclass(frozen=True)
class SpawnPairs:
    """What each pair a Spawn roll can show does for a campaign, with how sure each part is."""

    rolls: list[spawn.PairRoll]
    # The pairs as the campaign plays them (`played_spawn_pairs`), in the same order as `rolls`.
    records: list[dict[str, Any]]
    # A pair's chance rests on the die faces (GF:251); whether a token shows it on the pair's record.
    chance_confidence: dict[str, Any]
    token_confidence: list[dict[str, Any]]
    # The chance a roll shows a pair no Spawn token shows, resting on the faces and on every pair's record.
    no_token: float
    no_token_confidence: dict[str, Any]


def spawn_pairs(*, campaign: Campaign, tokens: Sequence[spawn.SpawnToken] | None = None) -> SpawnPairs:
    """For a campaign (its reader's access already checked), each pair a Spawn roll can show: its chance and
    what the roll does (RB p24) given the tokens on the board (None: not given), whether a Spawn token shows
    it being what the campaign's table entered where it corrected it (marked as theirs, `table`), else the
    edition's content (FAN-AQH, GF:257)."""
    version = content_version()
    records = played_spawn_pairs(campaign)
    with rule_of("tokens"):
        rolls = spawn.pair_rolls(
            [(record["symbols"], record["has_token"]) for record in records],
            tokens,
            faces=_spawn_faces(version),
        )
    dice_records = edition_dice_records(version=version)
    return SpawnPairs(
        rolls=rolls,
        records=records,
        chance_confidence=records_confidence(dice_records),
        token_confidence=[record_confidence(record, "has_token") for record in records],
        no_token=spawn.chance_of_no_token(rolls),
        no_token_confidence=records_confidence([*dice_records, *records], "has_token"),
    )


# --- Death Curses -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HeroCurseDraw:
    hero: str
    draw_count: int
    drawn: tuple[DeathCurse, ...]
    kept: DeathCurse | None


@dataclass(frozen=True)
class CurseDrawResult:
    edition: Edition
    draws: list[HeroCurseDraw]
    seed: int
    deck_size: int
    deck_note: str | None
    # How sure the deck's copies are (FAN-AQH: the least sure of its cards).
    deck_confidence: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class HeroDeaths:
    hero: str
    deaths: int
    damnation: int


def death_curses_draw(
    *,
    edition: Edition,
    heroes: Sequence[HeroDeaths],
    seed: int | None = None,
    campaign: Campaign | None = None,
) -> CurseDrawResult:
    """Each hero, in table order, draws one card per Death token and per 2 Damnation and keeps the highest.

    For a campaign of that edition (opened from it, its reader's access already checked) the deck is the
    one its Upgrade Phase draws from: the values and copies its table entered (`edition_curses`)."""
    cards = _curse_cards(edition, campaign)
    if not cards:
        message = _("%(edition)s has no Death Curse cards entered yet.") % {"edition": edition.name}
        raise ValidationError({"edition": [message]})
    by_code = {card.code: card for card in cards}
    deck = [curses.Curse(card.code, card.value) for card in cards for _ in range(card.deck_copies)]
    with rule_of("heroes"):
        for h in heroes:
            editions.check_damnation(edition.slug, h.damnation)
    counts = [
        (h.hero, editions.edition_curse_draw_count(edition.slug, h.deaths, h.damnation)) for h in heroes
    ]
    seed, rng = _seeded(seed)
    with rule_of("heroes"):
        drawn = curses.draw_curses(deck, counts, rng=rng)
    draws = [_hero_draw(hero, count, drawn[hero], by_code) for hero, count in counts]
    # The deck's size rests on its cards' copies (a campaign's table may have entered them).
    sure = records_confidence(cards, "copies")
    return CurseDrawResult(edition, draws, seed, len(deck), deck_note(edition, cards), sure)


def _curse_cards(edition: Edition, campaign: Campaign | None) -> list[DeathCurse]:
    """The edition's curse cards by value then code (the order a seed shuffles, so a seed replays), as the
    campaign plays them when it plays this edition."""
    if campaign is None or campaign.edition_id != edition.pk:
        return list(DeathCurse.objects.filter(edition=edition).order_by("value", "code"))
    return sorted(edition_curses(campaign).values(), key=lambda card: (card.value, card.code))


def _hero_draw(
    hero: str, count: int, draw: curses.CurseDraw, by_code: dict[str, DeathCurse]
) -> HeroCurseDraw:
    kept = by_code[draw.kept.code] if draw.kept else None
    return HeroCurseDraw(hero, count, tuple(by_code[c.code] for c in draw.drawn), kept)


def deck_note(edition: Edition, cards: Sequence[DeathCurse]) -> str | None:
    """Say plainly when the deck we shuffle may not be the one in the box."""
    unknown = [card for card in cards if card.copies is None]
    notes = []
    if unknown:
        notes.append(
            ngettext(
                "The number of copies is not known for %(unknown)s of the %(total)s %(edition)s Death Curse "
                "cards, so it is shuffled in once.",
                "The number of copies is not known for %(unknown)s of the %(total)s %(edition)s Death Curse "
                "cards, so each of those is shuffled in once.",
                len(unknown),
            )
            % {"unknown": len(unknown), "total": len(cards), "edition": edition.name}
        )
    if any(not card.verified for card in cards):
        notes.append(_("The deck's composition has not been checked against the box."))
    return " ".join(notes) or None
