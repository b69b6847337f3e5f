"""The pages that poll log no error to the console while another phone plays: a player who has kept a hero
(or two Upgrade cards) and waits has no button on their part, and the fetch of their next hand, fired by the
poll of the draft's status, must not look for one (`ux-walkthrough-2` V14: "The selector "find
button[type=submit]" on hx-disabled-elt returned no matches!", 12-22 times per phone during a hero draft)."""

from __future__ import annotations

import pytest

from campaigns.models import Membership
from campaigns.services import hero_draft
from campaigns.services.guilds import guild_add
from tests.browser.conftest import console_errors
from tests.browser.table_phones import POLL_MS, Phone
from tests.campaigns.pages.helpers import first_scenario
from tests.factories import UserFactory, access, build_campaign, level_one_deck, refreshed

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_polled_pages_log_no_console_error(browser, live_server):
    olga, tom = UserFactory(username="olga"), UserFactory(username="tom")
    # Every campaign is made before a phone polls: on SQLite a read in the live server's thread locks the
    # table a write of the test needs.
    drafting_heroes = build_campaign(olga, guilds={}, name="Before the heroes")
    Membership.objects.create(campaign=drafting_heroes, user=tom)
    for colour, player in (("yellow", "olga"), ("teal", "tom")):
        guild_add(
            access=access(olga, drafting_heroes),
            actor=olga,
            revision=refreshed(drafting_heroes).revision,
            colour=colour,
            player=player,
        )
    hero_draft.hero_draft_start(
        access=access(olga, drafting_heroes), actor=olga, revision=refreshed(drafting_heroes).revision
    )
    level_one_deck()
    upgrading = first_scenario(
        olga, build_campaign(olga, guilds={"yellow": None, "teal": tom}), upgrade_on_paper=False
    )

    phones = [Phone(browser, live_server, "olga", "yellow"), Phone(browser, live_server, "tom", "teal")]
    owner, player = phones
    errors = {phone.name: console_errors(phone.page) for phone in phones}
    try:
        # The hero draft: Tom keeps a hero first and waits; Olga's pick gives him his next hand, fetched by
        # his page when its status poll sees the new round.
        for phone in phones:
            phone.page.goto(f"/campaigns/{drafting_heroes.pk}/hero-draft/")
        for phone in (player, owner):
            phone.page.locator("input[name=hero]").first.check()
            phone.page.get_by_role("button", name="Keep this hero").click()
            phone.page.get_by_text("You kept a hero this round.").or_(
                phone.page.locator("input[name=hero]")
            ).first.wait_for()
        player.page.locator("input[name=hero]").first.wait_for()

        # The upgrade phase, the same way with two cards a round.
        for phone in phones:
            phone.page.goto(f"/campaigns/{upgrading.pk}/upgrade/")
        for phone in (player, owner):
            for card in phone.page.locator("input[name=cards]").all()[:2]:
                card.check()
            phone.page.get_by_role("button", name="Keep these 2").click()
            phone.page.get_by_text("You kept 2 cards this round.").or_(
                phone.page.locator("input[name=cards]")
            ).first.wait_for()
        player.page.locator("input[name=cards]").first.wait_for()

        # The sheet and My guild follow the other phone by polling: Tom's sheet while Olga keeps cards.
        player.page.goto(f"/campaigns/{upgrading.pk}/")
        for card in owner.page.locator("input[name=cards]").all()[:2]:
            card.check()
        owner.page.get_by_role("button", name="Keep these 2").click()
        owner.page.get_by_text("You kept 2 cards this round.").wait_for()
        owner.page.goto(f"/campaigns/{upgrading.pk}/mine/")
        for phone in phones:
            phone.page.wait_for_timeout(2 * POLL_MS + 500)
    finally:
        for phone in phones:
            phone.context.close()
    logged = [line for lines in errors.values() for line in lines]
    assert not logged, f"{len(logged)} console errors:\n" + "\n".join(logged[:10])
