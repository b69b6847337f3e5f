"""Shared fixtures: the content packs loaded once, users by role, API clients, and the real services."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from django.apps import apps
from django.core import serializers
from django.core.management import call_command
from django.db import connection, connections
from django.db.models.signals import post_migrate
from django.test import Client
from rest_framework.test import APIClient

from campaigns.models import Campaign, Membership
from campaigns.selectors.content import PACK_DIR
from tests.factories import ShareLink, UserFactory, api_for, build_campaign, client_for

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
PACKS = ("inferno.json", "arcadia-quest.json", "test-pack.json")
PUT_BACK = "tests.conftest.put_back_the_packs"
BROWSER_TESTS = "tests/browser/"


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadgroup` with every browser test in one group: one worker runs them all (one live server,
    one Chromium at a time), starting with them as the largest group, while the other workers run the rest.
    The group is given here rather than by an `xdist_group` mark, which pytest-xdist 3.8 loses on pytest 9.2
    (pytest-xdist issue 1386): the mark's group never reaches the scheduler."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class BrowserGroupScheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "browser" if nodeid.startswith(BROWSER_TESTS) else super()._split_scope(nodeid)

    return BrowserGroupScheduling(config, log)


def skip_or_fail(reason: str) -> None:
    """Without the real services a test skips; in CI (REQUIRE_SERVICES=1) their absence is a failure."""
    if REQUIRE_SERVICES:
        pytest.fail(f"required service missing: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: pytest.FixtureRequest) -> Iterator[None]:
    """The content packs, loaded once into this worker's test database. A transactional test empties the
    database when it ends (Django's flush); the rows the packs made are then put back at once, so every test
    finds them, whatever order a worker runs its tests in."""
    with django_db_blocker.unblock():
        call_command("load_content", *(str(PACK_DIR / name) for name in PACKS), verbosity=0)
        packs = _serialized_packs()

    def put_back(using: str, **kwargs: Any) -> None:
        # Django's own restore for serialized rollback: the same rows, with the same ids.
        connections[using].creation.deserialize_db_from_string(packs)

    # The flush re-creates content types and permissions on post_migrate; the packs go back after them.
    campaigns_app = apps.get_app_config("campaigns")
    post_migrate.connect(put_back, sender=campaigns_app, weak=False, dispatch_uid=PUT_BACK)
    yield
    post_migrate.disconnect(sender=campaigns_app, dispatch_uid=PUT_BACK)


def _serialized_packs() -> str:
    """Every row of the app's tables just after the packs were loaded (the packs hold no campaign)."""
    models = apps.get_app_config("campaigns").get_models()
    rows = (row for model in models for row in model._base_manager.order_by("pk"))
    return serializers.serialize("json", rows)


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the site's language: a request in Portuguese leaves its language active in the
    thread (the locale middleware does not undo it), and a test calling a view or a service directly would
    read it."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Each test starts with an empty cache: ids repeat between rolled-back tests, a sheet kept by one
    test must never answer in another, and one test's requests never count against the next's throttles.
    With Redis, each xdist worker clears only its own database (companion/settings/test.py)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def postgres() -> None:

    if connection.vendor != "postgresql":
        skip_or_fail("this test needs PostgreSQL (set DATABASE_URL=postgres://...)")


@pytest.fixture
def redis_url() -> str:
    """This run's Redis: the database of this xdist worker (companion/settings/test.py)."""
    from django.conf import settings

    if not os.environ.get("REDIS_URL"):
        skip_or_fail("this test needs Redis (set REDIS_URL=redis://...)")
    host, port = _host_port(settings.REDIS_URL)
    try:
        socket.create_connection((host, port), timeout=2).close()
    except OSError:
        skip_or_fail(f"Redis does not answer at {host}:{port}")
    return settings.REDIS_URL


def _host_port(url: str) -> tuple[str, int]:
    from urllib.parse import urlparse

    parsed = urlparse(url)
    return parsed.hostname or "127.0.0.1", parsed.port or 6379


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def csrf_api() -> APIClient:
    return APIClient(enforce_csrf_checks=True)


def db_snapshot() -> dict[str, list[dict]]:
    """Every row of every table the app writes, to prove a refused request changed nothing."""
    from django.apps import apps

    tables = {}
    for model in apps.get_app_config("campaigns").get_models():
        tables[model._meta.label] = sorted(map(repr, model.objects.order_by("pk").values()))
    from django.contrib.auth import get_user_model

    tables["users"] = sorted(map(repr, get_user_model().objects.values("username", "is_active")))
    return tables


@pytest.fixture
def snapshot():
    return db_snapshot


# --- The people at the table, by role -----------------------------------------------------------------
# Users are created by username (get or create), so the same name always means the same user.


@pytest.fixture
def owner() -> Any:
    """Created the campaign; edits everything and acts for an absent player."""
    return UserFactory(username="olga")


@pytest.fixture
def player() -> Any:
    """A member who plays a guild (Teal in the `campaign` fixture)."""
    return UserFactory(username="fred")


@pytest.fixture
def campaign(owner: Any, player: Any) -> Campaign:
    """The usual table: Yellow held by the owner, Teal by the player, heroes chosen, nothing played."""
    return build_campaign(owner, guilds={"yellow": None, "teal": player})


@pytest.fixture
def member(campaign: Campaign) -> Any:
    """Joined the campaign (of the module, if it builds its own) and plays no guild."""
    user = UserFactory(username="mia")
    Membership.objects.get_or_create(campaign=campaign, user=user)
    return user


@pytest.fixture
def spectator() -> Any:
    """Logged in but no member: sees a campaign only through its share link."""
    return UserFactory(username="sally")


@pytest.fixture
def outsider() -> Any:
    """Logged in, neither a member nor holding the share link."""
    return UserFactory(username="eve")


# Browsers for the pages (session login) and API clients (force_authenticate), one per role.


@pytest.fixture
def owner_client(owner: Any) -> Client:
    return client_for(owner)


@pytest.fixture
def player_client(player: Any) -> Client:
    return client_for(player)


@pytest.fixture
def member_client(member: Any) -> Client:
    return client_for(member)


@pytest.fixture
def spectator_client(spectator: Any, campaign: Campaign) -> ShareLink:
    return ShareLink(client_for(spectator), campaign)


@pytest.fixture
def outsider_client(outsider: Any) -> Client:
    return client_for(outsider)


@pytest.fixture
def owner_api(owner: Any) -> APIClient:
    return api_for(owner)


@pytest.fixture
def player_api(player: Any) -> APIClient:
    return api_for(player)


@pytest.fixture
def member_api(member: Any) -> APIClient:
    return api_for(member)


@pytest.fixture
def spectator_api(spectator: Any, campaign: Campaign) -> ShareLink:
    return ShareLink(api_for(spectator), campaign)


@pytest.fixture
def outsider_api(outsider: Any) -> APIClient:
    return api_for(outsider)
