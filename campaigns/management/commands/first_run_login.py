import os
import secrets
import stat
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser

# The admin's password in plain text: its owner reads it, nobody else on the machine (security probe F14).
RECORD_MODE = 0o600


class Command(BaseCommand):
    help = "On the first run, create the admin account and print its login (kept in var/first-run-login.txt)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", default="8000", help="The port `make run` serves on.")

    def handle(self, *args: object, port: str = "8000", **options: object) -> None:
        record = Path(settings.BASE_DIR) / "var" / "first-run-login.txt"
        users = get_user_model().objects
        if not users.filter(username="admin").exists():
            password = secrets.token_urlsafe(12)
            users.create_superuser("admin", "admin@localhost", password)
            _write_private(record, f"username: admin\npassword: {password}\n")
        if record.exists():
            # A record written before it was kept private is closed now.
            if stat.S_IMODE(record.stat().st_mode) & ~RECORD_MODE:
                record.chmod(RECORD_MODE)
            self.stdout.write(self.style.SUCCESS(f"Admin login for http://127.0.0.1:{port}/admin/ :"))
            self.stdout.write(record.read_text(encoding="utf-8"))


def _write_private(path: Path, text: str) -> None:
    """Created owner-only from the start: never readable by others, not even for a moment."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, RECORD_MODE)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(text)
