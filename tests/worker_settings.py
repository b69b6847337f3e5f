"""Settings for the real Celery worker that tests/campaigns/test_worker.py starts: the test run's own
database (pytest-django renamed it) and media directory, passed in by environment variables."""

import os

from companion.settings.test import *  # noqa: F403
from companion.settings.test import DATABASES

DATABASES["default"]["NAME"] = os.environ["WORKER_DATABASE_NAME"]
MEDIA_ROOT = os.environ["WORKER_MEDIA_ROOT"]
CELERY_TASK_ALWAYS_EAGER = False
