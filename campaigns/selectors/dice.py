"""Reads of the dice content: each edition's Attack and Defense die faces (the packs' `Die` records), and the
dice a campaign rolls (its edition's, with the faces its table entered from its own box)."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from campaigns.models import Campaign, ContentOverride, Die, Edition, OverrideKind
from campaigns.selectors.overrides import entry_overlay
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
    """How sure the faces are: each die's `slug`, `verified`, `confidence` and `source` (GF:251: two fan dice
    apps, the physical dice not verified), and its names (English, Brazilian and where the Brazilian one comes
    from: a page names a die in its reader's language), read with the faces, in the same kept entry."""
    return _dice_entry(edition, version)["records"]


def rolled_dice(
    edition: Edition | str | None = None, campaign: Campaign | None = None, *, version: str | None = None
) -> dict[str, Any]:
    """The dice a roll uses: {"faces": {slug: faces}, "records": [how sure each die is]}. Opened from a
    campaign (its reader's access already checked) of the edition asked for (or with none asked for), the
    campaign's edition's dice with what its table entered laid over them: the faces it corrected, each such
    die marked as the table's (`entered_fields`, then `verified` once checked against its box). Otherwise
    the edition's own dice, as `edition_dice`."""
    if campaign is None or not _same_edition(campaign, edition):
        entry = _dice_entry(edition, version)
        return {"faces": entry["faces"], "records": entry["records"]}
    entry = _dice_entry(campaign.edition, version)
    own = {o.target: o for o in ContentOverride.objects.filter(campaign=campaign, kind=OverrideKind.DIE)}
    faces = dict(entry["faces"])
    records = []
    for record in entry["records"]:
        overlay = entry_overlay(own.get(str(record.get("slug"))))
        if "faces" in overlay:
            faces[str(record["slug"])] = tuple(overlay["faces"])
        records.append({**record, **overlay})
    return {"faces": faces, "records": records}


def _same_edition(campaign: Campaign, edition: Edition | str | None) -> bool:
    if edition is None:
        return True
    if isinstance(edition, Edition):
        return edition.pk == campaign.edition_id
    return edition == campaign.edition.slug


def _dice_entry(edition: Edition | str | None, version: str | None) -> dict[str, Any]:
    version = version or content_version()
    # Each record names its die (`rolled_dice` lays a campaign's faces over it by slug).
    key = f"dice:{version}:{edition.pk if isinstance(edition, Edition) else (edition or '')}"
    found = cache.get(key) if version is not None else None
    if found is None:
        found = _read_dice(edition)
        if version is not None:
            cache.set(key, found, DICE_TIMEOUT)
    return found


def _read_dice(edition: Edition | str | None) -> dict[str, Any]:
    dice = Die.objects.select_related("edition").order_by("edition__pk", "slug")
    if isinstance(edition, Edition):
        dice = dice.filter(edition=edition)
    elif edition:
        dice = dice.filter(edition__slug=edition)
    rows = list(dice)
    first = [d for d in rows if d.edition_id == rows[0].edition_id] if rows else []
    return {
        "faces": {d.slug: tuple(d.faces) for d in first},
        "records": [
            {
                "slug": d.slug,
                "verified": d.verified,
                "confidence": d.confidence,
                "source": d.source,
                "name": d.name,
                "name_pt": d.name_pt,
                "name_pt_source": d.name_pt_source,
                "name_en_literal": d.name_en_literal,
            }
            for d in first
        ],
    }
