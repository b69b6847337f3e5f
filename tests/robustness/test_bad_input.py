"""The bad input catalogue: rule-breaking requests through the API, each refused with its 4xx and a message
naming the rule, and the database exactly as it was before."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from campaigns.models import Campaign, InventoryCard, UpgradeCard, UpgradePhase
from campaigns.selectors.phases import phase_view
from campaigns.services import upgrade
from campaigns.services.inventory import hero_curse_set, inventory_card_add
from tests.factories import (
    SIX_SCENARIOS,
    access,
    api_for,
    choose_next,
    level_one_deck,
    record,
    result_line,
)

pytestmark = pytest.mark.django_db


@dataclass
class Table:
    """A campaign with Yellow (the owner's guild) and Teal (Fred's), and Mia, a member without a guild."""

    campaign_id: int
    users: dict[str, Any]

    @property
    def campaign(self) -> Campaign:
        return Campaign.objects.get(pk=self.campaign_id)

    def rev(self) -> int:
        return self.campaign.revision

    def grev(self, colour: str) -> int:
        return self.campaign.guilds.get(colour__slug=colour).revision

    def guild(self, colour: str) -> Any:
        return self.campaign.guilds.select_related("campaign__edition", "colour").get(colour__slug=colour)

    def card_id(self, colour: str, hero: str, slot: int) -> int:
        cards = InventoryCard.objects.filter(guild__campaign_id=self.campaign_id, guild__colour__slug=colour)
        return cards.get(hero__hero__slug=hero, slot=slot).pk

    def access_as_owner(self) -> Any:
        return access(self.users["owner"], self.campaign)


@dataclass(frozen=True)
class Row:
    name: str
    who: str
    path: str
    body: Callable[[Table], Any] | dict[str, Any]
    status: int
    message: str
    setup: Callable[[Table], None] | None = None


# --- Setups: each builds its state through the services, before the snapshot is taken ----------------


def _add_card(t: Table, colour: str, hero: str, slot: int, card: str = "grimbolt") -> None:
    inventory_card_add(
        access=t.access_as_owner(),
        actor=t.users["owner"],
        guild=t.guild(colour),
        revision=t.grev(colour),
        card=card,
        hero=hero,
        slot=slot,
    )


def diana_full(t: Table) -> None:
    for slot in (3, 4):
        _add_card(t, "yellow", "diana", slot)


def yellow_full(t: Table) -> None:
    for hero in ("diana", "mark", "kisha"):
        for slot in range(1, 5):
            if not InventoryCard.objects.filter(guild=t.guild("yellow"), hero__hero__slug=hero, slot=slot):
                _add_card(t, "yellow", hero, slot)


def diana_cursed(t: Table) -> None:
    hero_curse_set(
        access=t.access_as_owner(),
        actor=t.users["owner"],
        guild=t.guild("yellow"),
        revision=t.grev("yellow"),
        hero="diana",
        curse="INFD-03",
    )


def played(count: int, upgrade_on_paper: bool = True) -> Callable[[Table], None]:
    def setup(t: Table) -> None:
        campaign = t.campaign
        for slug in SIX_SCENARIOS[:count]:
            lines = [result_line("yellow", winner=True, coins=1), result_line("teal", coins=3)]
            campaign = record(t.users["owner"], campaign, slug, lines, upgrade_on_paper=upgrade_on_paper)

    return setup


def west_taken(t: Table) -> None:
    played(2)(t)  # the ferry, then The Parade on the Second Circle's west side


def yellow_chose_the_parade(t: Table) -> None:
    played(1)(t)
    choose_next(t.users["owner"], t.campaign, "the-parade")


def crafted(edit: Callable[[dict[str, Any]], None]) -> Callable[[Table], dict[str, Any]]:
    """The owner's full backup of the table's campaign, edited as a crafted file would be (F1, F9)."""
    from campaigns.selectors.transfer import campaign_export

    def body(t: Table) -> dict[str, Any]:
        document = campaign_export(campaign=t.campaign)
        edit(document)
        return document

    return body


def live_at_995_coins(t: Table) -> None:
    from campaigns.models import PlayResult
    from campaigns.services.live import live_start

    live_start(
        access=t.access_as_owner(), actor=t.users["owner"], revision=t.rev(), scenario="ferry-of-the-dead"
    )
    PlayResult.objects.filter(play__campaign_id=t.campaign_id, guild__colour__slug="yellow").update(coins=995)


def gray_held_for_dave(t: Table) -> None:
    from campaigns.services.guilds import guild_add

    guild_add(
        access=t.access_as_owner(), actor=t.users["owner"], revision=t.rev(), colour="gray",
        player=None, player_name="Dave (absent)",
    )  # fmt: skip


def four_guilds(t: Table) -> None:
    from campaigns.services.guilds import guild_add

    for colour in ("purple", "gray"):
        guild_add(
            access=t.access_as_owner(), actor=t.users["owner"], revision=t.rev(), colour=colour, player=None
        )


def draft_open(t: Table) -> None:
    level_one_deck()
    played(1, upgrade_on_paper=False)(t)


def draft_done(t: Table) -> None:
    draft_open(t)
    for _ in range(3):
        for colour in ("yellow", "teal"):
            phase = UpgradePhase.objects.get(campaign_id=t.campaign_id)
            hand = phase_view(phase, t.access_as_owner(), t.guild(colour))["mine"]["hand"]
            upgrade.upgrade_pick(
                access=t.access_as_owner(),
                actor=t.users["owner"],
                guild=t.guild(colour),
                revision=t.grev(colour),
                cards=hand[:2],
            )


def drafted(t: Table, colour: str) -> list[str]:
    phase = UpgradePhase.objects.get(campaign_id=t.campaign_id)
    return phase_view(phase, t.access_as_owner(), t.guild(colour))["mine"]["drafted"]


def priciest(t: Table, colour: str) -> list[str]:
    """The three dearest cards drafted, whatever order the database dealt them in."""
    slugs = drafted(t, colour)
    costs = dict(UpgradeCard.objects.filter(slug__in=slugs).values_list("slug", "cost"))
    return sorted(slugs, key=lambda slug: -(costs.get(slug) or 0))[:3]


def not_in_hand(t: Table) -> str:
    phase = UpgradePhase.objects.get(campaign_id=t.campaign_id)
    hand = phase_view(phase, t.access_as_owner(), t.guild("yellow"))["mine"]["hand"]
    return next(f"test-card-{n}" for n in range(1, 9) if f"test-card-{n}" not in hand)


def hand(t: Table, colour: str) -> list[str]:
    phase = UpgradePhase.objects.get(campaign_id=t.campaign_id)
    return phase_view(phase, t.access_as_owner(), t.guild(colour))["mine"]["hand"]


# --- Bodies -------------------------------------------------------------------------------------------


def yellow(body: dict[str, Any]) -> Callable[[Table], dict[str, Any]]:
    return lambda t: {**body, "revision": t.grev("yellow")}


def teal(body: dict[str, Any]) -> Callable[[Table], dict[str, Any]]:
    return lambda t: {**body, "revision": t.grev("teal")}


def sheet(body: dict[str, Any]) -> Callable[[Table], dict[str, Any]]:
    return lambda t: {**body, "revision": t.rev()}


def results(*lines: dict[str, Any], scenario: str = "ferry-of-the-dead") -> Callable[[Table], dict]:
    return sheet({"scenario": scenario, "results": list(lines)})


WIN, LOSE = result_line("yellow", winner=True), result_line("teal")
G = "campaigns/{id}/guilds"
ROLL = {"attack_dice": 3, "kind": "melee"}
TOKENS = [{"symbols": ["melee", "crit"], "occupants": 0}]

ROWS = [
    # Inventory
    Row("a fifth card on a hero", "owner", f"{G}/yellow/cards/",
        yellow({"card": "short-bow", "hero": "diana"}), 400, "Diana has no free slot", diana_full),
    Row("a thirteenth card in a guild", "owner", f"{G}/yellow/cards/",
        yellow({"card": "grimbolt", "hero": "kisha"}), 400, "A guild holds at most 12 upgrade cards",
        yellow_full),
    Row("a card in a fifth slot", "owner", f"{G}/yellow/cards/",
        yellow({"card": "grimbolt", "hero": "diana", "slot": 5}), 400, "A hero has inventory slots 1 to 4"),
    Row("a card onto a taken slot", "owner", f"{G}/yellow/cards/",
        yellow({"card": "grimbolt", "hero": "diana", "slot": 1}), 400, "slot 1 is taken"),
    Row("an unknown upgrade card", "owner", f"{G}/yellow/cards/",
        yellow({"card": "excalibur", "hero": "diana"}), 400, "Unknown upgrade card 'excalibur'"),
    Row("a card for another guild's hero", "owner", f"{G}/yellow/cards/",
        yellow({"card": "grimbolt", "hero": "natasha"}), 400, "Yellow has no hero 'natasha'"),
    Row("two saved coins", "owner", f"{G}/yellow/saved-coins/", yellow({"coins": 2}), 400,
        "A guild saves at most 1 coin between scenarios"),
    Row("negative saved coins", "owner", f"{G}/yellow/saved-coins/", yellow({"coins": -1}), 400,
        "A guild saves at most 1 coin"),
    Row("a curse moved between heroes", "owner", f"{G}/yellow/inventory/move/",
        lambda t: {"item": "curse", "id": t.guild("yellow").curses.get().pk, "hero": "mark", "slot": 1,
                   "revision": t.grev("yellow")},
        400, "Death Curses cannot be moved between heroes", diana_cursed),
    Row("a second curse on a hero", "owner", f"{G}/yellow/curses/",
        yellow({"hero": "diana", "curse": "INFD-06"}), 400, "a hero keeps only one", diana_cursed),
    Row("an unknown death curse", "owner", f"{G}/yellow/curses/",
        yellow({"hero": "diana", "curse": "INFD-99"}), 400, "Unknown Death Curse 'INFD-99'"),
    Row("a slot for a curse that takes none", "owner", f"{G}/yellow/curses/",
        yellow({"hero": "diana", "curse": "INFD-03", "slot": 2}), 400, "does not take an inventory slot"),
    Row("removing a curse a hero does not have", "owner", f"{G}/yellow/curses/remove/",
        yellow({"hero": "mark"}), 400, "Mark has no Death Curse"),
    Row("discarding another guild's card", "owner", f"{G}/yellow/cards/discard/",
        lambda t: {"id": t.card_id("teal", "natasha", 1), "revision": t.grev("yellow")}, 400,
        "Yellow holds no card with id"),
    Row("moving a card to a hero of another guild", "owner", f"{G}/yellow/inventory/move/",
        lambda t: {"item": "card", "id": t.card_id("yellow", "diana", 1), "hero": "natasha", "slot": 1,
                   "revision": t.grev("yellow")},
        400, "Yellow has no hero 'natasha'"),
    # Heroes and guilds
    Row("a fourth hero", "owner", f"{G}/yellow/heroes/",
        yellow({"heroes": ["diana", "mark", "kisha", "phyx"]}), 400, "Choose exactly 3 heroes"),
    Row("a hero of another guild", "owner", f"{G}/yellow/heroes/",
        yellow({"heroes": ["diana", "mark", "natasha"]}), 400, "Natasha is already in the Teal guild"),
    Row("the same hero twice", "owner", f"{G}/yellow/heroes/",
        yellow({"heroes": ["diana", "diana", "mark"]}), 400, "cannot field the same hero twice"),
    Row("an unknown hero", "owner", f"{G}/yellow/heroes/",
        yellow({"heroes": ["diana", "mark", "gandalf"]}), 400, "Unknown hero 'gandalf'"),
    Row("fielding two heroes", "owner", f"{G}/yellow/field/", yellow({"heroes": ["diana", "mark"]}), 400,
        "Field exactly 3 different heroes"),
    Row("an angel the guild never rescued", "owner", f"{G}/yellow/angel/", yellow({"angel": "leah"}), 400,
        "Yellow has no hero 'leah'"),
    Row("a duplicate guild colour", "owner", "campaigns/{id}/guilds/", sheet({"colour": "teal"}), 400,
        "Teal is already taken in this campaign"),
    Row("an unknown guild colour", "owner", "campaigns/{id}/guilds/", sheet({"colour": "mauve"}), 400,
        "Unknown guild colour 'mauve'"),
    Row("a fifth guild", "owner", "campaigns/{id}/guilds/", sheet({"colour": "red"}), 400,
        "Unknown guild colour 'red'", four_guilds),
    Row("a guild for someone who has not joined", "owner", "campaigns/{id}/guilds/",
        sheet({"colour": "gray", "player": "eve"}), 400, "That player has not joined this campaign"),
    # Scenarios
    Row("two winners", "owner", "campaigns/{id}/plays/",
        results(WIN, result_line("teal", winner=True)), 400, "Exactly one guild wins a scenario"),
    Row("no winner", "owner", "campaigns/{id}/plays/", results(result_line("yellow"), LOSE), 400,
        "Exactly one guild wins a scenario"),
    Row("an unknown scenario", "owner", "campaigns/{id}/plays/", results(WIN, LOSE, scenario="atlantis"),
        400, "Unknown scenario 'atlantis'"),
    Row("a guild's result missing", "owner", "campaigns/{id}/plays/", results(WIN), 400,
        "Give exactly one result for each guild: teal, yellow"),
    Row("negative deaths", "owner", "campaigns/{id}/plays/",
        results(result_line("yellow", winner=True, heroes=[{"hero": "diana", "deaths": -1}]), LOSE), 400,
        "greater than or equal to 0"),
    Row("negative coins", "owner", "campaigns/{id}/plays/",
        results(result_line("yellow", winner=True, coins=-3), LOSE), 400, "greater than or equal to 0"),
    Row("a quest of your own colour", "owner", "campaigns/{id}/plays/",
        results(result_line("yellow", winner=True, quests=["pvp:yellow"]), LOSE), 400,
        "Yellow cannot complete the quest for its own colour"),
    Row("an angel where there is none", "owner", "campaigns/{id}/plays/",
        results(result_line("yellow", winner=True, angel=True), LOSE), 400,
        "There is no angel to rescue in Ferry of the Dead"),
    Row("a title on Hit Rock Bottom", "owner", "campaigns/{id}/plays/",
        results(result_line("yellow", winner=True, title=True), LOSE, scenario="hit-rock-bottom"), 400,
        "Hit Rock Bottom has no Title quest", played(5)),
    Row("a seventh scenario", "owner", "campaigns/{id}/plays/", results(WIN, LOSE, scenario="the-prisoner"),
        400, "only the finale is left", played(6)),
    Row("East after West", "owner", "campaigns/{id}/plays/",
        results(WIN, LOSE, scenario="the-cursed-pony"), 400, "The Cursed Pony cannot be played now",
        west_taken),
    Row("a Second Circle scenario first", "owner", "campaigns/{id}/plays/",
        results(WIN, LOSE, scenario="the-prisoner"), 400, "The Prisoner cannot be played now"),
    Row("another scenario than the winner chose", "owner", "campaigns/{id}/plays/",
        results(WIN, LOSE, scenario="lost-in-the-dark"), 400,
        "The last winner chose The Parade as the next scenario", yellow_chose_the_parade),
    Row("the next scenario chosen by a loser", "player", "campaigns/{id}/next-scenario/",
        sheet({"scenario": "the-parade"}), 400, "the last scenario's winner, chooses the next scenario",
        played(1)),
    Row("the finale before the sixth scenario", "owner", "campaigns/{id}/finale/",
        sheet({"savior": "yellow"}), 400, "The finale comes after the campaign's last scenario", played(1)),
    Row("a scenario while the upgrade phase is open", "owner", "campaigns/{id}/plays/",
        results(WIN, LOSE, scenario="the-parade"), 400, "Finish the upgrade phase first", draft_open),
    Row("undoing a change that does not exist", "owner", "campaigns/{id}/undo/",
        sheet({"seq": 999}), 400, "No change #999 in this campaign"),
    Row("a live tap with no live scenario", "owner", f"{G}/yellow/live/tally/",
        yellow({"counter": "coins", "delta": 1}), 400, "No scenario is being played"),
    # Revisions
    Row("a stale campaign revision", "owner", "campaigns/{id}/guilds/",
        lambda t: {"colour": "gray", "revision": t.rev() - 1}, 409, "The campaign changed since revision"),
    Row("a stale guild revision", "owner", f"{G}/yellow/saved-coins/",
        lambda t: {"coins": 1, "revision": t.grev("yellow") - 1}, 409, "Yellow changed since revision"),
    Row("a write without a revision", "owner", f"{G}/yellow/saved-coins/", {"coins": 1}, 400,
        "Send the revision your change is based on"),
    # Who may write
    Row("a non-member writing", "outsider", f"{G}/teal/saved-coins/", teal({"coins": 1}), 404, "Not found"),
    Row("a spectator writing", "spectator", "campaigns/{id}/plays/", results(WIN, LOSE), 403,
        "Spectators cannot change the campaign"),
    Row("a player writing another player's guild", "player", f"{G}/yellow/saved-coins/",
        yellow({"coins": 1}), 403, "Only Yellow's player or the owner may change that guild"),
    Row("a member without a guild writing one", "member", f"{G}/teal/saved-coins/", teal({"coins": 1}), 403,
        "Only Teal's player or the owner may change that guild"),
    Row("a player adding a guild", "player", "campaigns/{id}/guilds/", sheet({"colour": "gray"}), 403,
        "Only the campaign's owner may do this"),
    Row("a join with a bad code", "outsider", "campaigns/join/", {"code": "NOTACODE"}, 400,
        "This join code is not valid."),
    Row("a join code that lasts a month", "owner", "campaigns/{id}/join-codes/", {"hours": 720}, 400,
        "less than or equal to 336"),
    Row("an import carrying a database id", "owner", "campaigns/import/",
        crafted(lambda d: d["campaign"].update(id=2**63 - 1)), 400, "database keys"),
    Row("an import with a seat of 70000", "owner", "campaigns/import/",
        crafted(lambda d: d["rows"]["guild"][0].update(seat=70_000)), 400, "less than or equal to 4"),
    Row("an import with text holding NUL", "owner", "campaigns/import/",
        crafted(lambda d: d["campaign"].update(name="x\x00")), 400, "NUL"),
    Row("a live tap past 999 coins", "owner", f"{G}/yellow/live/tally/",
        yellow({"counter": "coins", "delta": 5}), 400, "Yellow's coins cannot go above 999",
        live_at_995_coins),
    Row("claiming a guild held for an absent friend", "member", f"{G}/gray/claim/",
        lambda t: {"revision": t.grev("gray")}, 400, "Gray is held for Dave (absent)",
        gray_held_for_dave),
    Row("undoing the owner's guild added, as a player", "player", "campaigns/{id}/undo/",
        lambda t: {"seq": t.campaign.events.filter(kind="guild-added").latest("seq").seq,
                   "revision": t.rev()},
        403, "Only the campaign's owner may undo this"),
    Row("importing something that is not an export", "owner", "campaigns/import/", {"format": "csv"}, 400,
        "Not a campaign export"),
    # The upgrade phase
    Row("drafting a card not in hand", "owner", f"{G}/yellow/upgrade-phase/pick/",
        lambda t: {"cards": [hand(t, "yellow")[0], not_in_hand(t)], "revision": t.grev("yellow")}, 400,
        "not in the hand in front of them", draft_open),
    Row("drafting three cards", "owner", f"{G}/yellow/upgrade-phase/pick/",
        lambda t: {"cards": hand(t, "yellow")[:3], "revision": t.grev("yellow")}, 400,
        "Each round a player keeps exactly 2 cards, not 3", draft_open),
    Row("buying before the draft is over", "owner", f"{G}/yellow/upgrade-phase/buy/",
        yellow({"cards": []}), 400, "Finish the draft first", draft_open),
    Row("buying four cards", "owner", f"{G}/yellow/upgrade-phase/buy/",
        lambda t: {"cards": drafted(t, "yellow")[:4], "revision": t.grev("yellow")}, 400,
        "A Guild buys at most 3 Upgrade cards per Upgrade Phase, not 4", draft_done),
    Row("buying beyond your coins", "owner", f"{G}/yellow/upgrade-phase/buy/",
        lambda t: {"cards": priciest(t, "yellow"), "revision": t.grev("yellow")}, 400,
        "but the Guild has only 1", draft_done),
    Row("buying a card the guild did not draft", "owner", f"{G}/yellow/upgrade-phase/buy/",
        yellow({"cards": ["grimbolt"]}), 400, "'grimbolt' is not among the cards Yellow drafted",
        draft_done),
    # The table-side helpers
    Row("a roll with negative dice", "anon", "helpers/roll/", {**ROLL, "attack_dice": -1}, 400,
        "greater than or equal to 0"),
    Row("a roll of an unknown kind", "anon", "helpers/roll/", {**ROLL, "kind": "magic"}, 400,
        '"magic" is not a valid choice'),
    Row("six figures on the spawn tile", "anon", "helpers/spawn/",
        {"figures": [f"imp {n}" for n in range(6)], "tokens": TOKENS}, 400, "no more than 5"),
    Row("the monster of a seventh scenario", "anon", "monsters/cerberus/?scenario=7", None, 400,
        "less than or equal to 6"),
    Row("curses of an unknown edition", "anon", "helpers/death-curses/",
        {"edition": "chess", "heroes": [{"hero": "diana", "deaths": 1}]}, 400, "slug=chess does not exist"),
    Row("a hero drawing curses twice", "anon", "helpers/death-curses/",
        {"edition": "inferno", "heroes": [{"hero": "diana", "deaths": 1}, {"hero": "diana", "deaths": 2}]},
        400, "a hero is listed twice"),
]  # fmt: skip


@pytest.fixture
def table(campaign, owner, player, member, outsider) -> Table:
    cache.clear()
    users = {"owner": owner, "player": player, "member": member, "outsider": outsider}
    return Table(campaign.pk, users)


def _client(t: Table, who: str) -> APIClient:
    return api_for(t.users.get(who))


def _messages(data: Any) -> str:
    """Every message in an error body, flattened, whatever field it sits under."""
    if isinstance(data, dict):
        return " | ".join(_messages(v) for v in data.values())
    if isinstance(data, list):
        return " | ".join(_messages(v) for v in data)
    return str(data)


def test_the_catalogue_has_at_least_forty_rules():
    assert len(ROWS) >= 40 and len({row.name for row in ROWS}) == len(ROWS)


@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
def test_a_rule_breaking_request_is_refused_and_changes_nothing(row: Row, table: Table, snapshot) -> None:
    if row.setup is not None:
        row.setup(table)
    url = "/api/v1/" + row.path.format(id=table.campaign_id)
    if row.who == "spectator":
        url += f"?share={table.campaign.share_token}"
    body = row.body(table) if callable(row.body) else row.body
    before = snapshot()
    client = _client(table, row.who)
    response = client.get(url) if body is None else client.post(url, body, format="json")
    assert response.status_code == row.status, response.content[:300]
    assert row.message in _messages(response.json()), response.json()
    assert snapshot() == before
