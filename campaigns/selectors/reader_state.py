"""The access check kept in the cache, for the reads that need nothing more: an unchanged sheet (304), a
kept sheet, the campaign list. A hit costs no query, and no round trip once the process keeps it
(`companion.near_cache`).

What is kept, per campaign: its row (with its edition's) and every member's role; per user: the list of
their campaigns. Every entry is stored with a *generation*: a random token under a key of its own (one per
campaign, one per user's list) that every change deletes (`services.reader_state`): an event (every write
records one, so every move of history_seq or revision), a membership made or removed, any save or delete
of the campaign's row. A change to a campaign also moves the list generation of each of its members. An
entry whose generation is not the current one is read again.

Why a generation and not a plain delete of the entry: a reader takes the generation *before* it reads the
database, so an entry computed from rows older than a change carries the old generation, and the change
deletes the generation once it has committed (and once more as it happens, for readers on the same
connection). An entry read from stale rows can therefore never be taken for a current one, however the
reads and the write interleave. A generation the cache evicted is as good as a change.

The cache fails open: with it down nothing is kept and every read asks the database, as before.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS
from django.db.models import Model
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init
from django.http import Http404

from campaigns.access import Access, access_as, campaign_with_roles
from campaigns.models import Campaign, Edition, Membership
from campaigns.selectors.versions import CONTENT_VERSION_KEY, content_version

# A quiet campaign's entries leave the cache after a day; its generation with them.
TIMEOUT = 24 * 60 * 60


def generation_key(campaign_id: int) -> str:
    return f"campaign-gen:{campaign_id}"


def list_generation_key(user_id: int) -> str:
    return f"user-campaigns-gen:{user_id}"


def _state_key(campaign_id: int) -> str:
    # Name the entry's shape: a release that changes what is kept changes the name, so it never reads an
    # entry an older release wrote.
    return f"campaign-access.v2:{campaign_id}"


def _list_key(user_id: int) -> str:
    return f"user-campaigns.v2:{user_id}"


def access_keys(pk: Any) -> list[str]:
    """What `reader_access` reads from the cache, for a caller that can fetch them in a round trip it makes
    anyway (the token check, `companion.tokens`) and hand them over as `ahead`."""
    try:
        campaign_id = int(pk)
    except (ValueError, TypeError):
        return []
    return [generation_key(campaign_id), _state_key(campaign_id), CONTENT_VERSION_KEY]


def reader_access(
    *, user: Any, pk: Any, share_token: str | None, ahead: dict[str, Any] | None = None
) -> tuple[Access, str | None]:
    """`access.campaign_access` (the same rule, the same 404s) and the content version, from the cache when
    it holds this campaign: one round trip, or none when `ahead` holds what the cache had under
    `access_keys` (read before anything else of this request). Else from one query, then kept."""
    keys = access_keys(pk)
    if not keys:
        raise Http404
    user_id = user.pk if getattr(user, "is_authenticated", False) else None
    found = ahead if ahead is not None else cache.get_many(keys)
    content = found.get(CONTENT_VERSION_KEY) or content_version()
    generation, state = found.get(keys[0]), found.get(keys[1])
    if generation is not None and _current(state, generation):
        _, row, roles = state
        return access_as(_campaign(row), roles.get(user_id), user_id, share_token), content
    generation = generation or _generation(keys[0])
    campaign, roles = campaign_with_roles(pk=pk)
    if generation is not None:
        cache.set(keys[1], (generation, _row(campaign) + _row(campaign.edition), roles), TIMEOUT)
    return access_as(campaign, roles.get(user_id), user_id, share_token), content


def reader_campaigns(user: Any) -> list[dict[str, Any]]:
    """The campaign list's rows for a signed-in user (id, name, edition, mode, revision), newest first.

    Kept per user under the user's list generation, which moves when they join or leave a campaign and
    when any of their campaigns changes (`services.reader_state`): one round trip when nothing changed."""
    list_key, list_gen_key = _list_key(user.pk), list_generation_key(user.pk)
    found = cache.get_many([list_gen_key, list_key])
    entry, list_gen = found.get(list_key), found.get(list_gen_key)
    if list_gen is not None and _current(entry, list_gen):
        return entry[1]
    list_gen = list_gen or _generation(list_gen_key)
    ids = Membership.objects.filter(user_id=user.pk).values("campaign_id")
    rows = [
        {"id": c.pk, "name": c.name, "edition": c.edition.slug, "mode": c.mode, "revision": c.revision}
        for c in Campaign.objects.filter(pk__in=ids).select_related("edition")
    ]
    if list_gen is not None:
        cache.set(list_key, (list_gen, rows), TIMEOUT)
    return rows


def member_ids(campaign_id: int) -> list[int]:
    """Who belongs to the campaign (user ids), read from the database: whose lists show it."""
    return list(Membership.objects.filter(campaign_id=campaign_id).values_list("user_id", flat=True))


def _current(entry: Any, generation: str) -> bool:
    return entry is not None and entry[0] == generation


def _generation(key: str) -> str | None:
    """The current generation under `key`, drawn now if there is none (None while the cache is down)."""
    found = cache.get(key)
    if found is None:
        cache.add(key, secrets.token_hex(8), TIMEOUT)
        found = cache.get(key)
    return found


def _row(obj: Model) -> list[Any]:
    return [getattr(obj, field.attname) for field in obj._meta.concrete_fields]


def _campaign(values: list[Any]) -> Campaign:
    """The campaign and its edition, rebuilt from a kept row as the database would have loaded them."""
    count = len(Campaign._meta.concrete_fields)
    campaign = _loaded(Campaign, values[:count])
    campaign._state.fields_cache["edition"] = _loaded(Edition, values[count:])
    return campaign


def _loaded(model: type[Model], values: list[Any]) -> Any:
    """`model.from_db` of a full row, without `__init__`'s work per field: every polled read rebuilds two
    rows. Only while no init signal listens for the model (none does); else `from_db` itself."""
    names = [field.attname for field in model._meta.concrete_fields]
    if pre_init.has_listeners(model) or post_init.has_listeners(model):
        return model.from_db(DEFAULT_DB_ALIAS, names, values)
    obj = model.__new__(model)
    obj.__dict__.update(zip(names, values, strict=True))
    state = obj._state = ModelState()
    state.adding, state.db = False, DEFAULT_DB_ALIAS
    return obj
