"""Reads of the Spawn pairs: the pairs of Attack die faces a Spawn roll can show and whether a Spawn token
shows each, as the edition's content gives them (FAN-AQH's resolver, confidence medium; GF:257: the rules we
have print no token's pair) or as a campaign's table corrected them from its own tokens."""

from __future__ import annotations

from typing import Any

from campaigns.models import Campaign, ContentOverride, OverrideKind, SpawnPair
from campaigns.selectors.overrides import entry_overlay
from rules_helpers.box import ATTACK_FACES

# The pairs in the order the Attack die's faces are listed (melee, ranged, crit): Melee + Melee first,
# Crit + Crit last, as the spawn helper's token selects offer the faces.
FACE_ORDER = tuple(dict.fromkeys(ATTACK_FACES))


def _order(symbols: tuple[str, str]) -> tuple[int, ...]:
    return tuple(FACE_ORDER.index(face) if face in FACE_ORDER else len(FACE_ORDER) for face in symbols)


def played_spawn_pairs(campaign: Campaign) -> list[dict[str, Any]]:
    """The Spawn pairs of the campaign's edition as its table plays them: each pair's `slug`, `symbols`,
    `has_token` (None: not known) and how sure it is (`verified`, `confidence`, `source`), with what the
    table entered laid over it (`entry_overlay`: its `has_token`, marked as theirs in `entered_fields` until
    they check it against their box, then `verified`). Another campaign's entries are never read."""
    own = {
        entry.target: entry
        for entry in ContentOverride.objects.filter(campaign=campaign, kind=OverrideKind.SPAWN_PAIR)
    }
    pairs = SpawnPair.objects.filter(edition_id=campaign.edition_id)
    rows = [
        {
            "slug": pair.slug,
            "symbols": pair.symbols,
            "has_token": pair.has_token,
            "verified": pair.verified,
            "confidence": pair.confidence,
            "source": pair.source,
            **entry_overlay(own.get(pair.slug)),
        }
        for pair in pairs
    ]
    return sorted(rows, key=lambda row: _order(row["symbols"]))
