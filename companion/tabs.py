"""The campaign's bottom tab bar: where each tab leads, for the campaign pages and the helper pages alike.

Only URLs: nothing here reads the database, so both the campaign pages and the helpers (which may not import
each other) build the same bar.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse


def tabs(sheet_id: int, current: str, step: dict[str, Any] | None = None, share: str = "") -> dict[str, Any]:
    """The bottom tab bar; "Now" leads straight to the hero draft, the upgrade phase or (for the owner, once
    a guild has won the scenario) the review of its results when it waits on the reader."""
    sheet = reverse("campaigns:sheet", args=[sheet_id])
    query = f"?share={share}" if share else ""
    now = sheet + query + "#now"
    attention = bool(step and step.get("yours") and step["kind"] in ("upgrade", "hero-draft", "live-won"))
    if attention and step:
        now = step["url"] + query
    return {
        "current": current,
        "now": now,
        "attention": attention,
        "live": sheet + query + "#live",
        "mine": reverse("campaigns:mine", args=[sheet_id]) + query,
        # Members' helpers know the campaign: the spawn helper remembers the group's tile per scenario.
        "helpers": reverse("helpers:index") + ("" if share else f"?campaign={sheet_id}"),
        "sheet": sheet + query,
    }
