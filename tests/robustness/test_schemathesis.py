"""API fuzzing: schemathesis drives every operation of our OpenAPI schema as a member of a real campaign.

No answer may be a 5xx, and every answer must be one the schema declares (status code, content type, shape).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.factories import UserFactory, build_campaign, level_one_deck, record, result_line

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

SCHEMA = schemathesis.openapi.from_dict(SchemaGenerator().get_schema(request=None, public=True))
SCHEMA.app = WSGIHandler()
# Schemathesis's WSGI transport asks for gzip but reads the body as sent; an HTTP client unpacks it
# (tests/campaigns/pages/test_compressed_pages.py checks a compressed API answer).
HEADERS = {"Accept-Encoding": "identity"}
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
# Fewer when the same run is repeated under the production settings (test_schemathesis_production.py).
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "20"))
# Rendering a PDF takes a WeasyPrint run per request; a few examples show the routes answer as declared.
FEW_EXAMPLES = {"sheet-pdf": min(3, EXAMPLES), "blank-sheet-pdf": min(3, EXAMPLES)}


@pytest.fixture
def keep_test_connection() -> Iterator[None]:
    """As Django's test client does: a request must not close the test's database connection."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def table(keep_test_connection: None) -> dict[str, Any]:
    """Guilds yellow (the owner's) and teal (a friend's), a recorded scenario, an open upgrade phase."""
    level_one_deck()
    owner = UserFactory(username="fuzz-owner")
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": UserFactory(username="fuzz-friend")})
    campaign = record(
        owner,
        campaign,
        "ferry-of-the-dead",
        [result_line("yellow", winner=True, coins=4), result_line("teal", coins=2)],
        upgrade_on_paper=False,
    )
    token, _ = Token.objects.get_or_create(user=owner)
    return {"campaign": campaign.pk, "token": token.key, "share": campaign.share_token}


def _examples(operation: Any) -> int:
    return next((n for key, n in FEW_EXAMPLES.items() if f"/{key}/" in operation.path), EXAMPLES)


@pytest.mark.parametrize("operation", OPERATIONS, ids=[f"{op.method.upper()} {op.path}" for op in OPERATIONS])
def test_every_operation_answers_as_the_schema_declares(operation: Any, table: dict[str, Any]) -> None:
    fixed = {"id": table["campaign"], "level": 1}
    path_parameters = {k: v for k, v in fixed.items() if k in _path_names(operation)}
    colours = st.sampled_from(["yellow", "teal"])

    # Valid requests and broken ones (wrong types, missing fields): both must get a declared answer.
    cases = st.one_of(
        *(operation.as_strategy(mode, path_parameters=path_parameters) for mode in GenerationMode)
    )

    @given(case=cases, colour=colours)
    @settings(
        max_examples=_examples(operation),
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def exchange(case: Any, colour: str) -> None:
        if "colour" in case.path_parameters:
            case.path_parameters["colour"] = colour
        cache.clear()  # the join throttle must not turn every later example into a 429
        case.call_and_validate(headers=HEADERS | {"Authorization": f"Token {table['token']}"}, checks=CHECKS)

    exchange()


def _path_names(operation: Any) -> set[str]:
    return {p.name for p in operation.path_parameters}
