"""The project itself: settings, pages and the API schema. (`manage.py check --deploy` with the production
settings runs in CI, .ci/run.)"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema

ROOT = Path(__file__).resolve().parents[2]
# Passes the secret-key bar (50+ characters, varied): each test below is refused for the one thing it lacks.
STRONG_KEY = "a-long-random-production-secret-" + "k9Q" * 14


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "REDIS_URL"}
    # `check` connects to nothing: a Redis address is enough for the settings to load.
    environment.update({"REDIS_URL": "redis://127.0.0.1:6379/0", **env})
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_refuse_to_start_without_a_secret():
    result = _manage(
        "check",
        DJANGO_SETTINGS_MODULE="companion.settings.production",
        DJANGO_ALLOWED_HOSTS="companion.example",
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_production_settings_refuse_to_start_without_redis():
    """Every worker shares the content version, the kept sheets and the rate limits: never a cache per
    process."""
    result = _manage(
        "check",
        DJANGO_SETTINGS_MODULE="companion.settings.production",
        DJANGO_SECRET_KEY=STRONG_KEY,
        DJANGO_ALLOWED_HOSTS="companion.example",
        REDIS_URL="",
    )
    assert result.returncode != 0
    assert "REDIS_URL" in result.stderr


def test_production_settings_refuse_to_start_without_hosts():
    result = _manage(
        "check", DJANGO_SETTINGS_MODULE="companion.settings.production", DJANGO_SECRET_KEY=STRONG_KEY
    )
    assert result.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in result.stderr


@pytest.mark.django_db
def test_the_home_page_says_what_the_app_does(client):
    response = client.get("/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "Campaign Sheet" in body and "Death Curse" in body


@pytest.mark.django_db
def test_the_schema_is_served_and_valid(client):
    response = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = SchemaGenerator().get_schema(request=None, public=True)
    validate_schema(schema)
    assert "/api/v1/monsters/{slug}/" in schema["paths"]
    assert "/api/v1/campaigns/{id}/plays/" in schema["paths"]


@pytest.mark.django_db
def test_the_api_docs_load_without_a_cdn(client):
    response = client.get("/api/v1/docs/")
    assert response.status_code == 200
    assert b"cdn.jsdelivr" not in response.content


@pytest.mark.django_db
def test_an_unknown_api_url_answers_json_and_an_unknown_page_answers_html(client):
    api = client.get("/api/v1/blank-sheet-pdf/not-a-number/")
    assert api.status_code == 404 and api.json() == {"detail": "Not found."}
    page = client.get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
