"""Reads of the dice content: each edition's Attack and Defense die faces (the packs' `Die` records)."""

from __future__ import annotations

from campaigns.models import Die, Edition
from campaigns.selectors.versions import content_version

# {(content version, edition asked for): {die slug: faces}}, kept in the process. Every roll reads the faces,
# and they change only with the content version, which names the key: a new version is a new key, so no
# stale faces are ever answered. Bounded by starting again when full (versions change rarely).
_KEPT: dict[tuple[str, object], dict[str, tuple[str, ...]]] = {}
_KEPT_MOST = 64


def edition_dice(
    edition: Edition | str | None = None, *, version: str | None = None
) -> dict[str, tuple[str, ...]]:
    """{die slug: faces} of one edition (by record or slug); with none given, the first edition with dice.

    Read once per content version and process; without a version (the cache down) read each time.
    `version`: the content version, when the caller read it already."""
    version = version or content_version()
    key = (version or "", edition.pk if isinstance(edition, Edition) else (edition or ""))
    if version is not None and (kept := _KEPT.get(key)) is not None:
        return kept
    found = _read_dice(edition)
    if version is not None:
        if len(_KEPT) >= _KEPT_MOST:
            _KEPT.clear()
        _KEPT[key] = found
    return found


def _read_dice(edition: Edition | str | None) -> dict[str, tuple[str, ...]]:
    dice = Die.objects.select_related("edition").order_by("edition__pk", "slug")
    if isinstance(edition, Edition):
        dice = dice.filter(edition=edition)
    elif edition:
        dice = dice.filter(edition__slug=edition)
    rows = list(dice)
    if not rows:
        return {}
    first = rows[0].edition_id
    return {d.slug: tuple(d.faces) for d in rows if d.edition_id == first}
