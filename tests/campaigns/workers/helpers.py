"""A real Celery worker for the tests: started on a private queue, polled, stopped, its queue dropped."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.db import connection

from campaigns.models import SheetDocument
from companion.celery import app as celery_app

POLL_SECONDS = 60


def start_worker(queue: str, redis_url: str, log: Path) -> subprocess.Popen:
    # The URL as given: without PYTEST_XDIST_WORKER the test settings add no worker's number to it again.
    env = {
        **{k: v for k, v in os.environ.items() if k != "PYTEST_XDIST_WORKER"},
        "DJANGO_SETTINGS_MODULE": "tests.worker_settings",
        "WORKER_DATABASE_NAME": connection.settings_dict["NAME"],
        "WORKER_MEDIA_ROOT": str(settings.MEDIA_ROOT),
        "REDIS_URL": redis_url,
    }
    command = [
        str(Path(sys.executable).with_name("celery")),
        "-A", "companion", "worker", "--pool=solo", "--concurrency=1", "-Q", queue, "-n", f"{queue}@%h",
        "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO",
    ]  # fmt: skip
    return subprocess.Popen(
        command, cwd=settings.BASE_DIR, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT
    )


def stop(worker: subprocess.Popen) -> None:
    worker.terminate()
    try:
        worker.wait(timeout=15)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait(timeout=5)


def drop_queue(queue: str) -> None:
    """Leave nothing behind on the shared Redis, even when the test failed."""
    with celery_app.connection_for_write() as conn:
        channel = conn.default_channel
        channel.queue_delete(queue)
        channel.client.delete(f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")


def poll(api, url: str, log: Path) -> dict:
    deadline = time.monotonic() + POLL_SECONDS
    while time.monotonic() < deadline:
        body = api.get(url).data
        if body["status"] != SheetDocument.Status.PENDING:
            return body
        time.sleep(0.25)
    tail = log.read_text(errors="replace")[-3000:]
    raise AssertionError(f"the sheet was still pending after {POLL_SECONDS} s; worker log:\n{tail}")
