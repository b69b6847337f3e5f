"""The CSRF cookie is sent only when it changes, so a late answer cannot undo a log-in's new token.

Django's `CsrfViewMiddleware` sends the `csrftoken` cookie again with every page that renders a form (every
page here: the header's language and log-out forms), with the value the request brought, to renew its expiry.
A request sent before a log-in (which rotates the token) but answered after it therefore sets the browser's
cookie back to the old secret: the service worker fetching the helper pages in the background while the
player signs up, a status poll, another tab. The page the player is on holds a form token for the new
secret, and its next post is refused ("CSRF token from POST incorrect"). Dropping the unchanged cookie from
the answer leaves the browser's current one alone; a new or rotated token is still sent. The cost is that
the cookie is no longer renewed on every page: it lasts `CSRF_COOKIE_AGE` (a year) from when it was set,
and a request without one gets a fresh one.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse


class UnchangedCsrfCookieMiddleware:
    """Listed just before `CsrfViewMiddleware`, so it sees the answer after Django has set the cookie."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if settings.CSRF_USE_SESSIONS:
            return response
        name = settings.CSRF_COOKIE_NAME
        brought = request.COOKIES.get(name)
        sent = response.cookies.get(name)
        # Only an echo of what the request brought is dropped; a deletion (max-age 0) is never an echo.
        if brought and sent is not None and sent.value == brought and sent["max-age"] != 0:
            del response.cookies[name]
        return response
