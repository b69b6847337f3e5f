"""Test settings: fast hashing, isolated media; DATABASE_URL/REDIS_URL may point at real services."""

import tempfile

from .base import *  # noqa: F403
from .base import REST_FRAMEWORK, env

DEBUG = False
SECRET_KEY = "test-only-not-secret"
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = tempfile.mkdtemp(prefix="companion-test-media-")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
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
