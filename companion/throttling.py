"""Who is asking and how often: the client's address, trusted only as far as the configured proxies, and the
rate limits keyed on it (sign-up, join codes, the anonymous helpers, failed log-ins).

Every limit here and DRF's own throttles (`NUM_PROXIES`) read the address the same way, so a client cannot
pick a fresh identity by sending its own `X-Forwarded-For`.
"""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Iterable
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import ngettext
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, BaseThrottle, SimpleRateThrottle


def client_ip(request: HttpRequest) -> str:
    """The address of the client, as the nearest `TRUSTED_PROXY_COUNT` proxies saw it.

    With no trusted proxy (the default) `X-Forwarded-For` is ignored: anyone can write that header.
    Behind N proxies, each appends the address it received the request from, so the N-th entry from the
    right was written by our own outermost proxy; entries further left are the client's to invent.
    An entry that is not an address (a misconfigured count) falls back to the connection's own address.
    """
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies <= 0 or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",")]
    candidate = hops[-min(proxies, len(hops))]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


class ClientRateThrottle(SimpleRateThrottle):
    """A DRF rate throttle that reads its rate when it runs and knows anonymous clients by `client_ip`.

    Also usable from plain Django views through `refused_for`: it needs only `request.META` and
    `request.user`.
    """

    def get_rate(self) -> str | None:
        # DRF copies the rates onto the class at import; read them now, so a changed setting takes effect.
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_ident(self, request: Any) -> str:
        return client_ip(request)

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class UserRateThrottle(ClientRateThrottle):
    """Per signed-in account; its cache key is the one DRF's `ScopedRateThrottle` uses for a user, so an
    API view throttled by scope and a page using this class share one budget."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        user = getattr(request, "user", None)
        if not (user and user.is_authenticated):
            return None
        return self.cache_format % {"scope": self.scope, "ident": user.pk}


class SignupThrottle(ClientRateThrottle):
    """New accounts per client address (`SIGNUP_RATE`): free accounts must not multiply other budgets."""

    scope = "signup"


class PasswordResetThrottle(ClientRateThrottle):
    """Password reset e-mails asked for per client address (`PASSWORD_RESET_RATE`): no mail bombing."""

    scope = "password_reset"


class JoinUserThrottle(UserRateThrottle):
    """Join-code attempts per account (`JOIN_RATE`), the same budget as the API's `join` scope."""

    scope = "join"


class JoinClientThrottle(ClientRateThrottle):
    """Join-code attempts per client address (`JOIN_IP_RATE`), whatever account makes them."""

    scope = "join_ip"


JOIN_THROTTLES = (JoinUserThrottle, JoinClientThrottle)


class AnonHelperThrottle(AnonRateThrottle):
    """The table-side helpers for clients without an account (`HELPERS_ANON_RATE`): a signed-in player at
    the table is never cut off mid-game (DRF's AnonRateThrottle lets every authenticated request through)."""

    scope = "anon_helpers"

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_ident(self, request: Any) -> str:
        return client_ip(request)


class CampaignPrintThrottle(SimpleRateThrottle):
    """Printed sheets per campaign (`SHEET_PDF_RATE`): every member of a campaign draws on one budget, the
    API and the page alike, so no one can keep the render workers busy by looping on their own campaign.

    Checked through `print_refusal` once the caller is known to be a member, so a stranger's requests never
    spend a campaign's budget.
    """

    scope = "sheet_pdf"

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": f"campaign-{view.kwargs['pk']}"}


class MemberPrintThrottle(CampaignPrintThrottle):
    """Each member's share of the campaign's budget (`SHEET_PDF_MEMBER_RATE`), checked first: one player
    looping on the print button runs out of their own share and never locks the owner out."""

    scope = "sheet_pdf_member"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        member = f"campaign-{view.kwargs['pk']}-user-{request.user.pk}"
        return self.cache_format % {"scope": self.scope, "ident": member}


class _PrintView:
    def __init__(self, pk: Any) -> None:
        self.kwargs = {"pk": pk}


def print_refusal(request: HttpRequest, campaign_pk: int) -> float | None:
    """None when the campaign may print now (the request is counted), else the seconds to wait."""
    # The member's share first, alone: a request over it spends none of the campaign's budget.
    view = _PrintView(campaign_pk)
    return refused_for(request, [MemberPrintThrottle], view=view) or refused_for(
        request, [CampaignPrintThrottle], view=view
    )


def print_refusal_message(wait: float) -> str:
    minutes = max(1, math.ceil(wait / 60))
    return ngettext(
        "This campaign's sheet was asked for too often; try again in %(minutes)d minute.",
        "This campaign's sheet was asked for too often; try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def refused_for(
    request: HttpRequest, throttles: Iterable[type[BaseThrottle]], view: Any = None
) -> float | None:
    """For a plain Django view: None when every throttle lets the request through (each counts it, a
    refused one too: a guess over one budget still spends the others), else the seconds to wait before
    trying again. `view` stands in for the DRF view a throttle reads its URL arguments from."""
    waits = []
    for throttle_class in throttles:
        throttle = throttle_class()
        if not throttle.allow_request(request, view):
            waits.append(throttle.wait() or 1.0)
    return max(waits) if waits else None


class LoginLockoutBackend(AxesStandaloneBackend):
    """django-axes' lockout check for web log-ins (pages and admin): refuses a locked-out client or account
    before the password is even looked at.

    An `authenticate()` without a request (a management command, the test client's `login`) is not a guess
    made over the network, so it passes through to the next backend instead of failing.
    """

    def authenticate(self, request: HttpRequest | None, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)
