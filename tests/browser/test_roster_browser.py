"""The roster at the table on a 360 x 800 phone: the angel just rescued swapped in from the live tracker, and
the heroes fielded for the next scenario chosen on My guild; buttons and chips at least 44 px tall, axe clean,
no sideways scroll (GF:174-176)."""

from __future__ import annotations

import pytest

from campaigns.models import GuildHero
from campaigns.services.live import live_quest, live_start
from tests.browser.conftest import scroll_width, serious_violations
from tests.browser.table_phones import log_in
from tests.factories import (
    UserFactory,
    access,
    angel_campaign,
    build_campaign,
    record,
    refreshed,
    result_line,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_800 = {"width": 360, "height": 800}


def _phone(browser, live_server, username):
    context = browser.new_context(viewport=PHONE_800, base_url=live_server.url, device_scale_factor=1)
    page = context.new_page()
    log_in(page, username)
    return context, page


def _tall_and_clean(page, controls) -> None:
    for control in controls.all():
        box = control.bounding_box()
        assert box and box["height"] >= 44, f"{control.inner_text()} is {box and box['height']} px tall"
    assert scroll_width(page) <= PHONE_800["width"], f"{page.url} scrolls sideways at 360 px"
    assert serious_violations(page) == [], page.url


def _fielded(campaign):
    heroes = GuildHero.objects.filter(guild__campaign=campaign, guild__colour__slug="yellow", fielded=True)
    return set(heroes.values_list("hero__slug", flat=True))


def test_the_angel_just_rescued_swaps_in_from_the_live_tracker(browser, live_server):
    owner = UserFactory(username="olga")
    campaign = build_campaign(owner)
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    live_start(
        access=access(owner, campaign), actor=owner, revision=campaign.revision, scenario="the-prisoner"
    )
    yellow = refreshed(campaign).guilds.get(colour__slug="yellow")
    live_quest(
        access=access(owner, refreshed(campaign)),
        actor=owner,
        guild=yellow,
        revision=yellow.revision,
        quest="save-the-angel",
    )
    context, page = _phone(browser, live_server, "olga")
    page.goto(f"/campaigns/{campaign.pk}/#live")
    swaps = page.locator("#live .angel-swap button")
    swaps.first.wait_for()
    assert swaps.count() == 3
    _tall_and_clean(page, swaps)
    with page.expect_response(lambda r: "/do/live-angel/" in r.url):
        page.get_by_role("button", name="Angel Eyes in for Diana").click()
    page.locator("#live").get_by_text("swapped out: off the board").wait_for()
    assert page.locator("#live .angel-swap").count() == 0
    assert _fielded(campaign) == {"angel-eyes", "mark", "kisha"}
    context.close()


def test_the_heroes_fielded_next_are_chosen_on_my_guild(browser, live_server):
    owner = UserFactory(username="olga")
    campaign = angel_campaign(owner)
    context, page = _phone(browser, live_server, "olga")
    page.goto(f"/campaigns/{campaign.pk}/mine/")
    form = page.locator("#field-yellow form")
    form.wait_for()
    _tall_and_clean(page, form.locator("label.chip, button"))
    form.locator("label.chip", has_text="Diana").click()
    form.locator("label.chip", has_text="Angel Eyes").click()
    with page.expect_response(lambda r: "/do/field/" in r.url):
        form.get_by_role("button", name="Field these heroes").click()
    page.locator("#field-yellow input[value=angel-eyes]:checked").wait_for(state="attached")
    assert _fielded(campaign) == {"angel-eyes", "mark", "kisha"}
    context.close()
