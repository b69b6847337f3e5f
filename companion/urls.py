from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from companion import accounts, i18n, views
from companion.helpers import urls as helpers_urls

# The API first: the phones poll it most, and every request tries the patterns in order.
urlpatterns = [
    path("api/v1/helpers/", include(helpers_urls.api_urlpatterns)),
    path("api/v1/", include("campaigns.api.urls")),
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI draws some icons as data: images; the page itself carries the CSP nonce on its inline parts.
    path(
        "api/v1/docs/",
        csp_update({"img-src": ["data:"]})(SpectacularSwaggerView.as_view(url_name="schema")),
        name="api-docs",
    ),
    path("", views.home, name="home"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("robots.txt", views.robots_txt, name="robots-txt"),
    path("admin/", admin.site.urls),
    path("accounts/", include(accounts.urlpatterns)),
    path("i18n/setlang/", i18n.set_language, name="set_language"),
    # The words campaigns.js shows, in the page's language (djangojs catalogue).
    path("i18n/js/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("campaigns/", include("campaigns.pages.urls")),
    path("content/", include("campaigns.pages.content")),
    path("helpers/", include((helpers_urls.page_urlpatterns, "helpers"))),
]

handler400 = "companion.views.bad_request"
handler403 = "companion.views.permission_denied"
handler404 = "companion.views.not_found"
handler500 = "companion.views.server_error"
