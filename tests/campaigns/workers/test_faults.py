"""Faults: a worker killed mid-render, and Redis going away while the web app runs."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from campaigns.models import SheetDocument
from companion.celery import app as celery_app
from tests.campaigns.pdf.helpers import demo_campaign, user
from tests.campaigns.workers.helpers import drop_queue, poll, start_worker, stop
from tests.conftest import db_snapshot, skip_or_fail

pytestmark = [pytest.mark.services, pytest.mark.slow]


@pytest.fixture
def private_queue(monkeypatch):
    from campaigns.tasks import render_sheet_document

    queue = f"fault-test-{uuid.uuid4().hex[:10]}"  # no other worker on this Redis takes our task
    monkeypatch.setattr(render_sheet_document, "queue", queue, raising=False)
    monkeypatch.setattr(render_sheet_document, "_exec_options", None)
    eager, celery_app.conf.task_always_eager = celery_app.conf.task_always_eager, False
    yield queue
    celery_app.conf.task_always_eager = eager


def _sheet_files(campaign) -> list[Path]:
    return sorted((Path(settings.MEDIA_ROOT) / "sheets").glob(f"campaign-{campaign.pk}-r*-sheet-a4*.pdf"))


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_render_leaves_the_sheet_to_the_next_worker(
    postgres, redis_url, private_queue, tmp_path, monkeypatch
):
    campaign = demo_campaign()
    marker = tmp_path / "rendering"
    monkeypatch.setenv("WORKER_FAULT_MARKER", str(marker))
    monkeypatch.setenv("WORKER_VISIBILITY_TIMEOUT", "3")
    first = start_worker(private_queue, redis_url, tmp_path / "first.log")
    second = None
    api = APIClient()
    api.force_authenticate(user("ana"))
    try:
        response = api.post(f"/api/v1/campaigns/{campaign.pk}/sheet-pdf/", {"paper": "a4"}, format="json")
        assert response.status_code == 202, response.data
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert time.monotonic() < deadline, (tmp_path / "first.log").read_text(errors="replace")[-3000:]
            time.sleep(0.1)
        first.send_signal(
            signal.SIGKILL
        )  # in the middle of rendering: the task is taken but not acknowledged
        first.wait(timeout=10)
        assert SheetDocument.objects.get(pk=response.data["id"]).status == "pending"
        monkeypatch.delenv("WORKER_FAULT_MARKER")
        second = start_worker(private_queue, redis_url, tmp_path / "second.log")
        body = poll(api, response.data["status_url"], tmp_path / "second.log")
    finally:
        for worker in (first, second):
            if worker is not None and worker.poll() is None:
                stop(worker)
        drop_queue(private_queue)
    assert body["status"] == "done", body
    assert len(_sheet_files(campaign)) == 1
    assert "render_sheet_document" in (tmp_path / "second.log").read_text(errors="replace")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PrivateRedis:
    """A Redis of the test's own, with persistence, that the test can stop and start again."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.folder = folder
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.folder),
                   "--appendonly", "yes", "--save", ""]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not self.answers():
            assert time.monotonic() < deadline, "the private Redis did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def queued(self, queue: str) -> int:
        import redis

        return redis.Redis.from_url(self.url).llen(queue)


@pytest.fixture
def private_redis(tmp_path):
    if not shutil_which("redis-server"):
        skip_or_fail("redis-server is not installed")
    server = PrivateRedis(tmp_path)
    server.start()
    yield server
    server.stop()


def shutil_which(name: str) -> str | None:
    import shutil

    return shutil.which(name)


@pytest.fixture
def broker(private_redis, private_queue):
    """The app's Celery broker and cache point at the private Redis for the test."""
    caches = {"default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": private_redis.url,
                          "OPTIONS": {"SOCKET_CONNECT_TIMEOUT": 0.5, "SOCKET_TIMEOUT": 0.5,
                                      "IGNORE_EXCEPTIONS": True}}}  # fmt: skip
    url, celery_app.conf.broker_url = celery_app.conf.broker_url, private_redis.url
    _forget_connections()
    with override_settings(CACHES=caches):
        yield private_redis
    celery_app.conf.broker_url = url
    _forget_connections()


def _forget_connections() -> None:
    """Celery keeps its broker connections in pools; drop them so the next publish uses the new URL."""
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


class Printer:
    """Asks for sheets as a member; transactional tests queue after commit within the request, as in use."""

    def __init__(self, campaign) -> None:
        self.campaign = campaign
        self.api = APIClient()
        self.api.force_authenticate(user("ana"))

    def ask(self, paper: str):
        return self.api.post(
            f"/api/v1/campaigns/{self.campaign.pk}/sheet-pdf/", {"paper": paper}, format="json"
        )


@pytest.mark.django_db(transaction=True)
def test_with_redis_down_pages_work_printing_says_unavailable_and_nothing_is_lost(broker, private_queue):
    campaign = demo_campaign()
    printer = Printer(campaign)
    api = printer.api
    browser = APIClient()
    browser.force_login(user("ana"))
    queued = printer.ask("a4")
    assert queued.status_code == 202 and broker.queued(private_queue) == 1

    broker.stop()
    assert browser.get(f"/campaigns/{campaign.pk}/").status_code == 200
    assert browser.get("/helpers/dice/").status_code == 200
    assert (
        APIClient()
        .post("/api/v1/helpers/roll/", {"attack_dice": 3, "kind": "melee"}, format="json")
        .status_code
        == 200
    )
    assert api.get(f"/api/v1/campaigns/{campaign.pk}/").status_code == 200
    before = db_snapshot()
    refused = printer.ask("letter")
    assert refused.status_code == 503
    assert "temporarily unavailable" in refused.data["detail"]
    assert db_snapshot() == before

    broker.start()
    again = printer.ask("letter")
    assert again.status_code == 202
    assert broker.queued(private_queue) == 2  # the request from before the outage is still queued
    assert SheetDocument.objects.get(pk=queued.data["id"]).status == "pending"


@pytest.mark.django_db(transaction=True)
def test_a_sheet_whose_render_was_lost_is_queued_again_when_asked_for(broker, private_queue):
    printer = Printer(demo_campaign())
    first = printer.ask("a4")
    assert printer.ask("a4").data["id"] == first.data["id"]
    assert broker.queued(private_queue) == 1  # asked twice at once: queued once
    SheetDocument.objects.filter(pk=first.data["id"]).update(queued_at=timezone.now() - timedelta(minutes=5))
    again = printer.ask("a4")
    assert again.data["id"] == first.data["id"] and broker.queued(private_queue) == 2
