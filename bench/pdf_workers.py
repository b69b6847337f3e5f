"""Throughput of 2 Celery workers printing 20 different campaigns, against one process printing them in turn.

Needs Redis (REDIS_URL, default redis://127.0.0.1:6379/0); the workers share a throwaway SQLite file with
this process and take tasks from a queue of their own, so nothing else on that Redis is touched.
"""

import io
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse

CAMPAIGNS = 20
WORKERS = 2
TIMEOUT_SECONDS = 300


def redis_answers(url: str) -> bool:
    parsed = urlparse(url)
    try:
        socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), timeout=2).close()
    except OSError:
        return False
    return True


def setup(directory: str) -> list[int]:
    os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings.test"
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/bench.sqlite3"
    import django

    django.setup()
    from django.core.management import call_command

    from campaigns.models import Campaign

    quiet = io.StringIO()
    call_command("migrate", verbosity=0, stdout=quiet)
    call_command("load_content", verbosity=0, stdout=quiet)
    for number in range(CAMPAIGNS):
        call_command("seed_demo", "--name", f"Bench campaign {number + 1}", verbosity=0, stdout=quiet)
    return list(Campaign.objects.order_by("pk").values_list("pk", flat=True))


def sequential(campaign_ids: list[int]) -> float:
    from campaigns import pdf

    pdf.render_sheet_pdf(campaign_id=campaign_ids[0], paper="letter")  # warm fonts and caches, like a worker
    start = time.perf_counter()
    for campaign_id in campaign_ids:
        pdf.render_sheet_pdf(campaign_id=campaign_id, paper="a4")
    return time.perf_counter() - start


def start_workers(queue: str, redis_url: str, directory: str) -> list[subprocess.Popen]:
    from django.conf import settings

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.worker_settings",
        "WORKER_DATABASE_NAME": f"{directory}/bench.sqlite3",
        "WORKER_MEDIA_ROOT": str(settings.MEDIA_ROOT),
        "REDIS_URL": redis_url,
    }
    celery = str(Path(sys.executable).with_name("celery"))
    return [
        subprocess.Popen(
            [
                celery,
                "-A",
                "companion",
                "worker",
                "--pool=solo",
                "-Q",
                queue,
                "-n",
                f"{queue}-{n}@%h",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel=WARNING",
            ],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for n in range(WORKERS)
    ]


def with_workers(campaign_ids: list[int], redis_url: str, directory: str) -> float:
    from campaigns.access import Access
    from campaigns.models import Campaign, SheetDocument
    from campaigns.services.documents import sheet_pdf_request
    from campaigns.tasks import render_sheet_document
    from companion.celery import app

    queue = f"bench-pdf-{uuid.uuid4().hex[:8]}"
    app.conf.update(broker_url=redis_url, task_always_eager=False)
    render_sheet_document.queue = queue
    workers = start_workers(queue, redis_url, directory)
    try:
        time.sleep(5)  # let both workers connect before the clock starts
        start = time.perf_counter()
        for campaign in Campaign.objects.filter(pk__in=campaign_ids):
            sheet_pdf_request(access=Access(campaign, "owner", None), paper="a4")
        while SheetDocument.objects.filter(status="pending").exists():
            if time.perf_counter() - start > TIMEOUT_SECONDS:
                raise RuntimeError("the workers did not print every sheet in time")
            time.sleep(0.05)
        elapsed = time.perf_counter() - start
        done = SheetDocument.objects.filter(status="done").count()
        if done != len(campaign_ids):
            raise RuntimeError(f"only {done} of {len(campaign_ids)} sheets printed")
        return elapsed
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.wait(timeout=30)
        with app.connection_for_write() as conn:
            conn.default_channel.queue_delete(queue)
            conn.default_channel.client.delete(f"_kombu.binding.{queue}")


def main() -> None:
    import logging

    logging.getLogger("weasyprint").setLevel(logging.WARNING)
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    if not redis_answers(redis_url):
        print(f"skipped: Redis does not answer at {redis_url} (set REDIS_URL)")
        return
    with tempfile.TemporaryDirectory(prefix="bench-pdf-workers-") as directory:
        campaign_ids = setup(directory)
        alone = sequential(campaign_ids)
        together = with_workers(campaign_ids, redis_url, directory)
    rate_alone, rate_together = 60 * CAMPAIGNS / alone, 60 * CAMPAIGNS / together
    print(f"{CAMPAIGNS} different campaigns' sheets (A4), queued at once")
    print(f"  one process, in turn (baseline): {rate_alone:6.1f} sheets/min ({alone:.1f} s)")
    print(f"  {WORKERS} Celery workers via Redis:       {rate_together:6.1f} sheets/min ({together:.1f} s)")
    print(
        f"  workers / baseline:              {rate_together / rate_alone:6.2f}x (2 cores: at most about 2x)"
    )


if __name__ == "__main__":
    main()
