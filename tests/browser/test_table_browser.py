"""At the table on 360 px phones: a tap keeps its place, says how it went, and the other phones follow.

The demo campaign (seed_demo: 4 guilds, 3 scenarios played, a long history) is the page where a tap used to
throw the phone to the bottom (the whole sheet swapped, then re-anchored by the browser).
"""

from __future__ import annotations

import re
import time

import pytest
from django.core.management import call_command

from campaigns.management.commands.seed_demo import DEMO_PASSWORD
from campaigns.models import Campaign
from tests.browser.conftest import PHONE, controlled_by_the_service_worker
from tests.browser.table_phones import PHONE_800
from tests.browser.table_phones import log_in as shared_log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The tapped control may move a little (a "saved" line appears under it), never by a screen.
STILL_PX = 50
# Another phone shows a change within 2 s (the sheet is polled every 1.5 s with its ETag).
FOLLOW_MS = 2000
POLL_MS = 1500


@pytest.fixture
def demo() -> Campaign:
    call_command("seed_demo", verbosity=0)
    return Campaign.objects.order_by("-pk").first()


def log_in(page, username: str) -> None:
    shared_log_in(page, username, DEMO_PASSWORD)


def phone_for(browser, live_server, username: str):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, device_scale_factor=2)
    page = context.new_page()
    log_in(page, username)
    return page


def tap_in_place(page, control, keep=None) -> float:
    """Tap `control` held in the middle of the screen; answer how far it (or `keep`, when the write takes
    the control away) moved once the write is saved."""
    keep = keep or control
    control.scroll_into_view_if_needed()
    box = control.bounding_box()
    page.evaluate(f"window.scrollBy(0, {box['y'] - PHONE['height'] / 2})")
    before = keep.bounding_box()["y"]
    forget_told(page)
    with page.expect_response(lambda r: "/do/" in r.url):
        control.click()
    page.locator(".write-status[data-state=saved]").first.wait_for()
    keep.wait_for()
    return abs(keep.bounding_box()["y"] - before)


def forget_told(page) -> None:
    """Clear the lines an earlier tap left ("Saved." stays 2.5 s), so the next one read is this tap's."""
    page.evaluate("document.querySelectorAll('.write-status').forEach((line) => line.remove())")


def teal_coins(page) -> str:
    return page.locator("#live .g-teal .tap output").first.inner_text()


def wait_teal_coins(page, value: str, timeout: int = 5000) -> None:
    page.wait_for_function(
        f"() => document.querySelector('#live .g-teal .tap output').textContent.trim() === '{value}'",
        timeout=timeout,
    )


def test_taps_keep_the_thumbs_place_and_say_how_they_went(demo, phone):
    log_in(phone, "ana")
    phone.goto(f"/campaigns/{demo.pk}/")
    start = phone.get_by_role("button", name=re.compile(r"^Start scenario 4"))
    assert tap_in_place(phone, start, keep=phone.locator("#live h2")) < STILL_PX
    for name in ("Teal Coins: one more", "Gray Treasure: one more", "Purple Coins: one more"):
        moved = tap_in_place(phone, phone.get_by_role("button", name=name, exact=True))
        assert moved < STILL_PX, f"{name} moved by {moved} px"
        # Focus stays on the tapped control, for the next tap or the keyboard.
        assert phone.evaluate("document.activeElement.getAttribute('aria-label')") == name
    assert teal_coins(phone) == "1"
    # The page did not land in the history at the bottom.
    bottom = phone.evaluate("document.body.scrollHeight") - 2 * PHONE["height"]
    assert phone.evaluate("window.scrollY") < bottom

    # Quick taps are added up on the phone and sent as one write: none is dropped, two writes never race.
    writes: list[str] = []
    phone.on("request", lambda request: writes.append(request.url) if "/do/tally/" in request.url else None)
    plus = phone.get_by_role("button", name="Teal Coins: one more", exact=True)
    forget_told(phone)
    plus.dblclick()
    assert teal_coins(phone) == "3"  # at once, before any answer
    phone.locator(".write-status[data-state=saved]").first.wait_for()
    forget_told(phone)
    for _ in range(3):
        plus.click()
        phone.wait_for_timeout(150)
    assert teal_coins(phone) == "6"  # at once, before any answer
    phone.locator(".write-status[data-state=saved]").first.wait_for()
    phone.wait_for_timeout(1000)
    assert teal_coins(phone) == "6" and len(writes) == 2
    teal = demo.guilds.get(colour__slug="teal")
    assert teal.results.get(play__status="in-progress").coins == 6

    # No connection: the polls change nothing (the service worker must not answer one with the page it
    # kept from an earlier visit), the tap says so beside the control, and the write is kept on the phone
    # and sent once back online.
    controlled_by_the_service_worker(phone)
    phone.context.set_offline(True)
    phone.wait_for_timeout(2 * POLL_MS + 500)
    assert teal_coins(phone) == "6" and plus.is_visible()
    # Two taps offline, each its own write on the revision the page had: both wait, the counter says so,
    # and both are made in order once back (the second on the revision the first brought).
    plus.click()
    status = phone.locator(".write-status[data-state=error]")
    status.wait_for()
    assert "No connection" in status.inner_text()
    plus.click()
    phone.locator("[data-offline-queued]", has_text="2 changes waiting").wait_for()
    assert teal_coins(phone) == "8 · waiting"
    phone.context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    wait_teal_coins(phone, "8", timeout=20000)
    assert teal.results.get(play__status="in-progress").coins == 8


@pytest.fixture
def held_phone(browser, live_server):
    """A phone whose polls a test can hold back: `page.route` does not see what a service worker fetches
    for the page, so this phone has none (the service worker's own offline answers are tested above)."""
    context = browser.new_context(
        viewport=PHONE, base_url=live_server.url, device_scale_factor=2, service_workers="block"
    )
    yield context.new_page()
    context.close()


def test_other_phones_follow_and_a_stale_tap_is_sent_again(demo, held_phone, browser, live_server):
    phone = held_phone
    log_in(phone, "ana")
    phone.goto(f"/campaigns/{demo.pk}/")
    phone.get_by_role("button", name=re.compile(r"^Start scenario 4")).click()
    plus = phone.get_by_role("button", name="Teal Coins: one more", exact=True)
    plus.wait_for()
    cleo = phone_for(browser, live_server, "cleo")
    try:
        cleo.goto(f"/campaigns/{demo.pk}/")
        assert teal_coins(cleo) == "0"
        control = cleo.get_by_role("button", name="Teal Coins: one more", exact=True)
        control.scroll_into_view_if_needed()
        y = control.bounding_box()["y"]
        plus.click()
        phone.locator(".write-status[data-state=saved]").first.wait_for()
        started = time.monotonic()
        wait_teal_coins(cleo, "1", timeout=FOLLOW_MS)
        assert time.monotonic() - started < FOLLOW_MS / 1000
        # The other phone did not move either.
        assert abs(control.bounding_box()["y"] - y) < STILL_PX

        # Ana's page misses the next change (its polls are held back), then she taps a stale form. One
        # poll refused first: a poll sent before the hold, answered after Cleo's write, would bring it.
        with phone.expect_event("requestfailed", timeout=3 * POLL_MS):
            phone.route("**/campaigns/*/", lambda route: route.abort())
        cleo.get_by_role("button", name="Teal Treasure: one more", exact=True).click()
        cleo.locator(".write-status[data-state=saved]").first.wait_for()
    finally:
        cleo.context.close()
    # A tap is a change by one: refused on the old revision, it is sent once more on the revision the
    # refusal brought, and saved; nothing squeezes the counters (V7).
    before = plus.bounding_box()["y"]
    forget_told(phone)
    plus.click()
    phone.locator(".write-status[data-state=saved]").first.wait_for()
    phone.unroute("**/campaigns/*/")
    assert phone.locator(".write-status[data-state=error]").count() == 0
    assert abs(plus.bounding_box()["y"] - before) < STILL_PX
    wait_teal_coins(phone, "2")
    teal = demo.guilds.get(colour__slug="teal").results.get(play__status="in-progress")
    assert (teal.coins, teal.treasure) == (2, 1)


def test_the_hero_draft_keeps_the_thumbs_place(phone, django_user_model):
    from tests.factories import build_campaign

    owner = django_user_model.objects.create_user("olga", password=DEMO_PASSWORD)
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None}, name="Draft Night", heroes=False)
    log_in(phone, "olga")
    phone.goto(f"/campaigns/{campaign.pk}/hero-draft/?guild=yellow")
    deal = phone.get_by_role("button", name="Deal the heroes")
    assert tap_in_place(phone, deal, keep=phone.locator("#hero-draft h1")) < STILL_PX
    phone.locator(".hand-card").first.click()
    keep = phone.get_by_role("button", name="Keep this hero")
    tap_in_place(phone, keep, keep=phone.locator("#mine-title"))
    # The hand became one line ("You kept a hero this round"): that panel is on screen, not lost.
    title = phone.locator("#mine-title").bounding_box()["y"]
    assert 0 <= title <= PHONE["height"]


def test_a_true_conflict_says_beside_the_control_what_the_other_phone_changed(demo, browser, live_server):
    """Issue 27 (a true conflict says what changed): Cleo has My guild open on her phone and on her tablet;
    the tablet saves Teal's coin first, and the phone's Save, made on the page from before, is told beside
    the button what the tablet changed and who changed it."""
    tablet = phone_for(browser, live_server, "cleo")
    phone = phone_for(browser, live_server, "cleo")
    for page in (tablet, phone):
        page.goto(f"/campaigns/{demo.pk}/mine/")
        page.locator("details.edit-guild > summary").first.click()
    # The phone must not learn of the tablet's change before it taps: its polls are held back meanwhile.

    def held(route):
        return route.abort() if route.request.method == "GET" else route.continue_()

    reads = re.compile(r".*/campaigns/\d+/.*")
    phone.route(reads, held)
    coin = tablet.locator("#mine fieldset", has_text="Saved coin")
    now = "1" if coin.locator("input[value='0']").is_checked() else "0"
    coin.locator(f"label.chip:has(input[value='{now}'])").click()
    with tablet.expect_response(lambda r: "/do/saved-coins/" in r.url) as first:
        coin.get_by_role("button", name="Save").click()
    assert first.value.headers.get("x-write") == "saved"
    mine = phone.locator("#mine fieldset", has_text="Saved coin")
    # The phone means the other value (a true conflict: the same value twice is no conflict at all).
    mine.locator(f"label.chip:has(input[value='{1 - int(now)}'])").click()
    forget_told(phone)
    phone.unroute(reads)
    with phone.expect_response(lambda r: "/do/saved-coins/" in r.url) as answer:
        mine.get_by_role("button", name="Save").click()
    assert answer.value.headers.get("x-write") == "conflict"
    line = phone.locator(".write-status[data-state=error]").first
    line.wait_for()
    assert re.match(r"cleo changed this meanwhile \(.+\)\.", line.inner_text()), line.inner_text()


def test_a_tap_kept_offline_that_ran_into_another_phones_tap_is_said_in_the_page(demo, browser, live_server):
    """Issue 27 (a true conflict says what changed), V2, V7: Cleo taps Teal's Coins offline while Ana,
    online, taps the same counter. Back online, Cleo's phone says in the page, never in a native dialog, who
    changed what and the value now; "Make my change again" makes her tap on the new revision, "Drop it"
    leaves Ana's value."""
    # No service worker for Cleo: the queue is offline.js's, and without it an offline poll simply fails.
    context = browser.new_context(
        viewport=PHONE_800, base_url=live_server.url, device_scale_factor=2, service_workers="block"
    )
    cleo = context.new_page()
    native: list[str] = []
    cleo.on("dialog", lambda dialog: (native.append(dialog.message), dialog.dismiss()))
    ana = phone_for(browser, live_server, "ana")
    try:
        ana.goto(f"/campaigns/{demo.pk}/")
        ana.get_by_role("button", name=re.compile(r"^Start scenario 4")).click()
        ana.get_by_role("button", name="Teal Coins: one more", exact=True).wait_for()
        log_in(cleo, "cleo")
        cleo.goto(f"/campaigns/{demo.pk}/")
        teal = demo.guilds.get(colour__slug="teal")

        def offline_tap_meets_anas(before: int, choice: str, after: int) -> None:
            wait_teal_coins(cleo, str(before))
            cleo.context.set_offline(True)
            cleo.get_by_role("button", name="Teal Coins: one more", exact=True).click()
            cleo.locator("[data-offline-queued]", has_text="1 change waiting").wait_for()
            forget_told(ana)
            ana.get_by_role("button", name="Teal Coins: one more", exact=True).click()
            ana.locator(".write-status[data-state=saved]").first.wait_for()
            cleo.context.set_offline(False)
            cleo.evaluate("window.dispatchEvent(new Event('online'))")
            note = cleo.locator("dialog#offline-conflict[open]")
            note.wait_for(timeout=10000)
            said = note.inner_text()
            assert "ana changed this while you were offline (Teal: coins +1)." in said, said
            assert "Your waiting change: Teal Coins +1." in said
            assert f"Teal Coins is {before + 1} now." in said
            # The note holds the focus; its choices are the page's own buttons, taken with the keyboard.
            focused = "document.getElementById('offline-conflict').contains(document.activeElement)"
            assert cleo.evaluate(focused)
            note.get_by_role("button", name=choice).focus()
            cleo.keyboard.press("Enter")
            wait_teal_coins(cleo, str(after), timeout=10000)
            assert teal.results.get(play__status="in-progress").coins == after
            assert cleo.evaluate("localStorage.getItem('inferno-companion:queued-writes')") == "[]"

        offline_tap_meets_anas(0, "Make my change again", 2)
        offline_tap_meets_anas(2, "Drop it", 3)
        assert native == []
    finally:
        ana.context.close()
        context.close()
