"""Thin Celery tasks: they take primary keys and call a service (imported in the body, so services can
dispatch tasks without an import cycle)."""

from __future__ import annotations

from typing import Any

from celery import Task, shared_task

from campaigns.errors import RENDER_TRANSIENT_ERRORS

MAX_RETRIES = 3
# A render takes a few seconds; stopped well before a minute, so a sheet pending for longer than that
# (`services.documents.STUCK_AFTER`) is one no worker is rendering any more, and is queued again.
RENDER_SOFT_LIMIT = 45
RENDER_TIME_LIMIT = 50
# An import of the largest file allowed (2 MB, or 2,000 pack records) takes well under a minute.
IMPORT_SOFT_LIMIT = 120
IMPORT_TIME_LIMIT = 150


class SheetTask(Task):
    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        from campaigns.services import documents

        # Retries used up on a transient error: tell the reader instead of leaving the sheet pending forever.
        document_id = kwargs.get("document_id", args[0] if args else None)
        if document_id is not None:
            documents.sheet_document_fail(
                document_id=document_id,
                reason=f"The sheet could not be rendered: {type(exc).__name__}: {exc}",
            )


@shared_task(
    bind=True,
    base=SheetTask,
    acks_late=True,  # safe to run twice: a done document is skipped, a re-render overwrites the same file
    reject_on_worker_lost=True,
    ignore_result=True,
    soft_time_limit=RENDER_SOFT_LIMIT,
    time_limit=RENDER_TIME_LIMIT,
    autoretry_for=RENDER_TRANSIENT_ERRORS,
    max_retries=MAX_RETRIES,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
)
def render_sheet_document(self: Task, document_id: int) -> None:
    from campaigns.services import documents

    # In-process (no broker) nothing could retry later: a transient error fails the sheet at once instead.
    documents.sheet_document_render(document_id=document_id, retryable=not self.request.is_eager)


@shared_task(ignore_result=True, acks_late=True, soft_time_limit=60, time_limit=90)
def backup_campaign(campaign_id: int, reason: str) -> None:
    """Keep a full backup of the campaign after a milestone (a recorded scenario, a closed upgrade phase)."""
    from campaigns.services import backups

    backups.campaign_backup_create(campaign_id=campaign_id, reason=reason)


@shared_task(
    ignore_result=True, acks_late=True, soft_time_limit=IMPORT_SOFT_LIMIT, time_limit=IMPORT_TIME_LIMIT
)
def import_campaign(job_id: int) -> None:
    """Load a large campaign import in the background (the importer polls its progress)."""
    from campaigns.services import imports

    imports.campaign_import_run(job_id=job_id)


@shared_task(
    ignore_result=True, acks_late=True, soft_time_limit=IMPORT_SOFT_LIMIT, time_limit=IMPORT_TIME_LIMIT
)
def import_content_pack(job_id: int) -> None:
    """Load a large content pack into its campaign in the background (the importer polls its status)."""
    from campaigns.services import imports

    imports.content_pack_import_run(job_id=job_id)


@shared_task(ignore_result=True, soft_time_limit=30, time_limit=40)
def requeue_stuck_work() -> None:
    """Periodic (celery beat, every few seconds): queue again the renders and imports whose worker died
    (or whose message was lost) instead of waiting for the broker's visibility timeout (G14)."""
    from campaigns.services import documents, imports

    documents.sheet_documents_requeue_stuck()
    imports.imports_requeue_stuck()


@shared_task(ignore_result=True, acks_late=True, soft_time_limit=300, time_limit=330)
def prune_sheet_documents() -> None:
    """Periodic (celery beat): delete printed sheets older than each campaign's latest revisions."""
    from campaigns.services import documents

    documents.sheet_documents_prune()
