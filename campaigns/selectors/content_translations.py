"""The content report's list of missing translations: records shown in English to a Portuguese reader, and
the names a Portuguese reader sees only in the app's own translation.

Kept apart from `content.py` so the report's other sections can change without touching this one.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Model

from campaigns.models import (
    Circle,
    DeathCurse,
    Edition,
    GuildColour,
    Hero,
    Monster,
    Quest,
    Scenario,
    Title,
    UpgradeCard,
)

# The records that carry a Brazilian Portuguese name, and the fields it may be in (as
# `companion.content_names.NAME_FIELDS` reads them): scenarios, titles, circles, quests, heroes and guild
# colours `name_pt`; cards, curses and monsters the Brazilian box's `local_name`. A name the Brazilian edition
# keeps as it is (Benjamin, Justicar, Leah in CB-PT) is entered as it is, so it is not a gap.
TRANSLATED: tuple[tuple[str, type[Model], tuple[str, ...]], ...] = (
    ("circle", Circle, ("name_pt",)),
    ("scenario", Scenario, ("name_pt", "local_name")),
    ("quest", Quest, ("name_pt",)),
    ("title", Title, ("name_pt", "local_name")),
    ("hero", Hero, ("name_pt",)),
    ("guild colour", GuildColour, ("name_pt",)),
    ("monster", Monster, ("local_name",)),
    ("upgrade card", UpgradeCard, ("local_name",)),
    ("death curse", DeathCurse, ("local_name",)),
)
APP_TRANSLATION = "app"  # catalog.NameOrigin.APP


def _records(model: type[Model], edition: Edition, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    # A quest belongs to its scenario's edition; a card a campaign typed in is that campaign's alone (G3).
    where: dict[str, Any] = {"scenario__edition": edition} if model is Quest else {"edition": edition}
    if model is UpgradeCard:
        where["campaign"] = None
    order = ("scenario__book_position", "order") if model is Quest else ("name",)
    values = ("slug", "name", "name_pt_source", *fields)
    return list(model.objects.filter(**where).order_by(*order).values(*values))  # type: ignore[attr-defined]


def translation_gaps(edition: Edition) -> dict[str, list[dict[str, Any]]]:
    """`{"missing_translations": [...]}`: every record of the edition with no Portuguese name (the pages
    and the PDF show its English name instead), as `{"kind", "slug", "name", "missing"}`, then every
    Portuguese name that is only the app's translation, with `"app_translation"` (the name it shows)."""
    missing: list[dict[str, Any]] = []
    translated_by_app: list[dict[str, Any]] = []
    for kind, model, fields in TRANSLATED:
        for row in _records(model, edition, fields):
            shown = next((row[field] for field in fields if row[field]), "")
            name = f"{kind} {row['name']}"
            entry = {"kind": kind, "slug": row["slug"], "name": name, "missing": ["name_pt"]}
            if not shown:
                missing.append(entry)
            elif row["name_pt_source"] == APP_TRANSLATION:
                translated_by_app.append({**entry, "app_translation": shown})
    return {"missing_translations": missing + translated_by_app}
