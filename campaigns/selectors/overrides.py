"""A campaign's own content (its overrides) and the edition's content as that campaign sees it.

Every read of content inside a campaign goes through here: the edition's record with the campaign's
override laid over it. Another campaign's overrides are never read.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
import uuid
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.errors import refuse, rule_of
from campaigns.models import (
    OVERRIDE_FIELDS,
    Campaign,
    ContentOverride,
    DeathCurse,
    Die,
    Edition,
    Hero,
    InventoryCard,
    Monster,
    MonsterLevelCard,
    OverrideKind,
    Scenario,
    SpawnPair,
    UpgradeCard,
    UpgradeGuild,
    UpgradePhase,
)
from campaigns.selectors.confidence import record_confidence
from campaigns.selectors.pack_schema import check_pack_records
from rules_helpers.box import LEVEL_BRACKETS
from rules_helpers.counts import is_whole_number
from rules_helpers.dice import check_die_faces
from rules_helpers.monsters import level_bracket

PACK_FORMAT = "inferno-companion-content"
PACK_VERSION = 1
MAX_PACK_RECORDS = 2000
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,79}$")
# A card missing from the deck is kept under its target and the campaign's mark (`own_card_slug`), within
# the slug's 80 characters; a longer target would share its kept slug with another one. Single dashes only,
# as a name becomes a slug: a target never looks like a kept card's slug ("…--" and the mark).
NEW_CARD_TARGET = 60
NEW_CARD_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
LEVEL_STATS = tuple(OVERRIDE_FIELDS[OverrideKind.MONSTER_LEVEL])
# Fields an Upgrade card typed in at the table needs before it can be dealt or bought.
NEW_CARD_FIELDS = ("name", "deck", "cost")


# --- Checking what a member enters -------------------------------------------------------------------


def clean_override_fields(kind: str, fields: Any, *, path: str = "") -> dict[str, Any]:
    """The fields of an override, each checked against its kind's bounds; a bad one is a 400 beside it."""
    spec = OVERRIDE_FIELDS.get(kind)
    if spec is None:
        refuse(
            f"{path}kind",
            _("Not a kind of content: choose one of %(kinds)s.") % {"kinds": ", ".join(OverrideKind.values)},
        )
    if not isinstance(fields, dict):
        refuse(f"{path}fields", _("Give the fields as an object of names and values."))
    clean: dict[str, Any] = {}
    for name, value in fields.items():
        rule = spec.get(name)
        if rule is None:
            refuse(
                f"{path}fields",
                _("%(name)s is not a field of this content; use %(fields)s.")
                % {"name": repr(name), "fields": ", ".join(spec)},
            )
        clean[name] = _clean_value(f"{path}{name}", rule, value)
    return clean


def _clean_value(field: str, rule: tuple[str, Any], value: Any) -> Any:
    kind, bound = rule
    if kind == "number" and not is_whole_number(value, high=bound):
        refuse(field, _("A whole number from 0 to %(high)s.") % {"high": bound})
    if kind == "flag" and not isinstance(value, bool):
        refuse(field, _("Yes or no (true or false)."))
    if kind == "choice" and value not in bound:
        refuse(field, _("One of %(choices)s.") % {"choices": ", ".join(bound)})
    if kind == "faces":
        # A die's faces are checked whole (how many, which), by the rule that rolls them.
        with rule_of(field):
            return list(check_die_faces(value))
    if kind == "text":
        if not isinstance(value, str) or "\x00" in value or len(value.strip()) > bound:
            refuse(field, _("Text of at most %(length)s characters.") % {"length": bound})
        return value.strip()
    return value


# The records an override names by their slug alone, and how a target that is none of them is refused.
RECORDS_BY_SLUG: dict[str, tuple[Any, Any]] = {
    OverrideKind.MONSTER: (Monster, gettext_lazy("%(target)s is not a monster of %(edition)s.")),
    OverrideKind.SCENARIO: (Scenario, gettext_lazy("%(target)s is not a scenario of %(edition)s.")),
    OverrideKind.HERO: (Hero, gettext_lazy("%(target)s is not a hero of %(edition)s.")),
    OverrideKind.DEATH_CURSE: (DeathCurse, gettext_lazy("%(target)s is not a Death Curse of %(edition)s.")),
    OverrideKind.DIE: (Die, gettext_lazy("%(target)s is not a die of %(edition)s.")),
    OverrideKind.SPAWN_PAIR: (SpawnPair, gettext_lazy("%(target)s is not a Spawn pair of %(edition)s.")),
}


def check_target(
    edition: Edition, kind: str, target: Any, fields: dict[str, Any], *, path: str = "", kept: bool = False
) -> None:
    """The record an override names must be one of the edition's (or, for a card, a new card in full).
    `kept`: an override a backup holds, checked as it was entered (a name the deck has taken since stays)."""
    if not isinstance(target, str) or not target or len(target) > 170:
        refuse(f"{path}target", _("Name the record (for example cerberus/2-3 or grimbolt)."))
    if kind == OverrideKind.MONSTER_LEVEL:
        monster, _sep, label = target.partition("/")
        labels = list(edition.level_labels) or list(LEVEL_BRACKETS)
        if label not in labels or not Monster.objects.filter(edition=edition, slug=monster).exists():
            refuse(
                f"{path}target",
                _("%(target)s is not a monster's level card (%(labels)s).")
                % {"target": repr(target), "labels": "/".join(labels)},
            )
    elif kind in RECORDS_BY_SLUG:
        model, not_one = RECORDS_BY_SLUG[kind]
        if not model.objects.filter(edition=edition, slug=target).exists():
            refuse(f"{path}target", not_one % {"target": repr(target), "edition": edition.name})
    elif not edition_cards(edition).filter(slug=target).exists():
        _check_new_card(edition, target, fields, path=path, kept=kept)


def _check_new_card(edition: Edition, target: str, fields: dict[str, Any], *, path: str, kept: bool) -> None:
    """A card missing from the deck: a slug of its own, a name no other card has, a deck and a cost."""
    if not (SLUG.match(target) if kept else NEW_CARD_SLUG.match(target) and len(target) <= NEW_CARD_TARGET):
        refuse(
            f"{path}target",
            _("A new card's name in lower case letters, digits and dashes, at most %(length)s of them.")
            % {"length": NEW_CARD_TARGET},
        )
    for name in NEW_CARD_FIELDS:
        if fields.get(name) in (None, ""):
            refuse(f"{path}{name}", _("A card missing from the deck needs its %(field)s.") % {"field": name})
    if kept:
        return
    clash = card_named(edition, fields["name"])
    if clash is not None:
        refuse(
            f"{path}name",
            _(
                "%(card)s is already a card of the %(deck)s deck; choose it instead of typing it, or give "
                "this card another name."
            )
            % {"card": repr(clash.name), "deck": clash.get_deck_display()},
        )


def card_named(edition: Edition, name: str) -> UpgradeCard | None:
    """The edition's card a typed name means (same name, or the same once written as a slug)."""
    slug = slugify(name)
    cards = edition_cards(edition)
    return cards.filter(name__iexact=name.strip()).first() or cards.filter(slug=slug).first()


# --- Reading content as the campaign sees it ----------------------------------------------------------


def edition_cards(edition: Edition) -> QuerySet[UpgradeCard]:
    """The edition's Upgrade cards, without the cards campaigns typed in for themselves."""
    return UpgradeCard.objects.filter(edition=edition, campaign=None)


def own_card_slug(campaign: Campaign, target: str) -> str:
    """The slug of a campaign's typed card: its target and the campaign's mark, which no card of the
    edition has. It is unique within the campaign only; every read and write of it names the campaign
    too (G2), so another campaign with the same mark never reaches it."""
    return f"{target[:NEW_CARD_TARGET]}{own_card_suffix(campaign)}"


def own_card_suffix(campaign: Campaign) -> str:
    return f"--{uuid.UUID(str(campaign.uid)).hex[:12]}"


def typed_card_target(name: str) -> str:
    """The target a card typed in by name is kept under: the name as a slug. A name without letters or
    digits (or too long to keep whole) ends in a digest of the name itself, so two different names never
    share a target and overwrite each other (G12)."""
    slug = slugify(name)
    digest = hashlib.sha256(name.strip().casefold().encode()).hexdigest()[:10]
    if not slug:
        return f"card-{digest}"
    if len(slug) > NEW_CARD_TARGET:
        return f"{slug[: NEW_CARD_TARGET - 11].rstrip('-')}-{digest}"
    return slug


def campaign_card_by_key(campaign: Campaign, key: Any) -> UpgradeCard | None:
    """The card a stored natural key ([edition, slug]) means inside this campaign: the edition's card, or
    this campaign's own; never another campaign's."""
    if not isinstance(key, list | tuple) or len(key) != 2 or not all(isinstance(v, str) for v in key):
        return None
    edition, slug = key
    if edition != campaign.edition.slug:
        return None
    cards = UpgradeCard.objects.filter(edition_id=campaign.edition_id, slug=slug)
    return cards.filter(campaign=None).first() or cards.filter(campaign=campaign).first()


def own_cards_in_use(campaign: Campaign, cards: list[UpgradeCard]) -> list[UpgradeCard]:
    """Which of the campaign's own cards a guild holds, or an open upgrade phase deals, drafted or bought."""
    if not cards:
        return []
    held = set(
        InventoryCard.objects.filter(guild__campaign=campaign, card__in=cards).values_list(
            "card_id", flat=True
        )
    )
    open_phases = UpgradePhase.objects.filter(campaign=campaign, status=UpgradePhase.Status.OPEN)
    listed = set()
    for part in UpgradeGuild.objects.filter(phase__in=open_phases).values("drafted", "bought"):
        listed |= {str(s) for s in [*(part["drafted"] or []), *(part["bought"] or [])]}
    drafts = json.dumps(list(open_phases.values_list("draft", flat=True)))
    return [c for c in cards if c.pk in held or c.slug in listed or json.dumps(c.slug) in drafts]


def overrides_of(campaign: Campaign) -> dict[tuple[str, str], ContentOverride]:
    rows = ContentOverride.objects.filter(campaign=campaign).select_related("entered_by", "verified_by")
    return {(o.kind, o.target): o for o in rows}


def entry_overlay(entry: ContentOverride | None) -> dict[str, Any]:
    """What a campaign's entry lays over the record it corrects (a hero, a Death Curse), never saved: the
    values its table entered, marked as theirs (`entered_fields`, "entered by this table") until the table
    checks them against its box, then the box's (`verified`). Plain values, so a kept page can hold them."""
    if entry is None:
        return {}
    checked = entry.verified_at is not None
    overlay = {**entry.fields, "entered_fields": () if checked else tuple(entry.fields)}
    return {**overlay, "verified": True} if checked else overlay


def _layered(card: UpgradeCard, override: ContentOverride | None) -> UpgradeCard:
    if override is not None:
        for name, value in override.fields.items():
            if name != "deck":
                setattr(card, name, value)
        # What the table entered is shown as theirs ("entered by this table", selectors/confidence.py);
        # a card the table checked against its box is the box's.
        card.entered_fields = tuple(override.fields)
        card.verified = card.verified or bool(override.verified_at)
    return card


def campaign_cards(campaign: Campaign) -> list[UpgradeCard]:
    """Every Upgrade card the campaign plays with: the edition's, with its corrections, and its own (kept
    as its overrides say by `services.own_cards`)."""
    overrides = overrides_of(campaign)
    own = {own_card_slug(campaign, t): o for (k, t), o in overrides.items() if k == OverrideKind.UPGRADE_CARD}
    cards = UpgradeCard.objects.filter(edition_id=campaign.edition_id).filter(
        Q(campaign=None) | Q(campaign=campaign)
    )
    edition_override = overrides.get
    return [
        _layered(
            c, own.get(c.slug) if c.campaign_id else edition_override((OverrideKind.UPGRADE_CARD, c.slug))
        )
        for c in cards.order_by("deck", "name")
    ]


def campaign_cards_by_slug(campaign: Campaign, slugs: set[str] | list[str]) -> dict[str, UpgradeCard]:
    wanted = set(slugs)
    return {c.slug: c for c in campaign_cards(campaign) if c.slug in wanted}


def campaign_level_deck(campaign: Campaign, level: int) -> list[str]:
    """The level deck the campaign deals from, each card as many times as its copies."""
    deck = f"level-{level}"
    return [c.slug for c in campaign_cards(campaign) if c.deck == deck for _ in range(c.copies or 1)]


def level_card_for(campaign: Campaign, monster: Monster, scenario_number: int) -> dict[str, Any]:
    """A monster's level card for the campaign's Nth scenario, with what the campaign entered over it."""
    labels = tuple(monster.edition.level_labels) or LEVEL_BRACKETS
    return level_card_at(campaign, monster, level_bracket(scenario_number, labels=labels))


def level_card_at(campaign: Campaign, monster: Monster, label: str) -> dict[str, Any]:
    """A monster's level card of that label (a scenario being played knows its own), with what the campaign
    entered over it."""
    card = next((c for c in monster.level_cards.all() if c.label == label), None)
    override = campaign_override(campaign, OverrideKind.MONSTER_LEVEL, f"{monster.slug}/{label}")
    return level_stats(monster, label, card, override)


def level_stats(
    monster: Monster, label: str, card: MonsterLevelCard | None, override: ContentOverride | None
) -> dict[str, Any]:
    stats = {name: getattr(card, name) if card else None for name in LEVEL_STATS}
    stats.update(override.fields if override else {})
    return {
        "monster": monster.slug,
        "name": monster.name,
        "label": label,
        "target": f"{monster.slug}/{label}",
        "stats": stats,
        "missing": [n for n in MonsterLevelCard.COMPLETENESS_FIELDS if stats.get(n) in (None, "")],
        "entered": sorted(override.fields) if override else [],
        "verified": bool(override and override.verified_at) or bool(card and card.verified),
        # No card for this level in the content and none entered: BR:64 gives a monster "up to four" level
        # cards, so whether the box has this one is not known; its stats are not "missing" from a card.
        "absent": card is None and override is None,
    }


def campaign_level_cards(campaign: Campaign, scenario_number: int) -> list[dict[str, Any]]:
    """Every monster's level card for the campaign's Nth scenario, as the campaign sees it."""
    overrides = overrides_of(campaign)
    labels = tuple(campaign.edition.level_labels) or LEVEL_BRACKETS
    label = level_bracket(scenario_number, labels=labels)
    monsters = Monster.objects.filter(edition_id=campaign.edition_id).prefetch_related("level_cards")
    rows = []
    for monster in monsters.order_by("name"):
        card = next((c for c in monster.level_cards.all() if c.label == label), None)
        override = overrides.get((OverrideKind.MONSTER_LEVEL, f"{monster.slug}/{label}"))
        rows.append({**level_stats(monster, label, card, override), "tier": monster.get_tier_display()})
    return rows


def override_rows(campaign: Campaign) -> list[dict[str, Any]]:
    """The campaign's overrides as the API and the content page list them."""
    return [
        {
            "kind": o.kind,
            "target": o.target,
            "fields": o.fields,
            "entered_by": o.entered_by.get_username() if o.entered_by_id else None,
            "entered_at": o.entered_at,
            "verified_by": o.verified_by.get_username() if o.verified_by_id else None,
            "verified_at": o.verified_at,
        }
        for o in overrides_of(campaign).values()
    ]


def overrides_pack(campaign: Campaign) -> dict[str, Any]:
    """The campaign's overrides as a content pack another group imports (no ids, no people's names)."""
    records = [
        {
            "kind": o.kind,
            "target": o.target,
            "fields": dict(sorted(o.fields.items())),
            "verified_on": o.verified_at.isoformat() if o.verified_at else None,
        }
        for o in sorted(overrides_of(campaign).values(), key=lambda o: (o.kind, o.target))
    ]
    return {
        "format": PACK_FORMAT,
        "version": PACK_VERSION,
        "edition": campaign.edition.slug,
        "records": records,
    }


def _edition_record(campaign: Campaign, kind: str, target: str) -> Any:
    if kind == OverrideKind.MONSTER_LEVEL:
        monster, _, label = target.partition("/")
        cards = MonsterLevelCard.objects.select_related("monster")
        return cards.filter(
            monster__edition_id=campaign.edition_id, monster__slug=monster, label=label
        ).first()
    if kind in RECORDS_BY_SLUG:
        return RECORDS_BY_SLUG[kind][0].objects.filter(edition_id=campaign.edition_id, slug=target).first()
    return edition_cards(campaign.edition).filter(slug=target).first()


def record_values(campaign: Campaign, kind: str, target: str) -> dict[str, Any]:
    """A record as the campaign sees it, for the form that corrects it: its name, each field's value
    (the campaign's entry over the edition's) and the entry itself (None: nothing entered yet)."""
    override = overrides_of(campaign).get((kind, target))
    record = _edition_record(campaign, kind, target) if kind in OverrideKind.values else None
    fields = OVERRIDE_FIELDS.get(kind, {})
    values = {name: getattr(record, name) for name in fields if record is not None and hasattr(record, name)}
    values.update(override.fields if override else {})
    name = str(record) if record is not None else str(values.get("name") or target)
    entered = tuple(override.fields) if override else ()
    if record is not None and override is not None and override.verified_at:
        record.verified = True  # checked against this table's box (never saved: a fresh read)
    # The numbers as the campaign plays them (a die's faces among them: they make its odds), each with how
    # sure it is (selectors/confidence.py).
    numbers = [
        {"field": field, "value": value, "sure": record_confidence(record, field, entered=entered)}
        for field, value in values.items()
        if (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, list)
    ]
    return {
        "name": name,
        "values": values,
        "override": override,
        "known": record is not None,
        "numbers": numbers,
    }


def member_campaigns_of(user: Any, edition_slug: str) -> list[Campaign]:
    """The campaigns of an edition where the user may enter content (as owner or player)."""
    if not getattr(user, "is_authenticated", False):
        return []
    return list(
        Campaign.objects.filter(memberships__user=user, edition__slug=edition_slug)
        .order_by("name")
        .distinct()
    )


def campaign_level_cards_list(campaign: Campaign, level: int) -> list[UpgradeCard]:
    """The kinds of card the campaign's level deck holds, by name (the cards a guild chooses from)."""
    deck = f"level-{level}"
    return sorted((c for c in campaign_cards(campaign) if c.deck == deck), key=lambda c: c.name)


def clean_pack_records(document: Any, edition: Edition) -> list[dict[str, Any]]:
    """A content pack's records, each checked; the first bad one is a 400 naming it."""
    records = pack_values(document, edition)
    for index, record in enumerate(records):
        path = f"records[{index}]."
        check_target(edition, record["kind"], record.get("target"), record["fields"], path=path)
    return records


def pack_values(document: Any, edition: Edition) -> list[dict[str, Any]]:
    """What of a pack is checked without reading the database (its frame, each record's shape and values):
    a pack too large to import in the request is checked so before it is queued."""
    if not isinstance(document, dict) or document.get("format") != PACK_FORMAT:
        refuse(
            "format", _("Not a content pack (expected format %(format)s).") % {"format": repr(PACK_FORMAT)}
        )
    if document.get("version") != PACK_VERSION:
        refuse(
            "version", _("This app reads content packs of version %(version)s.") % {"version": PACK_VERSION}
        )
    if document.get("edition") != edition.slug:
        refuse(
            "edition",
            _("This pack is for %(pack)s, not %(edition)s.")
            % {"pack": repr(document.get("edition"))[:60], "edition": edition.slug},
        )
    records = document.get("records")
    if not isinstance(records, list) or len(records) > MAX_PACK_RECORDS:
        refuse("records", _("A list of at most %(count)s records.") % {"count": MAX_PACK_RECORDS})
    check_pack_records(records)
    clean, seen = [], set()
    for index, record in enumerate(records):
        path = f"records[{index}]."
        fields = clean_override_fields(record.get("kind"), record.get("fields", {}), path=path)
        key = (record["kind"], record.get("target"))
        if key in seen:
            refuse(f"{path}target", _("%(target)s is listed twice.") % {"target": repr(key[1])[:180]})
        seen.add(key)
        clean.append({**record, "fields": fields, "verified_on": _date(record.get("verified_on"), path)})
    return clean


def _date(value: Any, path: str) -> datetime.date | None:
    if value is None:
        return None
    try:
        day = datetime.date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        day = None
    if day is None or not datetime.date(2000, 1, 1) <= day <= timezone.localdate():
        refuse(f"{path}verified_on", _("A date (YYYY-MM-DD) not in the future, or null."))
    return day


def campaign_override(campaign: Campaign, kind: str, target: str) -> ContentOverride | None:
    return ContentOverride.objects.filter(campaign=campaign, kind=kind, target=target).first()
