"""Two players on their own phones: sign up, set up a campaign, record a scenario, draft upgrades live."""

from __future__ import annotations

import re

import pytest

from campaigns.models import Edition, UpgradeCard
from tests.browser.conftest import PHONE, scroll_width, serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The status part polls every 2 s; the reload it triggers needs a moment on top of that.
LIVE_UPDATE_MS = 2600


def level_one_deck() -> None:
    edition = Edition.objects.get(slug="inferno")
    for n in range(1, 7):
        UpgradeCard.objects.update_or_create(
            edition=edition,
            slug=f"browser-card-{n}",
            defaults={
                "name": f"Hellfire Blade {n}",
                "code": f"B1-{n:02d}",
                "deck": "level-1",
                "copies": 2,
                "cost": 1 + n % 3,
                "card_type": "attack",
                "source": "test",
            },
        )


def sign_up(page, username: str, next_url: str = "") -> None:
    page.goto(f"/accounts/signup/{'?next=' + next_url if next_url else ''}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill("table-side-pass-42")
    page.get_by_label("Password confirmation").fill("table-side-pass-42")
    page.get_by_role("button", name="Sign up").click()


def fits_and_passes_axe(page) -> None:
    assert scroll_width(page) <= PHONE["width"], f"{page.url} scrolls sideways at 360 px"
    assert serious_violations(page) == [], page.url


def test_two_players_run_a_campaign_from_their_own_phones(browser, live_server, phone, screenshot):
    ana = phone
    sign_up(ana, "ana")
    ana.wait_for_url(re.compile(r"/campaigns/$"))
    fits_and_passes_axe(ana)
    ana.get_by_label("Campaign name").fill("Friday Inferno")
    ana.get_by_role("button", name="Create the campaign").click()
    ana.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    sheet_url = ana.url

    ana.get_by_role("group", name="Add a guild").get_by_label("Colour").select_option("yellow")
    ana.get_by_role("button", name="Add the guild").click()
    ana.locator("#guild-yellow").wait_for()
    adding = ana.get_by_role("group", name="Add a guild")
    adding.get_by_label("Colour").select_option("teal")
    adding.get_by_label("Played by").select_option("open")
    ana.get_by_role("button", name="Add the guild").click()
    ana.locator("#guild-teal").wait_for()
    ana.get_by_role("button", name="Create a join code").click()
    code = ana.locator(".join-code").first.inner_text()
    assert re.fullmatch(r"[A-Z2-9]{8}", code)

    ben_context = browser.new_context(viewport=PHONE, base_url=live_server.url, device_scale_factor=2)
    ben = ben_context.new_page()
    sign_up(ben, "ben", next_url="/campaigns/join/")
    ben.wait_for_url(re.compile(r"/campaigns/join/$"))
    ben.get_by_label("Join code").fill(code.lower())
    ben.get_by_role("button", name="Join").click()
    ben.wait_for_url(re.compile(r"/campaigns/\d+/#guilds$"))
    ben.get_by_role("button", name=re.compile("claim this guild")).click()
    ben.locator("#guild-teal .tag", has_text="yours").wait_for()

    ana.reload()
    ana.locator("#guild-yellow").get_by_role("button", name="Choose these heroes").click()
    ana.locator("#guild-yellow .hero-card").first.wait_for()
    ben.reload()
    ben.locator("#guild-teal").get_by_role("button", name="Choose these heroes").click()
    ben.locator("#guild-teal .hero-card").first.wait_for()
    assert ben.locator("#guild-teal .hero-card").count() == 3

    level_one_deck()
    ana.reload()
    record = ana.locator("#record")
    # The results form is opened on demand (it is the biggest part of the sheet).
    record.get_by_role("link", name="Open the results form").click()
    record.get_by_label("Scenario played").wait_for()
    record.get_by_label("Scenario played").select_option("ferry-of-the-dead")
    record.get_by_text("Yellow won").click()
    record.get_by_role("button", name="Yellow coins: one more").click()
    record.get_by_role("button", name="Yellow coins: one more").click()
    record.get_by_text("Title").first.click()
    record.locator(".hero-line").first.get_by_role(
        "button", name=re.compile("Death tokens: one more")
    ).click()
    record.get_by_role("button", name="Review the results").click()
    ana.get_by_role("button", name="Record these results").click()
    ana.get_by_role("link", name="Open the upgrade phase").wait_for()

    for page in (ana, ben):
        page.goto(sheet_url)
        table = page.locator("#achievements table")
        assert "Ferry of the Dead" in table.inner_text()
        assert "Yellow" in table.locator("td[data-label=Winner]").inner_text()
        assert "Ticket Scalper" in page.locator("#achievements").inner_text()
    fits_and_passes_axe(ben)
    screenshot(ana, "campaign-sheet")
    # V13, m1: the paper is chosen on two chips, and Print says its progress in its own line, never a
    # "Saving…" left under the button.
    paper = ben.locator("#print label.chip", has_text="US Letter")
    paper.click()
    assert paper.locator("input").is_checked() and paper.bounding_box()["height"] < 60
    ben.get_by_role("button", name="Print the sheet (PDF)").click()
    ben.locator("#print-status .print-progress, #print-status a, #print-status .error").first.wait_for()
    assert "Saving" not in ben.locator("#print").inner_text()

    upgrade_url = sheet_url + "upgrade/"
    ana.goto(upgrade_url)
    ben.goto(upgrade_url)
    ana_hand = ana.locator(".hand-card")
    assert ana_hand.count() == 6 and ben.locator(".hand-card").count() == 6
    fits_and_passes_axe(ana)
    ana_hand.nth(0).click()
    ana_hand.nth(1).click()
    ana.get_by_role("button", name="Keep these 2").click()
    ana.get_by_text("You kept 2 cards this round").wait_for()
    # Ben's page learns that Yellow has picked without a reload.
    ben.locator("#upgrade-status li", has_text="Yellow").get_by_text("has picked").wait_for(
        timeout=LIVE_UPDATE_MS
    )

    ben.locator(".hand-card").nth(2).click()
    ben.locator(".hand-card").nth(3).click()
    ben.get_by_role("button", name="Keep these 2").click()
    # Round 2: Ana's hand arrives by itself, passed from Ben.
    ana.get_by_text("Draft round 2 of 3").wait_for(timeout=LIVE_UPDATE_MS)
    ana.get_by_role("button", name="Keep these 2").wait_for(timeout=LIVE_UPDATE_MS)
    assert ana.locator(".hand-card").count() == 4
    screenshot(ana, "campaign-upgrade")

    ana.goto("/campaigns/")
    assert "Friday Inferno" in ana.locator(".campaign-list").inner_text()
    screenshot(ana, "campaign-list")
    for url in (sheet_url, sheet_url + "hero-draft/", sheet_url + "monsters/", "/campaigns/join/", "/"):
        ana.goto(url)
        fits_and_passes_axe(ana)
    ben_context.close()


def test_the_login_and_signup_pages_fit_the_phone_and_pass_axe(phone):
    for url in ("/accounts/login/", "/accounts/signup/"):
        phone.goto(url)
        fits_and_passes_axe(phone)
