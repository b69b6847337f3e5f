"""A real Celery worker process renders a sheet asked for through the API (PostgreSQL + Redis)."""

from __future__ import annotations

import uuid

import pytest

from campaigns.models import SheetDocument
from companion.celery import app as celery_app
from tests.campaigns.pdf.helpers import demo_campaign, pdf_pages, save_png, user
from tests.campaigns.workers.helpers import drop_queue, poll, start_worker, stop

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_real_worker_renders_the_sheet_asked_for_through_the_api(
    postgres, redis_url, api, monkeypatch, tmp_path
):
    from campaigns.tasks import render_sheet_document

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
