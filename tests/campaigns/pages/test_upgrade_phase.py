"""The upgrade phase through the pages: hidden hands, picks, buying, the status part, the owner's tools."""

import re

import pytest
from django.test import Client

from campaigns.models import DeathCurse, Guild, HeroCurse, InventoryCard, UpgradeCard, UpgradePhase
from campaigns.selectors.campaigns import open_phase_for
from campaigns.selectors.inventory import heroes_for_bought_cards
from rules_helpers.drafts import UpgradeDraft
from rules_helpers.inventory import free_slot
from tests.campaigns.pages.helpers import HTMX, act, first_scenario
from tests.factories import client_for, guild_rev, level_one_deck, record, refreshed, result_line

pytestmark = pytest.mark.django_db


@pytest.fixture
def drafting(owner, campaign):
    level_one_deck()
    return first_scenario(owner, campaign, upgrade_on_paper=False)


def hand_of(campaign, colour):
    phase = open_phase_for(campaign)
    return list(UpgradeDraft.from_dict(phase.draft).hand(colour))


def test_the_upgrade_page_never_shows_another_players_hand(owner, player, drafting):
    teal = {UpgradeCard.objects.get(slug=s).name for s in hand_of(drafting, "teal")}
    yellow = {UpgradeCard.objects.get(slug=s).name for s in hand_of(drafting, "yellow")}
    own = client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode()
    assert all(name in own for name in teal)
    # Asking for another guild's hand is refused as the API refuses it, never answered with another hand.
    response = client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/?guild=yellow")
    html = response.content.decode()
    assert response.status_code == 400
    assert "You may only look at your own guild&#x27;s hand." in html
    assert not any(name in html for name in yellow - teal)
    spectator = (
        Client().get(f"/campaigns/{drafting.pk}/upgrade/?share={drafting.share_token}").content.decode()
    )
    assert 'name="cards"' not in spectator


def test_the_owner_may_pick_for_an_absent_player(owner, drafting):
    teal = hand_of(drafting, "teal")
    html = client_for(owner).get(f"/campaigns/{drafting.pk}/upgrade/?guild=teal").content.decode()
    assert "You are choosing for Teal" in html
    data = {"revision": guild_rev(drafting, "teal"), "guild": "teal", "cards": teal[:2]}
    assert act(owner, drafting, "upgrade-pick", data).status_code == 302


def test_a_whole_upgrade_phase_through_the_pages(owner, player, drafting):
    """V11, BR:232-233: once a guild has bought, its header says what it spent and saved (not the coins
    it had to spend), and once every guild is ready each phone says the phase is closed, nothing else."""
    for _ in range(3):
        for user, colour in ((owner, "yellow"), (player, "teal")):
            data = {
                "revision": guild_rev(drafting, colour),
                "guild": colour,
                "cards": hand_of(drafting, colour)[:2],
            }
            assert act(user, drafting, "upgrade-pick", data).status_code == 302
    for user, colour in ((owner, "yellow"), (player, "teal")):
        buy = {"revision": guild_rev(drafting, colour), "guild": colour, "cards": []}
        assert act(user, drafting, "upgrade-buy", buy).status_code == 302
        page = client_for(user).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode()
        assert "My guild is ready" in page
        part = open_phase_for(drafting).guilds.get(guild__colour__slug=colour)
        saved = min(part.coins, drafting.edition.max_saved_coins)
        assert f"0 of {part.coins} coins spent, {saved} saved" in page
        assert "coins to spend" not in page
        act(user, drafting, "upgrade-confirm", {"revision": guild_rev(drafting, colour), "guild": colour})
    assert UpgradePhase.objects.get(campaign=drafting).status == "closed"
    closed = client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode()
    assert "Upgrade phase 1 is closed: every guild is ready." in closed
    assert "No upgrade phase is open" not in closed
    assert "The phase closes when every guild is ready" not in closed


def test_picking_one_card_is_refused(player, drafting, snapshot):
    before = snapshot()
    data = {"revision": guild_rev(drafting, "teal"), "guild": "teal", "cards": hand_of(drafting, "teal")[:1]}
    response = act(player, drafting, "upgrade-pick", data)
    assert response.status_code == 400 and "Not changed" in response.content.decode()
    assert snapshot() == before


def test_the_status_part_fires_a_reload_only_when_my_part_changed(owner, player, drafting):
    client = client_for(player)
    first = client.get(f"/campaigns/{drafting.pk}/upgrade/status/", {"seen": "x"}, **HTMX)
    assert first["HX-Trigger"] == "phase-changed"
    key = first.content.decode().split("seen=")[1].split("&")[0].split('"')[0]
    assert "HX-Trigger" not in client.get(f"/campaigns/{drafting.pk}/upgrade/status/", {"seen": key}, **HTMX)
    act(
        owner,
        drafting,
        "upgrade-pick",
        {
            "revision": guild_rev(drafting, "yellow"),
            "guild": "yellow",
            "cards": hand_of(drafting, "yellow")[:2],
        },
    )
    unchanged = client.get(f"/campaigns/{drafting.pk}/upgrade/status/", {"seen": key}, **HTMX)
    assert "HX-Trigger" not in unchanged and "has picked" in unchanged.content.decode()
    act(
        player,
        drafting,
        "upgrade-pick",
        {"revision": guild_rev(drafting, "teal"), "guild": "teal", "cards": hand_of(drafting, "teal")[:2]},
    )
    assert (
        client.get(f"/campaigns/{drafting.pk}/upgrade/status/", {"seen": key}, **HTMX)["HX-Trigger"]
        == "phase-changed"
    )


def test_entering_the_cards_dealt_at_the_table(owner, player, campaign):
    # An edition whose level-1 deck is not in the app (the shipped Inferno deck is: take it out).
    UpgradeCard.objects.filter(edition__slug="inferno", deck="level-1").delete()
    campaign = first_scenario(owner, campaign, upgrade_on_paper=False)
    assert open_phase_for(campaign).draft_mode == "manual"
    rows = {f"name_{n}": f"Dealt Card {n}" for n in range(1, 7)} | {f"cost_{n}": n for n in range(1, 7)}
    response = act(
        player, campaign, "upgrade-enter", {"revision": guild_rev(campaign, "teal"), "guild": "teal", **rows}
    )
    assert response.status_code == 302
    assert "Buy up to 3" in client_for(player).get(f"/campaigns/{campaign.pk}/upgrade/").content.decode()


def test_a_card_the_deck_holds_is_chosen_and_only_a_missing_one_is_typed(owner, player, campaign):
    # A level-1 deck too short to deal in the app: the table deals, picks what the deck has, types the rest.
    kept = list(UpgradeCard.objects.filter(deck="level-1", campaign=None).order_by("slug")[:3])
    UpgradeCard.objects.filter(deck="level-1", campaign=None).exclude(pk__in=[c.pk for c in kept]).delete()
    campaign = first_scenario(owner, campaign, upgrade_on_paper=False)
    page = client_for(player).get(f"/campaigns/{campaign.pk}/upgrade/", {"guild": "teal"}).content.decode()
    assert "Not in the deck: type it below" in page and kept[0].name in page
    rows = {f"card_{n}": kept[n - 1].slug for n in range(1, 4)}
    rows |= {f"name_{n}": f"Typed Card {n}" for n in range(4, 7)} | {f"cost_{n}": n for n in range(4, 7)}
    response = act(
        player, campaign, "upgrade-enter", {"revision": guild_rev(campaign, "teal"), "guild": "teal", **rows}
    )
    assert response.status_code == 302
    part = open_phase_for(refreshed(campaign)).guilds.get(guild__colour__slug="teal")
    assert part.drafted[:3] == [c.slug for c in kept]
    assert UpgradeCard.objects.filter(campaign=campaign, name__startswith="Typed Card").count() == 3


def test_the_owner_abandons_the_phase_to_paper(owner, drafting):
    response = act(
        owner, drafting, "upgrade-restart", {"revision": refreshed(drafting).revision, "reopen": "0"}
    )
    assert response.status_code == 302
    assert open_phase_for(drafting) is None


def test_a_player_cannot_restart_the_phase(player, drafting, snapshot):
    before = snapshot()
    response = act(
        player, drafting, "upgrade-restart", {"revision": refreshed(drafting).revision, "reopen": "1"}
    )
    assert response.status_code == 403
    assert snapshot() == before


def test_a_bought_card_never_lands_under_a_death_curse(owner, drafting):
    """M6, BR:225-226: the first free slot is covered by a slot-taking Death Curse, so the bought card goes to
    the next free slot instead."""
    guild = Guild.objects.get(campaign=drafting, colour__slug="yellow")
    hero, taken = next((h, t) for h, t in heroes_for_bought_cards(guild) if free_slot(t) is not None)
    covered = free_slot(taken)
    curse = DeathCurse.objects.filter(edition=drafting.edition, takes_slot=True).first()
    HeroCurse.objects.update_or_create(hero=hero, defaults={"guild": guild, "curse": curse, "slot": covered})
    for _ in range(3):
        for colour in ("yellow", "teal"):
            data = {"revision": guild_rev(drafting, colour), "guild": colour}
            act(owner, drafting, "upgrade-pick", {**data, "cards": hand_of(drafting, colour)[:2]})
    part = open_phase_for(drafting).guilds.get(guild=guild)
    cheapest = min(
        UpgradeCard.objects.filter(slug__in=part.drafted), key=lambda card: card.cost if card.cost else 99
    )
    before = set(InventoryCard.objects.filter(guild=guild).values_list("pk", flat=True))
    buy = {"revision": guild_rev(drafting, "yellow"), "guild": "yellow", "cards": [cheapest.slug]}
    assert act(owner, drafting, "upgrade-buy", buy).status_code == 302
    bought = InventoryCard.objects.filter(guild=guild).exclude(pk__in=before).get()
    assert (bought.hero_id, bought.slot) != (hero.pk, covered)


def _curses_panel(html: str) -> str:
    start = html.index('id="curses-title"')
    return html[start : html.index("</section>", start)]


def test_the_curse_draws_list_the_heroes_who_drew_the_readers_guild_first(owner, player, campaign):
    """ux-walkthrough-2 m6: the list showed every hero (9 of 12 "no card drawn") and Yellow first for every
    player. BR:224: a hero draws one Death Curse card per Death token, so the four heroes with none draw
    nothing and one line says so; the reader's own guild comes first."""
    level_one_deck()
    lines = [
        result_line("yellow", winner=True, coins=4, heroes=[{"hero": "diana", "deaths": 1}]),
        result_line("teal", coins=3, heroes=[{"hero": "natasha", "deaths": 2}]),
    ]
    played = record(owner, campaign, "ferry-of-the-dead", lines, upgrade_on_paper=False)
    url = f"/campaigns/{played.pk}/upgrade/"

    def heroes_listed(user):
        panel = _curses_panel(client_for(user).get(url).content.decode())
        return re.findall(r'<p class="draw-head">.*?<strong>([^<]+)</strong>', panel, re.S), panel

    teal_first, panel = heroes_listed(player)
    assert teal_first == ["Natasha", "Diana"]
    assert panel.count("No other hero drew a Death Curse.") == 1 and "no card drawn" not in panel
    assert heroes_listed(owner)[0] == ["Diana", "Natasha"]  # Olga plays Yellow


def test_a_player_is_told_the_owner_can_see_every_hand(owner, player, drafting):
    """ux-walkthrough-2 m11: the owner's "Show the hand of" shows any guild's hand, and players were not
    told; their part of the phase says so in one line (the owner, who knows, is not told)."""
    told = "The campaign's owner can see every guild's hand, to choose for an absent player."
    url = f"/campaigns/{drafting.pk}/upgrade/"
    assert told in client_for(player).get(url).content.decode()
    owners = client_for(owner).get(url).content.decode()
    assert "Show the hand of" in owners and told not in owners
