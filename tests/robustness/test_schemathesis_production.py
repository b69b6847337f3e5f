"""The API fuzzing of test_schemathesis.py again, under the production settings (issue 15): JSON only, no
browsable API, secure cookies, the real password hashers, Redis as cache and broker when `REDIS_URL` is set
(the PDF routes then answer 202 and wait for a worker), and PostgreSQL when `DATABASE_URL` names it, as
in CI. No answer may be a 5xx, and every answer must be one the schema declares.

The run is a separate pytest process: the settings module is chosen when Django starts.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _database_url() -> str:
    """The same server as this run, another test database: both runs create and drop their own."""
    url = os.environ.get("DATABASE_URL", "")
    return f"{url}_production" if url.startswith("postgres") else "sqlite:///var/production-fuzz.sqlite3"


def test_every_operation_answers_as_declared_under_the_production_settings(tmp_path, redis_url):
    examples = os.environ.get("SCHEMATHESIS_PRODUCTION_EXAMPLES", "3")
    if examples == "0":
        pytest.skip("SCHEMATHESIS_PRODUCTION_EXAMPLES=0 turns this run off")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "companion.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
        "DJANGO_ALLOWED_HOSTS": "testserver,localhost",
        "REDIS_URL": redis_url,
        # The fuzzer speaks plain HTTP to the WSGI app, as a TLS-terminating proxy would.
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DATABASE_URL": _database_url(),
        "MEDIA_ROOT": str(tmp_path / "media"),
        "SCHEMATHESIS_EXAMPLES": examples,
    }
    command = [
        sys.executable,
        "-m",
        "pytest",
        "tests/robustness/test_schemathesis.py",
        "--ds=companion.settings.production",
        "--create-db",
        "-q",
        "-p",
        "no:cacheprovider",
    ]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=3000)
    tail = "\n".join(result.stdout.strip().splitlines()[-30:])
    assert result.returncode == 0, f"{tail}\n{result.stderr[-3000:]}"
    assert " passed" in tail and "failed" not in tail
