"""The card and monster list a player searches at the table: upgrade cards, Death Curses and monsters with
their effect (the paraphrase in the content data), filtered by a few words, per edition."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, Q

from campaigns.models import DeathCurse, Edition, Monster, MonsterLevelCard, UpgradeCard
from campaigns.selectors.confidence import record_confidence

KINDS = ("cards", "curses", "monsters")
MAX_QUERY = 60


def _words(query: str) -> list[str]:
    return [w for w in query[:MAX_QUERY].split() if w][:6]


def _matching(fields: tuple[str, ...], words: list[str]) -> Q:
    """Every word found in one of the fields (name, Brazilian name, code, effect…), case-insensitive."""
    match = Q()
    for word in words:
        match &= _any(fields, word)
    return match


def _any(fields: tuple[str, ...], word: str) -> Q:
    found = Q()
    for field in fields:
        found |= Q(**{f"{field}__icontains": word})
    return found


def content_search(*, edition: Edition, query: str = "", kind: str = "") -> dict[str, list[dict[str, Any]]]:
    """The edition's upgrade cards, Death Curses and monsters (or one `kind` of them) whose name, code or
    effect holds every word of `query`; all of them for an empty query."""
    words = _words(query)
    kinds = [kind] if kind in KINDS else list(KINDS)
    found: dict[str, list[dict[str, Any]]] = {k: [] for k in KINDS}
    if "cards" in kinds:
        found["cards"] = [_card(c) for c in _cards(edition, words)]
    if "curses" in kinds:
        curses = DeathCurse.objects.filter(edition=edition).filter(
            _matching(("name", "local_name", "code", "effect"), words)
        )
        found["curses"] = [_curse(c) for c in curses.order_by("value", "code")]
    if "monsters" in kinds:
        found["monsters"] = [_monster(m) for m in _monsters(edition, words)]
    return found


def _cards(edition: Edition, words: list[str]) -> Any:
    fields = ("name", "local_name", "code", "effect", "card_type", "group")
    # The edition's cards only: a card a campaign typed in is that campaign's alone (G3).
    cards = UpgradeCard.objects.filter(edition=edition, campaign=None).filter(_matching(fields, words))
    return cards.order_by("deck", "name")


def _card(card: UpgradeCard) -> dict[str, Any]:
    return {
        "slug": card.slug,
        "name": card.name,
        "local_name": card.local_name,
        "name_pt_source": card.name_pt_source,
        "name_en_literal": card.name_en_literal,
        "code": card.code,
        "deck": card.get_deck_display(),
        "cost": card.cost,
        "card_type": card.get_card_type_display() if card.card_type else "",
        "attack_kind": card.attack_kind,
        "dice": card.dice,
        "extra_defense": card.extra_defense,
        "extra_life": card.extra_life,
        "rerolls": card.rerolls,
        "effect": card.effect,
        # How sure the cost and the rest of the card's numbers are (N1: a fan transcription, some at 0).
        "cost_sure": record_confidence(card, "cost"),
        "sure": record_confidence(card),
    }


def _curse(curse: DeathCurse) -> dict[str, Any]:
    return {
        "name": curse.name,
        "local_name": curse.local_name,
        "name_pt_source": curse.name_pt_source,
        "name_en_literal": curse.name_en_literal,
        "code": curse.code,
        "value": curse.value,
        "takes_slot": curse.takes_slot,
        "effect": curse.effect,
        "sure": record_confidence(curse, "value"),
    }


def _monsters(edition: Edition, words: list[str]) -> Any:
    fields = (
        "name",
        "local_name",
        "level_cards__ability",
        "level_cards__attack_name",
        "level_cards__attack_name_pt",
    )
    matching = Monster.objects.filter(edition=edition).filter(_matching(fields, words)).distinct()
    cards = Prefetch("level_cards", queryset=MonsterLevelCard.objects.order_by("order"))
    return matching.prefetch_related(cards).order_by("name")


def _monster(monster: Monster) -> dict[str, Any]:
    return {
        "slug": monster.slug,
        "name": monster.name,
        "local_name": monster.local_name,
        "name_pt_source": monster.name_pt_source,
        "name_en_literal": monster.name_en_literal,
        "tier": monster.get_tier_display() if monster.tier else "",
        "levels": [
            {
                "label": c.label,
                "ability": c.ability,
                "attack_name": c.attack_name,
                "attack_name_pt": c.attack_name_pt,
            }
            for c in monster.level_cards.all()
        ],
    }
