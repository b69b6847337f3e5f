"""Large imports in the background: the request stores the document and answers 202 at once, a Celery
worker loads it (`transfer.campaign_import`, the same checks in one transaction) and the importer polls
`GET /api/v1/campaigns/imports/{id}/` for its status and progress."""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from campaigns import tasks
from campaigns.models import CampaignImport
from campaigns.selectors.backups import import_progress_key
from campaigns.selectors.transfer_schema import check_header
from campaigns.services import transfer

# Up to this size an import is loaded in the request (about a second); above it, by a worker.
BACKGROUND_IMPORT_BYTES = 1024 * 1024
FAILED = "The import stopped unexpectedly; nothing was imported. Try again, or ask the administrator."
logger = logging.getLogger(__name__)


@transaction.atomic
def campaign_import_queue(*, owner: Any, data: Any) -> CampaignImport:
    """Keep the document for a worker; the import starts once this request has committed."""
    check_header(data)
    job = CampaignImport.objects.create(owner=owner, document=data)
    transaction.on_commit(lambda: tasks.import_campaign.delay(job_id=job.pk))
    return job


def campaign_import_run(*, job_id: int) -> CampaignImport | None:
    """Load a waiting import (the worker's side): done with its campaign, or refused with its messages."""
    claimed = CampaignImport.objects.filter(pk=job_id, status=CampaignImport.Status.PENDING).update(
        status=CampaignImport.Status.RUNNING
    )
    if not claimed:
        return None  # already run (a task delivered twice)
    job = CampaignImport.objects.select_related("owner").get(pk=job_id)
    outcome: dict[str, Any] = {"document": None}
    try:
        campaign = transfer.campaign_import(
            owner=job.owner,
            data=job.document,
            progress=lambda p: cache.set(import_progress_key(job_id), p, 3600),
        )
    except ValidationError as exc:
        messages = exc.message_dict if hasattr(exc, "error_dict") else {"document": exc.messages}
        outcome.update(status=CampaignImport.Status.FAILED, errors=messages)
    except Exception:
        logger.exception("campaign import %s failed", job_id)
        outcome.update(status=CampaignImport.Status.FAILED, errors={"document": [FAILED]})
    else:
        outcome.update(status=CampaignImport.Status.DONE, campaign=campaign)
    CampaignImport.objects.filter(pk=job_id).update(**outcome, finished_at=timezone.now())
    cache.set(import_progress_key(job_id), 100, 3600)
    job.refresh_from_db()
    return job
