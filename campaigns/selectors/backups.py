"""Reads of a campaign's automatic backups (the documents themselves are read only to restore one), and
of background imports."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from campaigns.models import Campaign, CampaignBackup, CampaignImport


def campaign_backups(campaign: Campaign) -> list[dict[str, Any]]:
    """The kept backups, newest first, without their documents."""
    rows = CampaignBackup.objects.filter(campaign=campaign).values(
        "pk", "reason", "history_seq", "summary", "created_at"
    )
    labels = dict(CampaignBackup.Reason.choices)
    return [
        {
            "id": row["pk"],
            "reason": row["reason"],
            "label": labels.get(row["reason"], row["reason"]),
            "history_seq": row["history_seq"],
            "summary": row["summary"],
            "created_at": row["created_at"],
        }
        for row in rows
    ]


# Up to these sizes an import is loaded in the request (well under a second); above either, by a worker.
# A pack's record costs several queries (its target, its name among the deck's cards), a campaign's change
# one insert: packs go to the worker sooner.
CAMPAIGN_INLINE_BYTES = 256 * 1024
CAMPAIGN_INLINE_EVENTS = 1000
PACK_INLINE_BYTES = 64 * 1024
PACK_INLINE_RECORDS = 100


def campaign_in_background(data: Any, size: int) -> bool:
    """Whether a campaign export is loaded by a worker: over CAMPAIGN_INLINE_BYTES or _EVENTS."""
    events = data.get("events") if isinstance(data, dict) else None
    return size > CAMPAIGN_INLINE_BYTES or (isinstance(events, list) and len(events) > CAMPAIGN_INLINE_EVENTS)


def pack_in_background(document: Any, size: int) -> bool:
    """Whether a content pack is loaded by a worker: over PACK_INLINE_BYTES or PACK_INLINE_RECORDS."""
    records = document.get("records") if isinstance(document, dict) else None
    return size > PACK_INLINE_BYTES or (isinstance(records, list) and len(records) > PACK_INLINE_RECORDS)


def import_progress_key(job_id: int) -> str:
    """Where a running import reports how far it got (its transaction hides the rows until the end)."""
    return f"campaigns:import:{job_id}:progress"


def import_job(*, user: Any, job_id: Any) -> dict[str, Any] | None:
    """A background import as its importer sees it; None for anyone else (404)."""
    if not getattr(user, "is_authenticated", False):
        return None
    job = CampaignImport.objects.filter(pk=job_id, owner=user).first()
    if job is None:
        return None
    finished = job.status in (CampaignImport.Status.DONE, CampaignImport.Status.FAILED)
    return {
        "id": job.pk,
        "kind": job.kind,
        "status": job.status,
        "progress": 100 if finished else int(cache.get(import_progress_key(job.pk), 0)),
        "campaign": job.campaign_id,
        "errors": job.errors,
        "result": job.result,
    }
