"""Reads of the dice content: each edition's Attack and Defense die faces (the packs' `Die` records)."""

from __future__ import annotations

from django.core.cache import cache

from campaigns.models import Die, Edition
from campaigns.selectors.versions import content_version

DICE_TIMEOUT = 24 * 60 * 60


def edition_dice(
    edition: Edition | str | None = None, *, version: str | None = None
) -> dict[str, tuple[str, ...]]:
    """{die slug: faces} of one edition (by record or slug); with none given, the first edition with dice.

    Kept in the cache under the content version, which names the faces (a new version is a new key); without
    a version (the cache down) read each time. `version`: the content version, when the caller read it."""
    return _dice_entry(edition, version)["faces"]


def edition_dice_records(
    edition: Edition | str | None = None, *, version: str | None = None
) -> list[dict[str, object]]:
    """How sure the faces are: each die's `verified`, `confidence` and `source` (GF:251: two fan dice apps,
    the physical dice not verified), read with the faces, in the same kept entry."""
    return _dice_entry(edition, version)["records"]


def _dice_entry(edition: Edition | str | None, version: str | None) -> dict[str, object]:
    version = version or content_version()
    key = f"dice-faces:{version}:{edition.pk if isinstance(edition, Edition) else (edition or '')}"
    found = cache.get(key) if version is not None else None
    if found is None:
        found = _read_dice(edition)
        if version is not None:
            cache.set(key, found, DICE_TIMEOUT)
    return found


def _read_dice(edition: Edition | str | None) -> dict[str, object]:
    dice = Die.objects.select_related("edition").order_by("edition__pk", "slug")
    if isinstance(edition, Edition):
        dice = dice.filter(edition=edition)
    elif edition:
        dice = dice.filter(edition__slug=edition)
    rows = list(dice)
    first = [d for d in rows if d.edition_id == rows[0].edition_id] if rows else []
    return {
        "faces": {d.slug: tuple(d.faces) for d in first},
        "records": [{"verified": d.verified, "confidence": d.confidence, "source": d.source} for d in first],
    }
