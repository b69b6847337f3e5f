"""Phones at the table for the scripted browser tests: a logged-in phone that taps a control and measures
how far it moved on the screen, the taps of the table counted, and another phone following a change."""

from __future__ import annotations

import re
import time

PHONE_800 = {"width": 360, "height": 800}
PASSWORD = "secret-pass-123"


def log_in(page, username: str, password: str = PASSWORD) -> None:
    """Log in through the log-in page, as a player does, and wait for the campaigns."""
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/campaigns/"))


def choose_affordable_card(page) -> str | None:
    """Tick the first card of the hand the guild can pay for, as a player does; answer its slug (None
    when the guild can pay for none). The hand is dealt from the whole Level-1 deck, whose cards cost
    more than a guild's coins at times (Hellborn costs 7), so "the first card" alone may be refused."""
    coins = int(page.locator("form[data-buy]").get_attribute("data-coins"))
    for card in page.locator("form[data-buy] input[name=cards]").all():
        cost = card.get_attribute("data-cost")
        if cost and int(cost) <= coins:
            card.check()
            return card.get_attribute("value")
    return None


# The tapped control may move a little (a "saved" line appears under it), never by a screen.
STILL_PX = 50
# Another phone shows a change within 2 s (the pages poll every 1.5 s).
FOLLOW_MS = 2000
POLL_MS = 1500
# The feedback beside the tapped control, as "state: text" (null until it is there).
TOLD = """() => {
  const s = document.querySelector(".write-status[data-state=saved], .write-status[data-state=error]");
  return s && s.dataset.state + ": " + s.textContent.trim();
}"""


class Taps:
    """The taps of the whole table, counted as a player makes them: a click, or a select opened and an
    option chosen (two taps)."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator) -> None:
        self.count += 1
        locator.click()

    def choose(self, locator, value: str) -> None:
        self.count += 2
        locator.select_option(value)


class Phone:
    """One player's phone: a browser context of its own, logged in through the log-in page."""

    def __init__(self, browser, live_server, username: str, colour: str, workers: str = "allow") -> None:
        self.name = username
        self.colour = colour
        # workers="block": a request the offline worker would answer never reaches page.route().
        self.context = browser.new_context(
            viewport=PHONE_800, base_url=live_server.url, device_scale_factor=1, service_workers=workers
        )
        self.page = self.context.new_page()
        # A step that does not come fails the night in seconds, not in Playwright's default 30 s.
        self.page.set_default_timeout(10_000)
        log_in(self.page, username)

    def tap_in_place(self, control, keep=None, *, saved: bool = True) -> float:
        """Tap `control` held in the middle of the screen; answer how far it (or `keep`, when the write
        takes the control away) moved on the screen once the write is saved."""
        page = self.page
        keep = keep or control
        control.scroll_into_view_if_needed()
        box = control.bounding_box()
        page.evaluate(f"window.scrollBy(0, {box['y'] - PHONE_800['height'] / 2})")
        before = keep.bounding_box()["y"]
        self.control_y = control.bounding_box()["y"]
        # An earlier tap's "Saved." stays 2.5 s: cleared, so the line read below is this tap's.
        page.evaluate("document.querySelectorAll('.write-status').forEach((line) => line.remove())")
        with page.expect_response(lambda r: "/do/" in r.url and r.request.method == "POST") as answer:
            control.click()
        if saved:
            errors = " ".join(page.locator(".errors").all_inner_texts())
            assert answer.value.headers.get("x-write") == "saved", (
                f"{self.name}: {answer.value.status} {errors}"
            )
            # What the player reads beside the control, read at once: a poll may swap the panel right after.
            told = page.wait_for_function(TOLD).json_value()
            assert told.startswith("saved"), f"{self.name}: {told}"
        after = keep.bounding_box()
        assert after is not None, "the kept control left the page"
        return abs(after["y"] - before)

    def still(self, control, keep=None, what: str = "", taps: Taps | None = None) -> None:
        if taps is not None:
            taps.count += 1
        moved = self.tap_in_place(control, keep)
        assert moved < STILL_PX, f"{self.name}: {what or 'the tap'} moved the control by {moved:.0f} px"

    def lands_in_view(self, control, panel, what: str = "") -> None:
        """A write that may take its control away (a hand of cards becomes one line): the control, when it
        is still there (the next hand came at once), stays where it was; else the panel it leaves behind
        is on the screen, where the thumb was, not a screen away."""
        self.tap_in_place(control, panel)
        if control.count() and control.is_visible():
            moved = abs(control.bounding_box()["y"] - self.control_y)
            assert moved < STILL_PX, f"{self.name}: {what or 'the tap'} moved the control by {moved:.0f} px"
            return
        # The panel is shown from its heading, where what it now says begins ("You kept 2 cards…",
        # "Bought: …, arrange…"), or, grown taller than the screen (the buying form), still fills it.
        heading = panel.locator("h2").first.bounding_box()
        box = panel.bounding_box()
        middle = PHONE_800["height"] / 2
        assert 0 <= heading["y"] <= PHONE_800["height"] - heading["height"] or (
            box["y"] < middle < box["y"] + box["height"]
        ), f"{self.name}: after {what or 'the tap'} the panel is off the screen at y={box['y']:.0f}"


def follow_ms() -> int:
    """2 s on PostgreSQL (CI). SQLite's shared in-memory test database refuses a read while another thread
    writes ("database table is locked", a 500 the next poll replaces 1.5 s later), so there one missed
    poll is allowed; a production database does not refuse readers."""
    from django.db import connection

    return FOLLOW_MS + (POLL_MS if connection.vendor == "sqlite" else 0)


def follows(phone: Phone, locator, what: str) -> None:
    """`phone` shows `locator` within 2 s, by its own polling (no reload)."""
    limit = follow_ms()
    started = time.monotonic()
    locator.first.wait_for(timeout=limit)
    assert time.monotonic() - started < limit / 1000, f"{phone.name} saw {what} too late"


def review_numbers(page, colours) -> dict[str, tuple[int, int]]:
    """The review step's numbers, as the player checks them: colour -> (coins, Death tokens)."""
    numbers = {}
    for colour in colours:
        row = page.locator(f".review-guild.g-{colour} .review-nums")
        coins = row.locator("div", has=page.locator("dt", has_text=re.compile("^Coins$"))).locator("dd")
        deaths = row.locator("div", has=page.locator("dt", has_text=re.compile("^Death tokens$"))).locator(
            "dd"
        )
        numbers[colour] = (int(coins.inner_text()), int(deaths.inner_text()))
    return numbers
