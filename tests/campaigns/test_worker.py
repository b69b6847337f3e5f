"""A real Celery worker process renders a sheet asked for through the API (PostgreSQL + Redis)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from campaigns.models import SheetDocument
from companion.celery import app as celery_app
from tests.campaigns.pdf_helpers import demo_campaign, ensure_content, pdf_pages, save_png, user

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

POLL_SECONDS = 60


def start_worker(queue: str, redis_url: str, log: Path) -> subprocess.Popen:
    env = {
        **os.environ,
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


def test_a_real_worker_renders_the_sheet_asked_for_through_the_api(
    postgres, redis_url, api, monkeypatch, tmp_path
):
    from campaigns.tasks import render_sheet_document

    ensure_content()
    campaign = demo_campaign()
    queue = f"pdf-test-{uuid.uuid4().hex[:10]}"  # no other worker on this Redis takes our task
    monkeypatch.setattr(render_sheet_document, "queue", queue, raising=False)
    monkeypatch.setattr(render_sheet_document, "_exec_options", None)  # Celery caches the routing options
    log = tmp_path / "worker.log"
    worker = start_worker(queue, redis_url, log)
    eager, celery_app.conf.task_always_eager = celery_app.conf.task_always_eager, False
    try:
        api.force_authenticate(user("ana"))
        response = api.post(f"/api/v1/campaigns/{campaign.pk}/sheet-pdf/", {"paper": "a4"}, format="json")
        assert response.status_code in (200, 202), response.data
        body = poll(api, response.data["status_url"], log)
        assert body["status"] == "done", (body, log.read_text(errors="replace")[-3000:])
        download = api.get(body["download_url"])
        content = b"".join(download.streaming_content)
    finally:
        celery_app.conf.task_always_eager = eager
        stop(worker)
        drop_queue(queue)
    assert download["Content-Type"] == "application/pdf"
    pages = pdf_pages(content)
    assert "Demo: Road to Rock Bottom" in pages[0] and "Trailblazer" in pages[1]
    assert SheetDocument.objects.get(pk=body["id"]).renders == 1
    assert "render_sheet_document" in log.read_text(errors="replace")  # the worker did it, not this process
    save_png(content, "demo-sheet-worker")
