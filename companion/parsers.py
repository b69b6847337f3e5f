"""How the API reads JSON bodies: DRF's parser behind a size and a nesting limit, checked before parsing.

Apart from companion.api because DRF's settings import the parser while rest_framework.views loads.
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any

from django.conf import settings
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser, get_encoding
from rest_framework.utils import json


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "too_large"


# A JSON string (escapes included), then any bracket outside strings.
# Possessive, and the closing quote optional, so an unterminated string costs one pass, never a rescan.
_JSON_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"?', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in a JSON text, counted without parsing it (brackets inside
    strings do not count); a malformed text gets some number and is refused by the parser after."""
    brackets = _NOT_A_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_NESTING.__getitem__, brackets)), default=0)


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, with the body's size and nesting checked before the parser sees it.

    Python's json module recurses once per level, so a small body nested a thousand deep would end in a
    RecursionError (a 500); here it is a 400 that says why. A body above `API_JSON_MAX_BYTES` is a 413
    and is not read further than the limit.
    """

    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict | None = None) -> Any:
        limit = settings.API_JSON_MAX_BYTES
        request = (parser_context or {}).get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        if declared and declared.isdigit() and int(declared) > limit:
            raise RequestTooLarge(f"The JSON body may be at most {limit} bytes.")
        raw = stream.read(limit + 1)
        if len(raw) > limit:
            raise RequestTooLarge(f"The JSON body may be at most {limit} bytes.")
        try:
            text = raw.decode(get_encoding(parser_context or {}))
        except (UnicodeDecodeError, LookupError) as exc:
            raise exceptions.ParseError(f"JSON parse error - {exc}") from exc
        deepest = settings.API_JSON_MAX_DEPTH
        # Counting the opening brackets is cheap; only a body with more of them than the limit is scanned.
        if text.count("[") + text.count("{") > deepest and json_depth(text) > deepest:
            raise exceptions.ParseError(f"JSON nested deeper than {deepest} levels is not accepted.")
        try:
            return json.loads(text, parse_constant=json.strict_constant if self.strict else None)
        except (ValueError, RecursionError) as exc:
            raise exceptions.ParseError(f"JSON parse error - {exc}") from exc
