"""Pages outside the app's own templates under the Content-Security-Policy: the API docs (Swagger UI) and
the admin. The `phone` fixture fails a test on any refusal the browser reports."""

import pytest

from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_api_docs_render_under_the_policy(phone):
    phone.goto("/api/v1/docs/")
    phone.locator(".swagger-ui .info .title").wait_for()
    assert "Inferno Companion API" in phone.locator(".swagger-ui .info .title").inner_text()
    phone.locator(".opblock-tag").first.wait_for()


def test_the_admin_logs_in_and_lists_content_under_the_policy(phone):
    UserFactory(username="root", is_staff=True, is_superuser=True)
    phone.goto("/admin/login/?next=/admin/")
    phone.get_by_label("Username").fill("root")
    phone.get_by_label("Password").fill("secret-pass-123")
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/admin/")
    phone.goto("/admin/campaigns/monsterlevelcard/add/")
    phone.locator("#content-main form").wait_for()
