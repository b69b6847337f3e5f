import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from campaigns.selectors.content import content_report

# How each section is headed; a section not named here is headed by its key.
HEADINGS = {
    "monster_level_cards": "monster level cards without their numbers",
    "level_cards_not_in_content": "monsters with no level card in the content for some levels",
    "upgrade_decks_without_cards": "Upgrade decks without any card",
    "scenario_quests_not_in_sources": "scenarios whose PvE quests and Reward cards no source names",
    "missing_translations": "names with no source in Brazilian Portuguese or in English",
    "gaps": "every gap, with the page that fills it",
}


class Command(BaseCommand):
    help = "List the content that is still missing or unconfirmed, why, and which source would fill it."

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
                for line in _section(section, items):
                    self.stdout.write(line)


def _section(section: str, items: Any) -> list[str]:
    """The section's lines: a count in its heading, then one line per item."""
    if section == "unverified_records":
        return [f"  records not confirmed by an official English source: {items}"]
    if section in ("unverified_by_model", "unverified_by_confidence"):
        what = "per kind of record" if section == "unverified_by_model" else "by their source's confidence"
        counts = ", ".join(f"{n} {key}" for key, n in items.items())
        return [f"  unconfirmed records {what}: {counts or 'none'}"]
    if section == "low_confidence":
        lines = [f"  low confidence (a suspected error in the source): {len(items)} to check"]
        return lines + [f"    - {item['kind']} {item['name']}: {item['notes']}" for item in items]
    if section == "level_label_sources":
        lines = ["  monster level labels and their sources:"]
        return lines + [f"    - level {label}: {source}" for label, source in items.items()]
    if section == "upgrade_decks_without_cards":
        return [f"  {HEADINGS[section]}: {', '.join(items) or 'none'}"]
    heading = HEADINGS.get(section, section.replace("_", " "))
    return [f"  {heading}: {len(items)}"] + [f"    - {_line(item)}" for item in items]


def _line(item: dict[str, Any]) -> str:
    """One gap: its name, what is missing or unconfirmed, whether it is checked, why, and its source."""
    parts = []
    if item.get("missing"):
        parts.append(f"missing {', '.join(item['missing'])}")
    if item.get("unconfirmed"):
        parts.append(f"unconfirmed {', '.join(item['unconfirmed'])}")
    if item.get("labels"):
        parts.append(f"no card for level {', '.join(item['labels'])}")
    if item.get("app_translation"):
        parts.append(f"shown as the app's translation {item['app_translation']}")
    if item.get("brazilian_name"):
        parts.append(f"shown as the Brazilian name {item['brazilian_name']}")
    if item.get("english_name"):
        parts.append(f"shown as the English name {item['english_name']}")
    if "verified" in item:
        parts.append("verified" if item["verified"] else "not verified")
    # A record of a list mixing kinds (the missing translations) is named with its kind.
    name = f"{item['kind_label']} · {item['name']}" if item.get("kind_label") else item["name"]
    line = f"{name}: {'; '.join(parts)}"
    if item.get("why"):
        line += f" (why: {item['why']})"
    if item.get("fill_from"):
        line += f" [fill from: {item['fill_from']}]"
    return line


def _dumps(report: dict) -> str:
    return json.dumps(report, indent=2)
