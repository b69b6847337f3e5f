"""Reads of the dice content: each edition's Attack and Defense die faces (the packs' `Die` records)."""

from __future__ import annotations

from campaigns.models import Die, Edition


def edition_dice(edition: Edition | str | None = None) -> dict[str, list[str]]:
    """{die slug: faces} of one edition (by record or slug); with none given, the first edition with dice."""
    dice = Die.objects.select_related("edition").order_by("edition__pk", "slug")
    if isinstance(edition, Edition):
        dice = dice.filter(edition=edition)
    elif edition:
        dice = dice.filter(edition__slug=edition)
    rows = list(dice)
    if not rows:
        return {}
    first = rows[0].edition_id
    return {d.slug: list(d.faces) for d in rows if d.edition_id == first}
