"""Sign-up, log in and log out for the campaign pages (Django's own auth views and forms)."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from axes.helpers import get_cool_off
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaigns.errors import rule_refusal
from companion.throttling import PasswordResetThrottle, SignupThrottle, refused_for
from rules_helpers.names import check_player_name, name_skeleton

AFTER_LOGIN = reverse_lazy("campaigns:list")
# What a log-out asks the browser to forget (cookies stay: the language chosen is not the reader's secret).
CLEAR_SITE_DATA = '"cache", "storage"'


def signup_throttled(minutes: int) -> str:
    return ngettext(
        "Too many sign-ups from your network. Try again in %(minutes)d minute.",
        "Too many sign-ups from your network. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def reset_throttled(minutes: int) -> str:
    return ngettext(
        "Too many password resets asked for from your network. Try again in %(minutes)d minute.",
        "Too many password resets asked for from your network. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def login_locked(minutes: int) -> str:
    return ngettext(
        "Too many failed log-ins for this account or from your network, so logging in is paused. "
        "Try again in %(minutes)d minute; an administrator can lift the pause sooner.",
        "Too many failed log-ins for this account or from your network, so logging in is paused. "
        "Try again in %(minutes)d minutes; an administrator can lift the pause sooner.",
        minutes,
    ) % {"minutes": minutes}


def _next_url(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure())
    return target if target and safe else str(AFTER_LOGIN)


class SignupForm(UserCreationForm):
    """Django's sign-up form (which already refuses a name differing from another only in case), refusing
    too a name that mixes scripts or looks like a player's name already taken (security probe F14). The
    e-mail address is optional: it serves only to reset a forgotten password."""

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {"email": gettext_lazy("Optional: only to reset a forgotten password.")}
        labels = {"email": gettext_lazy("E-mail (optional)")}

    def clean_username(self) -> str | None:
        username = super().clean_username()  # NFKC-normalised by Django's UsernameField
        if not username:
            return username
        try:
            check_player_name(username)
        except ValueError as exc:
            raise ValidationError(rule_refusal(exc), code="invisible_or_mixed") from exc
        if _looks_taken(username):
            raise ValidationError(
                _("This name looks like a player's name already taken; choose one that reads differently."),
                code="look_alike",
            )
        return username


def _looks_taken(username: str) -> bool:
    """Some account's name reads the same once normalised: every name is compared (a table has a few
    dozen; the check runs only on a sign-up, which is throttled)."""
    skeleton = name_skeleton(username)
    taken = get_user_model().objects.values_list("username", flat=True)
    return any(name_skeleton(other) == skeleton for other in taken.iterator())


def signup(request: HttpRequest) -> HttpResponse:
    """A new player: create the account, log in, and go to the campaign list (or where they were going).

    Every sign-up post counts against the client address's budget (`SIGNUP_RATE`), valid or not, so
    accounts cannot be minted in bulk to multiply the per-account limits."""
    if request.user.is_authenticated:
        return redirect(AFTER_LOGIN)
    form = SignupForm(request.POST or None)
    context = {"form": form, "next": request.GET.get("next", "")}
    if request.method == "POST":
        wait = refused_for(request, [SignupThrottle])
        if wait is not None:
            return _too_many(request, "registration/signup.html", context, signup_throttled, wait)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(_next_url(request))
    return render(request, "registration/signup.html", context, status=400 if form.errors else 200)


def _too_many(
    request: HttpRequest, template: str, context: dict[str, Any], message: Callable[[int], str], wait: float
) -> HttpResponse:
    """The page again with the refusal on it (429), saying how long to wait."""
    minutes = max(1, math.ceil(wait / 60))
    response = render(
        request,
        template,
        {**context, "throttled": message(minutes)},
        status=429,
    )
    response["Retry-After"] = str(math.ceil(wait))
    return response


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """django-axes' answer once the failed log-ins for this address or this account reach the limit
    (`LOGIN_FAILURE_LIMIT`): the log-in refused, whatever the password, until the lock-out time passes."""
    wait = get_cool_off(request) or timedelta(minutes=15)
    form = AuthenticationForm(request)
    context = {"form": form, "next": request.POST.get("next", "")}
    return _too_many(request, "registration/login.html", context, login_locked, wait.total_seconds())


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True
    next_page = AFTER_LOGIN


class LogoutView(auth_views.LogoutView):
    """POST only (Django 5); shows a "logged out" page with the way back in."""

    template_name = "registration/logged_out.html"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """The browser forgets the pages kept for the reader who leaves, so the next one to pick up the
        phone cannot read them offline (security probe G9): its caches, the service worker's included,
        and its storage (the offline queue of writes). The logged-out page also asks the service worker to
        drop its kept pages, for browsers that ignore the header (static/js/offline.js)."""
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = CLEAR_SITE_DATA
        return response

    def get_success_url(self) -> str:
        # Staying on this URL makes the view render the template instead of redirecting.
        return self.get_redirect_url() or self.request.get_full_path()


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset: the same answer whether or not an account has that address (nothing to probe), a
    link good for a day (`PASSWORD_RESET_TIMEOUT`), each ask counted against the address's budget."""

    template_name = "registration/password_reset_form.html"
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"
    success_url = reverse_lazy("password_reset_done")

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        wait = refused_for(request, [PasswordResetThrottle])
        if wait is not None:
            context = {"form": self.get_form()}
            return _too_many(request, self.template_name, context, reset_throttled, wait)
        return super().post(request, *args, **kwargs)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "registration/password_reset_confirm.html"
    success_url = reverse_lazy("password_reset_complete")


urlpatterns = [
    path("password-reset/", PasswordResetView.as_view(), name="password_reset"),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="registration/password_reset_done.html"),
        name="password_reset_done",
    ),
    path("reset/<uidb64>/<token>/", PasswordResetConfirmView.as_view(), name="password_reset_confirm"),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="registration/password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
    path("signup/", signup, name="signup"),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", LogoutView.as_view(), name="logout"),
]
