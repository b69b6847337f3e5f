import json
from collections import Counter
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db.models import Model

from campaigns.models import (
    Confidence,
    DeathCurse,
    Hero,
    Monster,
    MonsterLevelCard,
    Scenario,
    SpawnPair,
    UpgradeCard,
)
from campaigns.selectors.content import content_report

# The records a table plays with, and how each reaches its edition.
CHECKED: tuple[tuple[type[Model], str], ...] = (
    (Scenario, "edition__slug"),
    (Hero, "edition__slug"),
    (Monster, "edition__slug"),
    (MonsterLevelCard, "monster__edition__slug"),
    (UpgradeCard, "edition__slug"),
    (DeathCurse, "edition__slug"),
    (SpawnPair, "edition__slug"),
)
NOT_RATED = "not rated"


class Command(BaseCommand):
    help = "List the content that is still missing (monster stats, upgrade cards, copies, ...) or unchecked."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--edition", help="Only this edition.")
        parser.add_argument("--json", action="store_true", help="Print the report as JSON.")

    def handle(self, *args: object, edition: str | None, json: bool, **options: object) -> None:
        report = content_report(edition_slug=edition)
        for slug, sections in report.items():
            sections.update(data_gaps(slug))
        if json:
            self.stdout.write(_dumps(report))
            return
        for slug, sections in report.items():
            self.stdout.write(self.style.MIGRATE_HEADING(f"{slug}"))
            for section, items in sections.items():
                self._section(section, items)

    def _section(self, section: str, items: Any) -> None:
        if section == "unverified_records":
            self.stdout.write(f"  records not confirmed by an official English source: {items}")
        elif section == "unverified_by_confidence":
            counts = ", ".join(f"{n} {rating}" for rating, n in items.items())
            self.stdout.write(f"  unconfirmed records by their source's confidence: {counts or 'none'}")
        elif section == "low_confidence":
            self.stdout.write(f"  low confidence (a suspected error in the source): {len(items)} to check")
            for item in items:
                self.stdout.write(f"    - {item['kind']} {item['name']}: {item['notes']}")
        else:
            self.stdout.write(f"  {section.replace('_', ' ')}: {len(items)} missing")
            for item in items:
                self.stdout.write(f"    - {_line(item)}")


def data_gaps(edition_slug: str) -> dict[str, Any]:
    """What the content data tables leave open: Spawn pairs, and unconfirmed records by confidence."""
    unverified: Counter[str] = Counter()
    low: list[dict[str, str]] = []
    for model, path in CHECKED:
        records = model._default_manager.filter(**{path: edition_slug}, verified=False)
        for rating, n in Counter(records.values_list("confidence", flat=True)).items():
            unverified[rating or NOT_RATED] += n
        low += [
            {"kind": str(model._meta.verbose_name), "name": str(obj), "notes": getattr(obj, "notes", "")}
            for obj in records.filter(confidence=Confidence.LOW)
        ]
    pairs = SpawnPair.objects.filter(edition__slug=edition_slug)
    return {
        "spawn_pairs": [
            {"slug": p.slug, "name": p.name, "missing": p.missing_fields}
            for p in pairs.filter(SpawnPair.missing_q())
        ],
        "unverified_by_confidence": {
            rating: unverified[rating] for rating in [*Confidence.values, NOT_RATED] if unverified[rating]
        },
        "low_confidence": low,
    }


def _line(item: object) -> str:
    if isinstance(item, dict):
        name = item.get("name") or f"{item.get('monster')} level {item.get('label')}"
        return f"{name}: {', '.join(item['missing'])}"
    return f"{item}: no cards entered"


def _dumps(report: dict) -> str:
    return json.dumps(report, indent=2)
