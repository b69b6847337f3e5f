"""The upgrade phase on a 360 x 800 phone keeps the thumb's place: after buying, moving a card, discarding one
and restarting the phase, the tapped control (or, when the write takes it away, the heading above it) is
within 50 px of where it was; a panel that shrank above the middle of the screen is shown from its heading."""

from __future__ import annotations

import pytest

from tests.browser.table_phones import TOLD, choose_affordable_card, log_in
from tests.browser.test_every_page import PHONE_800, draft_hands
from tests.campaigns.pages.helpers import first_scenario
from tests.factories import UserFactory, build_campaign, level_one_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STILL_PX = 50
DEAL_SEED = 1640


def tap_in_place(page, control, keep=None) -> float:
    """Tap `control` held in the middle of the screen; answer how far it (or `keep`) moved once saved."""
    keep = keep or control
    control.scroll_into_view_if_needed()
    box = control.bounding_box()
    page.evaluate(f"window.scrollBy(0, {box['y'] - PHONE_800['height'] / 2})")
    before = keep.bounding_box()["y"]
    with page.expect_response(lambda r: "/do/" in r.url):
        control.click()
    # Once htmx has swapped the answer in (its request class gone). Not the "Saved." line: a poll of the
    # other guilds' progress may replace its panel a moment later, and the line with it.
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    after = keep.bounding_box()
    assert after is not None, "the control kept in view is gone"
    return abs(after["y"] - before)


def card_form(page, action: str, card_id: str):
    return page.locator(f"form[action$='/{action}/']:has(input[name=id][value='{card_id}'])")


@pytest.fixture
def buying(browser, live_server):
    """Olga plays Yellow and Teal; the draft is done, Yellow buys. Her phone is on the upgrade page."""
    owner = UserFactory(username="olga")
    level_one_deck()
    # A seeded deal: the same hands every run.
    played = first_scenario(owner, build_campaign(owner), upgrade_on_paper=False, seed=DEAL_SEED)
    campaign = draft_hands(owner, played)
    context = browser.new_context(viewport=PHONE_800, base_url=live_server.url)
    page = context.new_page()
    log_in(page, "olga")
    page.goto(f"/campaigns/{campaign.pk}/upgrade/?guild=yellow")
    page.on("dialog", lambda dialog: dialog.accept())
    yield page
    context.close()


def test_the_upgrade_page_keeps_the_thumbs_place(buying):
    page = buying
    buy = page.get_by_role("button", name="Buy the chosen cards")
    # Yellow has 4 coins; some cards of the deck cost more (the buy would be refused, and the panel grow).
    assert choose_affordable_card(page), "the seeded hand holds a card Yellow can pay for"
    # The hand becomes the guild's inventory: the panel's heading stays where it was, unless the panel
    # shrank to end above the middle of the screen; then it is shown from its heading (live.js `restore`),
    # never left a screen away.
    title = page.locator("#mine-title")
    moved = tap_in_place(page, buy, keep=title)
    top = title.bounding_box()["y"]
    assert moved < STILL_PX or 0 <= top < STILL_PX, f"Buy: the heading moved {moved} px, to y={top}"

    moves = page.locator("form[action$='/upgrade-move/']")
    moves.first.wait_for(state="attached")
    card_id = moves.first.locator("input[name=id]").get_attribute("value")
    page.locator("details.card-tools summary").first.click()
    move = card_form(page, "upgrade-move", card_id)
    move.locator("select").select_option(index=0)
    moved = tap_in_place(page, move.get_by_role("button", name="Move"))
    assert moved < STILL_PX, f"Move: {moved} px"

    # Discarding takes the card and its buttons away: the hero's name above them stays put.
    discard = card_form(page, "upgrade-discard", card_id)
    if not discard.is_visible():
        card_form(page, "upgrade-move", card_id).locator("xpath=ancestor::details/summary").click()
    heroes = page.locator("li.hero-card")
    index = heroes.evaluate_all(
        "(cards, id) => cards.findIndex(c => c.querySelector(`input[name=id][value='${id}']`))", card_id
    )
    heading = heroes.nth(index).locator("h4")
    moved = tap_in_place(page, discard.get_by_role("button"), keep=heading)
    assert moved < STILL_PX, f"Discard: {moved} px"
    assert card_form(page, "upgrade-discard", card_id).count() == 0

    # The owner's undo of the whole phase: the hand is dealt again, the button stays under the thumb.
    restart = page.get_by_role("button", name="Restart the phase")
    moved = tap_in_place(page, restart)
    assert moved < STILL_PX, f"Restart: {moved} px"
    page.locator(".hand-card").first.wait_for()


def test_a_buy_the_guild_cannot_pay_for_says_why_beside_the_button(buying):
    """Cards are bought at their printed cost (GF:201, RB p27-28): Yellow's 4 coins do not pay for the
    whole hand. The buy is refused and nothing is bought; the button stays under the thumb, and the reason
    stands beside it, since the panel's message sits under its heading, above the top of the screen."""
    page = buying
    form = page.locator("form[data-buy]")
    coins = int(form.get_attribute("data-coins"))
    chosen, cost = 0, 0
    for card in form.locator("input[name=cards]").all():
        if chosen < 3 and cost <= coins:
            card.check()
            chosen += 1
            cost += int(card.get_attribute("data-cost"))
    assert cost > coins, "the seeded hand holds more than Yellow can pay for"
    buy = page.get_by_role("button", name="Buy the chosen cards")
    assert tap_in_place(page, buy) < STILL_PX
    told = page.wait_for_function(TOLD).json_value()
    reason = f"These cards cost {cost} coins but the Guild has only {coins}."
    assert told == f"error: Not saved: Cards: {reason}", told
    status = page.locator(".write-status").bounding_box()
    assert 0 <= status["y"] <= PHONE_800["height"] - status["height"], "the reason is on the screen"
    assert page.locator("#upgrade-mine .errors[role=alert]").count() == 1
    assert page.locator("input[name=cards]").count() > 0, "the hand is still there: nothing was bought"
    yellow = page.locator("#upgrade-status li", has_text="Yellow")
    assert yellow.locator(".state").inner_text() == "buying", "the table sees Yellow still buying"
