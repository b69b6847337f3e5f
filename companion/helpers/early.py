"""The usual dice roll, answered ahead of most of the middleware: the helper a table taps most.

An anonymous `POST /api/v1/helpers/roll/` of a small plain JSON body that `plain_roll` accepts (whole
numbers in range, a known kind) is answered here with what the full path answers: the same roll
(`services.dice_roll`), the same throttle (counted once, under the same key) and the same bytes
(`roll_body`), with the headers the rest of the stack adds (`companion.early`). Anything else goes on
through the stack untouched: a signed-in phone (a session cookie or a token), another body, the browsable
API, a query string, a roll the content cannot make (a pack without dice). A throttled request goes on
too, and the full path refuses it in the reader's language; counting it once more there changes nothing a
client sees, as the window is already over its limit and its expiry does not move.

`tests/companion/test_early_roll.py` holds the two paths to the same status, headers and body.
`EARLY_ANSWERS = False` turns it off.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.urls import NoReverseMatch, reverse

from campaigns.selectors.versions import content_version
from companion.early import ViewHeaders, language_of, plain_request
from companion.helpers import services
from companion.helpers.api import AnonHelperThrottle, RollView, plain_roll, roll_body
from companion.parsers import NOT_SMALL_JSON, small_json


class PlainRollMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.roll_path: str | None = None
        self.headers = ViewHeaders(RollView)
        self.view = RollView()  # what the throttle reads its scope from

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.answer(request) or self.get_response(request)

    def answer(self, request: HttpRequest) -> HttpResponse | None:
        """The roll's answer, or None for the full path to answer."""
        if request.method != "POST" or request.path != self.path() or not settings.EARLY_ANSWERS:
            return None
        if "HTTP_AUTHORIZATION" in request.META or not plain_request(request, "POST"):
            return None
        data = small_json(request)
        checked = None if data is NOT_SMALL_JSON else plain_roll(data)
        if checked is None:
            return None
        try:
            result = services.dice_roll(**checked, content=content_version())
        except ValidationError:
            return None  # a rule the content breaks (no dice in the pack): the full path refuses it
        # The anonymous helpers' throttle itself (its scope, key and batched count): this request has neither
        # a session nor a token, so it is anonymous (AuthenticationMiddleware sets the user again after).
        # Counted last, so a request the full path answers is counted there only.
        request.user = AnonymousUser()
        if not AnonHelperThrottle().allow_request(request, self.view):  # type: ignore[arg-type]
            return None
        response = HttpResponse(roll_body(result), content_type="application/json")
        return self.headers.add(response, language_of(request))

    def path(self) -> str | None:
        # From the URLconf, the first time: the roll's route wherever it is mounted (with the script prefix,
        # as `request.path` has it).
        if self.roll_path is None:
            try:
                self.roll_path = reverse("helpers-roll")
            except NoReverseMatch:  # a URLconf without the helpers (the bench's floor): nothing to answer
                self.roll_path = ""
        return self.roll_path or None
