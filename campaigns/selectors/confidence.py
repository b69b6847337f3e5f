"""How sure a number a player sees is: one classification, said alike on every page, the API and the PDF.

GF:8-9: where a fact is UNCERTAIN or NOT FOUND the app ships it as editable content "and says so to the
user". The content records carry `verified`, `confidence` and `source`; a campaign's own entry (an override)
is the table's. This module turns those into one of a few kinds, each with its mark and its explanation:

- box: checked against the box or a rulebook (`verified`);
- fan: from a fan transcription, not checked (Upgrade card costs, FAN-L, GF:289, N1; die faces, FAN-D,
  GF:251, N9; Death Curse copies, FAN-AQH; base level-1 cards, FAN-R, N6);
- inferred: worked out, printed nowhere (the level 4-5 and 6 brackets, GF:231);
- table: entered by this table for its campaign (a `ContentOverride`);
- doubtful: a fan transcription its own source doubts (`confidence=low`, Profane Shield);
- zero: a cost the fan transcription gives as 0 ("Cost 0 in source … check", N1).

No query here: callers pass what they read.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# The templates' way to the same classification: ``{% load confidence %}``, then
# ``{% confidence_note card|confidence:"cost" %}`` (settings name this module's library).
register = template.Library()

BOX = "box"
FAN = "fan"
INFERRED = "inferred"
TABLE = "table"
DOUBTFUL = "doubtful"
ZERO = "zero"
KINDS = (BOX, FAN, INFERRED, TABLE, DOUBTFUL, ZERO)

# The mark beside the number (one character, so a line on a 360 px phone does not wrap for it) and its
# name, which a screen reader reads and the PDF's legend prints. The footnote marks of the PDF are the same.
MARKS: dict[str, str] = {BOX: "✓", FAN: "*", INFERRED: "~", TABLE: "✎", DOUBTFUL: "!", ZERO: "?"}
LABELS: dict[str, Promise] = {
    BOX: _("checked against the box"),
    FAN: _("fan transcription"),
    INFERRED: _("inferred"),
    TABLE: _("entered by this table"),
    DOUBTFUL: _("doubtful"),
    ZERO: _("0 in the source"),
}
NOTES: dict[str, Promise] = {
    BOX: _("Checked against the box or a rulebook."),
    FAN: _("From a fan transcription, not checked against the box."),
    INFERRED: _("Inferred: no rulebook or card we have prints it."),
    TABLE: _("Entered by this table for this campaign."),
    DOUBTFUL: _("From a fan transcription that its own source doubts: check your card."),
    ZERO: _("0 in the fan transcription — check your card."),
}
# The order of the PDF's legend and the docs: the surest first.
LEGEND_ORDER = (BOX, TABLE, FAN, DOUBTFUL, ZERO, INFERRED)


def confidence_kind(
    *, verified: bool, confidence: str = "", source: str = "", entered: bool = False, zero: bool = False
) -> str:
    """The kind of a number: the table's own entry first, then a checked record, then how the source
    stands. `zero`: a cost that reads 0 in an unchecked source (N1)."""
    if entered:
        return TABLE
    if verified:
        return BOX
    if confidence == "low":
        return DOUBTFUL
    if zero:
        return ZERO
    if "inferred" in (source or "").lower():
        return INFERRED
    return FAN


def confidence_info(kind: str, source: str = "") -> dict[str, Any]:
    """What the mark says: its kind, character, name and explanation, and the source it rests on."""
    return {
        "kind": kind,
        "mark": MARKS[kind],
        "label": LABELS[kind],
        "note": NOTES[kind],
        "source": "" if kind == TABLE else (source or ""),
    }


def _get(record: Any, name: str) -> Any:
    return record.get(name) if isinstance(record, dict) else getattr(record, name, None)


@register.filter(name="confidence")
def record_confidence(record: Any, field: str = "", *, entered: Iterable[str] = ()) -> dict[str, Any]:
    """How sure one field of a content record (or a row carrying its `verified`, `confidence`, `source`)
    is, as the campaign sees it: `entered` (or the record's `entered_fields`, set where a campaign's
    override is laid over it) names the fields its table entered. A cost of 0 from an unchecked source
    says so (N1)."""
    source = _get(record, "source") or ""
    kind = confidence_kind(
        verified=bool(_get(record, "verified")),
        confidence=_get(record, "confidence") or "",
        source=source,
        entered=bool(field) and field in set(entered or _get(record, "entered_fields") or ()),
        zero=field == "cost" and _get(record, field) == 0,
    )
    return confidence_info(kind, source)


def confidence_of(record: Any, field: str = "") -> dict[str, str]:
    """The kind and source alone (plain strings, for data kept in the sheet's cache and sent as JSON); the
    templates turn them into the mark with `confidence_mark`."""
    info = record_confidence(record, field)
    return {"kind": info["kind"], "source": info["source"]}


@register.filter(name="confidence_mark")
def confidence_mark(sure: dict[str, str] | None, brief: str = "") -> dict[str, Any]:
    """The mark for `confidence_of`'s kind and source; `brief`: without the source (the sheet a phone polls
    stays small; its Content page and the API name the source)."""
    sure = sure or {}
    kind = sure.get("kind") if sure.get("kind") in KINDS else FAN
    return confidence_info(kind, "" if brief else sure.get("source", ""))


def entry_confidence(record: Any, entry: Any = None) -> dict[str, str]:
    """How sure the numbers shown together from a record are (a hero's Defense and Life under one mark), as a
    campaign sees them: the table's where its entry (a `ContentOverride`) gives any of them, its box once the
    table checked them, else the record's own (`confidence_of`)."""
    if entry is None:
        return confidence_of(record)
    checked = entry.verified_at is not None
    return {"kind": confidence_kind(verified=checked, entered=not checked), "source": record.source or ""}


def records_confidence(records: Iterable[Any], field: str = "") -> dict[str, Any]:
    """How sure a number computed from several records is (odds from two dice, a deck's size from its
    cards' copies): the least sure of them; `field` names the one each record gives, so a value a campaign's
    table entered counts as theirs (below a checked record, above a transcription)."""
    rows = list(records)
    kinds = [record_confidence(r, field)["kind"] for r in rows]
    kind = next((k for k in (DOUBTFUL, FAN, INFERRED, TABLE) if k in kinds), BOX if kinds else FAN)
    sources = " ; ".join(dict.fromkeys(_get(r, "source") for r in rows if _get(r, "source")))
    return confidence_info(kind, sources)


@register.filter(name="bracket_confidence")
def bracket_confidence(label_source: str) -> dict[str, Any]:
    """The level card a scenario uses: "1" and "2-3" are the rulebook's (RB p11, p22); 4-5 and 6 are
    inferred from four cards over six scenarios (GF:231)."""
    inferred = "inferred" in (label_source or "").lower()
    return confidence_info(INFERRED if inferred else BOX, label_source)


def confidence_legend(kinds: Iterable[str]) -> list[dict[str, Any]]:
    """The key to the marks a page (the PDF) printed, surest first: each mark and what it means."""
    used = set(kinds)
    return [confidence_info(kind) for kind in LEGEND_ORDER if kind in used]


def api_confidence(info: dict[str, Any]) -> dict[str, str]:
    """The mark as the API gives it: kind, source and explanation (no display character)."""
    return {"kind": info["kind"], "source": info["source"], "note": str(info["note"])}


@register.simple_tag(name="confidence_note")
def confidence_note(c: dict[str, Any] | None) -> SafeString:
    """The mark beside a number, its name read aloud and its explanation on tap (`confidence_info`'s
    dict). A tag, not an included template: a sheet or a roll shows dozens of them."""
    if not c:
        return SafeString("")
    source = ""
    if c.get("source"):
        source = format_html(' {} <span lang="en">{}</span>', gettext("Source:"), c["source"])
    return format_html(
        '<details class="conf conf-{}"><summary aria-label="{}">{}</summary>'
        '<span class="conf-note">{}{}</span></details>',
        c["kind"],
        gettext("How sure: %(label)s") % {"label": c["label"]},
        c["mark"],
        c["note"],
        source,
    )
