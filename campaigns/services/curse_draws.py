"""The Death Curse draws of an Upgrade Phase (RB:1628-1630; BR:224): old curses back, draw, keep the highest.

The deck is the edition's curse cards with their copies (24 in the box, GF:207); where the content does not
give the full deck the draws say so (`deck_note`) and the kept curse is marked `from_incomplete_deck`.
"""

from __future__ import annotations

import random
from typing import Any

from campaigns.history_text import names_of, part, render_english
from campaigns.models import Campaign, DeathCurse, HeroCurse, HeroResult, ScenarioPlay
from campaigns.selectors.inventory import slots_taken
from campaigns.selectors.phases import edition_curses
from campaigns.services.history import Changes
from rules_helpers import inventory as rules_inventory
from rules_helpers.box import DAMNATION_PER_CURSE_CARD
from rules_helpers.curses import Curse, DeckCheck, curse_deck_check, draw_curses, draws_within_deck
from rules_helpers.editions import edition_curse_draw_count


def _curse_deck(curses: dict[str, DeathCurse]) -> tuple[list[Curse], DeckCheck]:
    """The curse deck with its copies, as the campaign plays them (`edition_curses`: its table's box
    where it corrected them), and how it compares with the box's full deck (W12)."""
    cards = sorted(curses.values(), key=lambda c: c.code)
    check = curse_deck_check({c.code: c.copies for c in cards})
    return [Curse(c.code, c.value) for c in cards for _ in range(c.deck_copies)], check


def draw_phase_curses(
    changes: Changes, campaign: Campaign, play: ScenarioPlay, rng: random.Random
) -> list[dict]:
    """Old curses go back to the deck; each hero draws its edition's count and keeps the highest."""
    for old in HeroCurse.objects.filter(guild__campaign=campaign):
        changes.delete(old)
    lines = list(
        HeroResult.objects.filter(result__play=play)
        .select_related("hero__hero", "result__guild__colour")
        .order_by("result__guild__seat", "hero__position")
    )
    edition = campaign.edition.slug
    # A hero swapped out for an angel during this scenario draws for the Death tokens it took before the swap
    # (RB:695-696, BR:224; the swap removed only the curse it held, rules_helpers.roster.swap_clears_curse).
    table = [
        (str(line.hero.uid), edition_curse_draw_count(edition, line.deaths, line.damnation)) for line in lines
    ]
    # Read once: the deck and the kept cards carry the values this campaign plays.
    by_code = edition_curses(campaign)
    deck, check = _curse_deck(by_code)
    # The note's values are stored beside its English so a reader gets it in their own language.
    note = (check.note(), check.note_params())
    drawable = draws_within_deck(table, len(deck))
    drawing = deck and any(count for _, count in drawable)
    outcome = draw_curses(deck, drawable, rng=rng) if drawing else {}
    return [
        _keep(
            changes, line, outcome.get(str(line.hero.uid)), by_code, count, short=allowed < count, note=note
        )
        for line, (_, count), (_, allowed) in zip(lines, table, drawable, strict=True)
    ]


def _keep(
    changes: Changes,
    line: HeroResult,
    draw: Any,
    by_code: dict[str, DeathCurse],
    count: int,
    short: bool,
    note: tuple[str | None, dict[str, object] | None],
) -> dict:
    hero = line.hero
    kept = by_code[draw.kept.code] if draw is not None and draw.kept is not None else None
    if kept is not None:
        # A drawn curse goes where the rules put it: the first free slot, or the last (covering a card).
        slot = rules_inventory.curse_slot(
            kept.takes_slot, None, taken=slots_taken(hero), slots=hero.guild.campaign.edition.slots_per_hero
        )
        changes.create(
            HeroCurse,
            guild=hero.guild,
            hero=hero,
            curse=kept,
            slot=slot,
            from_incomplete_deck=note[0] is not None,
        )
    drawn = [c.code for c in draw.drawn] if draw is not None else []
    why = [_why(kept, drawn, count)]
    if short:
        why.append(part("curse-deck-ran-out"))
    return {
        "guild": line.result.guild.colour.slug,
        "hero": hero.hero.slug,
        "deaths": line.deaths,
        "damnation": line.damnation,
        "draw_count": count,
        "drawn": drawn,
        "kept": kept.code if kept else None,
        "deck_note": note[0] if count else None,
        "deck_note_params": note[1] if count else None,
        # The explanation as message ids and values, said in the reader's language when read; `why` keeps
        # the English (what a phase drawn before the ids shows).
        "why": " ".join(render_english(p["msg"], p["params"]) for p in why),
        "why_parts": why,
    }


def _why(kept: DeathCurse | None, drawn: list[str], count: int) -> dict[str, Any]:
    if count == 0:
        return part("curse-none-drawn", damnation=DAMNATION_PER_CURSE_CARD)
    if kept is None:
        return part("curse-deck-empty")
    if len(drawn) == 1:
        return part("curse-drew-one", curse=names_of(kept), value=kept.value)
    return part("curse-keeps-highest", curse=names_of(kept), value=kept.value)
