"""The content report's sections, record by record: each gap says what is missing (an empty field) or
unconfirmed (a value no official source gives), why (`content_reasons.WHY`) and which source would fill
it (`content_reasons.FILL`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from campaigns.models import (
    Circle,
    DeathCurse,
    Die,
    Edition,
    ExplorationTokenKind,
    Hero,
    Monster,
    MonsterLevelCard,
    Quest,
    Scenario,
    SpawnPair,
    Title,
    UpgradeCard,
)
from campaigns.selectors.content_reasons import (
    LEVEL_CARD_SOURCE,
    explained,
    marked,
    name_reason,
    source_reason,
)
from rules_helpers import editions as rules_editions
from rules_helpers.box import LEVEL_BRACKETS

Item = dict[str, Any]


def _item(
    record: Any,
    edition: Edition,
    *,
    missing: list[str],
    unconfirmed: list[str] | None = None,
    reasons: list[str],
    **extra: Any,
) -> Item:
    base = {"slug": record.slug, "name": record.name, "missing": missing, "unconfirmed": unconfirmed or []}
    return explained(record, edition.slug, reasons=reasons, **{**base, **extra})


def _notes_marks(record: Any) -> tuple[list[str], list[str]]:
    marks = marked(record)
    return list(dict.fromkeys(field for field, _ in marks)), [reason for _, reason in marks]


def monsters(edition: Edition) -> list[Item]:
    """Monsters missing their tier (or only half of it, R9) or Huge, and English names no source gives."""
    return list(_monsters(edition))


def _monsters(edition: Edition) -> Iterator[Item]:
    for monster in Monster.objects.filter(edition=edition).order_by("name"):
        missing, reasons = monster.missing_fields, []
        if "tier" in missing:
            disagree = "FAN-C says" in monster.notes
            reasons.append(
                "partial-tier" if monster.tier else "sources-disagree" if disagree else "no-source"
            )
        if "huge" in missing:
            reasons.append("no-source")
        unconfirmed, marks = _notes_marks(monster)
        if missing or unconfirmed:
            yield _item(
                monster, edition, missing=missing, unconfirmed=unconfirmed, reasons=[*reasons, *marks]
            )


def heroes(edition: Edition) -> list[Item]:
    """Heroes and angels missing a number or their ability's text (R7)."""
    items = []
    for hero in Hero.objects.filter(edition=edition).order_by("name"):
        missing = hero.missing_fields
        reasons = ["no-source"] if missing else []
        if not hero.ability:
            missing = [*missing, "ability"]
            reasons.append("ability-name-only" if hero.ability_name else "no-source")
        if missing:
            items.append(_item(hero, edition, missing=missing, reasons=reasons))
    return items


def upgrade_cards(edition: Edition) -> list[Item]:
    """The edition's cards missing a code, copies, type or (a bought card) cost. A card whose source gives
    no effect (a vanilla card) is not a gap: the effect is not asked for."""
    cards = UpgradeCard.objects.filter(edition=edition, campaign=None).filter(UpgradeCard.missing_q())
    items = []
    for card in cards.order_by("deck", "name"):
        missing = card.missing_fields
        reasons = ["no-code" if name == "code" else "no-source" for name in missing]
        items.append(_item(card, edition, missing=missing, reasons=reasons))
    return items


def death_curses(edition: Edition) -> list[Item]:
    """Curses missing copies or the slot, and codes or English names the sources do not settle (R6)."""
    items = []
    for curse in DeathCurse.objects.filter(edition=edition).order_by("value", "code"):
        missing = curse.missing_fields
        unconfirmed, marks = _notes_marks(curse)
        if missing or unconfirmed:
            reasons = [*(["no-source"] if missing else []), *marks]
            items.append(
                _item(
                    curse, edition, missing=missing, unconfirmed=unconfirmed, reasons=reasons, code=curse.code
                )
            )
    return items


def scenarios(edition: Edition) -> list[Item]:
    """Scenarios missing their counts, and English names that are literal translations."""
    items = []
    for scenario in Scenario.objects.filter(edition=edition).order_by("book_position"):
        missing, name = scenario.missing_fields, name_reason(scenario)
        reasons = [*(["no-source"] if missing else []), *([name] if name else [])]
        if missing or name:
            unconfirmed = ["name"] if name else []
            items.append(_item(scenario, edition, missing=missing, unconfirmed=unconfirmed, reasons=reasons))
    return items


def titles(edition: Edition) -> list[Item]:
    """Every title with an unconfirmed English name, an empty effect or an unknown "awarded to" (R4)."""
    items = []
    for title in Title.objects.filter(edition=edition).order_by("name"):
        missing = [name for name in ("effect", "awarded_to") if not getattr(title, name)]
        reasons = ["no-source" if name == "effect" else "awarded-unknown" for name in missing]
        name = name_reason(title)
        unconfirmed = ["name"] if name else []
        if missing or name:
            reasons += [name] if name else []
            items.append(_item(title, edition, missing=missing, unconfirmed=unconfirmed, reasons=reasons))
    return items


def quests(edition: Edition) -> list[Item]:
    """Every PvE quest whose English name no English source gives (R5)."""
    items = []
    rows = Quest.objects.filter(scenario__edition=edition).select_related("scenario")
    for quest in rows.order_by("scenario__book_position", "order"):
        name = name_reason(quest)
        if name or not quest.verified:
            reasons = [name] if name else []
            items.append(
                _item(
                    quest,
                    edition,
                    missing=[],
                    unconfirmed=["name"] if name else [],
                    reasons=reasons,
                    name=f"{quest.scenario.name}: {quest.name}",
                    scenario=quest.scenario.slug,
                )
            )
    return items


def circles(edition: Edition) -> list[Item]:
    """Circles no official source confirms (R5); the rulebooks give every shipped one."""
    rows = Circle.objects.filter(edition=edition, verified=False).order_by("order", "slug")
    return [_item(circle, edition, missing=[], reasons=[]) for circle in rows]


def dice(edition: Edition) -> list[Item]:
    """Dice whose faces no official source gives, or whose count in the box is unknown (R10)."""
    items = []
    for die in Die.objects.filter(edition=edition).order_by("slug"):
        missing = [] if die.in_box is not None else ["in_box"]
        reasons = ["no-source"] if missing else []
        unconfirmed = [] if die.verified else ["faces"]
        reasons += [source_reason(die)[0]] if unconfirmed else []
        if missing or unconfirmed:
            items.append(_item(die, edition, missing=missing, unconfirmed=unconfirmed, reasons=reasons))
    return items


def tokens(edition: Edition, model: type[ExplorationTokenKind] | type[SpawnPair]) -> list[Item]:
    """Exploration tokens or Spawn pairs missing a field."""
    rows = model.objects.filter(edition=edition).filter(model.missing_q()).order_by("slug")
    return [_item(row, edition, missing=row.missing_fields, reasons=["no-source"]) for row in rows]


def level_cards(edition: Edition) -> list[Item]:
    """Level cards in the content whose numbers are not entered."""
    cards = MonsterLevelCard.objects.filter(monster__edition=edition).filter(MonsterLevelCard.missing_q())
    return [
        explained(
            card,
            edition.slug,
            reasons=["no-source"],
            monster=card.monster.slug,
            label=card.label,
            name=str(card),
            missing=card.missing_fields,
        )
        for card in cards.select_related("monster").order_by("monster__name", "order")
    ]


def level_cards_not_in_content(edition: Edition) -> list[Item]:
    """Monsters with no card for some level: BR:64 says each monster type has "up to four" level cards,
    so whether such a card exists is not known (R11); a table that has it enters it for its campaign."""
    labels = list(edition.level_labels) or list(LEVEL_BRACKETS)
    items = []
    for monster in Monster.objects.filter(edition=edition).prefetch_related("level_cards").order_by("name"):
        held = {card.label for card in monster.level_cards.all()}
        absent = [label for label in labels if label not in held]
        if absent:
            item = explained(
                monster,
                edition.slug,
                reasons=["up-to-four"],
                fill="monster-cards",
                monster=monster.slug,
                name=monster.name,
                labels=absent,
                source=LEVEL_CARD_SOURCE,
            )
            items.append({**item, "verified": False})
    return items


def quests_not_in_sources(edition: Edition) -> list[Item]:
    """Scenarios whose PvE quests and Reward cards no source names (base Arcadia Quest, GF §1.5): the live
    tracker offers numbered PvE quest slots there (`rules_helpers.editions.unlisted_pve_quests`)."""
    if rules_editions.edition_rules(edition.slug).pve_quests_listed:
        return []
    rows = Scenario.objects.filter(edition=edition).order_by("book_position")
    return [
        _item(scenario, edition, missing=["quests", "reward cards"], reasons=["quests-unlisted"])
        for scenario in rows
    ]
