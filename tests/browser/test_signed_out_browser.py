"""A phone passed around the table (Chromium, 360 px, security probe G9): after a log-out, the pages the
service worker kept for the reader who left are gone, so offline nobody reads their hidden hand or their
campaign; the helper pages, which hold nothing of anyone's, are kept again."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.factories import UserFactory, build_campaign

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEPT_PAGES = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      urls.push(url.pathname + url.search);
    }
  }
  return urls;
}"""


def _kept(phone) -> list[str]:
    return phone.evaluate(KEPT_PAGES)


def _signed_in_on_the_campaign(phone, campaign) -> str:
    phone.goto("/accounts/login/")
    phone.get_by_label("Username").fill("olga")
    phone.get_by_label("Password").fill("secret-pass-123")
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/campaigns/")
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page = f"/campaigns/{campaign.pk}/"
    phone.goto(page)
    # A page loaded while the worker was still activating is not its client (Chromium does not always
    # honour clients.claim() for it); the next load is, as a player's next tap would be.
    if not phone.evaluate("navigator.serviceWorker.controller !== null"):
        phone.reload()
    # What the review saw: the signed-in page is kept (the test could fail).
    phone.wait_for_function(
        f"async () => (await ({KEPT_PAGES})()).includes('{page}')", timeout=30_000, polling=200
    )
    return page


def _log_out(phone) -> None:
    phone.get_by_role("button", name="Log out").click()
    phone.get_by_role("heading", name="You are logged out").wait_for()
    # The service worker is back (offline.js registers it on every page) and has kept the helpers again.
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.wait_for_function(
        f"async () => (await ({KEPT_PAGES})()).includes('/helpers/dice/')", timeout=30_000, polling=200
    )


def _offline_shows_nothing_of(phone, page: str, campaign_name: str) -> None:
    phone.context.set_offline(True)
    try:
        try:
            phone.goto(page)
        except PlaywrightError:
            return  # nothing to show offline, as it should be
        assert campaign_name not in phone.content()
    finally:
        phone.context.set_offline(False)


@pytest.fixture
def campaign():
    return build_campaign(UserFactory(username="olga"), name="Ana's secret table")


def test_a_log_out_leaves_no_signed_in_page_on_the_phone(phone, campaign):
    page = _signed_in_on_the_campaign(phone, campaign)
    _log_out(phone)
    assert not [url for url in _kept(phone) if url.startswith("/campaigns/")]
    _offline_shows_nothing_of(phone, page, campaign.name)


def test_the_service_worker_forgets_them_where_the_browser_ignores_clear_site_data(phone, campaign):
    """The logged-out page tells the service worker itself (static/js/offline.js), header or not."""

    def without_the_header(route) -> None:
        response = route.fetch()
        headers = {k: v for k, v in response.headers.items() if k.lower() != "clear-site-data"}
        route.fulfill(response=response, headers=headers)

    page = _signed_in_on_the_campaign(phone, campaign)
    phone.route("**/accounts/logout/", without_the_header)
    _log_out(phone)
    phone.wait_for_function(
        f"async () => !(await ({KEPT_PAGES})()).some((url) => url.startsWith('/campaigns/'))",
        timeout=30_000,
        polling=200,
    )
    _offline_shows_nothing_of(phone, page, campaign.name)
