"""No dead ends: a missing page, a refusal, a stale form and a server error each answer with an HTML page in
the reader's language and a way back; the API keeps answering JSON."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory, override_settings
from django.urls import path
from django.utils import translation

from companion import urls as site_urls
from companion import views
from tests.factories import UserFactory, client_for

pytestmark = pytest.mark.django_db

PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9"}


def test_a_missing_page_is_html_with_a_way_back_and_a_log_in_that_returns_here():
    response = Client().get("/campaigns/4242/history/", HTTP_REFERER="http://testserver/helpers/")
    html = response.content.decode()
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")
    assert "Page not found" in html and 'href="http://testserver/helpers/"' in html
    assert 'href="/accounts/login/?next=/campaigns/4242/history/"' in html


def test_a_campaign_that_is_not_yours_is_the_same_friendly_404(campaign):
    html = client_for(UserFactory(username="zed")).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Page not found" in html and 'href="/campaigns/"' in html


def test_the_way_back_never_leads_off_the_site():
    html = Client().get("/nowhere/", HTTP_REFERER="https://evil.example/").content.decode()
    assert "evil.example" not in html and '<a class="button" href="/">' in html


def test_the_404_page_speaks_portuguese():
    html = Client().get("/nowhere/", **PT).content.decode()
    assert "Página não encontrada" in html and 'lang="pt-br"' in html


def test_the_api_still_answers_json_for_a_missing_route():
    response = Client().get("/api/v1/nowhere/")
    assert response.status_code == 404 and response.json() == {"detail": "Not found."}


def test_a_form_posted_from_a_stale_page_gets_the_friendly_403():
    client = client_for(UserFactory(username="nina"))
    client.handler.enforce_csrf_checks = True
    response = client.post(
        "/campaigns/join/", {"code": "ABCD2345"}, HTTP_REFERER="http://testserver/campaigns/"
    )
    html = response.content.decode()
    assert response.status_code == 403 and "Page out of date" in html
    assert 'href="http://testserver/campaigns/"' in html


@pytest.mark.parametrize(
    ("view", "status", "english", "portuguese"),
    [
        (views.permission_denied, 403, "Not allowed", "Não permitido"),
        (views.not_found, 404, "Page not found", "Página não encontrada"),
    ],
)
def test_the_error_pages_render_in_both_languages(view, status, english, portuguese, rf: RequestFactory):
    from django.contrib.auth.models import AnonymousUser

    for language, words in (("en", english), ("pt-br", portuguese)):
        request = rf.get("/somewhere/")
        request.user = AnonymousUser()
        with translation.override(language):
            response = view(request, Exception())
        assert response.status_code == status and words in response.content.decode()


def test_the_500_page_is_html_with_a_way_home_in_both_languages(rf: RequestFactory):
    with translation.override("en"):
        html = views.server_error(rf.get("/campaigns/1/")).content.decode()
    assert "Something went wrong" in html and '<a class="button" href="/">' in html
    with translation.override("pt-br"):
        response = views.server_error(rf.get("/campaigns/1/"))
    assert response.status_code == 500 and "Algo deu errado" in response.content.decode()
    assert "<script" not in response.content.decode()  # no nonce without the request: no inline script


def test_the_service_worker_is_served_at_the_root_with_the_whole_site_as_scope():
    response = Client().get("/sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/" and response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    assert '"/helpers/dice/"' in script and '"/static/css/app.css"' in script


def test_every_page_carries_the_offline_banner_hidden_and_its_script():
    html = Client().get("/helpers/").content.decode()
    assert '<div id="offline-banner" class="offline-banner" role="status" hidden' in html
    assert 'src="/static/js/offline.js"' in html


# --- At the table with debug off (security probe G1): friendly pages, never Django's technical ones -------


def _boom(request):
    raise RuntimeError("a bug in a view")


# This module doubles as the URLconf of the real-500 tests: the site's routes, one that fails, the handlers.
urlpatterns = [path("boom/", _boom), *site_urls.urlpatterns]
handler400 = "companion.views.bad_request"
handler404 = "companion.views.not_found"
handler500 = "companion.views.server_error"


@pytest.mark.parametrize(
    ("headers", "words", "language"),
    [({}, "Something went wrong", "en"), (PT, "Algo deu errado", "pt-br")],
)
def test_a_view_that_breaks_answers_the_friendly_500_in_the_readers_language(headers, words, language):
    client = Client(raise_request_exception=False)
    with override_settings(ROOT_URLCONF=__name__):
        response = client.get("/boom/", **headers)
    html = response.content.decode()
    assert response.status_code == 500 and words in html and f'lang="{language}"' in html
    assert "Traceback" not in html and "RuntimeError" not in html and "a bug in a view" not in html


@pytest.mark.parametrize(
    ("headers", "words", "language"),
    [({}, "Request not understood", "en"), (PT, "Pedido não entendido", "pt-br")],
)
def test_a_host_name_the_site_does_not_answer_to_gets_the_friendly_400(headers, words, language):
    """Django's bare "Bad Request (400)" said nothing; with debug on it was the technical page."""
    response = Client().get("/campaigns/", HTTP_HOST="evil.example", **headers)
    html = response.content.decode()
    assert response.status_code == 400 and words in html and f'lang="{language}"' in html
    assert "evil.example" not in html and "ALLOWED_HOSTS" not in html


def test_the_api_answers_a_bad_request_in_json():
    response = Client().get("/api/v1/editions/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response.json() == {"detail": "The request could not be understood."}


def test_the_404_is_the_friendly_page_not_the_technical_one():
    html = Client().get("/nowhere/at/all/").content.decode()
    assert "Page not found" in html and "URLconf" not in html and "Using the URLconf" not in html


def test_the_500_page_renders_even_where_the_site_routes_are_missing(rf: RequestFactory):
    """Whatever broke may be the routes themselves: the page keeps its way home."""
    with override_settings(ROOT_URLCONF="tests.companion.empty_urls"):
        response = views.server_error(rf.get("/campaigns/1/"))
    html = response.content.decode()
    assert response.status_code == 500 and "Something went wrong" in html and 'href="/"' in html
