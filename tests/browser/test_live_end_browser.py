"""The end of a scenario on every phone (V3), at 360 x 800: Fred's phone completes Teal's last quest; Olga's
phone, which only polls, shows who won within 2 s without a reload, with "Review and record" at the top of
the live tracker, one tap from the review; Fred's says it waits for the owner. Recording keeps the quests."""

from __future__ import annotations

import urllib.request

import pytest

from campaigns.models import PlayResult, ScenarioPlay
from campaigns.services.live import live_start
from tests.browser.table_phones import PHONE_800, STILL_PX, Phone, follows
from tests.factories import UserFactory, access, build_campaign, refreshed

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(browser, live_server):
    """Olga (owner, Yellow) and Fred (Teal) play Ferry of the Dead live, each phone on the Live tab."""
    owner = UserFactory(username="olga")
    player = UserFactory(username="fred")
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": player})
    live_start(
        access=access(owner, campaign), actor=owner, revision=campaign.revision, scenario="ferry-of-the-dead"
    )
    # The live server's first answer loads the project (seconds on a busy machine); a phone's steps time
    # out at 10 s, so it is asked once before the phones log in.
    urllib.request.urlopen(live_server.url + "/accounts/login/", timeout=60).close()
    phones = [Phone(browser, live_server, "olga", "yellow"), Phone(browser, live_server, "fred", "teal")]
    for phone in phones:
        phone.page.goto(f"/campaigns/{campaign.pk}/#live")
        phone.page.locator("#live article.live-guild").first.wait_for()
    yield refreshed(campaign), *phones
    for phone in phones:
        phone.context.close()


def _quest(phone: Phone, slug: str):
    return phone.page.locator(f"#live article.g-teal form:has(input[name=quest][value='{slug}']) button")


def test_the_last_quest_shows_the_win_on_the_other_phone_and_the_owner_records_it(table):
    """BR:207 "In a 2-player game, victory is achieved by fulfilling only 2 Quests"; BR:205 "the scenario
    immediately ends and that player is victorious"."""
    campaign, olga, fred = table
    # A done quest's button becomes a line: Teal's card is what must stay under the thumb.
    teal = fred.page.locator("#live article.g-teal")
    fred.still(_quest(fred, "destroy-the-tickets"), keep=teal, what="a quest")
    moved = fred.tap_in_place(_quest(fred, "pvp:yellow"), keep=teal)
    assert moved < STILL_PX, f"the winning quest moved Teal's card by {moved:.0f} px"

    # Olga's phone follows by its own polling, the notice at the top of the live tracker.
    won = olga.page.locator("#live .won", has_text="Teal has won scenario 1")
    follows(olga, won, "the win")
    review = won.get_by_role("link", name="Review and record")
    first_counter = olga.page.locator("#live .counters").first
    assert review.bounding_box()["y"] < first_counter.bounding_box()["y"]
    assert olga.page.locator("#now .won", has_text="Teal has won scenario 1").count() == 1
    # Fred waits for the owner, at the top of his tracker too.
    waits = fred.page.locator("#live .won", has_text="Waiting for the owner to record the results.")
    waits.wait_for()
    assert fred.page.locator("#live .won a").count() == 0

    # One tap to the review from the Live tab's landing, then the record.
    olga.page.goto(f"/campaigns/{campaign.pk}/#live")
    link = olga.page.locator("#live .won").get_by_role("link", name="Review and record")
    assert 0 <= link.bounding_box()["y"] <= PHONE_800["height"] - link.bounding_box()["height"]
    link.click()
    olga.page.get_by_role("button", name="Record these results").click()
    olga.page.wait_for_url(lambda url: "#now" in url)
    play = ScenarioPlay.objects.get(campaign=campaign, status=ScenarioPlay.Status.RECORDED)
    quests = dict(PlayResult.objects.filter(play=play).values_list("guild__colour__slug", "quests"))
    assert quests == {"yellow": [], "teal": ["destroy-the-tickets", "pvp:yellow"]}
    follows(fred, fred.page.locator("#now:not(:has(.won))"), "the recorded scenario")
