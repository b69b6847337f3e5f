"""Why each gap of the content report is there, and which source would fill it.

The report's words live here, once: the command, the API and the page all render these. A gap names its
reasons (ids of `WHY`, with the text in the active language) and the source that would settle it (`FILL`).
The rules that pick a reason read only what the records already say (their `source`, `notes`, the setup
notes), so correcting a record's data corrects the report.
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
    ExplorationTokenKind,
    GuildColour,
    Hero,
    Monster,
    MonsterLevelCard,
    Quest,
    Scenario,
    SpawnPair,
    Title,
    UpgradeCard,
)

WHY: dict[str, Promise] = {
    "no-source": _("not in any source we have"),
    "fan": _("fan transcription, not checked against the box"),
    "cb-pt": _("from the Brazilian Campaign Book; no English source confirms it"),
    "rulebook": _("from the rulebook, not yet marked as checked"),
    "inferred": _("inferred (%(source)s)"),
    "literal-name": _("English name is a literal translation of the Brazilian name; no English source"),
    "pt-name": _("no English source gives its name: the name shown is the Brazilian one"),
    # A name only the Brazilian card gives (the base level-1 attack names, FAN-R): a translation gap the other
    # way round, listed with the missing translations.
    "no-english-name": _("no English name in any source"),
    # A name only the English card gives (an Inferno attack name entered from the card): the other way round.
    "no-portuguese-name": _("no Brazilian Portuguese name in any source"),
    "placeholder-name": _("placeholder name: no source we have gives the real one"),
    "code-conflict": _("code differs between sources"),
    "partial-tier": _("the source says Minion or Villain, not whether minor or major"),
    "sources-disagree": _("the fan sources disagree"),
    "no-code": _("no source we have gives the code printed on the card"),
    "ability-name-only": _("the source gives the ability's name, not its text"),
    "awarded-unknown": _("no source we have says whether every guild or only the first gets it"),
    "up-to-four": _(
        "BR:64: each monster type has up to four level cards; no source says whether this one exists"
    ),
    "fan-scenario": _("its book position, difficulty and Reward come from a fan list (FAN-N)"),
    "name-differs": _('BR:255 calls the final scenario "The Temple of Light"'),
    "quests-unlisted": _("no source we have names its PvE quests and Reward cards"),
}

FILL: dict[str, Promise] = {
    "box-cards": _("the box's cards"),
    "monster-cards": _("the box's monster cards"),
    "pt-monster-cards": _("the Brazilian edition's monster cards"),
    "hero-cards": _("the box's hero cards"),
    "box-dice": _("the box's dice"),
    "box-tokens": _("the box's tokens"),
    "en-campaign-book": _("the English Campaign Book"),
    "base-campaign-book": _("the base Campaign Book (image PDF, not read)"),
    "en-rulebook": _("the English rulebook"),
}

# The report's kinds of record (model names), as a reader says them.
KIND_LABELS: dict[str, Promise] = {
    "edition": _("edition"),
    "circle": _("circles"),
    "monster": _("monsters"),
    "monsterlevelcard": _("monster level cards"),
    "hero": _("heroes and angels"),
    "guildcolour": _("guild colours"),
    "upgradecard": _("Upgrade cards"),
    "deathcurse": _("Death Curses"),
    "scenario": _("scenarios"),
    "title": _("titles"),
    "quest": _("PvE quests"),
    "scenariomonster": _("scenario monster lists"),
    "die": _("dice"),
    "spawnpair": _("Spawn rolls"),
    "explorationtokenkind": _("Exploration tokens"),
}

# The edition's Campaign Book as far as we have it (the base book's pages are image PDFs nobody has read).
CAMPAIGN_BOOKS = {"arcadia-quest": "base-campaign-book"}
# A reason a record's own data cannot show: its id is (edition, model name, slug).
RECORD_REASONS: dict[tuple[str, str, str], tuple[str, ...]] = {
    ("arcadia-quest", "scenario", "district-of-hammers"): ("fan-scenario",),
    ("arcadia-quest", "scenario", "the-temple-of-dawning-twilight"): ("fan-scenario", "name-differs"),
}
# Where the truth of each kind of record is printed.
FILL_BY_MODEL: dict[type[Model], str] = {
    Edition: "en-rulebook",
    Circle: "en-rulebook",
    GuildColour: "en-rulebook",
    Monster: "monster-cards",
    MonsterLevelCard: "monster-cards",
    Hero: "hero-cards",
    UpgradeCard: "box-cards",
    DeathCurse: "box-cards",
    Die: "box-dice",
    SpawnPair: "box-tokens",
    ExplorationTokenKind: "box-tokens",
}
# Marks a record's own notes carry, and the reason each means.
NOTE_MARKS: tuple[tuple[type[Model], str, str, str], ...] = (
    (DeathCurse, "printed Inferno code is unverified", "code", "code-conflict"),
    (DeathCurse, "No source gives an EN name", "name", "literal-name"),
    (Monster, "No EN source found", "name", "pt-name"),
    (Monster, "No source gives an English name", "name", "pt-name"),
)

# BR:64: "up to four" level cards per monster type; the source of a level card the content does not hold.
LEVEL_CARD_SOURCE = "BR:64 (up to four level cards per monster type)"


def why_text(reason: str, **values: Any) -> str:
    text = str(WHY[reason])
    return text % values if values else text


def fill_for(model: type[Model], edition_slug: str) -> str:
    """The source that would settle a record of this kind: a box component or the Campaign Book."""
    return FILL_BY_MODEL.get(model) or CAMPAIGN_BOOKS.get(edition_slug, "en-campaign-book")


def source_reason(record: Any) -> tuple[str, dict[str, str]]:
    """Why an unverified record is unconfirmed, from the source it names."""
    source = record.source or ""
    if "inferred" in source.lower():
        return "inferred", {"source": source}
    if "FAN" in source or "@" in source:
        return "fan", {}
    if "CB-PT" in source:
        return "cb-pt", {}
    if source.startswith(("RB", "BR")):
        return "rulebook", {}
    return "no-source", {}


def explained(
    record: Any, edition_slug: str, *, reasons: list[str], fill: str | None = None, **item: Any
) -> dict[str, Any]:
    """A report item with its reasons (ids), their words joined, and the source that would fill it."""
    values: dict[str, str] = {}
    if not reasons:
        reason, values = source_reason(record)
        reasons = [reason]
    model = type(record)
    key = (edition_slug, model._meta.model_name, getattr(record, "slug", ""))
    reasons = list(dict.fromkeys([*reasons, *RECORD_REASONS.get(key, ())]))
    return {
        **item,
        "verified": bool(getattr(record, "verified", False)),
        "reasons": reasons,
        "why": "; ".join(why_text(r, **(values if r == "inferred" else {})) for r in reasons),
        "fill_from": str(FILL[fill or fill_for(model, edition_slug)]),
    }


def marked(record: Any) -> list[tuple[str, str]]:
    """(field, reason) pairs the record's notes mark as unconfirmed."""
    notes = getattr(record, "notes", "") or ""
    return [
        (field, reason)
        for model, mark, field, reason in NOTE_MARKS
        if isinstance(record, model) and mark in notes
    ]


def name_reason(record: Title | Quest | Scenario) -> str | None:
    """Why a title's, quest's or scenario's English name is unconfirmed, or None when a source gives it."""
    if isinstance(record, Scenario):
        return "literal-name" if "EN name UNCERTAIN" in record.setup_notes else None
    return "literal-name" if "CB-PT" in record.source else "placeholder-name"
