"""Reads of a campaign's automatic backups (the documents themselves are read only to restore one)."""

from __future__ import annotations

from typing import Any

from campaigns.models import Campaign, CampaignBackup


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
