"""One place that maps domain errors (`campaigns.errors`, Django's) to HTTP answers for the whole API."""

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from campaigns.errors import ConflictError, rule_refusal

_DETAIL = inline_serializer("ErrorDetail", {"detail": serializers.CharField()})
_CONFLICT = inline_serializer(
    "Conflict",
    {
        "detail": serializers.CharField(),
        "current": serializers.DictField(required=False, help_text="The campaign sheet as it is now."),
    },
)
ERROR_RESPONSES = {
    400: OpenApiResponse(
        OpenApiTypes.OBJECT, description="A broken rule: each field with messages naming it."
    ),
    403: OpenApiResponse(_DETAIL, description="Not allowed for your role in this campaign."),
    404: OpenApiResponse(_DETAIL, description="Not found, or not visible to you."),
    409: OpenApiResponse(_CONFLICT, description="Based on a stale revision; comes with the current sheet."),
    413: OpenApiResponse(_DETAIL, description="The body is larger than the server accepts."),
    415: OpenApiResponse(_DETAIL, description="The body is not JSON (or a form)."),
    429: OpenApiResponse(_DETAIL, description="Too many requests; try again later."),
}


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """The error answers an operation can give, for its `extend_schema(responses=...)`."""
    return {code: ERROR_RESPONSES[code] for code in codes}


def _validation_detail(exc: DjangoValidationError) -> Any:
    if hasattr(exc, "message_dict"):
        return exc.message_dict
    return {"non_field_errors": exc.messages}


def exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, RecursionError):
        # A last guard: the parser already refuses deep nesting, but no input may end in a 500.
        exc = exceptions.ParseError("The request is nested too deeply to read.")
    if isinstance(exc, ConflictError):
        body: dict[str, Any] = {"detail": exc.message}
        if exc.current is not None:
            body["current"] = exc.current
        return Response(body, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(_validation_detail(exc))
    elif isinstance(exc, ValueError):
        # rules_helpers report a broken rule as ValueError; its message names the rule.
        exc = exceptions.ValidationError({"non_field_errors": [rule_refusal(exc)]})
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        # The services' message names the rule ("Only the campaign's owner may do this.").
        exc = exceptions.PermissionDenied(str(exc) or None)
    return drf_exception_handler(exc, context)
