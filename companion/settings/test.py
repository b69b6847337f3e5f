"""Test settings: fast hashing, isolated media; DATABASE_URL/REDIS_URL may point at real services."""

import os
import tempfile
from urllib.parse import urlsplit, urlunsplit

from .base import *  # noqa: F403
from .base import CACHES, CELERY_BROKER_URL, CELERY_RESULT_BACKEND, DATABASES, REDIS_URL, REST_FRAMEWORK, env


def _worker_database(url: str) -> str:
    """The Redis database of this pytest-xdist worker: gw0 uses the one REDIS_URL names, gw1 the next, and
    so on. The cache's clear() before each test is a FLUSHDB, which must not empty another worker's keys.
    A server a test starts with these settings inherits PYTEST_XDIST_WORKER and lands on the same database."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not url.startswith(("redis://", "rediss://")) or not worker.startswith("gw"):
        return url
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{base + int(worker[2:])}"))


if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file (in memory where the machine has a RAM disk), not SQLite's shared in-memory database: there a
    # reader locks a table and a phone's write beside it fails at once, while a file waits for the lock as
    # the game night's own database does. pytest-django adds each xdist worker's suffix to the name.
    _ram = "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()
    DATABASES["default"]["TEST"] = {"NAME": os.path.join(_ram, f"companion-test-{os.getpid()}.sqlite3")}

DEBUG = False
SECRET_KEY = "test-only-not-secret"
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = tempfile.mkdtemp(prefix="companion-test-media-")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
REDIS_URL = _worker_database(REDIS_URL)
if "LOCATION" in CACHES["default"]:
    CACHES = {"default": {**CACHES["default"], "LOCATION": _worker_database(CACHES["default"]["LOCATION"])}}
CELERY_BROKER_URL = _worker_database(CELERY_BROKER_URL)
CELERY_RESULT_BACKEND = _worker_database(CELERY_RESULT_BACKEND)
# The suite runs tasks in-process unless a test starts a real worker itself.
CELERY_TASK_ALWAYS_EAGER = True
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        **REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
        "anon_helpers": env("HELPERS_ANON_RATE", default="1000/minute"),
        # Every test client signs up from 127.0.0.1; the limit's own tests set the real rate.
        "signup": env("SIGNUP_RATE", default="1000/minute"),
    },
}
# Failed log-ins stay counted (django-axes keeps them in the database, rolled back after each test), so the
# lock-out is tested with the real limit; one test never locks out the next.
