"""Give the events made before the message ids one where their English summary can be read back exactly.

Only sentences that parse without doubt: the constant ones, and those whose values are numbers, a campaign
name, or a scenario named as the campaign's edition names it. Any other event keeps its English text (the
history shows it as stored); nothing is guessed.
"""

from __future__ import annotations

import re
from typing import Any

from django.db import migrations

CONSTANT = {
    "A new share link was made; the old one no longer opens the sheet": "share-link-renewed",
    "The share link was turned off": "share-link-revoked",
    "The hero draft began: keep one hero, pass the rest left, three times": "hero-draft-started",
    "The campaign is over; the last scenario's winner wins the game": "finale-last-winner",
    "The campaign is over; Savior of Arcadia: nobody": "finale-nobody",
}
NUMBERED = [
    (re.compile(r"^Upgrade phase (\d+) opened; Death Curses drawn$"), "phase-opened", "number"),
    (re.compile(r"^Upgrade phase (\d+) restarted$"), "phase-restarted", "number"),
    (re.compile(r"^Upgrade phase (\d+) abandoned \(played on paper\)$"), "phase-abandoned", "number"),
    (re.compile(r"^The campaign was restored from the backup taken at change #(\d+)$"), "restored", "seq"),
]
CREATED = re.compile(r"^Campaign (.+) created$")
SCENARIO = re.compile(r"^Scenario (\d+): (.+) (started|abandoned)$")


def _names(record: Any) -> dict[str, str]:
    found = {"name": record.name}
    for field in ("name_pt", "local_name"):
        if getattr(record, field, ""):
            found[field] = getattr(record, field)
    return found


def _read(event: Any, scenarios: dict[tuple[int, str], Any]) -> tuple[str, dict[str, Any]] | None:
    text = event.summary
    if text in CONSTANT:
        return CONSTANT[text], {}
    for pattern, message, key in NUMBERED:
        if found := pattern.match(text):
            return message, {key: int(found.group(1))}
    if (found := CREATED.match(text)) and found.group(1) == event.campaign.name:
        return "campaign-created", {"name": found.group(1)}
    if found := SCENARIO.match(text):
        scenario = scenarios.get((event.campaign.edition_id, found.group(2)))
        if scenario is not None:
            message = "live-started" if found.group(3) == "started" else "live-abandoned"
            return message, {"number": int(found.group(1)), "scenario": _names(scenario)}
    return None


def forwards(apps: Any, schema_editor: Any) -> None:
    Event = apps.get_model("campaigns", "Event")
    Scenario = apps.get_model("campaigns", "Scenario")
    scenarios = {(s.edition_id, s.name): s for s in Scenario.objects.all()}
    changed = []
    for event in Event.objects.filter(message="").select_related("campaign").iterator(chunk_size=500):
        read = _read(event, scenarios)
        if read is not None:
            event.message, event.params = read
            changed.append(event)
    Event.objects.bulk_update(changed, ["message", "params"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0014_event_message")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
