"""A player's own choices, kept on their account (today: the language of the pages)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from campaigns.models import Preferences


@transaction.atomic
def preferences_language_set(*, user: Any, language: str) -> Preferences:
    preferences, _ = Preferences.objects.update_or_create(user=user, defaults={"language": language})
    return preferences
