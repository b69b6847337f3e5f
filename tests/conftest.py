"""Shared fixtures: the content packs loaded once, users by role, API clients, and the real services."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator

import pytest
from django.core.management import call_command
from django.db import connection
from rest_framework.test import APIClient

from campaigns.selectors.content import PACK_DIR

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
PACKS = ("inferno.json", "arcadia-quest.json", "test-pack.json")


def skip_or_fail(reason: str) -> None:
    """Without the real services a test skips; in CI (REQUIRE_SERVICES=1) their absence is a failure."""
    if REQUIRE_SERVICES:
        pytest.fail(f"required service missing: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: pytest.FixtureRequest) -> Iterator[None]:
    with django_db_blocker.unblock():
        call_command("load_content", *(str(PACK_DIR / name) for name in PACKS), verbosity=0)
    yield


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Each test starts with an empty cache: ids repeat between rolled-back tests, and a sheet kept by
    one test must never answer in another."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _content_for_transactional_tests(request: pytest.FixtureRequest) -> None:
    """Transactional tests flush the database after they run, content packs included: put them back."""
    marker = request.node.get_closest_marker("django_db")
    if marker is None or not marker.kwargs.get("transaction"):
        return
    request.getfixturevalue("transactional_db")
    from campaigns.models import Edition

    if not Edition.objects.filter(slug="inferno").exists():
        call_command("load_content", *(str(PACK_DIR / name) for name in PACKS), verbosity=0)


@pytest.fixture
def postgres() -> None:

    if connection.vendor != "postgresql":
        skip_or_fail("this test needs PostgreSQL (set DATABASE_URL=postgres://...)")


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        skip_or_fail("this test needs Redis (set REDIS_URL=redis://...)")
    host, port = _host_port(url)
    try:
        socket.create_connection((host, port), timeout=2).close()
    except OSError:
        skip_or_fail(f"Redis does not answer at {host}:{port}")
    return url


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
