"""Old printed sheets are pruned (security probe F13): each campaign keeps the documents of its latest N
revisions, every paper and language of those; older rows and their files go, by a periodic task."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.utils import timezone

from campaigns import pdf
from campaigns.models import SheetDocument
from campaigns.services.documents import sheet_documents_prune
from campaigns.tasks import prune_sheet_documents
from companion.celery import app
from tests.factories import build_campaign

pytestmark = pytest.mark.django_db


def printed(campaign, revision, *, paper="a4", language="en", status="done", kind="sheet", edition=None):
    document = SheetDocument.objects.create(
        campaign=campaign,
        edition=edition or campaign.edition,
        kind=kind,
        paper=paper,
        language=language,
        revision=revision,
        status=status,
    )
    if status == "done":
        document.file.save(f"test-{document.pk}.pdf", ContentFile(b"%PDF-1.7 test"), save=True)
    return document


def exists(document):
    return SheetDocument.objects.filter(pk=document.pk).exists()


def on_disk(document):
    return document.file.storage.exists(document.file.name)


def test_a_campaign_keeps_exactly_its_latest_revisions_and_loses_the_older_files(
    owner, campaign, django_capture_on_commit_callbacks
):
    old = [printed(campaign, revision) for revision in (1, 2, 3)]
    kept = [
        printed(campaign, 4),
        printed(campaign, 5),
        printed(campaign, 5, paper="letter"),
        printed(campaign, 5, language="pt-br"),
    ]
    other = build_campaign(owner, guilds={"gray": None, "purple": None}, name="Other table")
    others = [printed(other, revision) for revision in (1, 2)]
    with django_capture_on_commit_callbacks(execute=True):
        assert sheet_documents_prune(keep=2) == 3
    assert not any(exists(d) or on_disk(d) for d in old)
    assert all(exists(d) and on_disk(d) for d in kept + others)
    revisions = SheetDocument.objects.filter(campaign=campaign).values_list("revision", flat=True)
    assert sorted(set(revisions)) == [4, 5]
    with django_capture_on_commit_callbacks(execute=True):
        assert sheet_documents_prune(keep=2) == 0  # nothing more to do


def test_the_setting_says_how_many_revisions_are_kept(settings, campaign, django_capture_on_commit_callbacks):
    settings.SHEET_DOCUMENTS_KEPT = 1
    documents = [printed(campaign, revision) for revision in (7, 8, 9)]
    with django_capture_on_commit_callbacks(execute=True):
        prune_sheet_documents.delay()  # the periodic task, run in-process
    assert [exists(d) for d in documents] == [False, False, True]
    assert not on_disk(documents[0]) and on_disk(documents[2])


def test_a_render_under_way_is_left_alone_and_a_lost_one_is_pruned(campaign):
    busy = printed(campaign, 1, status="pending")
    lost = printed(campaign, 2, status="pending")
    SheetDocument.objects.filter(pk=lost.pk).update(created_at=timezone.now() - timedelta(hours=1))
    failed = printed(campaign, 3, status="failed")
    newest = printed(campaign, 4)
    sheet_documents_prune(keep=1)
    assert exists(busy) and not exists(lost) and not exists(failed) and exists(newest)


def test_blank_sheets_of_an_older_layout_are_pruned(campaign):
    current = printed(None, pdf.layout_version(), kind="blank", edition=campaign.edition)
    older = printed(None, pdf.layout_version() - 1, kind="blank", edition=campaign.edition)
    assert sheet_documents_prune(keep=5) == 1
    assert exists(current) and not exists(older)


def test_celery_beat_runs_the_pruning_task_periodically(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["prune-sheet-documents"]
    assert entry["task"] == prune_sheet_documents.name == "campaigns.tasks.prune_sheet_documents"
    assert entry["schedule"] <= timedelta(days=1)
    assert app.conf.beat_schedule["prune-sheet-documents"]["task"] == entry["task"]
    assert prune_sheet_documents.name in app.tasks


def test_the_command_prunes_by_hand(campaign, django_capture_on_commit_callbacks):
    from io import StringIO

    from django.core.management import call_command

    documents = [printed(campaign, revision) for revision in (1, 2)]
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("prune_sheet_documents", "--keep", "1", stdout=out)
    assert "Deleted 1 printed sheet(s)." in out.getvalue()
    assert [exists(d) for d in documents] == [False, True] and not on_disk(documents[0])
