"""The content report's list of missing translations: records shown in English to a Portuguese reader.

Kept apart from `content.py` so the report's other sections can change without touching this one.
"""

from __future__ import annotations

from typing import Any

from campaigns.models import DeathCurse, Edition, Monster, Scenario, Title, UpgradeCard

# The records that carry a Brazilian Portuguese name, and the fields it may be in (as
# `companion.content_names.NAME_FIELDS` reads them): scenarios and titles `name_pt`, then `local_name`;
# cards, curses and monsters the Brazilian box's `local_name`.
TRANSLATED = (
    ("scenario", Scenario, ("name_pt", "local_name")),
    ("title", Title, ("name_pt", "local_name")),
    ("monster", Monster, ("local_name",)),
    ("upgrade card", UpgradeCard, ("local_name",)),
    ("death curse", DeathCurse, ("local_name",)),
)


def translation_gaps(edition: Edition) -> dict[str, list[dict[str, Any]]]:
    """`{"missing_translations": [...]}`: every record of the edition with no Portuguese name (the pages
    and the PDF show its English name instead), as `{"kind", "slug", "name", "missing"}`."""
    missing: list[dict[str, Any]] = []
    for kind, model, fields in TRANSLATED:
        # The edition's records only: a card a campaign typed in is that campaign's alone (G3).
        mine = {"campaign": None} if model is UpgradeCard else {}
        rows = model.objects.filter(edition=edition, **mine).order_by("name").values("slug", "name", *fields)
        missing += [
            {"kind": kind, "slug": row["slug"], "name": f"{kind} {row['name']}", "missing": ["name_pt"]}
            for row in rows
            if not any(row[field] for field in fields)
        ]
    return {"missing_translations": missing}
