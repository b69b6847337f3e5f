from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns.selectors.content import default_pack_paths
from campaigns.services.content import ContentPackError, content_pack_load_file


class Command(BaseCommand):
    help = "Load content packs (all shipped packs by default). Idempotent; a bad pack changes nothing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("packs", nargs="*", help="Pack files; default: every pack in fixtures/.")

    def handle(self, *args: object, packs: list[str], **options: object) -> None:
        paths = [Path(p) for p in packs] or default_pack_paths()
        for path in paths:
            if not path.is_file():
                raise CommandError(f"No such content pack: {path}")
            try:
                count = content_pack_load_file(path=path)
            except ContentPackError as exc:
                raise CommandError(f"Nothing was loaded from {path.name}: {exc}") from exc
            self.stdout.write(f"Loaded {count} records from {path.name}")
