"""Promote a group's content pack (exported from a campaign) into its edition, after review."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns.services.content_promote import content_pack_promote


class Command(BaseCommand):
    help = "Lay a campaign's content pack (GET /api/v1/campaigns/{id}/content/export/) into its edition."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("pack", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            document = json.loads(options["pack"].read_text(encoding="utf-8"))
            count = content_pack_promote(document=document)
        except (OSError, ValueError) as exc:
            raise CommandError(f"{options['pack']}: {exc}") from exc
        except ValidationError as exc:
            raise CommandError(f"{options['pack']}: nothing promoted: {'; '.join(exc.messages)}") from exc
        self.stdout.write(f"Promoted {count} records into the edition.")
