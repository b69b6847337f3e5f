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
        "status": job.status,
        "progress": 100 if finished else int(cache.get(import_progress_key(job.pk), 0)),
        "campaign": job.campaign_id,
        "errors": job.errors,
    }
