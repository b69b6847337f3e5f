"""Moving the generations of `selectors.reader_state`: every change a kept access check could miss.

A generation is deleted twice: at once (a reader on the same connection, or in a test's transaction, sees
the change straight away) and again when the transaction commits (a reader that drew a new generation in
between read the rows as they were before the commit; its entry must not outlive the commit).
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from campaigns.models import Campaign, Membership
from campaigns.selectors.reader_state import generation_key, list_generation_key, member_ids


def reader_state_forget(*, campaign_id: int) -> None:
    """The campaign changed: its kept row and roles, and its members' lists (its name, its revision), are
    read again."""
    _forget([generation_key(campaign_id), *map(list_generation_key, member_ids(campaign_id))])


def reader_campaigns_forget(*, user_id: int) -> None:
    """The user joined or left a campaign: their kept campaign list is read again."""
    _forget([list_generation_key(user_id)])


def _forget(keys: list[str]) -> None:
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys))


# Saves and deletes outside the services (the admin, a cascade from a deleted user) move them too; the
# services' own queryset updates of the campaign row call `reader_state_forget` themselves.
@receiver(post_save, sender=Campaign, dispatch_uid="reader_state.campaign_saved")
@receiver(post_delete, sender=Campaign, dispatch_uid="reader_state.campaign_deleted")
def _campaign_changed(sender: Any, instance: Campaign, **kwargs: Any) -> None:
    reader_state_forget(campaign_id=instance.pk)


@receiver(post_save, sender=Membership, dispatch_uid="reader_state.membership_saved")
@receiver(post_delete, sender=Membership, dispatch_uid="reader_state.membership_deleted")
def _membership_changed(sender: Any, instance: Membership, **kwargs: Any) -> None:
    reader_state_forget(campaign_id=instance.campaign_id)
    reader_campaigns_forget(user_id=instance.user_id)
