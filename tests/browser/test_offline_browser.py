"""Offline at the table (Chromium, 360 px): the helpers open without a network, the page says it is offline,
and a campaign write made offline is queued and replayed with its revision when the connection is back."""

from __future__ import annotations

import time

import pytest

from campaigns.models import JoinCode
from tests.factories import UserFactory, build_campaign

pytestmark = pytest.mark.django_db(transaction=True)


def _controlled(page) -> None:
    """Wait until the service worker is installed and controls the page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15_000)


def test_the_helpers_open_offline_and_the_page_says_it_is_offline(phone):
    phone.goto("/helpers/")
    _controlled(phone)
    phone.context.set_offline(True)
    try:
        phone.goto("/helpers/dice/")
        assert phone.get_by_role("heading", name="Dice").first.is_visible()
        banner = phone.locator("#offline-banner")
        banner.wait_for(state="visible")
        assert "You are offline" in banner.inner_text()
    finally:
        phone.context.set_offline(False)
    phone.locator("#offline-banner").wait_for(state="hidden")


def test_a_write_made_offline_waits_and_is_sent_with_its_revision_when_back(phone):
    owner = UserFactory(username="olga")
    campaign = build_campaign(owner, guilds={"yellow": None})
    phone.goto("/accounts/login/")
    phone.get_by_label("Username").fill("olga")
    phone.get_by_label("Password").fill("secret-pass-123")
    phone.get_by_role("button", name="Log in").click()
    phone.goto(f"/campaigns/{campaign.pk}/")
    _controlled(phone)
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Create a join code").click()
    queued = phone.locator("[data-offline-queued]")
    queued.wait_for(state="visible")
    assert "1 change waiting" in queued.inner_text()
    assert not JoinCode.objects.filter(campaign=campaign).exists()
    phone.context.set_offline(False)
    deadline = time.monotonic() + 15
    while not JoinCode.objects.filter(campaign=campaign).exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert JoinCode.objects.filter(campaign=campaign).count() == 1
    # Sent once: the queue empties and the page reloads with the new join code on it.
    emptied = "() => localStorage.getItem('inferno-companion:queued-writes') === '[]'"
    phone.wait_for_function(emptied, timeout=15_000)
    phone.locator("code.join-code").first.wait_for(state="visible", timeout=15_000)
    assert JoinCode.objects.filter(campaign=campaign).count() == 1
