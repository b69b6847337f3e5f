import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from campaigns.selectors.content import content_report


class Command(BaseCommand):
    help = "List the content that is still missing (monster stats, upgrade cards, copies, ...) or unchecked."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--edition", help="Only this edition.")
        parser.add_argument("--json", action="store_true", help="Print the report as JSON.")

    def handle(self, *args: object, edition: str | None, json: bool, **options: object) -> None:
        report = content_report(edition_slug=edition)
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


def _line(item: object) -> str:
    if isinstance(item, dict):
        name = item.get("name") or f"{item.get('monster')} level {item.get('label')}"
        return f"{name}: {', '.join(item['missing'])}"
    return f"{item}: no cards entered"


def _dumps(report: dict) -> str:
    return json.dumps(report, indent=2)
