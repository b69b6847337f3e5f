"""The table's language: the switch in the menu, the cookie that keeps it, and the player's saved choice.

A first visit follows the browser's Accept-Language. The switch (Django's ``set_language``) keeps the
choice in a cookie for everyone; for a signed-in player it is saved on the account too, and applied again
at each log in, so the language follows the player to another phone.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.middleware import locale
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from campaigns.selectors.preferences import account_language
from campaigns.services.preferences import preferences_language_set

# Set on the request when a log in brings the account's language; the middleware hands it to the browser.
ACCOUNT_LANGUAGE = "_account_language"


def supported(code: str | None) -> str | None:
    """The code as settings.LANGUAGES spells it, or None for a language the pages do not speak."""
    if not code:
        return None
    try:
        variant = translation.get_supported_language_variant(code)
    except LookupError:
        return None
    return variant if variant in dict(settings.LANGUAGES) else None


def set_language_cookie(response: HttpResponse, code: str) -> None:
    """The same cookie Django's set_language writes, so LocaleMiddleware reads it on the next request."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def save_account_language(user: Any, code: str) -> None:
    preferences_language_set(user=user, language=code)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's switch (cookie and redirect back to ``next``), and the choice saved on a signed-in account."""
    response = django_set_language(request)
    code = supported(request.POST.get("language"))
    if code and request.user.is_authenticated:
        save_account_language(request.user, code)
    return response


@receiver(user_logged_in, dispatch_uid="companion.i18n.account_language")
def apply_account_language(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """At log in the account's language wins; an account without one keeps what the browser had chosen."""
    if request is None:
        return
    saved = supported(account_language(user))
    if saved:
        setattr(request, ACCOUNT_LANGUAGE, saved)
        translation.activate(saved)
        request.LANGUAGE_CODE = saved
        return
    chosen = supported(getattr(request, "COOKIES", {}).get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        save_account_language(user, chosen)


class LocaleMiddleware(locale.LocaleMiddleware):
    """Django's LocaleMiddleware, which also stores the language a log in brought in the browser's cookie."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response = super().process_response(request, response)
        code = getattr(request, ACCOUNT_LANGUAGE, None)
        if code and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != code:
            set_language_cookie(response, code)
        return response
