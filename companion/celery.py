"""The Celery app: JSON only, time limits from settings, tasks discovered in the installed apps."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings.local")

app = Celery("companion")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
