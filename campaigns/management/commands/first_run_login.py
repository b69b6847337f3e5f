import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "On the first run, create the admin account and print its login (kept in var/first-run-login.txt)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", default="8000", help="The port `make run` serves on.")

    def handle(self, *args: object, port: str = "8000", **options: object) -> None:
        record = settings.BASE_DIR / "var" / "first-run-login.txt"
        users = get_user_model().objects
        if not users.filter(username="admin").exists():
            password = secrets.token_urlsafe(12)
            users.create_superuser("admin", "admin@localhost", password)
            record.parent.mkdir(parents=True, exist_ok=True)
            record.write_text(f"username: admin\npassword: {password}\n", encoding="utf-8")
        if record.exists():
            self.stdout.write(self.style.SUCCESS(f"Admin login for http://127.0.0.1:{port}/admin/ :"))
            self.stdout.write(record.read_text(encoding="utf-8"))
