"""Offline at the table (Chromium, 360 px): the helpers open without a network, the page says it is offline,
and a campaign write made offline is queued and replayed with its revision when the connection is back."""

from __future__ import annotations

import time

import pytest

from campaigns.models import JoinCode
from tests.browser.conftest import controlled_by_the_service_worker
from tests.browser.table_phones import log_in
from tests.factories import UserFactory, build_campaign

pytestmark = pytest.mark.django_db(transaction=True)


_controlled = controlled_by_the_service_worker


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


def test_offline_a_roll_says_it_was_not_made_and_clears_the_old_result(phone):
    """V1: the banner promises no helper, and a roll without the connection is said not made where the
    result goes, the previous result gone (never read as new under the new settings)."""
    phone.goto("/helpers/dice/")
    _controlled(phone)
    phone.get_by_role("button", name="Roll", exact=True).click()
    phone.locator('[data-result="wounds"]').wait_for()
    phone.context.set_offline(True)
    try:
        banner = phone.locator("#offline-banner")
        banner.wait_for(state="visible")
        assert "Helpers still work" not in banner.inner_text()
        assert "Dice, spawn rolls, curse draws and monster lookups need the connection" in banner.inner_text()
        phone.get_by_role("button", name="Attack dice: one more").click()
        phone.get_by_role("button", name="Roll", exact=True).click()
        note = phone.locator("#result .offline-note")
        note.wait_for()
        assert note.inner_text().startswith("Not rolled: no connection")
        assert phone.locator('#result [data-result="wounds"]').count() == 0
        assert note.is_visible()  # where the thumb looks, on the phone's screen
    finally:
        phone.context.set_offline(False)
    phone.get_by_role("button", name="Roll", exact=True).click()
    phone.locator('[data-result="wounds"]').wait_for()
    assert phone.locator("#result .offline-note").count() == 0


def _fill_curses(phone) -> None:
    phone.locator("#id_heroes-0-hero").fill("Diana")
    phone.locator("#id_heroes-0-deaths").fill("2")


def _fill_spawn(phone) -> None:
    phone.get_by_label("Slot 1", exact=True).fill("Harpy")
    phone.get_by_label("Slot 2", exact=True).fill("Demoness")


@pytest.mark.parametrize(
    ("page", "fill", "button", "said"),
    [
        ("/helpers/death-curses/", _fill_curses, "Draw Death Curses", "Not drawn: no connection"),
        ("/helpers/spawn/", _fill_spawn, "Spawn", "Not rolled: no connection"),
    ],
)
def test_offline_the_other_helpers_say_so_too(phone, page, fill, button, said):
    phone.goto(page)
    _controlled(phone)
    fill(phone)
    phone.context.set_offline(True)
    try:
        phone.get_by_role("button", name=button, exact=True).last.click()
        phone.locator("#result .offline-note").wait_for()
        assert phone.locator("#result .offline-note").inner_text().startswith(said)
    finally:
        phone.context.set_offline(False)


def test_the_first_visit_to_the_sheet_is_kept_for_offline(phone):
    """V5: the visit that installs the service worker was made before it ran; the page asks it to keep it."""
    owner = UserFactory(username="olga")
    campaign = build_campaign(owner, guilds={"yellow": None}, name="Kept At Once")
    log_in(phone, "olga")
    phone.goto(f"/campaigns/{campaign.pk}/")
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    kept = f"caches.open('pages-v2').then((c) => c.match('{phone.url}')).then((r) => Boolean(r))"
    deadline = time.monotonic() + 15
    while not phone.evaluate(kept) and time.monotonic() < deadline:
        phone.wait_for_timeout(200)
    assert phone.evaluate(kept), "the first visit was not kept"
    phone.context.set_offline(True)
    try:
        phone.reload()
        assert phone.get_by_role("heading", name="Kept At Once").first.is_visible()
        phone.locator("#offline-banner").wait_for(state="visible")
    finally:
        phone.context.set_offline(False)


def test_a_write_made_offline_waits_and_is_sent_with_its_revision_when_back(phone):
    owner = UserFactory(username="olga")
    campaign = build_campaign(owner, guilds={"yellow": None})
    log_in(phone, "olga")
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


def test_a_write_refused_on_replay_is_said_in_the_page_not_in_a_native_dialog(phone):
    """Fred's tap kept offline reaches the server after the owner handed Teal to someone else: it is refused
    (not his guild any more), and the reloaded page says so in its banner; nothing changed, no alert box."""
    from campaigns.services.guilds import guild_assign
    from campaigns.services.live import live_start
    from tests.factories import access, refreshed

    owner, fred = UserFactory(username="olga"), UserFactory(username="fred")
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": fred})
    play = live_start(
        access=access(owner, campaign),
        actor=owner,
        revision=campaign.revision,
        scenario="beyond-the-gates-of-hell",
    )
    dialogs: list[str] = []
    phone.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    log_in(phone, "fred")
    phone.goto(f"/campaigns/{campaign.pk}/#live")
    _controlled(phone)
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Teal Coins: one more", exact=True).click()
    phone.locator("[data-offline-queued]", has_text="1 change waiting").wait_for()
    teal = campaign.guilds.get(colour__slug="teal")
    guild_assign(
        access=access(owner, refreshed(campaign)),
        actor=owner,
        guild=teal,
        revision=teal.revision,
        player_name="Dave",
    )
    phone.context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    said = phone.locator("#offline-banner [data-offline-refused]")
    said.wait_for(state="visible", timeout=20_000)
    assert "was refused when it was sent" in said.inner_text()
    assert dialogs == []
    assert play.results.get(guild=teal).coins == 0
    # Said once: the next page does not repeat it.
    phone.reload()
    phone.wait_for_timeout(500)
    assert phone.locator("#offline-banner [data-offline-refused]").is_hidden()
