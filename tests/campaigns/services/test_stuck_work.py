"""The periodic check for work whose worker died or whose message was lost (security probe 2, G14): a sheet
waiting a minute is queued again, an import waiting a minute is sent again, an import whose worker died
while loading it ends refused with a message. Tasks run in-process here, as under `make run`; a real worker
killed mid-render is in tests/campaigns/workers/test_stuck_work.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from campaigns import tasks
from campaigns.models import CampaignImport, ContentOverride, SheetDocument
from campaigns.services import documents, imports
from tests.factories import build_campaign

pytestmark = pytest.mark.django_db

MINUTE_AGO = timedelta(seconds=61)


@pytest.fixture
def sheet(campaign):
    """A sheet asked for and queued: its message now lost (no worker took it)."""
    return SheetDocument.objects.create(
        campaign=campaign, edition=campaign.edition, revision=campaign.history_seq, queued_at=timezone.now()
    )


def ago(delta: timedelta):
    return timezone.now() - delta


def test_the_check_runs_often_and_renders_end_before_a_sheet_counts_as_stuck():
    """Re-queued within about a minute of the last sign of life: checked every 15 s, stuck after 60 s, and a
    render stops (its hard time limit) before then, so a stuck sheet is never one still rendering."""
    entry = settings.CELERY_BEAT_SCHEDULE["requeue-stuck-work"]
    assert entry["task"] == "campaigns.tasks.requeue_stuck_work"
    assert entry["schedule"] <= timedelta(seconds=15)
    assert timedelta(seconds=60) == documents.STUCK_AFTER
    assert tasks.render_sheet_document.time_limit < documents.STUCK_AFTER.total_seconds()
    assert tasks.render_sheet_document.acks_late and tasks.render_sheet_document.reject_on_worker_lost


def test_a_sheet_waiting_under_a_minute_is_left_alone(sheet):
    SheetDocument.objects.filter(pk=sheet.pk).update(queued_at=ago(timedelta(seconds=50)))
    assert documents.sheet_documents_requeue_stuck() == 0
    assert SheetDocument.objects.get(pk=sheet.pk).status == "pending"


def test_a_sheet_rendering_for_under_a_minute_is_left_alone(sheet):
    SheetDocument.objects.filter(pk=sheet.pk).update(
        queued_at=ago(timedelta(minutes=3)), started_at=ago(timedelta(seconds=20))
    )
    assert documents.sheet_documents_requeue_stuck() == 0


def test_a_sheet_stuck_for_a_minute_is_queued_again_and_rendered(sheet):
    SheetDocument.objects.filter(pk=sheet.pk).update(queued_at=ago(MINUTE_AGO), started_at=ago(MINUTE_AGO))
    assert documents.sheet_documents_requeue_stuck() == 1  # rendered in-process (eager tasks)
    document = SheetDocument.objects.get(pk=sheet.pk)
    assert document.status == "done" and document.renders == 1
    assert document.queued_at > ago(timedelta(seconds=5))
    assert documents.sheet_documents_requeue_stuck() == 0  # done: never sent again


def test_asking_again_for_a_sheet_stuck_a_minute_queues_it_again(
    campaign, owner, sheet, django_capture_on_commit_callbacks
):
    from tests.factories import access

    def ask():
        with django_capture_on_commit_callbacks(execute=True) as dispatched:
            document, _ = documents.sheet_pdf_request(
                access=access(owner, campaign), paper="a4", language="en"
            )
        assert document.pk == sheet.pk
        return dispatched

    SheetDocument.objects.filter(pk=sheet.pk).update(queued_at=ago(timedelta(seconds=50)))
    assert ask() == []  # still waiting for its worker: not queued twice
    SheetDocument.objects.filter(pk=sheet.pk).update(queued_at=ago(MINUTE_AGO))
    assert len(ask()) == 1
    assert SheetDocument.objects.get(pk=sheet.pk).status == "done"


def pack_job(owner, campaign, **values):
    records = [
        {
            "kind": "upgrade-card",
            "target": "stuck-card",
            "fields": {"name": "Stuck card", "deck": "level-1", "cost": 1},
        }
    ]
    document = {"format": "inferno-companion-content", "version": 1, "edition": "inferno", "records": records}
    job = CampaignImport.objects.create(
        owner=owner, kind=CampaignImport.Kind.CONTENT_PACK, campaign=campaign, document=document
    )
    CampaignImport.objects.filter(pk=job.pk).update(**values)
    return job


def test_an_import_whose_message_was_lost_is_sent_again(campaign, owner):
    recent = pack_job(
        owner, campaign, created_at=ago(timedelta(seconds=30)), queued_at=ago(timedelta(seconds=30))
    )
    lost = pack_job(
        owner, campaign, created_at=ago(timedelta(minutes=5)), queued_at=ago(timedelta(minutes=5))
    )
    assert imports.imports_requeue_stuck() == 1  # loaded in-process (eager tasks)
    assert CampaignImport.objects.get(pk=lost.pk).status == "done"
    assert CampaignImport.objects.get(pk=recent.pk).status == "pending"
    assert ContentOverride.objects.filter(campaign=campaign, target="stuck-card").exists()


def test_an_import_whose_worker_died_while_loading_ends_refused_in_its_language(campaign, owner):
    dead = pack_job(owner, campaign, status="running", started_at=ago(timedelta(minutes=5)), language="pt-br")
    alive = pack_job(owner, campaign, status="running", started_at=ago(timedelta(seconds=30)))
    assert imports.imports_requeue_stuck() == 0
    ended = CampaignImport.objects.get(pk=dead.pk)
    assert ended.status == "failed" and ended.document is None
    assert ended.errors == {
        "document": ["O processo que carregava o arquivo parou; nada foi importado. Tente de novo."]
    }
    assert CampaignImport.objects.get(pk=alive.pk).status == "running"
    assert not ContentOverride.objects.exists()


def test_an_import_the_broker_refused_at_first_is_sent_later(owner):
    """The broker did not answer when the request committed (queued_at set, nothing sent): the check sends
    it once it has waited a minute."""
    other = build_campaign(owner, name="Other table")
    job = pack_job(owner, other, created_at=ago(timedelta(minutes=5)), queued_at=None)
    assert imports.imports_requeue_stuck() == 1
    assert ContentOverride.objects.filter(campaign=other).count() == 1
    assert CampaignImport.objects.get(pk=job.pk).result == {"records": 1}
