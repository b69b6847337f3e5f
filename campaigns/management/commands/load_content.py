from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns.errors import ContentPackError
from campaigns.selectors.content import default_pack_paths
from campaigns.services.content import content_pack_load_file
from campaigns.services.content_data import content_data_load


class Command(BaseCommand):
    help = (
        "Load content packs (all shipped packs by default), then any content data tables given "
        "(fixtures/content-data/*.csv) on top of them. Idempotent; a bad pack or table row changes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files",
            nargs="*",
            help="Pack files (.json) and content data tables (.csv); default: every pack in fixtures/.",
        )

    def handle(self, *args: object, files: list[str], **options: object) -> None:
        paths = [Path(p) for p in files] or default_pack_paths()
        for path in paths:
            if not path.is_file():
                raise CommandError(f"No such content pack or table: {path}")
        for path in (p for p in paths if p.suffix != ".csv"):
            try:
                count = content_pack_load_file(path=path)
            except ContentPackError as exc:
                raise CommandError(f"Nothing was loaded from {path.name}: {exc}") from exc
            self.stdout.write(f"Loaded {count} records from {path.name}")
        tables = [p for p in paths if p.suffix == ".csv"]
        if tables:
            self._load_tables(tables)

    def _load_tables(self, tables: list[Path]) -> None:
        # The tables go in together: one bad row leaves every table unloaded.
        try:
            applied = content_data_load(paths=tables)
        except ContentPackError as exc:
            names = ", ".join(p.name for p in tables)
            raise CommandError(f"Nothing was loaded from {names}: {exc}") from exc
        for done in applied:
            self.stdout.write(f"Loaded {done.loaded} records from {done.path.name}")
            if done.kept_verified:
                kept = ", ".join(done.kept_verified)
                self.stdout.write(f"  kept as they are, being verified: {kept}")
