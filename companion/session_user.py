"""The signed-in user of a session kept in the cache, so a page read loads no user row.

Django's `AuthenticationMiddleware` reads the session's user from the database on every request. Here the
row is kept in the cache with a *generation* (a random token under a key of its own, as
`campaigns/selectors/reader_state.py` keeps the access check): every save or delete of the user deletes the
generation at once and again when the transaction commits, and a reader takes the generation before it
reads the row, so a row read before a change can never be taken for a current one.

A kept user is used only when Django would accept it the same way: the session's backend is the model
backend, the user is active, and the session's hash matches the user's password hash under the current
secret key (so a changed password still ends every other session). Anything else, and a miss, goes through
`django.contrib.auth.get_user` itself. The cache fails open: with it down every request reads the row. A
change made without a save (a queryset update) is seen within a minute, the longest a row is kept.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.contrib import auth
from django.contrib.auth import get_user_model
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare
from django.utils.functional import SimpleLazyObject

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
TIMEOUT = 24 * 60 * 60
# A kept row lasts a minute at most: the safety net for a change made behind the models' back (a queryset
# update of `is_active` or of the password), which no signal announces.
ROW_TIMEOUT = 60


def _generation_key(user_id: Any) -> str:
    return f"user-gen:{user_id}"


def _row_key(user_id: Any) -> str:
    return f"user-row:{user_id}"


def session_user(request: HttpRequest) -> Any:
    """`auth.get_user(request)`, from the cache when it holds the session's user as of now."""
    session = request.session
    user_id = session.get(auth.SESSION_KEY)
    if user_id is None or session.get(auth.BACKEND_SESSION_KEY) != MODEL_BACKEND:
        return auth.get_user(request)
    if MODEL_BACKEND not in settings.AUTHENTICATION_BACKENDS:
        return auth.get_user(request)
    keys = [_generation_key(user_id), _row_key(user_id)]
    found = cache.get_many(keys)
    generation, entry = found.get(keys[0]), found.get(keys[1])
    if generation is not None and entry is not None and entry[0] == generation:
        user = entry[1]
        held = session.get(auth.HASH_SESSION_KEY)
        if user.is_active and held and constant_time_compare(held, user.get_session_auth_hash()):
            user.backend = MODEL_BACKEND
            return user
    generation = generation or _draw(keys[0])
    user = auth.get_user(request)
    if generation is not None and user.is_authenticated and str(user.pk) == str(user_id):
        cache.set(keys[1], (generation, user), ROW_TIMEOUT)
    return user


def _draw(key: str) -> str | None:
    found = cache.get(key)
    if found is None:
        cache.add(key, secrets.token_hex(8), TIMEOUT)
        found = cache.get(key)
    return found


class CachedAuthenticationMiddleware(AuthenticationMiddleware):
    """Django's middleware, with `request.user` read through `session_user`."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: _once(request))


def _once(request: HttpRequest) -> Any:
    if not hasattr(request, "_cached_user"):
        request._cached_user = session_user(request)  # type: ignore[attr-defined]
    return request._cached_user  # type: ignore[attr-defined]


def user_forget(user_id: Any) -> None:
    """The user's row changed: the kept copy goes now and when the change commits."""
    key = _generation_key(user_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def _user_changed(sender: Any, instance: Any, **kwargs: Any) -> None:
    user_forget(instance.pk)


def connect() -> None:
    """Called from the app's `ready()`, so a change made anywhere (the admin, a command) moves the user."""
    model = get_user_model()
    post_save.connect(_user_changed, sender=model, dispatch_uid="session_user.saved")
    post_delete.connect(_user_changed, sender=model, dispatch_uid="session_user.deleted")
