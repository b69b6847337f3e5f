"""Large imports in the background (G4): a campaign export, or a content pack into a campaign.

A small file is loaded in the request. A larger one (over the sizes below) is checked in the request for
everything that needs no database (its shape, each value's type and range, NUL characters, nesting), so a
bad file is refused at once with the path of the bad value; then it is kept as a `CampaignImport` and the
request answers 202. A Celery worker loads it (`transfer.campaign_import` or `overrides.content_pack_import`:
the same checks, in one transaction, within the task's time limits) and the importer polls the job's status
(`GET /api/v1/campaigns/imports/{id}/`, or the content page's status part).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaigns import tasks
from campaigns.access import Access, campaign_access, require_member
from campaigns.errors import refuse
from campaigns.models import CampaignImport
from campaigns.selectors.backups import import_progress_key
from campaigns.selectors.overrides import pack_values
from campaigns.selectors.transfer_schema import validate_document
from campaigns.services import overrides, transfer
from campaigns.services.documents import BROKER_ERRORS, STUCK_AFTER

# Imports waiting or loading at once, per importer; another is refused until one of them is done.
MAX_UNFINISHED = 3
# A job still loading this long after a worker took it lost its worker (the task's hard limit is shorter).
ABANDONED_AFTER = timedelta(seconds=tasks.IMPORT_TIME_LIMIT + 30)

FAILED = gettext_noop(
    "The import stopped unexpectedly; nothing was imported. Try again, or ask the administrator."
)
TOO_LONG = gettext_noop(
    "The import took too long and was stopped; nothing was imported. Split the file into smaller ones."
)
WORKER_LOST = gettext_noop("The worker loading the file stopped; nothing was imported. Try again.")
NOT_A_MEMBER = gettext_noop("You are no longer a member of this campaign; nothing was imported.")

Status = CampaignImport.Status
logger = logging.getLogger(__name__)


@transaction.atomic
def campaign_import_queue(*, owner: Any, data: Any) -> CampaignImport:
    """Check the export (no database needed), then keep it for a worker; it starts once this request has
    committed."""
    validate_document(data)
    return _queue(owner=owner, kind=CampaignImport.Kind.CAMPAIGN, document=data, task=tasks.import_campaign)


@transaction.atomic
def content_pack_import_queue(*, access: Access, actor: Any, document: Any) -> CampaignImport:
    """A member's large pack: checked as far as it can be without the database, then kept for a worker."""
    require_member(access)
    pack_values(document, access.campaign.edition)
    return _queue(
        owner=actor,
        kind=CampaignImport.Kind.CONTENT_PACK,
        document=document,
        campaign=access.campaign,
        task=tasks.import_content_pack,
    )


def _queue(*, owner: Any, kind: str, document: Any, task: Any, campaign: Any = None) -> CampaignImport:
    unfinished = CampaignImport.objects.filter(owner=owner, status__in=[Status.PENDING, Status.RUNNING])
    if unfinished.count() >= MAX_UNFINISHED:
        refuse(
            "document",
            _("You have %(count)s imports under way; wait until one is done, then try again.")
            % {"count": MAX_UNFINISHED},
        )
    job = CampaignImport.objects.create(
        owner=owner,
        kind=kind,
        document=document,
        campaign=campaign,
        language=translation.get_language() or settings.LANGUAGE_CODE,
    )
    transaction.on_commit(lambda: _send(job.pk, task))
    return job


def _send(job_id: int, task: Any) -> None:
    """Hand the job to the workers. A broker that does not answer leaves it waiting: the periodic
    `imports_requeue_stuck` sends it again once the broker is back."""
    CampaignImport.objects.filter(pk=job_id).update(queued_at=timezone.now())
    try:
        task.delay(job_id=job_id)
    except BROKER_ERRORS as exc:
        logger.warning("Could not queue import %s (it is sent again later): %s", job_id, exc)


def campaign_import_run(*, job_id: int) -> CampaignImport | None:
    """Load a waiting campaign import (the worker's side): done with its campaign, or refused."""

    def progress(percent: int) -> None:
        cache.set(import_progress_key(job_id), percent, 3600)

    def load(job: CampaignImport) -> dict[str, Any]:
        return {"campaign": transfer.campaign_import(owner=job.owner, data=job.document, progress=progress)}

    return _run(job_id, load)


def content_pack_import_run(*, job_id: int) -> CampaignImport | None:
    """Load a waiting content pack into its campaign, as its importer (still a member) would inline."""

    def load(job: CampaignImport) -> dict[str, Any]:
        access = campaign_access(user=job.owner, pk=job.campaign_id or 0)
        count = overrides.content_pack_import(access=access, actor=job.owner, document=job.document)
        return {"result": {"records": count}}

    return _run(job_id, load)


def _run(job_id: int, load: Callable[[CampaignImport], dict[str, Any]]) -> CampaignImport | None:
    claimed = CampaignImport.objects.filter(pk=job_id, status=Status.PENDING).update(
        status=Status.RUNNING, started_at=timezone.now()
    )
    if not claimed:
        return None  # already run (a task delivered twice, or sent again while it waited)
    job = CampaignImport.objects.select_related("owner").get(pk=job_id)
    with translation.override(job.language):
        outcome = _outcome(job, load)
    CampaignImport.objects.filter(pk=job_id).update(**outcome, document=None, finished_at=timezone.now())
    cache.set(import_progress_key(job_id), 100, 3600)
    job.refresh_from_db()
    return job


def _outcome(job: CampaignImport, load: Callable[[CampaignImport], dict[str, Any]]) -> dict[str, Any]:
    """The job's end, in the importer's language: what it made, or the messages of a refusal."""
    try:
        return {"status": Status.DONE, **load(job)}
    except ValidationError as exc:
        messages = exc.message_dict if hasattr(exc, "error_dict") else {"document": exc.messages}
        return {"status": Status.FAILED, "errors": messages}
    except (PermissionDenied, Http404):
        return {"status": Status.FAILED, "errors": {"campaign": [_(NOT_A_MEMBER)]}}
    except SoftTimeLimitExceeded:
        return {"status": Status.FAILED, "errors": {"document": [_(TOO_LONG)]}}
    except Exception:
        logger.exception("import %s failed", job.pk)
        return {"status": Status.FAILED, "errors": {"document": [_(FAILED)]}}


def imports_requeue_stuck(*, limit: int = 100) -> int:
    """Periodic: send again each job waiting for a worker for longer than STUCK_AFTER (its message was
    lost), and close as failed each job whose worker died while loading it (its transaction was rolled
    back; it is not run again, which could fail the same way forever). Returns how many were sent."""
    now = timezone.now()
    lost = CampaignImport.objects.filter(status=Status.RUNNING, started_at__lt=now - ABANDONED_AFTER)
    for job in lost.only("pk", "language")[:limit]:
        with translation.override(job.language):
            errors = {"document": [_(WORKER_LOST)]}
        CampaignImport.objects.filter(pk=job.pk, status=Status.RUNNING).update(
            status=Status.FAILED, errors=errors, document=None, finished_at=now
        )
    cutoff = now - STUCK_AFTER
    waiting = CampaignImport.objects.filter(status=Status.PENDING, created_at__lt=cutoff).exclude(
        queued_at__gte=cutoff
    )
    sent = 0
    for job_id, kind in waiting.order_by("pk").values_list("pk", "kind")[:limit]:
        task = (
            tasks.import_content_pack if kind == CampaignImport.Kind.CONTENT_PACK else tasks.import_campaign
        )
        _send(job_id, task)
        sent += 1
    return sent
