from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def service_worker(request: HttpRequest) -> HttpResponse:
    """static/sw.js served at the site's root, so its scope is every page (a static URL would limit it to
    /static/); never cached by the browser, so a new version is picked up on the next visit."""
    script = (Path(settings.BASE_DIR) / "static" / "sw.js").read_text(encoding="utf-8")
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


# A campaign page answers its members only, so a crawler never reads one; a share link is read by anyone
# holding it, so no crawler follows one (and its page says noindex too). Campaign pages themselves stay
# crawlable in name only: nothing there answers a crawler but the log-in page.
ROBOTS = """User-agent: *
Disallow: /campaigns/*share=
Disallow: /accounts/
Disallow: /api/
Disallow: /admin/
Allow: /
"""


def robots_txt(request: HttpRequest) -> HttpResponse:
    """Search engines may read the home page, the helpers and the content; a share link, an account page or
    the API is nobody's business."""
    return HttpResponse(ROBOTS, content_type="text/plain; charset=utf-8")


def _way_back(request: HttpRequest) -> str:
    """Where "Back" leads from an error page: the page the reader came from on this site, else home."""
    referer = request.META.get("HTTP_REFERER", "")
    if referer and url_has_allowed_host_and_scheme(referer, {request.get_host()}, request.is_secure()):
        return referer
    return "/"


def _error_page(request: HttpRequest, template: str, status: int, **extra: object) -> HttpResponse:
    """A page with the site's header, a plain sentence, and the ways on: back, my campaigns, log in."""
    context = {"back": _way_back(request), "here": request.get_full_path(), **extra}
    return render(request, template, context, status=status)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """API clients get JSON even for a URL no route matches; people get the page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    return _error_page(request, "404.html", 404)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("You do not have permission to perform this action.")}, status=403)
    return _error_page(request, "403.html", 403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form posted from a page opened too long ago (or after logging in or out elsewhere): say so, and
    lead back to a fresh copy of the page instead of Django's bare "CSRF verification failed"."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("CSRF check failed: reload the page and try again.")}, status=403)
    return _error_page(request, "403.html", 403, csrf=True)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 400 page (a host name the site does not answer to, a malformed request), rendered without the
    request's context: its host is what may be wrong, and Django's bare "Bad Request (400)" says nothing."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("The request could not be understood.")}, status=400)
    return HttpResponse(loader.get_template("400.html").render(), status=400)


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page, rendered without the request's context (whatever broke may be in it)."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("Something went wrong on the server.")}, status=500)
    return HttpResponse(loader.get_template("500.html").render(), status=500)
