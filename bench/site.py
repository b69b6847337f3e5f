"""The bench's servers and their data: the PostgreSQL database `bench` and Redis db 5 on 127.0.0.1, the demo
campaign and the game night's tables (bench/tables.py), and gunicorn under production settings."""

from __future__ import annotations

import json
import os
import platform
import secrets
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from bench.load import HOST, ROOT, serve

DATABASE = "bench"
DATABASE_URL = f"postgres://postgres@{HOST}:5432/{DATABASE}"
REDIS_URL = f"redis://{HOST}:6379/5"


def site_env() -> dict[str, str]:
    """What production needs to start (a random secret, the host) and the bench's database and Redis."""
    return {
        "DJANGO_SETTINGS_MODULE": "companion.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DATABASE_URL": DATABASE_URL,
        "REDIS_URL": REDIS_URL,
        "MEDIA_ROOT": str(ROOT / "var" / "bench-media"),
        # As behind one reverse proxy: each phone's address arrives in X-Forwarded-For (the runners send one
        # per simulated phone), so the anonymous throttle counts phones, not the proxy.
        "TRUSTED_PROXY_COUNT": "1",
    }


def database_ready(*, fresh: bool) -> None:
    """The `bench` database exists (created when missing; dropped first with `fresh`)."""
    import psycopg

    with psycopg.connect(host=HOST, port=5432, user="postgres", dbname="postgres", autocommit=True) as db:
        if fresh:
            db.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        if not db.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE]).fetchone():
            db.execute(f"CREATE DATABASE {DATABASE}")


def server_versions() -> dict[str, str]:
    """PostgreSQL's and Redis's versions; Redis db 5 emptied."""
    import psycopg
    import redis

    with psycopg.connect(host=HOST, port=5432, user="postgres", dbname=DATABASE) as db:
        postgres = db.execute("SHOW server_version").fetchone()[0]
    client = redis.Redis.from_url(REDIS_URL)
    version = client.info("server")["redis_version"]
    client.flushdb()  # db 5 is the bench's own: throttle counts and caches of earlier runs go
    return {"postgresql": postgres, "redis": version}


def data_ready(env: dict[str, str], tables: int, scratch: Path) -> dict[str, Any]:
    """Migrated, content loaded, the demo and `tables` tables there; tokens and sessions (bench/tables.py)."""
    manage(env, "manage.py", "migrate", "--noinput", "-v0")
    manage(env, "manage.py", "load_content", "-v0")
    out = scratch / "data.json"
    manage(env, "-m", "bench.tables", str(out), "--tables", str(tables))
    return json.loads(out.read_text())


def manage(env: dict[str, str], *args: str) -> str:
    """A Python command in the bench's environment; its output. What it says on stderr (progress, or the
    error when it fails) goes to the terminal as it comes."""
    done = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed (its error is above):\n{done.stdout}")
    return done.stdout


@contextmanager
def gunicorn(env: dict[str, str], settings: str, logs: Path) -> Iterator[int]:
    """gunicorn (2 workers x 4 threads, gthread; bench.load.serve) with these settings on a free loopback
    port, its output in a log file (its end shown when it does not start)."""
    log = logs / f"{settings.replace('.', '-')}.log"
    with log.open("w") as out, ExitStack() as stack:
        try:
            port = stack.enter_context(serve({**env, "DJANGO_SETTINGS_MODULE": settings}, log=out))
        except RuntimeError as exc:
            tail = "\n".join(log.read_text(errors="replace").splitlines()[-30:])
            raise RuntimeError(f"{exc}:\n{tail}") from exc
        yield port


def machine() -> dict[str, Any]:
    version = subprocess.run(["wrk", "--version"], capture_output=True, text=True, check=False)
    said = (version.stdout or version.stderr).splitlines()
    return {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "wrk": said[0] if said else "",
        "note": "the load generator, both gunicorn servers, PostgreSQL and Redis share the machine's cores",
    }
