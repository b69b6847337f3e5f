"""What a player chose for themselves, kept on their account so it follows them to any device."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Preferences(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    # A code from settings.LANGUAGES; empty until the player picks one (the browser's language applies).
    language = models.CharField(max_length=10, blank=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"{self.user}: {self.language or 'browser language'}"
