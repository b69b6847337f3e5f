"""What the answers given ahead of most of the middleware share (`campaigns.api.revalidation`, the
sheet's 304; `companion.helpers.early`, the usual dice roll).

Such an answer is given only to a request of one plain shape, and must be the one the full path gives:
the same status, headers and body. These helpers hold the parts every such answer needs: which requests
qualify, the language LocaleMiddleware would choose, and the headers the rest of the stack adds.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

# What DRF's content negotiation answers with JSON (the first renderer): no Accept, any type, or JSON
# itself. Anything else (the browsable API) takes the full path.
JSON_ACCEPTS = frozenset({"", "*/*", "application/json"})


def plain_request(request: HttpRequest, method: str) -> bool:
    """A request of the plain shape an early answer may take: this method (GET also HEAD), no query
    string, no session cookie (DRF would try the session first), asking for JSON, on an allowed host
    (else CommonMiddleware refuses it)."""
    meta = request.META
    if request.method != method and not (method == "GET" and request.method == "HEAD"):
        return False
    if meta.get("QUERY_STRING") or settings.SESSION_COOKIE_NAME in request.COOKIES:
        return False
    if meta.get("HTTP_ACCEPT", "").strip() not in JSON_ACCEPTS:
        return False
    try:
        request.get_host()
    except DisallowedHost:
        return False
    return True


def language_of(request: HttpRequest) -> str:
    """The language LocaleMiddleware activates for this request (the URLs have no language prefix)."""
    return translation.get_language_from_request(request, check_path=False)


class ViewHeaders:
    """The headers the rest of the stack gives an answer of `view_class`: DRF's Allow and Vary (on the
    negotiated type), the language (LocaleMiddleware), the frame refusal (XFrameOptionsMiddleware), the
    length (CommonMiddleware) and Vary: Cookie (SessionMiddleware: DRF's session check read the session)."""

    def __init__(self, view_class: Any) -> None:
        view = view_class()
        view.setup(HttpRequest())  # as `as_view` does: a view with GET answers HEAD too
        self.allow = ", ".join(view.allowed_methods)
        self.vary = ("Accept",) if len(view.renderer_classes) > 1 else ()

    def add(self, response: HttpResponse, language: str) -> HttpResponse:
        patch_vary_headers(response, (*self.vary, "Accept-Language", "Cookie"))
        response["Allow"] = self.allow
        response["X-Frame-Options"] = getattr(settings, "X_FRAME_OPTIONS", "DENY").upper()
        response["Content-Length"] = str(len(response.content))
        response["Content-Language"] = language
        return response
