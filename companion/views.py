from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """API clients get JSON even for a URL no route matches; people get the page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    return page_not_found(request, exception)
