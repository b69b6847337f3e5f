"""A campaign's own content: what its members entered or corrected where the edition's content has a gap.

An override belongs to one campaign and is layered over the edition's record it names (`kind` and
`target`, the record's natural key inside the edition) by the selectors; other campaigns never see it.
Its `fields` are checked against `OVERRIDE_FIELDS` (bounded values) by the service that writes it.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from rules_helpers.dice import FACES

from .campaign import Campaign
from .catalog import Monster, MonsterLevelCard
from .catalog_cards import UpgradeCard


class OverrideKind(models.TextChoices):
    MONSTER_LEVEL = "monster-level", _("Monster level card")
    MONSTER = "monster", _("Monster")
    UPGRADE_CARD = "upgrade-card", _("Upgrade card")
    SCENARIO = "scenario", _("Scenario")
    HERO = "hero", _("Hero")
    DEATH_CURSE = "death-curse", _("Death Curse")
    DIE = "die", _("Die")
    SPAWN_PAIR = "spawn-pair", _("Spawn pair")


# (type, bound): "number" with its highest value, "text" with its longest length, "choice" with its values,
# "flag" a yes/no, "faces" a die's faces (a list of one of its values per face, checked whole by
# `rules_helpers.dice.check_die_faces`). Sane caps far above any card of the box, far below the columns'
# range.
def _number(high: int) -> tuple[str, int]:
    return ("number", high)


def _text(longest: int) -> tuple[str, int]:
    return ("text", longest)


OVERRIDE_FIELDS: dict[str, dict[str, tuple[str, object]]] = {
    OverrideKind.MONSTER_LEVEL: {
        "life": _number(99),
        "overkill": _number(99),
        "reward": _number(99),
        "attack_kind": ("choice", tuple(MonsterLevelCard.AttackKind.values)),
        "attack_dice": _number(20),
        "attack_name": _text(80),
        "movement": _number(20),
        "defense": _number(20),
        "ability": _text(500),
    },
    OverrideKind.MONSTER: {
        "tier": ("choice", tuple(Monster.Tier.values)),
        "huge": ("flag", None),
        "figures": _number(20),
    },
    OverrideKind.UPGRADE_CARD: {
        "name": _text(120),
        "code": _text(20),
        "deck": ("choice", tuple(d for d in UpgradeCard.Deck.values if d.startswith("level-"))),
        "cost": _number(20),
        "copies": _number(20),
        "card_type": ("choice", tuple(UpgradeCard.CardType.values)),
        # The dice and icons the card prints: shown with the cost, from the same fan transcription (N1).
        "attack_kind": ("choice", tuple(MonsterLevelCard.AttackKind.values)),
        "dice": _number(20),
        "extra_defense": _number(20),
        "extra_life": _number(20),
        "rerolls": _number(20),
        "effect": _text(500),
    },
    OverrideKind.SCENARIO: {
        "spawn_tokens": _number(20),
        "exploration_tokens": _number(40),
        "brimstone_cards": _number(40),
        "setup_notes": _text(1000),
        # What the scenario page lists, as printed, where the packs have no quest or monster records yet.
        "quests": _text(1000),
        "monsters": _text(500),
    },
    # A hero card's Defense and Life as the table's box prints them (the sheet shows them).
    OverrideKind.HERO: {
        "defense": _number(20),
        "life": _number(20),
    },
    # A Death Curse card's value and its copies in the deck the Upgrade Phase draws from (FAN-AQH, GF:207).
    OverrideKind.DEATH_CURSE: {
        "value": _number(20),
        "copies": _number(20),
    },
    # A die's faces and how many of it the box holds, as the table's box has them: the dice helper opened
    # from the campaign rolls these faces and works its odds out from them (FAN-D, GF:251, N9).
    OverrideKind.DIE: {
        "faces": ("faces", FACES),
        "in_box": _number(20),
    },
    # Whether a Spawn token of the table's box shows this pair of Attack die faces (FAN-AQH gives five of the
    # six pairs, GF:257 finds none printed): the spawn helper opened from the campaign reads what a roll
    # showing it does, and its chance of finding a token, from this.
    OverrideKind.SPAWN_PAIR: {
        "has_token": ("flag", None),
    },
}
TARGET_LENGTH = 170
# A campaign keeps at most this many entries: as many as a content pack holds and a backup restores.
MAX_CONTENT_OVERRIDES = 2000


class ContentOverride(models.Model):
    uid = models.UUIDField(default=uuid.uuid4, editable=False, help_text="Stable across export and import.")
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="content_overrides")
    kind = models.CharField(max_length=16, choices=OverrideKind.choices)
    # The record's natural key inside the campaign's edition: "cerberus/2-3", "grimbolt", "the-prisoner".
    target = models.CharField(max_length=TARGET_LENGTH)
    fields = models.JSONField(default=dict)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField()
    verified_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    verified_at = models.DateField(null=True, blank=True, help_text="Checked against the box that day.")

    class Meta:
        ordering = ["kind", "target"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "kind", "target"], name="content_override_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.target}"
