"""What `make run` and `make demo` leave on the machine: the admin's first-run login readable by its owner
only, and demo accounts (published password) never made under production settings (security probe F7, F14)."""

from __future__ import annotations

import os
import secrets
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_first_run_login_is_written_for_its_owner_only(tmp_path, capsys):
    with override_settings(BASE_DIR=tmp_path):
        call_command("first_run_login", port="8123")
    record = tmp_path / "var" / "first-run-login.txt"
    assert _mode(record) == 0o600
    password = record.read_text().split("password: ")[1].strip()
    assert get_user_model().objects.get(username="admin").check_password(password)
    assert "http://127.0.0.1:8123/admin/" in capsys.readouterr().out


def test_a_login_record_left_readable_by_an_older_version_is_closed(tmp_path):
    with override_settings(BASE_DIR=tmp_path):
        call_command("first_run_login")
        record = tmp_path / "var" / "first-run-login.txt"
        record.chmod(0o644)
        call_command("first_run_login")
    assert _mode(record) == 0o600


def test_seed_demo_refuses_when_demo_accounts_are_off():
    with override_settings(DEMO_ACCOUNTS=False), pytest.raises(CommandError, match="arcadia-demo"):
        call_command("seed_demo", verbosity=0)
    assert not get_user_model().objects.filter(username__in=["ana", "ben", "cleo", "dev"]).exists()


def test_seed_demo_refuses_under_the_production_settings(tmp_path):
    """F7 still open in probe 2: `seed_demo` ran under production settings and made ana, ben, cleo and dev
    with the published password (rc 0)."""
    database = tmp_path / "production.sqlite3"
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.update(
        DJANGO_SETTINGS_MODULE="companion.settings.production",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(60),
        DJANGO_ALLOWED_HOSTS="companion.example",
        REDIS_URL="redis://127.0.0.1:6379/0",  # read, never connected to: the refusal comes first
        DATABASE_URL=f"sqlite:///{database}",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "seed_demo"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "production settings" in result.stderr and "arcadia-demo" in result.stderr
    assert not database.exists()  # not even a database was opened
