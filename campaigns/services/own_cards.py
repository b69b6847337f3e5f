"""A campaign's own Upgrade cards: the cards its members typed in because the deck lacks them.

Each is a card row of that campaign alone (`UpgradeCard.campaign`), kept as the campaign's upgrade-card
override says: written with the override, gone when an undo, an abandon or a restore takes the override
back. Inventories point at card rows, so a card a guild still holds (or an open upgrade phase still deals)
is not taken back: the undo is refused with 409 until that is undone first.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaigns.errors import ConflictError
from campaigns.models import Campaign, ContentOverride, OverrideKind, UpgradeCard
from campaigns.selectors.overrides import edition_cards, own_card_slug, own_card_suffix, own_cards_in_use

TYPED_SOURCE = "typed in at the table"


def _columns(fields: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": fields["name"],
        "deck": fields["deck"],
        "cost": fields.get("cost"),
        "code": fields.get("code", ""),
        "copies": fields.get("copies"),
        "card_type": fields.get("card_type", ""),
        "effect": fields.get("effect", ""),
        "source": TYPED_SOURCE,
    }


def own_card_keep(campaign: Campaign, target: str, fields: dict[str, Any]) -> UpgradeCard:
    """The campaign's card for a typed-in target, written as its override's fields; found by the campaign
    and the slug together, so another campaign's card is never read nor written (G2)."""
    card, _created = UpgradeCard.objects.update_or_create(
        campaign=campaign,
        slug=own_card_slug(campaign, target),
        defaults={"edition_id": campaign.edition_id, **_columns(fields)},
    )
    return card


def own_cards_sync(campaign: Campaign) -> None:
    """Make the campaign's own cards what its upgrade-card overrides say, after rows were put back (an
    undo, an abandon, a restore): one card per override of a card missing from the deck, none other."""
    overrides = list(ContentOverride.objects.filter(campaign=campaign, kind=OverrideKind.UPGRADE_CARD))
    targets = [o.target for o in overrides]
    in_deck = set(edition_cards(campaign.edition).filter(slug__in=targets).values_list("slug", flat=True))
    wanted = {
        own_card_slug(campaign, o.target): o
        for o in overrides
        if o.target not in in_deck and {"name", "deck"} <= set(o.fields)
    }
    rows = {c.slug: c for c in UpgradeCard.objects.filter(campaign=campaign)}
    for slug, override in wanted.items():
        card = rows.get(slug)
        columns = _columns(override.fields)
        if card is None or any(getattr(card, k) != v for k, v in columns.items()):
            own_card_keep(campaign, override.target, override.fields)
    # Cards kept under another mark (typed in before cards were the campaign's own) have no override.
    mark = own_card_suffix(campaign)
    stale = [c for slug, c in rows.items() if slug not in wanted and slug.endswith(mark)]
    used = own_cards_in_use(campaign, stale)
    if used:
        raise ConflictError(
            _(
                "%(cards)s, typed in by this change, is still held by a guild or dealt in the upgrade "
                "phase; undo that first."
            )
            % {"cards": ", ".join(sorted(c.name for c in used))},
            campaign_id=campaign.pk,
        )
    UpgradeCard.objects.filter(pk__in=[c.pk for c in stale]).delete()
