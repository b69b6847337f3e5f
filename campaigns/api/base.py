"""What every campaign endpoint shares: who is asking, the revision a write is based on, and the answer.

Campaign writes are built by `campaign_action`: check the role early, validate the input, call one
service, answer with the sheet. A stale write (409) carries the sheet as it is now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import DatabaseError
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns.access import Access, campaign_access, require_guild_editor, require_member, require_owner
from campaigns.api.outputs import SheetSerializer
from campaigns.errors import ConflictError
from campaigns.models import Guild
from campaigns.selectors.campaigns import guild_for
from campaigns.selectors.sheet import sheet_for_reader
from campaigns.selectors.sheet_cache import access_etag, cached_sheet, cached_sheet_at, sheet_after_write
from campaigns.selectors.sheet_cache import sheet_etag as data_etag
from campaigns.selectors.versions import content_version
from companion.api import errors
from companion.conditional import revalidated

SHARE_PARAM = OpenApiParameter("share", OpenApiTypes.STR, description="Read-only share token (spectators).")
SHEET = SheetSerializer


def revision_of(request: Request) -> Any:
    """The revision a write is based on: the body's `revision`, else the If-Match header (a revision, or
    the sheet's ETag, which starts with the campaign's revision)."""
    if isinstance(request.data, dict) and "revision" in request.data:
        return request.data["revision"]
    header = request.headers.get("If-Match", "").strip().removeprefix("W/").strip('"').split(".")[0]
    return int(header) if header.isdigit() else None


def access_for(request: Request, pk: Any) -> Access:
    return campaign_access(user=request.user, pk=pk, share_token=request.query_params.get("share"))


def sheet_etag(access: Access, form: str = "json", content: str | None = None) -> str | None:
    """The sheet's version for this reader (and this rendering: JSON or the browsable API), from the
    access check alone (see `sheet_cache.sheet_etag`)."""
    return access_etag(access, content or content_version(), form)


def sheet_response(
    access: Access, code: int = status.HTTP_200_OK, form: str = "json", content: str | None = None
) -> Response:
    """The sheet for this reader, from the cache when this state of the campaign was read before."""
    content = content or content_version()
    data = sheet_for_reader(cached_sheet_at(access.campaign, content), access)
    response = Response(data, status=code)
    if content is not None:
        tag = data_etag(data["revision"], data["history_seq"], content, access.role, access.user_id, form)
        response = revalidated(response, tag)
        response["ETag"] = tag
    return response


def valid(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class CampaignAPIView(APIView):
    """A campaign endpoint: a stale write is answered with the sheet as it is now, so the client can redo
    its change on top."""

    def handle_exception(self, exc: Exception) -> Response:
        if _is_lock_conflict(exc) and "pk" in self.kwargs:
            # A backstop behind the one lock order (F6): a deadlock or serialization failure the database
            # broke is a race like any other, answered 409 with the current sheet, never 500.
            exc = ConflictError(COLLIDED, campaign_id=int(self.kwargs["pk"]))
        if isinstance(exc, ConflictError) and exc.current is None and exc.campaign_id is not None:
            access = campaign_access(user=getattr(self.request, "user", None), pk=exc.campaign_id)
            exc.current = sheet_for_reader(cached_sheet(access.campaign), access)
        return super().handle_exception(exc)


COLLIDED = gettext_lazy("Another write to this campaign collided with yours; reload and try again.")
# PostgreSQL's deadlock_detected and serialization_failure.
LOCK_CONFLICTS = frozenset({"40P01", "40001"})


def _is_lock_conflict(exc: Exception) -> bool:
    if not isinstance(exc, DatabaseError):
        return False
    return getattr(exc.__cause__, "sqlstate", None) in LOCK_CONFLICTS


def check_role(access: Access, role: str, guild: Guild | None) -> None:
    """Refuse early (before reading the body) what the caller may never do; services check again."""
    if role == "owner":
        require_owner(access)
    elif guild is not None and role == "guild":
        require_guild_editor(access, guild)
    else:
        require_member(access)


def campaign_action(
    input_class: type[serializers.Serializer],
    call: Callable[..., Any],
    *,
    code: int = status.HTTP_200_OK,
    guild: bool = False,
    role: str = "member",
    summary: str = "",
    answer: Callable[[Any], dict[str, Any]] | None = None,
    output: type[serializers.Serializer] = SHEET,
) -> type[APIView]:
    """A POST endpoint that runs one service with the validated input and answers with the new sheet, or
    with `answer(what the service returned)` (described by `output`) where the caller needs no sheet."""

    class Action(CampaignAPIView):
        @extend_schema(
            request=input_class, responses={code: output, **errors(400, 403, 404, 409, 415)}, summary=summary
        )
        def post(self, request: Request, pk: int, colour: str | None = None) -> Response:
            access = access_for(request, pk)
            target = guild_for(access.campaign, colour) if guild else None
            check_role(access, "guild" if guild and role == "member" else role, target)
            data = valid(input_class, request)
            data["revision"] = revision_of(request)
            if target is not None:
                data["guild"] = target
            result = call(access=access, actor=request.user, **data)
            if answer is not None:
                return Response(answer(result), status=code)
            return sheet_response(sheet_after_write(access), code)

    Action.__name__ = input_class.__name__.removesuffix("Input") + "View"
    return Action
