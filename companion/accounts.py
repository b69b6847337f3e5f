"""Sign-up, log in and log out for the campaign pages (Django's own auth views and forms)."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme

AFTER_LOGIN = reverse_lazy("campaigns:list")


def _next_url(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure())
    return target if target and safe else str(AFTER_LOGIN)


def signup(request: HttpRequest) -> HttpResponse:
    """A new player: create the account, log in, and go to the campaign list (or where they were going)."""
    if request.user.is_authenticated:
        return redirect(AFTER_LOGIN)
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next_url(request))
    context = {"form": form, "next": request.GET.get("next", "")}
    return render(request, "registration/signup.html", context, status=400 if form.errors else 200)


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True
    next_page = AFTER_LOGIN


class LogoutView(auth_views.LogoutView):
    """POST only (Django 5); shows a "logged out" page with the way back in."""

    template_name = "registration/logged_out.html"

    def get_success_url(self) -> str:
        # Staying on this URL makes the view render the template instead of redirecting.
        return self.get_redirect_url() or self.request.get_full_path()


urlpatterns = [
    path("signup/", signup, name="signup"),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", LogoutView.as_view(), name="logout"),
]
