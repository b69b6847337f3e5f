"""Real workers (PostgreSQL + Redis): a sheet whose whole worker died mid-render is queued again by the
periodic check once it has waited a minute, not after the broker's 10-minute visibility timeout (security
probe 2, G14); a large content pack is loaded by a worker while its importer polls (G4)."""

from __future__ import annotations

import os
import signal
import time
import uuid
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from django.conf import settings
from django.utils import timezone
from rest_framework.test import APIClient

from campaigns.models import CampaignImport, ContentOverride, SheetDocument
from campaigns.selectors.backups import PACK_INLINE_RECORDS
from campaigns.services import documents
from campaigns.tasks import import_content_pack, render_sheet_document, requeue_stuck_work
from companion.celery import app as celery_app
from tests.campaigns.pdf.helpers import demo_campaign, user
from tests.campaigns.workers.helpers import drop_queue, poll, start_worker, stop

pytestmark = [pytest.mark.services, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

POLL_SECONDS = 60
# One per xdist worker (gw0: 12, gw1: 13, ...): two of these tests at once must not empty each other's queue.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
BROKER_DATABASE = 12 + (int(_WORKER[2:]) if _WORKER[2:].isdigit() else 0)


@pytest.fixture
def broker_url(redis_url):
    """A Redis database of these tests' own for the broker: the suites' cache.clear() (a FLUSHDB of the
    shared one, in this run or another on the machine) must not drop the task waiting in the queue."""
    url = urlunsplit(urlsplit(redis_url)._replace(path=f"/{BROKER_DATABASE}"))
    shared, celery_app.conf.broker_url = celery_app.conf.broker_url, url
    _forget_connections()
    yield url
    celery_app.conf.broker_url = shared
    _forget_connections()
    # Nothing left behind: the killed worker's unacknowledged message, the tasks the demo's scenarios sent.
    redis.Redis.from_url(url).flushdb()


def _forget_connections() -> None:
    """Celery keeps its broker connections in pools; drop them so the next publish uses the new URL."""
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def private_queue(broker_url, monkeypatch):
    """The render and pack tasks go to a queue no other worker reads; tasks are sent, not run in this
    process."""
    queue = f"stuck-test-{uuid.uuid4().hex[:10]}"
    for task in (render_sheet_document, import_content_pack):
        monkeypatch.setattr(task, "queue", queue, raising=False)
        monkeypatch.setattr(task, "_exec_options", None)  # Celery caches the routing options
    eager, celery_app.conf.task_always_eager = celery_app.conf.task_always_eager, False
    yield queue
    celery_app.conf.task_always_eager = eager
    drop_queue(queue)


def _a_minute_passes(document_id: int) -> None:
    """Stand-in for waiting STUCK_AFTER: the document was queued and began rendering a minute ago."""
    earlier = timezone.now() - documents.STUCK_AFTER - timedelta(seconds=1)
    SheetDocument.objects.filter(pk=document_id).update(queued_at=earlier, started_at=earlier)


def _log(path: Path) -> str:
    return path.read_text(errors="replace")[-3000:] if path.exists() else ""


def test_a_sheet_whose_whole_worker_died_is_queued_again_after_a_minute(
    postgres, broker_url, private_queue, tmp_path, monkeypatch
):
    """G14: the probe killed the worker (main process and all) mid-render and the sheet stayed pending
    until the broker redelivered it 683 s later. The broker's visibility timeout stays 10 minutes here."""
    campaign = demo_campaign()
    marker = tmp_path / "rendering"
    monkeypatch.setenv("WORKER_FAULT_MARKER", str(marker))
    monkeypatch.delenv("WORKER_VISIBILITY_TIMEOUT", raising=False)
    first = start_worker(private_queue, broker_url, tmp_path / "first.log")
    second = None
    api = APIClient()
    api.force_authenticate(user("ana"))
    try:
        response = api.post(f"/api/v1/campaigns/{campaign.pk}/sheet-pdf/", {"paper": "a4"}, format="json")
        assert response.status_code == 202, response.data
        deadline = time.monotonic() + POLL_SECONDS
        while not marker.exists():
            assert time.monotonic() < deadline, _log(tmp_path / "first.log")
            time.sleep(0.1)
        first.send_signal(signal.SIGKILL)  # the whole worker (one process with the solo pool)
        first.wait(timeout=10)
        document = SheetDocument.objects.get(pk=response.data["id"])
        assert document.status == "pending" and document.started_at is not None
        assert documents.sheet_documents_requeue_stuck() == 0  # rendering began under a minute ago
        monkeypatch.delenv("WORKER_FAULT_MARKER")
        second = start_worker(private_queue, broker_url, tmp_path / "second.log")
        _a_minute_passes(document.pk)
        requeue_stuck_work()  # what celery beat runs every 15 seconds
        body = poll(api, response.data["status_url"], tmp_path / "second.log")
    finally:
        for worker in (first, second):
            if worker is not None and worker.poll() is None:
                stop(worker)
    assert body["status"] == "done", body
    assert "render_sheet_document" in _log(tmp_path / "second.log")
    pdfs = (Path(settings.MEDIA_ROOT) / "sheets").glob(f"campaign-{campaign.pk}-r*-sheet-a4*.pdf")
    assert len(list(pdfs)) == 1


def test_a_real_worker_loads_a_large_pack_while_its_importer_polls(
    postgres, broker_url, private_queue, tmp_path
):
    campaign = demo_campaign()
    records = [
        {
            "kind": "upgrade-card",
            "target": f"worker-card-{n}",
            "fields": {"name": f"Worker card {n}", "deck": "level-1", "cost": 2},
        }
        for n in range(PACK_INLINE_RECORDS + 50)
    ]
    document = {"format": "inferno-companion-content", "version": 1, "edition": "inferno", "records": records}
    log = tmp_path / "worker.log"
    worker = start_worker(private_queue, broker_url, log)
    api = APIClient()
    api.force_authenticate(user("ben"))  # a player of the demo campaign
    try:
        queued = api.post(f"/api/v1/campaigns/{campaign.pk}/content/import/", document, format="json")
        assert queued.status_code == 202, queued.data
        deadline = time.monotonic() + POLL_SECONDS
        status = queued.data
        while status["status"] in ("pending", "running"):
            assert time.monotonic() < deadline, _log(log)
            time.sleep(0.25)
            status = api.get(queued.data["status_url"]).data
    finally:
        stop(worker)
    assert status["status"] == "done", (status, _log(log))
    assert status["result"] == {"records": len(records)}
    assert ContentOverride.objects.filter(campaign=campaign).count() == len(records)
    assert CampaignImport.objects.get(pk=queued.data["id"]).document is None
    assert "import_content_pack" in _log(log)  # the worker did it, not this process
