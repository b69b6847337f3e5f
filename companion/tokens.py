"""API tokens checked from the cache: which user a token names, kept for a minute, so a read with a token
makes no query to authenticate.

A hit gives a `KnownUser`: its id (all a read needs to check access) without a query, the user's row read
on first use of anything else (a write that records who made it). A token deleted, or a user saved (made
inactive) or deleted, leaves a tombstone under its key at once and again when the transaction commits;
a reader that missed only ever *adds* an entry, which a tombstone refuses, so a revoked token cannot be
kept by a reader that read it just before the revocation. The minute is the safety net for a change made
behind the models' back (a queryset update of `is_active`).
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils.functional import SimpleLazyObject
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.request import Request

TIMEOUT = 60
READ_AHEAD = "cache_read_ahead"
REVOKED = 0  # no user has id 0: a tombstone, read as "ask the database"


def token_entry(token: str) -> str:
    # The token itself never goes into the cache, only its digest.
    return "api-token:" + hashlib.sha256(token.encode()).hexdigest()[:40]


class KnownUser(SimpleLazyObject):
    """An active user known by id: the id and being signed in answer without a query; anything else
    reads the user's row (once)."""

    is_authenticated = True
    is_anonymous = False
    is_active = True

    def __init__(self, pk: int) -> None:
        super().__init__(lambda: get_user_model()._default_manager.get(pk=pk))
        self.__dict__["_known_pk"] = pk

    @property
    def pk(self) -> int:
        return self.__dict__["_known_pk"]

    @property
    def id(self) -> int:
        return self.__dict__["_known_pk"]

    def __bool__(self) -> bool:
        # `request.user and request.user.is_authenticated` (DRF's IsAuthenticated) asks this first.
        return True


class CachedTokenAuthentication(TokenAuthentication):
    """DRF's token authentication (same header, same refusals), remembering which user a token names.

    A view may name cache keys it will read anyway (`read_ahead(request)`, e.g. the kept access check of
    the campaign in its URL): they are read in the same round trip as the token and handed over in
    `read_ahead_of(request)`. DRF makes one authenticator per request, so keeping the request here is safe.
    """

    ahead: list[str]
    http_request: Any = None

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        view = (getattr(request, "parser_context", None) or {}).get("view")
        read_ahead = getattr(view, "read_ahead", None)
        self.ahead = list(read_ahead(request)) if read_ahead else []
        self.http_request = request._request
        return super().authenticate(request)

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        entry = token_entry(key)
        ahead = getattr(self, "ahead", [])
        found = cache.get_many([entry, *ahead])
        if ahead:
            setattr(self.http_request, READ_AHEAD, {k: found[k] for k in ahead if k in found})
        user_id = found.get(entry)
        if user_id:
            return KnownUser(user_id), key
        user, token = super().authenticate_credentials(key)
        cache.add(entry, user.pk, TIMEOUT)
        return user, token


def read_ahead_of(request: Request) -> dict[str, Any] | None:
    """What the cache held under the view's `read_ahead` keys when the token was checked (None: not read
    ahead, e.g. a session or an anonymous request)."""
    return getattr(request._request, READ_AHEAD, None)


def token_forget(key: str) -> None:
    """The token no longer names an active user: leave a tombstone now and when the change commits."""
    entry = token_entry(key)
    cache.set(entry, REVOKED, TIMEOUT)
    transaction.on_commit(lambda: cache.set(entry, REVOKED, TIMEOUT))


@receiver(post_delete, sender=Token, dispatch_uid="tokens.token_deleted")
def _token_deleted(sender: Any, instance: Token, **kwargs: Any) -> None:
    token_forget(instance.key)


@receiver(post_save, sender=get_user_model(), dispatch_uid="tokens.user_saved")
def _user_saved(sender: Any, instance: Any, created: bool, update_fields: Any = None, **kwargs: Any) -> None:
    # A log in saves only last_login: nothing a token depends on. A new user has no token yet.
    if created or (update_fields is not None and "is_active" not in update_fields):
        return
    for key in Token.objects.filter(user_id=instance.pk).values_list("key", flat=True):
        token_forget(key)
