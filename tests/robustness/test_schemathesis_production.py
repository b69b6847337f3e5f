"""The API fuzzing of test_schemathesis.py again under the production settings (issue 15), for the
operations those settings change: JSON only, no browsable API, secure cookies, the real password hashers,
Redis as cache and broker (the PDFs, large imports and backups then wait for a worker: 202), and
PostgreSQL when `DATABASE_URL` names it, as in CI. No answer may be a 5xx, and every answer must be one
the schema declares. Every other operation answers the same way under both settings; test_schemathesis.py
fuzzes them all.

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
FUZZ = "tests/robustness/test_schemathesis.py::test_every_operation_answers_as_the_schema_declares"
# The operations whose answer depends on the settings: the tasks queued for a worker instead of run in the
# request (PDFs, large imports, the backup after a recorded scenario or a closed upgrade phase), the JSON-only
# renderer on a list, a create and the sheet, and a join code (log-in state, throttled).
PRODUCTION_OPERATIONS = (
    "POST /api/v1/campaigns/{id}/sheet-pdf/",
    "GET /api/v1/campaigns/{id}/sheet-pdf/{doc_id}/",
    "GET /api/v1/campaigns/{id}/sheet-pdf/{doc_id}/download/",
    "POST /api/v1/blank-sheet-pdf/",
    "GET /api/v1/blank-sheet-pdf/{doc_id}/",
    "GET /api/v1/blank-sheet-pdf/{doc_id}/download/",
    "POST /api/v1/campaigns/import/",
    "GET /api/v1/campaigns/imports/{job}/",
    "POST /api/v1/campaigns/{id}/plays/",
    "POST /api/v1/campaigns/{id}/guilds/{colour}/upgrade-phase/confirm/",
    "GET /api/v1/campaigns/{id}/backups/",
    "POST /api/v1/campaigns/{id}/backups/restore/",
    "GET /api/v1/campaigns/",
    "POST /api/v1/campaigns/",
    "GET /api/v1/campaigns/{id}/",
    "POST /api/v1/campaigns/join/",
)


def _database_url() -> str:
    """The same server as this run, another test database: both runs create and drop their own."""
    url = os.environ.get("DATABASE_URL", "")
    return f"{url}_production" if url.startswith("postgres") else "sqlite:///var/production-fuzz.sqlite3"


def test_the_operations_the_production_settings_change_answer_as_declared(tmp_path, redis_url):
    examples = os.environ.get("SCHEMATHESIS_PRODUCTION_EXAMPLES", "3")
    if examples == "0":
        pytest.skip("SCHEMATHESIS_PRODUCTION_EXAMPLES=0 turns this run off")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "companion.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
        "DJANGO_ALLOWED_HOSTS": "testserver,localhost",
        # This xdist worker's own Redis database (the fixture's): the fuzz clears it between examples.
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
        *(f"{FUZZ}[{operation}]" for operation in PRODUCTION_OPERATIONS),
        "--ds=companion.settings.production",
        "--create-db",
        "-q",
        "-p",
        "no:cacheprovider",
    ]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=3000)
    tail = "\n".join(result.stdout.strip().splitlines()[-30:])
    assert result.returncode == 0, f"{tail}\n{result.stderr[-3000:]}"
    assert f"{len(PRODUCTION_OPERATIONS)} passed" in tail and "failed" not in tail
