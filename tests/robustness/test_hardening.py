"""Hardening (probe F10, F14): JSON bodies bounded before parsing, a Content-Security-Policy that the
templates keep to, and a JSON-only API in production."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from companion.parsers import json_depth
from tests.factories import api_for, build_campaign

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
DEEP = "[" * 1000 + "]" * 1000  # the probe's 2 KB body


@pytest.fixture
def campaign(owner):
    return build_campaign(owner, guilds={"yellow": None})


def _post_raw(client: APIClient, url: str, body: str | bytes):
    return client.post(url, body, content_type="application/json")


# --- F10: nested and oversized JSON ---------------------------------------------------------------


def _json_routes(campaign) -> list[tuple[str, bool]]:
    """(url, needs a signed-in owner): an anonymous helper, campaign writes, the import and a guild tap."""
    cid = campaign.pk
    return [
        ("/api/v1/helpers/roll/", False),
        ("/api/v1/helpers/death-curses/", False),
        ("/api/v1/campaigns/", True),
        ("/api/v1/campaigns/import/", True),
        ("/api/v1/campaigns/join/", True),
        (f"/api/v1/campaigns/{cid}/guilds/", True),
        (f"/api/v1/campaigns/{cid}/guilds/yellow/live/tally/", True),
    ]


def test_json_nested_a_thousand_deep_is_a_400_everywhere(owner, campaign, snapshot):
    """Probe F10: `[[[[ … 1000 levels … ]]]]` answered 500 (RecursionError) on every JSON endpoint."""
    before = snapshot()
    for url, signed_in in _json_routes(campaign):
        response = _post_raw(api_for(owner if signed_in else None), url, DEEP)
        assert response.status_code == 400, (url, response.status_code, response.content[:200])
        assert response.json() == {"detail": "JSON nested deeper than 32 levels is not accepted."}, url
    assert snapshot() == before


def test_a_hundred_thousand_levels_are_refused_as_fast(owner, snapshot):
    before = snapshot()
    deeper = "{" + '"a":{' * 100_000 + "}" * 100_001
    response = _post_raw(api_for(owner), "/api/v1/campaigns/", deeper)
    assert response.status_code == 400 and "nested deeper" in response.json()["detail"]
    assert snapshot() == before


def test_nesting_at_the_limit_reaches_the_validation(owner):
    at_limit = {"name": "Deep", "edition": "inferno", "extra": json.loads("[" * 31 + "]" * 31)}
    response = api_for(owner).post("/api/v1/campaigns/", at_limit, format="json")
    assert json_depth(json.dumps(at_limit)) == 32
    assert response.status_code == 201  # the unknown key is ignored, as before
    over = {"name": "Deeper", "edition": "inferno", "extra": json.loads("[" * 32 + "]" * 32)}
    assert api_for(owner).post("/api/v1/campaigns/", over, format="json").status_code == 400


def test_brackets_inside_strings_do_not_count(owner):
    name = "Camp " + "[" * 55 + "{" * 55
    response = api_for(owner).post("/api/v1/campaigns/", {"name": name, "edition": "inferno"}, format="json")
    assert response.status_code == 201 and response.json()["name"] == name


def test_the_parser_never_lets_a_recursion_error_through(owner, snapshot):
    """Even with the depth limit lifted, Python's own recursion limit is a 400, never a 500."""
    before = snapshot()
    with override_settings(API_JSON_MAX_DEPTH=10**7):
        response = _post_raw(api_for(None), "/api/v1/helpers/roll/", "[" * 100_000 + "]" * 100_000)
    assert response.status_code == 400 and "JSON parse error" in response.json()["detail"]
    assert snapshot() == before


def test_a_body_over_the_size_limit_is_a_413(owner, snapshot):
    with override_settings(API_JSON_MAX_BYTES=1000):
        big = json.dumps({"name": "x" * 2000, "edition": "inferno"})
        response = _post_raw(api_for(owner), "/api/v1/campaigns/", big)
        small = api_for(owner).post("/api/v1/campaigns/", {"name": "Small", "edition": "inferno"})
    assert response.status_code == 413
    assert response.json() == {"detail": "The JSON body may be at most 1000 bytes."}
    assert small.status_code == 201
    assert "x" * 2000 not in repr(snapshot())


def test_a_body_without_a_declared_length_is_still_cut_at_the_limit():
    from io import BytesIO

    from django.test import RequestFactory
    from rest_framework.exceptions import APIException
    from rest_framework.request import Request

    from companion.parsers import BoundedJSONParser

    request = Request(RequestFactory().post("/", content_type="application/json"))
    request.META.pop("CONTENT_LENGTH", None)
    with override_settings(API_JSON_MAX_BYTES=10), pytest.raises(APIException) as refused:
        body = BytesIO(b'{"a": "' + b"x" * 100 + b'"}')
        BoundedJSONParser().parse(body, parser_context={"request": request})
    assert refused.value.status_code == 413


@pytest.mark.parametrize(
    "body",
    [b'{"attack_dice": NaN}', b'{"attack_dice": Infinity}', b'{"kind": "\xff\xfe"}', b"{", b"[1,]"],
)
def test_what_the_probe_saw_refused_is_still_refused(body):
    """Probe, "what held": NaN, Infinity, invalid UTF-8 and broken JSON were 400s; they still are."""
    response = _post_raw(api_for(None), "/api/v1/helpers/roll/", body)
    assert response.status_code == 400 and response.json()["detail"].startswith("JSON parse error")


def test_a_json_body_in_another_text_charset_still_reads():
    body = json.dumps({"attack_dice": 1, "kind": "melee"}).encode("utf-16")
    response = api_for(None).post(
        "/api/v1/helpers/roll/", body, content_type="application/json; charset=utf-16"
    )
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("{}", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('["]]]", "[[[", "\\"[["]', 1),
        ('"[[[["', 0),
        ('"unterminated [[[', 0),
        ("[[[", 3),
    ],
)
def test_json_depth_counts_only_structure(text, depth):
    assert json_depth(text) == depth


def test_json_depth_is_linear_on_escaped_quotes():
    # An unterminated string full of escaped quotes must not be rescanned from every quote.
    assert json_depth('"' + '\\"' * 500_000) == 0


# --- F14: Content-Security-Policy -------------------------------------------------------------------


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split("; ")}


@pytest.mark.parametrize("url", ["/", "/helpers/", "/helpers/dice/", "/accounts/login/", "/accounts/signup/"])
def test_pages_carry_a_strict_policy(client, url):
    policy = _policy(client.get(url))
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"] and policy["form-action"] == ["'self'"]


def test_the_campaign_sheet_and_the_api_carry_the_policy(owner, campaign, client):
    client.force_login(owner)
    assert "'unsafe-inline'" not in client.get(f"/campaigns/{campaign.pk}/")["Content-Security-Policy"]
    assert "default-src 'self'" in client.get("/api/v1/campaigns/")["Content-Security-Policy"]


def test_the_api_docs_carry_their_nonce(client):
    response = client.get("/api/v1/docs/")
    policy = _policy(response)
    nonce = next(source for source in policy["script-src"] if source.startswith("'nonce-"))[7:-1]
    page = response.content.decode()
    inline = re.findall(r"<(script|style)(?![^>]*\bsrc=)([^>]*)>", page)
    assert inline and all(f'nonce="{nonce}"' in attrs for _, attrs in inline)
    assert policy["img-src"] == ["'self'", "data:"]


PAGE_TEMPLATES = [p for p in TEMPLATES.rglob("*.html") if "pdf" not in p.parts]


def test_the_templates_need_no_unsafe_inline():
    """No inline script or style without the nonce, no style attribute, no event-handler attribute and no
    javascript: URL in any page template (the PDF templates are rendered by WeasyPrint, not a browser)."""
    found = []
    for path in PAGE_TEMPLATES:
        text = path.read_text(encoding="utf-8")
        for tag in re.finditer(r"<(script|style)\b([^>]*)>", text):
            if "src=" not in tag.group(2) and "csp_nonce" not in tag.group(2):
                found.append((path.name, tag.group(0)))
        found += [(path.name, m.group(0)) for m in re.finditer(r"\s(style|on[a-z]+|hx-on[:\w-]*)=", text)]
        found += [(path.name, "javascript:") for _ in re.finditer(r"javascript:", text)]
    assert len(PAGE_TEMPLATES) > 40 and found == []


def test_htmx_is_told_not_to_inject_styles_or_eval(client):
    page = client.get("/").content.decode()
    config = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", page)
    assert config and json.loads(config.group(1)) == {"includeIndicatorStyles": False, "allowEval": False}


# --- F14: production answers JSON only --------------------------------------------------------------

PRODUCTION_PROBE = """
import django
django.setup()
from django.test import Client
from rest_framework.settings import api_settings
client = Client(HTTP_HOST="companion.example", HTTP_X_FORWARDED_PROTO="https")
answer = client.get("/api/v1/helpers/roll/", HTTP_ACCEPT="text/html,application/xhtml+xml,*/*;q=0.8")
home = client.get("/")
print([r.__name__ for r in api_settings.DEFAULT_RENDERER_CLASSES])
print(answer.status_code, answer["Content-Type"])
print(home["Content-Security-Policy"])
"""


def test_production_has_no_browsable_api_and_sends_the_policy(redis_url):
    """Probe F14: `Accept: text/html` on any endpoint gave the browsable API in production."""
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "DJANGO_SETTINGS_MODULE": "companion.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
        "DJANGO_ALLOWED_HOSTS": "companion.example",
    }
    command = [sys.executable, "-c", PRODUCTION_PROBE]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    renderers, answer, policy = result.stdout.strip().splitlines()[-3:]
    assert renderers == "['JSONRenderer']"
    assert answer == "405 application/json"
    assert "script-src 'self'" in policy and "unsafe" not in policy
