from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from companion import accounts, views
from companion.helpers import urls as helpers_urls

urlpatterns = [
    path("", views.home, name="home"),
    path("admin/", admin.site.urls),
    path("accounts/", include(accounts.urlpatterns)),
    path("campaigns/", include("campaigns.pages.urls")),
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI draws some icons as data: images; the page itself carries the CSP nonce on its inline parts.
    path(
        "api/v1/docs/",
        csp_update({"img-src": ["data:"]})(SpectacularSwaggerView.as_view(url_name="schema")),
        name="api-docs",
    ),
    path("api/v1/helpers/", include(helpers_urls.api_urlpatterns)),
    path("api/v1/", include("campaigns.api.urls")),
    path("helpers/", include((helpers_urls.page_urlpatterns, "helpers"))),
]

handler404 = "companion.views.not_found"
