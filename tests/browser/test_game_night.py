"""A scripted game night on four phones at 360 x 800, every step through the pages a player taps.

Olga (owner, Yellow), Fred (Teal), Gina (Purple) and Hank (Gray): the campaign is set up and joined with
the join link, the heroes are drafted, scenario 1 is tracked live and recorded through the review step, the
upgrade phase is played on every phone (draft, buy, move, discard, undo), the winner chooses scenario 2, and
scenario 2 is recorded by the form. Along the way: a tapped control stays within 50 px of where it was after
each write, a second phone sees the change within 2 s, three quick taps add 3, two taps made offline wait on
the phone and are both made once it is back, a roll made offline says it was not made, a Death Curse draw
takes at most 4 taps, the win shows on every phone within 2 s, the quests completed live reach the record, the
tap counts of recording and of a spawn, number fields >= 44 px, and at the end the numbers on the sheet. The
server's draws (hero deal, Starting Areas, upgrade deals, curses) come from one seeded generator, so the night
plays the same way on every run.
"""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from campaigns.models import Campaign, PlayResult, UpgradePhase
from campaigns.services import hero_draft, seating, upgrade
from companion.helpers import services as helpers
from tests.browser.conftest import controlled_by_the_service_worker
from tests.browser.table_phones import (
    PHONE_800,
    Phone,
    Taps,
    choose_affordable_card,
    follows,
    review_numbers,
)
from tests.factories import UserFactory, refreshed

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PLAYERS = {"olga": "yellow", "fred": "teal", "gina": "purple", "hank": "gray"}


@pytest.fixture
def seeded(monkeypatch) -> None:
    """Every draw the server makes (hero deal, Starting Areas, upgrade deals and curses, spawns): one seed."""
    rng = random.Random(1717)
    for module in (hero_draft, seating, upgrade):
        monkeypatch.setattr(module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    # The table-side helpers' rolls (the spawn) too.
    monkeypatch.setattr(helpers, "new_seed", lambda: rng.randrange(helpers.NEW_SEED_BELOW))


def test_four_phones_play_a_game_night(browser, live_server, seeded):
    for username in PLAYERS:
        UserFactory(username=username)
    # Hank's phone runs without the offline worker, so that a test can make a request of his fail.
    phones = {
        name: Phone(browser, live_server, name, colour, workers="block" if name == "hank" else "allow")
        for name, colour in PLAYERS.items()
    }
    olga, fred, gina, hank = phones.values()
    try:
        campaign = _setup(olga, [fred, gina, hank])
        _hero_draft(campaign, phones)
        first = _live_scenario(campaign, phones)
        _upgrade_phase(campaign, phones)
        _arrange_and_confirm(campaign, phones)
        chosen = _next_scenario(campaign, phones)
        second = _record_by_the_form(campaign, phones)
        _the_sheet_after_the_night(campaign, phones, [first, second], chosen)
    finally:
        for phone in phones.values():
            phone.context.close()


def _setup(olga: Phone, others: list[Phone]) -> Campaign:
    """Olga creates the campaign, adds her guild and three open ones, and a join code; the others open the
    join link, join and claim their guild."""
    page = olga.page
    page.goto("/campaigns/")
    page.get_by_label("Campaign name").fill("Game Night")
    page.get_by_role("button", name="Create the campaign").click()
    page.wait_for_url(re.compile(r"/campaigns/\d+/$"))
    campaign = Campaign.objects.get(name="Game Night")
    for phone in [olga, *others]:
        adding = page.get_by_role("group", name="Add a guild")
        adding.get_by_label("Colour").select_option(phone.colour)
        if phone is not olga:
            adding.get_by_label("Played by").select_option("open")
        page.get_by_role("button", name="Add the guild").click()
        page.locator(f"#guild-{phone.colour}").wait_for()
    page.get_by_role("button", name="Create a join code").click()
    link = page.locator(".invite figure", has_text="Join with code").locator("a.join-link")
    link.wait_for()
    join_path = re.sub(r"^https?://[^/]+", "", link.get_attribute("href"))
    for phone in others:
        phone.page.goto(join_path)
        phone.page.get_by_role("button", name="Join").click()
        phone.page.wait_for_url(re.compile(rf"/campaigns/{campaign.pk}/"))
        phone.page.goto(f"/campaigns/{campaign.pk}/#guilds")
        claim = phone.page.locator(f"#guild-{phone.colour}").get_by_role("button", name=re.compile("claim"))
        phone.still(claim, keep=phone.page.locator(f"#guild-{phone.colour} h3"), what="claiming")
        phone.page.locator(f"#guild-{phone.colour} .tag", has_text="yours").wait_for()
    assert {g.colour.slug: g.player.username for g in refreshed(campaign).guilds.all()} == {
        c: u for u, c in PLAYERS.items()
    }
    return campaign


def _fails_once():
    """A route handler answering 500 to the first request, then letting every other one through."""
    failed = []

    def handle(route) -> None:
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            route.fulfill(status=500, body="busy")

    handle.failed = failed
    return handle


def _hero_draft(campaign: Campaign, phones: dict[str, Phone]) -> None:
    """Olga deals the heroes; every phone keeps one hero a round for three rounds on the hero-draft page."""
    olga = phones["olga"]
    draft_url = f"/campaigns/{campaign.pk}/hero-draft/"
    for phone in phones.values():
        phone.page.goto(draft_url)
    # Hank's first fetch of his hand fails (a busy server): his page asks again and the hand still comes.
    hank = phones["hank"]
    busy = _fails_once()
    hank.page.route(re.compile(r".*/hero-draft/\?part=mine.*"), busy)
    deal = olga.page.get_by_role("button", name="Deal the heroes")
    olga.still(deal, keep=olga.page.locator("#hero-draft h1"), what="dealing the heroes")
    # Fred opened the page before the deal: his hand comes by itself.
    fred = phones["fred"]
    follows(fred, fred.page.get_by_role("button", name="Keep this hero"), "his hand of heroes")
    hank.page.get_by_role("button", name="Keep this hero").wait_for()
    assert busy.failed, "the failed fetch happened"
    hank.page.unroute(re.compile(r".*/hero-draft/\?part=mine.*"))
    for round_ in range(3):
        for phone in phones.values():
            page = phone.page
            keep = page.get_by_role("button", name="Keep this hero")
            keep.wait_for()
            page.locator(".hand-card").first.click()
            phone.lands_in_view(
                keep, page.locator("#draft-mine"), what=f"keeping a hero in round {round_ + 1}"
            )
    for phone in phones.values():
        phone.page.get_by_text("The draft is over.").wait_for(timeout=5000)
    for guild in refreshed(campaign).guilds.all():
        assert guild.heroes.count() == 3, guild


def _spawn(hank: Phone) -> None:
    """Hank spawns monsters with the helper twice: the first time he sets the Spawn tile and tokens up,
    the second time they are remembered for this scenario and a spawn takes 6 taps at most."""
    page = hank.page
    sheet = page.url
    page.locator(".tabbar").get_by_role("link", name="Helpers").click()
    page.get_by_role("link", name=re.compile("^Spawn")).click()
    form = page.locator("#spawn-form")
    for slot, figure in enumerate(("Harpy", "Demoness", "Imp"), start=1):
        form.locator(f"input[name=figure_{slot}]").fill(figure)
    for row, (a, b) in enumerate((("melee", "crit"), ("ranged", "ranged"), ("melee", "melee")), start=1):
        form.locator(f"select[name=token_{row}_a]").select_option(a)
        form.locator(f"select[name=token_{row}_b]").select_option(b)
    form.get_by_role("button", name="Spawn", exact=True).last.click()
    page.locator("#result").get_by_text("Where each figure goes").wait_for()
    page.goto(sheet)

    taps = Taps()
    taps.tap(page.locator(".tabbar").get_by_role("link", name="Helpers"))
    taps.tap(page.get_by_role("link", name=re.compile("^Spawn")))
    page.get_by_text("as the group last used them").wait_for()
    taps.choose(page.locator("select[name=token_2_occupants]"), "1")
    taps.tap(page.get_by_role("button", name="Spawn", exact=True).first)
    result = page.locator("#result")
    result.get_by_text("Where each figure goes").wait_for()
    assert "Harpy" in result.inner_text() and "Imp" in result.inner_text()
    assert taps.count <= 6, f"a remembered spawn took {taps.count} taps"
    page.goto(sheet)


def _live_scenario(campaign: Campaign, phones: dict[str, Phone]) -> dict[str, tuple[int, int]]:
    """Scenario 1 tracked live on the four phones, then recorded through the review step from the tracker.

    Olga taps a Death token on a Yellow hero, Gina records that Gray killed her Purple hero (its Death token
    and Gray's kill coins: a hero's death is its guild's to record), Fred completes Teal's 3 quests (the
    win); Olga reviews and records. Every tap
    of the table is counted: 15 at most from the tracker (README: "At the table")."""
    olga, fred, gina, hank = phones.values()
    sheet = f"/campaigns/{campaign.pk}/"
    taps = Taps()
    for phone in (fred, gina, hank):
        phone.page.goto(sheet)
    page = olga.page
    page.goto(sheet)
    taps.tap(page.locator(".tabbar").get_by_role("link", name="Live"))
    start = page.get_by_role("button", name="Start scenario 1")
    olga.still(start, keep=page.locator("#live h2"), what="starting scenario 1", taps=taps)
    for phone in (fred, gina, hank):
        follows(phone, phone.page.locator("#live article.live-guild"), "the started scenario")

    plus = page.locator("#live article.g-yellow").get_by_role(
        "button", name=re.compile("Death tokens: one more")
    )
    olga.still(plus.first, what="a Death token", taps=taps)
    follows(
        gina, gina.page.locator("#live article.g-yellow .hero-counters output", has_text="1"), "the Death"
    )
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == plus.first.get_attribute(
        "aria-label"
    ), "the focus stays on the tapped control"

    coins_before = int(hank.page.locator("#live article.g-gray .tap output").first.inner_text())
    kill = gina.page.locator("#live details.kills")
    taps.tap(kill.locator("summary"))
    victim = kill.locator("#kill-target option[value^='purple:']").first.get_attribute("value")
    taps.choose(kill.get_by_label("Hero killed"), victim)
    taps.choose(kill.get_by_label("Killed by"), "gray")
    record_death = kill.get_by_role("button", name="Record the hero's death")
    gina.still(record_death, what="recording a kill", taps=taps)
    follows(hank, hank.page.locator("#live article.g-purple .hero-counters output", has_text="1"), "the kill")
    gray_coins = hank.page.locator("#live article.g-gray .tap output").first
    assert int(gray_coins.inner_text()) > coins_before, "the kill paid Gray its coins"

    _spawn(hank)
    _quick_taps(campaign, phones)
    _offline_taps(campaign, phones)
    _offline_roll(gina)
    _curse_draw(olga)

    teal = fred.page.locator("#live article.g-teal")
    for n in range(3):
        quest = teal.locator("button.quest").first
        fred.still(quest, keep=teal.locator("h3"), what=f"quest {n + 1}", taps=taps)
        if n < 2:
            follows(olga, page.locator("#live article.g-teal .quest.done").nth(n), f"Teal's quest {n + 1}")
    _the_win_on_every_phone(phones)

    taps.tap(page.locator("#live .won").get_by_role("link", name="Review and record"))
    page.get_by_role("button", name="Record these results").wait_for()
    reviewed = review_numbers(page, PLAYERS.values())
    assert reviewed["gray"][0] > 0 and reviewed["purple"][1] == 1 and reviewed["yellow"][1] == 1, reviewed
    assert "Teal" in page.locator(".review-guild", has=page.locator(".tag-on")).inner_text()
    asked = page.get_by_role("group", name="Who won?")
    if asked.count():
        taps.tap(asked.locator("label", has_text="Teal"))
    taps.tap(page.get_by_role("button", name="Record these results"))
    page.wait_for_url(re.compile(r"#now$"))
    assert taps.count <= 15, f"recording from the live tracker took {taps.count} taps"
    play = refreshed(campaign).plays.get()
    assert play.status == "recorded" and play.results.get(winner=True).guild.colour.slug == "teal"
    # The quests completed live are in the record (the quest chart, the PDF, the finale's Savior check):
    # Fred's three, and Gray's PvP quest on Purple, ticked by the kill Gina recorded.
    quests = dict(PlayResult.objects.filter(play=play).values_list("guild__colour__slug", "quests"))
    assert len(quests["teal"]) == 3 and quests["gray"] == ["pvp:purple"], quests
    assert quests["yellow"] == quests["purple"] == [], quests
    return reviewed


def _counter(phone: Phone, colour: str, name: str):
    """A guild's counter on the live tracker, as the phone shows it ("3", or "5 · waiting")."""
    return phone.page.locator(f"#live article.g-{colour} .tap:has(.tap-label:text-is('{name}'))")


def _quick_taps(campaign: Campaign, phones: dict[str, Phone]) -> None:
    """M2: Fred taps Teal's Treasure three times, 150 ms apart; the three are added up on his phone (3 at
    once), saved, and Olga's phone shows 3 within 2 s."""
    fred, olga = phones["fred"], phones["olga"]
    page = fred.page
    plus = page.get_by_role("button", name="Teal Treasure: one more", exact=True)
    plus.scroll_into_view_if_needed()
    page.evaluate("document.querySelectorAll('.write-status').forEach((line) => line.remove())")
    for _ in range(3):
        plus.click()
        page.wait_for_timeout(150)
    expect(_counter(fred, "teal", "Treasure").locator("output")).to_have_text("3")
    page.locator(".write-status[data-state=saved]").first.wait_for()
    follows(olga, _counter(olga, "teal", "Treasure").locator("output", has_text=re.compile(r"^3$")), "3 taps")
    teal = campaign.guilds.get(colour__slug="teal")
    assert teal.results.get(play__status="in-progress").treasure == 3


def _offline_taps(campaign: Campaign, phones: dict[str, Phone]) -> None:
    """V1/V2: Gina's phone loses the connection; her two taps on Purple's Coins wait on the phone (the
    counter says "· waiting"), nothing reaches the server, and both are made in order once she is back;
    Hank's phone then shows them."""
    gina, hank = phones["gina"], phones["hank"]
    page = gina.page
    purple = campaign.guilds.get(colour__slug="purple")
    before = purple.results.get(play__status="in-progress").coins
    controlled_by_the_service_worker(page)
    page.context.set_offline(True)
    try:
        plus = page.get_by_role("button", name="Purple Coins: one more", exact=True)
        plus.scroll_into_view_if_needed()
        plus.click()
        page.locator(".write-status[data-state=error]", has_text="No connection").wait_for()
        plus.click()
        page.locator("[data-offline-queued]", has_text="2 changes waiting").wait_for()
        expect(_counter(gina, "purple", "Coins").locator("output")).to_have_text(f"{before + 2} · waiting")
        assert purple.results.get(play__status="in-progress").coins == before
    finally:
        page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(_counter(gina, "purple", "Coins").locator("output")).to_have_text(str(before + 2), timeout=20_000)
    assert purple.results.get(play__status="in-progress").coins == before + 2
    expect(_counter(hank, "purple", "Coins").locator("output")).to_have_text(str(before + 2), timeout=5_000)


def _offline_roll(gina: Phone) -> None:
    """V1: Gina rolls the dice, loses the connection and rolls again with one die more: the page says at once
    where the result goes that nothing was rolled, the old result gone (never shown as new); back online, a
    roll is made."""
    page = gina.page
    sheet = page.url
    page.goto("/helpers/dice/")
    controlled_by_the_service_worker(page)
    page.get_by_role("button", name="Roll", exact=True).click()
    page.locator('#result [data-result="wounds"]').wait_for()
    page.context.set_offline(True)
    try:
        page.get_by_role("button", name="Attack dice: one more").click()
        page.get_by_role("button", name="Roll", exact=True).click()
        note = page.locator("#result .offline-note")
        note.wait_for()
        assert note.inner_text().startswith("Not rolled: no connection") and note.is_visible()
        assert page.locator('#result [data-result="wounds"]').count() == 0
    finally:
        page.context.set_offline(False)
    page.get_by_role("button", name="Roll", exact=True).click()
    page.locator('#result [data-result="wounds"]').wait_for()
    page.goto(sheet)
    page.locator("#live article.live-guild").first.wait_for()


def _curse_draw(olga: Phone) -> None:
    """Olga draws Death Curses for the table: Helpers, Death Curses, Draw (the campaign's heroes offered with
    the Death tokens counted live, nothing typed): 4 taps at most. GF: one card per Death token."""
    page = olga.page
    sheet = page.url
    taps = Taps()
    taps.tap(page.locator(".tabbar").get_by_role("link", name="Helpers"))
    taps.tap(page.get_by_role("link", name=re.compile("^Death Curses")))
    page.get_by_text("check the numbers, then draw").wait_for()
    taps.tap(page.get_by_role("button", name="Draw Death Curses"))
    # Yellow's hero with Olga's Death token and Purple's killed hero draw one card each.
    expect(page.locator("#result .curse.kept")).to_have_count(2)
    assert taps.count <= 4, f"a Death Curse draw took {taps.count} taps"
    page.goto(sheet)
    page.locator("#live article.live-guild").first.wait_for()


def _the_win_on_every_phone(phones: dict[str, Phone]) -> None:
    """BR:205 "the scenario immediately ends and that player is victorious": within 2 s every phone says at
    the top of its live tracker that Teal won; the owner is one tap from the review, the others wait."""
    for phone in phones.values():
        won = phone.page.locator("#live .won", has_text="Teal has won scenario 1")
        if phone.name == "fred":
            won.wait_for()
        else:
            follows(phone, won, "the win")
        counters = phone.page.locator("#live .counters").first
        assert won.bounding_box()["y"] < counters.bounding_box()["y"], f"{phone.name}: the win is below"
        review = won.get_by_role("link", name="Review and record")
        if phone.name == "olga":
            assert review.count() == 1
        else:
            assert review.count() == 0
            assert "Waiting for the owner to record the results." in won.inner_text()


def _upgrade_phase(campaign: Campaign, phones: dict[str, Phone]) -> None:
    """The upgrade phase on every phone: three draft rounds (keep 2, pass the rest), buy what the coins
    allow, arrange (move a card, discard one, undo a move on the sheet), then "My guild is ready"."""
    olga = phones["olga"]
    upgrade_url = f"/campaigns/{campaign.pk}/upgrade/"
    for phone in phones.values():
        phone.page.goto(upgrade_url)
    for round_ in range(3):
        for phone in phones.values():
            page = phone.page
            keep = page.get_by_role("button", name="Keep these 2")
            keep.wait_for()
            page.locator(".hand-card").nth(0).click()
            page.locator(".hand-card").nth(1).click()
            phone.lands_in_view(
                keep, page.locator("#upgrade-mine"), what=f"keeping 2 cards in round {round_ + 1}"
            )
            if phone is olga and round_ == 0:
                follows(
                    phones["fred"],
                    phones["fred"]
                    .page.locator("#upgrade-status li", has_text="Yellow")
                    .get_by_text("has picked"),
                    "Yellow's pick",
                )
    for phone in phones.values():
        page = phone.page
        buy = page.get_by_role("button", name="Buy the chosen cards")
        buy.wait_for()
        choose_affordable_card(page)
        phone.lands_in_view(buy, page.locator("#upgrade-mine"), what="buying")


def _hero_of(page, tools) -> str:
    """The name of the hero whose slot holds the card behind `tools` (its <h4>, first line)."""
    return tools.evaluate("d => d.closest('.hero-card').querySelector('h4').firstChild.textContent.trim()")


def _move_first_card(phone: Phone) -> tuple[str, str]:
    """Open the first card's tools, move it to the first other place offered; answer (card, hero)."""
    page = phone.page
    tools = page.locator("#upgrade-mine details.card-tools").first
    hero = _hero_of(page, tools)
    card = tools.locator("summary").inner_text().strip()
    tools.locator("summary").click()
    target = tools.locator("select[name=to] option").first.get_attribute("value")
    tools.locator("select[name=to]").select_option(target)
    card_id = tools.locator("input[name=id]").first.get_attribute("value")
    # The card's own Move button, wherever the card goes: the tools follow the card to its new slot.
    move = page.locator(f"#upgrade-mine form:has(input[name=id][value='{card_id}']) button", has_text="Move")
    phone.still(move, what=f"moving {card}")
    return card, hero


def _arrange_and_confirm(campaign: Campaign, phones: dict[str, Phone]) -> None:
    """Each phone arranges its guild: Olga and Hank move a card, Fred discards one, Gina moves one and
    undoes the move in the sheet's history; then every guild is ready and the phase closes."""
    olga, fred, gina, hank = phones.values()
    _move_first_card(olga)
    _move_first_card(hank)

    page = fred.page
    tools = page.locator("#upgrade-mine details.card-tools").last
    hero = _hero_of(page, tools)
    card = tools.locator("summary").inner_text().strip()
    cards_before = fred.page.locator("#upgrade-mine details.card-tools").count()
    tools.locator("summary").click()
    keep = page.locator("#upgrade-mine .hero-card h4", has_text=hero)
    fred.still(tools.get_by_role("button", name=f"Discard {card}"), keep=keep, what=f"discarding {card}")
    expect(page.locator("#upgrade-mine details.card-tools")).to_have_count(cards_before - 1)

    moved, _ = _move_first_card(gina)
    page = gina.page
    page.goto(f"/campaigns/{campaign.pk}/#history")
    undo = page.locator("#history").get_by_role(
        "button", name=re.compile(rf"^Undo #\d+: .*{re.escape(moved)}")
    )
    gina.still(undo.first, keep=page.locator("#history h2"), what="undoing the move")
    page.locator("#history .event.undone").first.wait_for()
    page.goto(f"/campaigns/{campaign.pk}/upgrade/")

    for phone in (olga, fred, gina):
        ready = phone.page.get_by_role("button", name="My guild is ready")
        phone.lands_in_view(ready, phone.page.locator("#upgrade-mine"), what="confirming")
        if phone is olga:
            follows(
                fred,
                fred.page.locator("#upgrade-status li", has_text="Yellow").get_by_text("ready"),
                "Yellow ready",
            )
    # The last guild ready closes the phase: Hank's page says so at once, at the top of his screen.
    page = hank.page
    hank.tap_in_place(page.get_by_role("button", name="My guild is ready"), page.locator("h1"), saved=False)
    closed = page.get_by_text(re.compile(r"Upgrade phase \d is closed: every guild is ready\."))
    closed.wait_for()
    assert 0 <= closed.bounding_box()["y"] < PHONE_800["height"]
    assert not UpgradePhase.objects.filter(campaign=campaign, status="open").exists()


def _next_scenario(campaign: Campaign, phones: dict[str, Phone]) -> str:
    """Fred won scenario 1, so Teal chooses scenario 2 on his phone; the others see it within 2 s."""
    olga, fred, gina, _hank = phones.values()
    for phone in phones.values():
        phone.page.goto(f"/campaigns/{campaign.pk}/")
    page = fred.page
    choose = page.locator("#next")
    option = choose.locator("option").nth(1)
    chosen = option.inner_text().strip()
    choose.get_by_label("Choose the next scenario").select_option(option.get_attribute("value"))
    fred.still(choose.get_by_role("button", name="Choose"), keep=page.locator("#now h2"), what="choosing")
    follows(olga, olga.page.locator("#now strong", has_text=chosen), "the chosen scenario")
    assert gina.page.locator("#next").count() == 0, "the winner chooses (or the owner), not every player"
    return chosen


# Scenario 2 as Gina types it into the form: coins and a Death token per guild; Purple wins with the title.
SECOND = {"yellow": (3, 1), "teal": (2, 0), "purple": (5, 0), "gray": (4, 2)}


def _record_by_the_form(campaign: Campaign, phones: dict[str, Phone]) -> dict[str, tuple[int, int]]:
    """Gina records scenario 2 by the results form and its review step: 25 taps at most, and every number
    field at least 44 px wide on her 360 px phone."""
    page = phones["gina"].page
    taps = Taps()
    taps.tap(page.get_by_role("link", name="Open the results form"))
    form = page.locator("#record")
    form.locator("input[type=number]").first.wait_for()
    for field in form.locator("input[type=number]").all():
        box = field.bounding_box()
        assert box and box["width"] >= 44, f"{field.get_attribute('name')} is {box and box['width']} px wide"
    for colour, (coins, deaths) in SECOND.items():
        taps.count += 1
        form.locator(f"input[name='coins-{colour}']").fill(str(coins))
        if deaths:
            taps.count += 1
            form.locator(f"input[name^='deaths-{colour}-']").first.fill(str(deaths))
    taps.tap(form.get_by_text("Purple won"))
    taps.tap(form.locator("fieldset.g-purple").get_by_text("Title", exact=True))
    taps.tap(form.get_by_role("button", name="Review the results"))
    page.get_by_role("button", name="Record these results").wait_for()
    reviewed = review_numbers(page, PLAYERS.values())
    assert reviewed == SECOND, reviewed
    taps.tap(page.get_by_role("button", name="Record these results"))
    page.wait_for_url(re.compile(r"#now$"))
    assert taps.count <= 25, f"recording by the form took {taps.count} taps"
    return reviewed


def _the_sheet_after_the_night(
    campaign: Campaign, phones: dict[str, Phone], scenarios: list[dict[str, tuple[int, int]]], chosen: str
) -> None:
    """Hank's sheet, left open, follows the recording by itself; it shows the path (scenario 1, then the
    scenario Teal chose) and per scenario the winner, the least Death tokens and the most coins."""
    page = phones["hank"].page
    rows = page.locator("#achievements tbody tr")
    follows(phones["hank"], rows.nth(1), "scenario 2 on the sheet")
    assert rows.count() == 2
    second = rows.nth(1).locator("th").inner_text()
    assert chosen in second and "chosen by Teal" in second, second
    names = {"yellow": "Yellow", "teal": "Teal", "purple": "Purple", "gray": "Gray"}
    for row, numbers, winner in zip(rows.all(), scenarios, ("Teal", "Purple"), strict=True):
        cells = {
            kind: row.locator(f"td[data-label='{kind}']").inner_text()
            for kind in ("Winner", "Least Deaths", "Most Coins")
        }
        assert winner in cells["Winner"], cells
        fewest = min(d for _, d in numbers.values())
        most = max(c for c, _ in numbers.values())
        for colour, (coins, deaths) in numbers.items():
            assert (names[colour] in cells["Least Deaths"]) == (deaths == fewest), (colour, cells)
            assert (names[colour] in cells["Most Coins"]) == (coins == most), (colour, cells)
    played = page.locator("#path .box.played .box-name").all_inner_texts()
    assert len(played) == 2 and chosen in played, played
