"""Thin Celery tasks: they take primary keys and call a service (imported in the body, so services can
dispatch tasks without an import cycle)."""

from __future__ import annotations

from typing import Any

from celery import Task, shared_task

from campaigns.errors import RENDER_TRANSIENT_ERRORS

MAX_RETRIES = 3


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
    soft_time_limit=60,
    time_limit=90,
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


@shared_task(ignore_result=True, acks_late=True, soft_time_limit=120, time_limit=150)
def import_campaign(job_id: int) -> None:
    """Load a large campaign import in the background (the importer polls its progress)."""
    from campaigns.services import imports

    imports.campaign_import_run(job_id=job_id)


@shared_task(ignore_result=True, acks_late=True, soft_time_limit=300, time_limit=330)
def prune_sheet_documents() -> None:
    """Periodic (celery beat): delete printed sheets older than each campaign's latest revisions."""
    from campaigns.services import documents

    documents.sheet_documents_prune()
