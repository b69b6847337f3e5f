"""Delete printed sheets older than each campaign's latest revisions, now (the scheduler does it hourly)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from campaigns.services.documents import sheet_documents_prune


class Command(BaseCommand):
    help = "Delete printed sheets older than each campaign's latest SHEET_DOCUMENTS_KEPT revisions."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--keep", type=int, default=None, help="Revisions kept per campaign.")

    def handle(self, *args: Any, keep: int | None = None, **options: Any) -> None:
        deleted = sheet_documents_prune(keep=keep)
        # Operator-facing, like Django's own commands (migrate, collectstatic): English, not in the players'
        # catalogue; a log line an operator greps should read the same on every server.
        self.stdout.write(f"Deleted {deleted} printed sheet(s).")
