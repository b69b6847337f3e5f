from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns.models import Edition
from campaigns.selectors.content import content_pack_dumps, content_pack_export


class Command(BaseCommand):
    help = "Write an edition's content as a pack that load_content reads back identically."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("edition", help="Edition slug, e.g. inferno or arcadia-quest.")
        parser.add_argument("-o", "--output", help="File to write; default: standard output.")

    def handle(self, *args: object, edition: str, output: str | None, **options: object) -> None:
        try:
            records = content_pack_export(edition_slug=edition)
        except Edition.DoesNotExist as exc:
            raise CommandError(f"Unknown edition {edition!r}") from exc
        text = content_pack_dumps(records)
        if output:
            Path(output).write_text(text, encoding="utf-8")
            self.stderr.write(f"Wrote {len(records)} records to {output}")
        else:
            self.stdout.write(text, ending="")
