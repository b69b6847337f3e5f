"""Reads of a player's own choices."""

from __future__ import annotations

from typing import Any

from campaigns.models import Preferences


def account_language(user: Any) -> str | None:
    """The language saved on the account, or None when the player never chose one."""
    return Preferences.objects.filter(user=user).values_list("language", flat=True).first() or None
