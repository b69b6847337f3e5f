"""The names a player reads for the content's fields and choices ("Attack kind", "Melee"), never the fields'
own ("attack_kind", "melee"): the content page's form, its list of gaps and entries, and "What is still
missing" show these (ux-walkthrough-2 V17). The API and the packs keep the fields' names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from campaigns.models import Monster, MonsterLevelCard, UpgradeCard

FIELD_LABELS: dict[str, Promise] = {
    "life": _("Life"),
    "overkill": _("Overkill"),
    "reward": _("Reward (coins)"),
    "attack_kind": _("Attack kind"),
    "attack_dice": _("Attack dice"),
    "attack_name": _("Attack name"),
    "movement": _("Movement"),
    "defense": _("Defense"),
    "ability": _("Ability"),
    "tier": _("Tier"),
    "huge": _("Huge"),
    "figures": _("Figures"),
    "name": _("Name"),
    "code": _("Code"),
    "deck": _("Deck"),
    "cost": _("Cost"),
    "copies": _("Copies"),
    "value": _("Value"),
    "card_type": _("Card type"),
    "dice": _("Dice"),
    "extra_defense": _("Extra Defense"),
    "extra_life": _("Extra Life"),
    "rerolls": _("Rerolls"),
    "effect": _("Effect (in your own words)"),
    "spawn_tokens": _("Spawn tokens"),
    "exploration_tokens": _("Exploration tokens"),
    "brimstone_cards": _("Brimstone cards"),
    "setup_notes": _("Setup notes"),
    "quests": _("Quests and what they give"),
    "monsters": _("Monsters and figures"),
    # A die's, which a table enters from its box too.
    "faces": _("Faces"),
    "in_box": _("How many in the box"),
    # Named by the content report only (what no source gives yet); a table does not enter them.
    "takes_slot": _("Takes a slot"),
    "awarded_to": _("Awarded to"),
    "count": _("How many"),
    "has_token": _("On a Spawn token"),
    "name_pt": _("Brazilian Portuguese name"),
    "attack_name_pt": _("Brazilian Portuguese attack name"),
    "reward cards": _("Reward cards"),
}

# A die's faces (`rules_helpers.dice.FACES`) as the dice helper names them.
FACE_LABELS: dict[str, Promise | str] = {
    "melee": _("Melee"),
    "ranged": _("Ranged"),
    "shield": _("Shield"),
    "crit": _("Crit"),
    "blank": _("Blank"),
}

# The values of a choice as the models name them, in the reader's language.
CHOICE_LABELS: dict[str, dict[str, Promise | str]] = {
    "attack_kind": dict(MonsterLevelCard.AttackKind.choices),
    "tier": dict(Monster.Tier.choices),
    "deck": dict(UpgradeCard.Deck.choices),
    "card_type": dict(UpgradeCard.CardType.choices),
    "faces": FACE_LABELS,
}

# The content report's lists of records, each with the fields it misses or no source confirms.
ROW_KEYS = ("missing", "unconfirmed")


def field_label(name: str) -> str:
    """A field's name as a player reads it; a field this table does not know is still said in words."""
    label = FIELD_LABELS.get(name)
    return str(label) if label is not None else capfirst(name.replace("_", " "))


def field_labels(names: Iterable[str]) -> list[str]:
    return [field_label(name) for name in names]


def choice_label(field: str, value: str) -> str:
    """A choice's value as the model labels it ("melee" -> "Melee"), the value itself when it has none."""
    return str(CHOICE_LABELS.get(field, {}).get(value, value))


def choices_of(field: str, values: Iterable[str]) -> list[tuple[str, str]]:
    """(value, label) pairs for a form's choice field."""
    return [(value, choice_label(field, value)) for value in values]


def rows_as_read(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The report's (or a campaign's gaps') rows with the fields they name in words."""
    return [
        {**row, **{key: field_labels(row[key]) for key in ROW_KEYS if isinstance(row.get(key), list)}}
        for row in rows
    ]


def report_as_read(report: Mapping[str, Any]) -> dict[str, Any]:
    """An edition's content report (`selectors.content.content_report`) as the page shows it: every list of
    records with its fields in words, and the decks without a card by their names ("Level 1")."""
    shown: dict[str, Any] = {}
    for key, value in report.items():
        if isinstance(value, list) and value and all(isinstance(row, Mapping) for row in value):
            shown[key] = rows_as_read(value)
        else:
            shown[key] = value
    decks = report.get("upgrade_decks_without_cards")
    if decks:
        shown["upgrade_decks_without_cards"] = [choice_label("deck", deck) for deck in decks]
    return shown
