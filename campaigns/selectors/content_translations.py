"""The content report's list of missing translations: records shown in English to a Portuguese reader, the
names a Portuguese reader sees only in the app's own translation, and the monster level cards' attack names
one language's source gives and the other's does not (no source gives the base level-1 names in English: an
English reader sees the Brazilian one, marked; no Brazilian source gives the names entered from an English
card: a Portuguese reader sees the English one).

Kept apart from `content.py` so the report's other sections can change without touching this one.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Model
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from campaigns.models import (
    Circle,
    DeathCurse,
    Die,
    Edition,
    GuildColour,
    Hero,
    Monster,
    MonsterLevelCard,
    Quest,
    Scenario,
    Title,
    UpgradeCard,
)
from campaigns.selectors.content_reasons import explained

# The records that carry a Brazilian Portuguese name, and the fields it may be in (as
# `companion.content_names.NAME_FIELDS` reads them): scenarios, titles, circles, quests, heroes, guild
# colours and dice `name_pt`; cards, curses and monsters the Brazilian box's `local_name`. A name the
# Brazilian edition keeps as it is (Benjamin, Justicar, Leah in CB-PT) is entered as it is, so it is not a
# gap.
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
    ("die", Die, ("name_pt",)),
)
APP_TRANSLATION = "app"  # catalog.NameOrigin.APP
LEVEL_CARD = "monster level card"
# Each kind as a reader names one record of it (the list says "Circle · First Circle", never the kind's
# slug), in the reader's language.
KIND_LABELS: dict[str, Promise] = {
    "circle": _("Circle"),
    "scenario": _("Scenario"),
    "quest": _("PvE quest"),
    "title": _("Title"),
    "hero": _("Hero"),
    "guild colour": _("Guild colour"),
    "monster": _("Monster"),
    "upgrade card": _("Upgrade card"),
    "death curse": _("Death Curse"),
    "die": _("Die"),
    LEVEL_CARD: _("Monster level card"),
}


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
    and the PDF show its English name instead), as `{"kind", "kind_label", "slug", "name", "missing"}`
    (`kind_label`: the kind in the active language, `name`: the record's English name), then every
    Portuguese name that is only the app's translation, with `"app_translation"` (the name it shows), then
    every attack name no source gives in English (`english_gaps`) and every one no source gives in
    Portuguese (`portuguese_gaps`)."""
    missing: list[dict[str, Any]] = []
    translated_by_app: list[dict[str, Any]] = []
    for kind, model, fields in TRANSLATED:
        for row in _records(model, edition, fields):
            shown = next((row[field] for field in fields if row[field]), "")
            entry = {**_entry(kind, row["slug"], row["name"]), "missing": ["name_pt"]}
            if not shown:
                missing.append(entry)
            elif row["name_pt_source"] == APP_TRANSLATION:
                translated_by_app.append({**entry, "app_translation": shown})
    attack_names = english_gaps(edition) + portuguese_gaps(edition)
    return {"missing_translations": missing + translated_by_app + attack_names}


def english_gaps(edition: Edition) -> list[dict[str, Any]]:
    """The attack names only the Brazilian cards give (the base level-1 cards, FAN-R's transcription: no
    English source names them, docs/content.md): each level card with `brazilian_name`, the name an English
    reader sees meanwhile (marked as the Brazilian one), and why it is listed."""
    return _attack_name_gaps(edition, "attack_name", "no-english-name", {}, "brazilian_name")


def portuguese_gaps(edition: Edition) -> list[dict[str, Any]]:
    """The attack names only an English source gives (a level card entered from the English card, or a
    group's pack the site admin promoted): no Brazilian source names them (the Inferno level cards carry no
    Brazilian name, docs/content.md), so a Portuguese reader sees the English one. Each level card with
    `english_name`, the name shown meanwhile, why it is listed and the Brazilian card that would fill it."""
    return _attack_name_gaps(
        edition, "attack_name_pt", "no-portuguese-name", {"fill": "pt-monster-cards"}, "english_name"
    )


def _attack_name_gaps(
    edition: Edition, missing: str, reason: str, fill: dict[str, str], shown_as: str
) -> list[dict[str, Any]]:
    # The level cards whose attack name one language lacks and the other gives.
    present = "attack_name_pt" if missing == "attack_name" else "attack_name"
    cards = (
        MonsterLevelCard.objects.filter(monster__edition=edition, **{missing: ""})
        .exclude(**{present: ""})
        .select_related("monster")
        .order_by("monster__name", "order")
    )
    return [
        explained(
            card,
            edition.slug,
            reasons=[reason],
            **fill,
            **_entry(LEVEL_CARD, f"{card.monster.slug}/{card.label}", str(card)),
            missing=[missing],
            **{shown_as: getattr(card, present)},
        )
        for card in cards
    ]


def _entry(kind: str, slug: str, name: str) -> dict[str, Any]:
    return {"kind": kind, "kind_label": str(KIND_LABELS[kind]), "slug": slug, "name": name}
