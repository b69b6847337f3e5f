"""Settings for the real Celery worker that tests/campaigns/workers/ start: the test run's own
database (pytest-django renamed it) and media directory, passed in by environment variables."""

import os

from companion.settings.test import *  # noqa: F403
from companion.settings.test import DATABASES

DATABASES["default"]["NAME"] = os.environ["WORKER_DATABASE_NAME"]
MEDIA_ROOT = os.environ["WORKER_MEDIA_ROOT"]
CELERY_TASK_ALWAYS_EAGER = False
# Fault tests: redeliver an unacknowledged task soon after its worker died, and make the render slow.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("WORKER_VISIBILITY_TIMEOUT", "600"))
}
if os.environ.get("WORKER_FAULT_MARKER"):
    CELERY_IMPORTS = ("tests.worker_faults",)
