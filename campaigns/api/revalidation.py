"""The sheet's 304, answered ahead of most of the middleware: the answer the phones get most.

A phone polls `GET /api/v1/campaigns/{id}/` with its token and the ETag it holds. When nothing changed,
the full path (sessions, language, CSRF, authentication, the URL resolver, DRF) only reads the token and
the campaign's kept access check from the cache and answers 304. This middleware does that same work
first, for the one request shape it can answer exactly as the full path would: a GET or HEAD of the sheet
as JSON with `Authorization: Token …` and `If-None-Match`, no query string and no session cookie. It uses
the same token entry, the same access rule (`reader_access`, with the same 404s) and the same ETag
(`sheet_etag`, in the language LocaleMiddleware would choose), and answers with the headers the full path
gives a 304. Anything else (a changed sheet, a token the cache does not hold, a reader the rule refuses)
goes on through the stack untouched, which answers it. `tests/campaigns/api/test_early_revalidation.py`
holds the two paths to the same status, headers and body.

It sits after SecurityMiddleware, CSP and WhiteNoise (the HTTPS redirect and the security headers apply to
it), before everything else. `EARLY_ANSWERS = False` turns it off (and the roll's, `companion.helpers.early`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import NoReverseMatch, reverse
from django.utils import translation

from campaigns.api.base import sheet_etag
from campaigns.api.campaigns import CampaignDetail
from campaigns.selectors.reader_state import access_keys, reader_access
from companion.conditional import not_modified, unchanged
from companion.early import ViewHeaders, language_of, plain_request
from companion.tokens import KnownUser, token_entry


class SheetRevalidationMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.sheet_path: re.Pattern[str] | None = None
        self.headers = ViewHeaders(CampaignDetail)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.answer(request) or self.get_response(request)

    def answer(self, request: HttpRequest) -> HttpResponse | None:
        """The 304, or None for the full path to answer."""
        pk, key = self.sheet_request(request)
        if pk is None:
            return None
        entry = token_entry(key)
        found = cache.get_many([entry, *access_keys(pk)])
        user_id = found.pop(entry, None)
        if not user_id:
            return None  # unknown or revoked here: DRF checks the token against the database
        language = language_of(request)
        with translation.override(language):
            try:
                access, content = reader_access(user=KnownUser(user_id), pk=pk, share_token=None, ahead=found)
            except Http404:
                return None
            etag = sheet_etag(access, "json", content)
            if not unchanged(request, etag):
                return None
        return self.headers.add(not_modified(etag), language)

    def sheet_request(self, request: HttpRequest) -> tuple[int | None, str]:
        """The campaign and token of a request this middleware may answer, else (None, "")."""
        if "HTTP_IF_NONE_MATCH" not in request.META or not settings.EARLY_ANSWERS:
            return None, ""
        match = self.path_pattern().match(request.path)
        if match is None or not plain_request(request, "GET"):
            return None, ""
        # DRF's TokenAuthentication reads "Token <key>": one key, no spaces, the keyword in any case.
        words = request.META.get("HTTP_AUTHORIZATION", "").split()
        if len(words) != 2 or words[0].lower() != "token":
            return None, ""
        return int(match[1]), words[1]

    def path_pattern(self) -> re.Pattern[str]:
        # From the URLconf, the first time (it is loaded by then): the sheet's route wherever it is mounted,
        # with the script prefix, as `request.path` has it.
        if self.sheet_path is None:
            try:
                probe = re.escape(reverse("campaign-detail", kwargs={"pk": 97531}))
            except NoReverseMatch:  # a URLconf without the sheet (the bench's floor): nothing to answer
                probe = "(?!)"
            self.sheet_path = re.compile("^" + probe.replace("97531", r"([1-9][0-9]{0,17})") + "$")
        return self.sheet_path
