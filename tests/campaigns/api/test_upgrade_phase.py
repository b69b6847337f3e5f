"""The Upgrade Phase across the players' phones: curses, hidden draft, purchases, redistribution."""

import random

import pytest

from campaigns.models import DeathCurse, HeroCurse, InventoryCard, UpgradeCard, UpgradePhase
from rules_helpers.curses import Curse, draw_curses
from rules_helpers.drafts import UpgradeDraft
from tests.conftest import db_snapshot
from tests.factories import (
    COLOURS,
    INFERNO_ROSTERS,
    UserFactory,
    access,
    api_for,
    build_campaign,
    client_for,
    level_one_deck,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(owner):
    players = {
        "yellow": owner,
        "purple": UserFactory(username="pia"),
        "teal": UserFactory(username="tom"),
        "gray": UserFactory(username="gus"),
    }
    campaign = build_campaign(owner, guilds=players)
    return campaign, players


@pytest.fixture
def campaign(table):
    """The four-guild table is this module's campaign: the `member` fixture joins it."""
    return table[0]


def record_first(campaign, owner, seed=7, level=None, **lines):
    from campaigns.services.scenarios import scenario_record_result

    results = [
        lines.get(c, result_line(c, coins=3))
        for c in COLOURS
        if campaign.guilds.filter(colour__slug=c).exists()
    ]
    scenario_record_result(
        access=access(owner, campaign),
        actor=owner,
        revision=refreshed(campaign).revision,
        scenario="ferry-of-the-dead",
        results=results,
        seed=seed,
        **({"level": level} if level is not None else {}),
    )
    return refreshed(campaign)


def phase_get(user, campaign, **params):
    return api_for(user).get(f"/api/v1/campaigns/{campaign.pk}/upgrade-phase/", params)


def act(user, campaign, colour, action, data):
    revision = refreshed(campaign).guilds.get(colour__slug=colour).revision
    return api_for(user).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/upgrade-phase/{action}/",
        {**data, "revision": revision},
        format="json",
    )


def test_recording_a_scenario_opens_the_phase_with_death_curses_drawn(table):
    campaign, players = table
    campaign = record_first(
        campaign,
        players["yellow"],
        seed=11,
        yellow=result_line(
            "yellow", winner=True, coins=4, heroes=[{"hero": "diana", "deaths": 2, "damnation": 3}]
        ),
    )
    view = phase_get(players["purple"], campaign).json()
    diana = next(d for d in view["curse_draws"] if d["hero"] == "diana")
    assert diana["draw_count"] == 3 and len(diana["drawn"]) == 3
    deck = [
        Curse(c.code, c.value)
        for c in campaign.edition.death_curses.order_by("code")
        for _ in range(c.deck_copies)
    ]
    expected = draw_curses(deck, _table_order(campaign), rng=random.Random(11))

    assert diana["kept"] == max(expected[_uid(campaign, "diana")].drawn, key=lambda c: c.value).code
    assert HeroCurse.objects.get(hero__hero__slug="diana").curse.code == diana["kept"]
    mark = next(d for d in view["curse_draws"] if d["hero"] == "mark")
    assert (mark["draw_count"], mark["drawn"], mark["kept"]) == (0, [], None)


def _uid(campaign, hero):
    return str(campaign.guilds.get(heroes__hero__slug=hero).heroes.get(hero__slug=hero).uid)


def _table_order(campaign):
    from campaigns.models import HeroResult
    from rules_helpers.curses import curse_draw_count

    lines = HeroResult.objects.filter(result__play__campaign=campaign).order_by(
        "result__guild__seat", "hero__position"
    )
    return [(str(line.hero.uid), curse_draw_count(line.deaths, line.damnation)) for line in lines]


def test_old_curses_go_back_to_the_deck_when_the_phase_opens(table):
    from campaigns.services.inventory import hero_curse_set

    campaign, players = table
    owner = players["yellow"]
    guild = campaign.guilds.get(colour__slug="yellow")
    hero_curse_set(
        access=access(owner, campaign),
        actor=owner,
        guild=guild,
        revision=guild.revision,
        hero="mark",
        curse="INFD-06",
    )
    record_first(refreshed(campaign), owner, yellow=result_line("yellow", winner=True))
    assert not HeroCurse.objects.filter(hero__hero__slug="mark").exists()


def test_without_the_level_deck_the_table_enters_its_dealt_cards(table):
    # An edition whose level-1 deck is not in the app (the shipped Inferno deck is: take it out).
    UpgradeCard.objects.filter(edition__slug="inferno", deck="level-1").delete()
    campaign, players = table
    campaign = record_first(campaign, players["yellow"], yellow=result_line("yellow", winner=True, coins=5))
    view = phase_get(players["purple"], campaign).json()
    assert view["draft_mode"] == "manual" and "not (fully) entered" in view["deck_note"]
    cards = [{"name": f"Dealt {n}", "code": f"L1-{n}", "cost": n} for n in range(1, 7)]
    assert act(players["purple"], campaign, "purple", "enter", {"cards": cards}).status_code == 200
    # Typed cards are the campaign's own (F4): the edition's deck and every other campaign are untouched.
    assert not UpgradeCard.objects.filter(deck="level-1", campaign=None).exists()
    assert UpgradeCard.objects.filter(deck="level-1", code="L1-3", cost=3, campaign=campaign).exists()
    drafted = phase_get(players["purple"], campaign, guild="purple").json()["mine"]["drafted"]
    bought = act(players["purple"], campaign, "purple", "buy", {"cards": drafted[:2]})
    assert bought.status_code == 200, bought.json()
    purple = refreshed(campaign).guilds.get(colour__slug="purple")
    assert purple.saved_coins == 0  # 3 coins, spent 3
    assert InventoryCard.objects.filter(guild=purple, card__code__in=["L1-1", "L1-2"]).count() == 2


def test_each_player_sees_only_their_own_hand(table):
    level_one_deck()
    campaign, players = table
    campaign = record_first(campaign, players["yellow"], yellow=result_line("yellow", winner=True))
    draft = UpgradeDraft.from_dict(UpgradePhase.objects.get(campaign=campaign).draft)
    for colour, user in players.items():
        mine = phase_get(user, campaign).json()["mine"]
        assert mine["guild"] == colour and mine["hand"] == list(draft.hand(colour))
        body = str(phase_get(user, campaign).json()["guilds"])
        assert "hand" not in body
    others = [c for c in COLOURS if c != "teal"]
    for colour in others:
        assert phase_get(players["teal"], campaign, guild=colour).status_code == 400
    spectator = api_for(None).get(
        f"/api/v1/campaigns/{campaign.pk}/upgrade-phase/?share={campaign.share_token}"
    )
    assert spectator.status_code == 200 and spectator.json()["mine"] is None
    assert "T1-" not in str(spectator.json()) and "test-card" not in str(spectator.json())


def test_picks_stay_hidden_and_pass_left_when_everyone_has_picked(table):
    level_one_deck()
    campaign, players = table
    campaign = record_first(campaign, players["yellow"], yellow=result_line("yellow", winner=True))
    hand = phase_get(players["yellow"], campaign).json()["mine"]["hand"]
    assert act(players["yellow"], campaign, "yellow", "pick", {"cards": hand[:2]}).status_code == 200
    view = phase_get(players["purple"], campaign).json()
    assert view["waiting_for"] == ["purple", "teal", "gray"] and view["round"] == 1
    assert "test-card" not in str(view["guilds"])
    history = api_for(players["purple"]).get(f"/api/v1/campaigns/{campaign.pk}/history/").json()
    assert history[-1]["summary"] == "Yellow picked 2 cards (round 1)"
    purple_hand = phase_get(players["purple"], campaign).json()["mine"]["hand"]
    for colour in ("purple", "teal", "gray"):
        mine = phase_get(players[colour], campaign).json()["mine"]["hand"]
        act(players[colour], campaign, colour, "pick", {"cards": mine[:2]})
    yellow_round_two = phase_get(players["yellow"], campaign).json()
    assert yellow_round_two["round"] == 2
    # Yellow now holds what Gray passed left, Purple gets what Yellow passed.
    assert sorted(phase_get(players["purple"], campaign).json()["mine"]["hand"]) == sorted(hand[2:])
    assert len(purple_hand) == 6


def test_picking_a_card_not_in_hand_or_twice_in_a_round_is_refused(table):
    level_one_deck()
    campaign, players = table
    campaign = record_first(campaign, players["yellow"], yellow=result_line("yellow", winner=True))
    hand = phase_get(players["teal"], campaign).json()["mine"]["hand"]
    missing = next(f"test-card-{n}" for n in range(1, 9) if f"test-card-{n}" not in hand)
    before = db_snapshot()
    response = act(players["teal"], campaign, "teal", "pick", {"cards": [hand[0], missing]})
    assert response.status_code == 400 and "cards" in response.json()
    assert db_snapshot() == before
    act(players["teal"], campaign, "teal", "pick", {"cards": hand[:2]})
    again = act(players["teal"], campaign, "teal", "pick", {"cards": hand[2:4]})
    assert again.status_code == 400 and "round" in again.json()["cards"][0]


def _finish_draft(campaign, players):
    for _ in range(3):
        for colour, user in players.items():
            hand = phase_get(user, campaign).json()["mine"]["hand"]
            assert act(user, campaign, colour, "pick", {"cards": hand[:2]}).status_code == 200


def test_a_full_phase_buys_saves_and_closes_then_reads_as_a_story(table):
    level_one_deck()
    campaign, players = table
    campaign = record_first(campaign, players["yellow"], yellow=result_line("yellow", winner=True, coins=6))
    _finish_draft(campaign, players)
    drafted = phase_get(players["yellow"], campaign).json()["mine"]["drafted"]
    assert len(drafted) == 6
    costs = dict(UpgradeCard.objects.filter(slug__in=drafted).values_list("slug", "cost"))
    cheapest = sorted(drafted, key=lambda s: costs[s])[:2]
    response = act(players["yellow"], campaign, "yellow", "buy", {"cards": cheapest})
    assert response.status_code == 200, response.json()
    leftover = 6 - sum(costs[s] for s in cheapest)
    assert refreshed(campaign).guilds.get(colour__slug="yellow").saved_coins == min(1, leftover)
    for colour, user in players.items():
        if colour != "yellow":
            assert act(user, campaign, colour, "buy", {"cards": []}).status_code == 200
    for colour, user in players.items():
        assert act(user, campaign, colour, "confirm", {}).status_code == 200
    assert UpgradePhase.objects.get(campaign=campaign).status == "closed"
    review = api_for(players["teal"]).get(f"/api/v1/campaigns/{campaign.pk}/upgrade-phases/1/review/").json()
    yellow_story = next(line for line in review["story"] if line.startswith("Yellow"))
    names = [UpgradeCard.objects.get(slug=s).name for s in cheapest]
    saved = min(1, leftover)
    assert (
        f"bought {', '.join(names)} for {sum(costs[s] for s in cheapest)}; saved {saved} coin" in yellow_story
    )

    assert any("saved" in action for action in review["actions"])
    url = f"/api/v1/campaigns/{campaign.pk}/upgrade-phases/1/review/"
    em_portugues = api_for(players["teal"]).get(url, HTTP_ACCEPT_LANGUAGE="pt-br").json()["story"]
    teal_story = next(line for line in review["story"] if line.startswith("Teal"))
    assert teal_story.endswith("bought nothing for 0; saved 1 coin")
    assert any(line.endswith("comprou nada por 0; guardou 1 moeda") for line in em_portugues)


def test_buying_four_cards_or_beyond_the_coins_is_refused(table):
    level_one_deck()
    campaign, players = table
    campaign = record_first(campaign, players["yellow"], yellow=result_line("yellow", winner=True, coins=1))
    _finish_draft(campaign, players)
    drafted = phase_get(players["yellow"], campaign).json()["mine"]["drafted"]
    before = db_snapshot()
    four = act(players["yellow"], campaign, "yellow", "buy", {"cards": drafted[:4]})
    assert four.status_code == 400 and "at most 3" in four.json()["cards"][0]
    expensive = act(players["yellow"], campaign, "yellow", "buy", {"cards": drafted[:3]})
    assert expensive.status_code == 400 and "coin" in expensive.json()["cards"][0]
    assert db_snapshot() == before


def test_a_guild_over_its_slots_must_redistribute_before_confirming(table):
    level_one_deck()
    campaign, players = table
    yellow = campaign.guilds.get(colour__slug="yellow")
    from campaigns.services.inventory import inventory_card_add

    owner = players["yellow"]
    for hero, slot in [
        ("diana", 3),
        ("diana", 4),
        ("mark", 3),
        ("mark", 4),
        ("kisha", 2),
        ("kisha", 3),
        ("kisha", 4),
    ]:
        yellow.refresh_from_db()
        inventory_card_add(
            access=access(owner, campaign),
            actor=owner,
            guild=yellow,
            revision=yellow.revision,
            card="grimbolt",
            hero=hero,
            slot=slot,
        )
    campaign = record_first(refreshed(campaign), owner, yellow=result_line("yellow", winner=True, coins=9))
    _finish_draft(campaign, players)
    drafted = phase_get(owner, campaign).json()["mine"]["drafted"]
    assert act(owner, campaign, "yellow", "buy", {"cards": drafted[:1]}).status_code == 200
    sheet = api_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/").json()
    waiting = [card for hero in sheet["guilds"][0]["heroes"] for card in hero["overflow"]]
    assert [card["slug"] for card in waiting] == drafted[:1]
    response = act(owner, campaign, "yellow", "confirm", {})
    assert response.status_code == 400

    assert "slots" in response.json()["guild"][0] or "at most 12" in response.json()["guild"][0]
    extra = InventoryCard.objects.filter(guild=yellow).order_by("-slot").first()
    revision = refreshed(campaign).guilds.get(colour__slug="yellow").revision
    api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/cards/discard/",
        {"id": extra.pk, "revision": revision},
        format="json",
    )
    assert act(owner, campaign, "yellow", "confirm", {}).status_code == 200


def test_the_owner_can_pick_for_an_absent_player_and_it_is_recorded(table):
    level_one_deck()
    campaign, players = table
    campaign = record_first(campaign, players["yellow"], yellow=result_line("yellow", winner=True))
    hand = phase_get(players["yellow"], campaign, guild="gray").json()["mine"]["hand"]
    assert act(players["yellow"], campaign, "gray", "pick", {"cards": hand[:2]}).status_code == 200
    history = api_for(players["gray"]).get(f"/api/v1/campaigns/{campaign.pk}/history/").json()
    assert history[-1]["summary"] == "Gray picked 2 cards (round 1), picked by olga for the absent player"


def test_the_owner_can_restart_the_phase_with_fresh_draws(table):
    level_one_deck()
    campaign, players = table
    campaign = record_first(
        campaign,
        players["yellow"],
        yellow=result_line("yellow", winner=True, heroes=[{"hero": "diana", "deaths": 3}]),
    )
    hand = phase_get(players["teal"], campaign).json()["mine"]["hand"]
    act(players["teal"], campaign, "teal", "pick", {"cards": hand[:2]})
    response = api_for(players["yellow"]).post(
        f"/api/v1/campaigns/{campaign.pk}/upgrade-phase/restart/",
        {"revision": refreshed(campaign).revision},
        format="json",
    )
    assert response.status_code == 200
    view = phase_get(players["teal"], campaign).json()
    assert view["round"] == 1 and view["waiting_for"] == list(COLOURS)
    assert UpgradePhase.objects.filter(campaign=campaign).count() == 1
    assert HeroCurse.objects.filter(guild__campaign=campaign).count() == 1


def test_the_next_scenario_waits_for_the_phase_to_close(table):
    campaign, players = table
    campaign = record_first(campaign, players["yellow"], yellow=result_line("yellow", winner=True))
    from django.core.exceptions import ValidationError

    from campaigns.services.scenarios import scenario_record_result

    with pytest.raises(ValidationError, match="upgrade phase"):
        scenario_record_result(
            access=access(players["yellow"], campaign),
            actor=players["yellow"],
            revision=campaign.revision,
            scenario="the-parade",
            results=[result_line(c, winner=c == "yellow") for c in COLOURS],
        )


def test_undoing_a_scenario_waits_for_its_phase_to_be_abandoned(table):
    from campaigns.models import Event

    campaign, players = table
    owner = players["yellow"]
    campaign = record_first(campaign, owner, yellow=result_line("yellow", winner=True))
    recorded = Event.objects.get(campaign=campaign, kind="scenario-recorded").seq
    client = api_for(owner)
    blocked = client.post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": recorded, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert blocked.status_code == 409
    client.post(
        f"/api/v1/campaigns/{campaign.pk}/upgrade-phase/restart/",
        {"revision": refreshed(campaign).revision, "reopen": False},
        format="json",
    )
    undone = client.post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": recorded, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert undone.status_code == 200 and undone.json()["plays"] == []


def test_episodic_mode_skips_the_phase(owner):
    from campaigns.models import Campaign

    campaign = build_campaign(owner)
    Campaign.objects.filter(pk=campaign.pk).update(mode="episodic")
    campaign = record_first(refreshed(campaign), owner, level=1, yellow=result_line("yellow", winner=True))
    assert not UpgradePhase.objects.filter(campaign=campaign).exists()


def test_a_spectator_and_a_member_without_that_guild_cannot_act(table, member):
    level_one_deck()
    campaign, players = table
    campaign = record_first(campaign, players["yellow"], yellow=result_line("yellow", winner=True))
    assert act(member, campaign, "teal", "pick", {"cards": []}).status_code == 403
    assert act(players["purple"], campaign, "teal", "pick", {"cards": []}).status_code == 403


def test_when_the_curse_deck_runs_out_the_last_heroes_draw_what_is_left(table):
    """An incomplete curse deck (one copy of each of the 8 kinds) runs dry, yet the scenario records."""
    DeathCurse.objects.filter(edition__slug="inferno").update(copies=None)
    campaign, players = table
    lines = {
        colour: result_line(
            colour,
            winner=colour == "yellow",
            heroes=[{"hero": h, "deaths": 3} for h in INFERNO_ROSTERS[colour]],
        )
        for colour in COLOURS
    }
    campaign = record_first(campaign, players["yellow"], **lines)
    draws = phase_get(players["teal"], campaign).json()["curse_draws"]
    deck = sum(c.deck_copies for c in campaign.edition.death_curses.all())
    kept = [d for d in draws if d["kept"]]
    assert len(kept) == deck == 8 and len(draws) == 12
    assert all(d["kept"] is None and "ran out" in d["why"] for d in draws[deck:])
    assert HeroCurse.objects.filter(guild__campaign=campaign).count() == deck


def test_the_campaigns_curse_draws_use_the_full_deck_with_its_copies(table):
    """GF:207 "24 Death Curse cards [RB p5]", loaded with their copies from the content data: a hero with 12
    Death tokens draws 12 cards (8 kinds exist, so copies are in the deck), and nothing is marked incomplete
    (RB:1628-1630 draw 1 per Death token, keep the highest)."""
    campaign, players = table
    assert sum(c.deck_copies for c in campaign.edition.death_curses.all()) == 24
    lines = {colour: result_line(colour, winner=colour == "yellow") for colour in COLOURS}
    lines["yellow"]["heroes"] = [{"hero": "diana", "deaths": 12}]
    campaign = record_first(campaign, players["yellow"], **lines)
    phase = phase_get(players["teal"], campaign).json()
    diana = next(d for d in phase["curse_draws"] if d["hero"] == "diana")
    assert len(diana["drawn"]) == 12 and phase["curse_deck_note"] is None
    sheet = api_for(players["yellow"]).get(f"/api/v1/campaigns/{campaign.pk}/").json()
    yellow = next(g for g in sheet["guilds"] if g["colour"] == "yellow")
    assert next(h for h in yellow["heroes"] if h["hero"] == "diana")["curse"]["from_incomplete_deck"] is False


def test_a_draw_from_an_incomplete_deck_says_so_and_marks_the_kept_curse(table):
    """GF:8-9 data policy (show what is missing) and GF:207 (24 cards): with a curse's copies unknown, the
    phase (API and page) says the deck is incomplete and the kept curse is marked as drawn from it (W12)."""
    DeathCurse.objects.filter(edition__slug="inferno", code="INFD-07").update(copies=None)
    campaign, players = table
    lines = {colour: result_line(colour, winner=colour == "yellow") for colour in COLOURS}
    lines["teal"]["heroes"] = [{"hero": "natasha", "deaths": 2}]
    campaign = record_first(campaign, players["yellow"], **lines)
    phase = phase_get(players["teal"], campaign).json()
    assert "INFD-07" in phase["curse_deck_note"] and "of the box's 24" in phase["curse_deck_note"]
    natasha = next(d for d in phase["curse_draws"] if d["hero"] == "natasha")
    assert natasha["deck_note"] == phase["curse_deck_note"]
    assert HeroCurse.objects.get(guild__campaign=campaign, hero__hero__slug="natasha").from_incomplete_deck
    sheet = api_for(players["teal"]).get(f"/api/v1/campaigns/{campaign.pk}/").json()
    teal = next(g for g in sheet["guilds"] if g["colour"] == "teal")
    assert next(h for h in teal["heroes"] if h["hero"] == "natasha")["curse"]["from_incomplete_deck"] is True
    page = client_for(players["teal"]).get(f"/campaigns/{campaign.pk}/upgrade/").content.decode()
    assert "Drawn from an incomplete Death Curse deck" in page


def test_the_incomplete_deck_note_speaks_the_readers_language(table):
    """GF:8-9 data policy (show what is missing), GF:207 (24 cards), issue 18: the note is stored with its
    values, so the API and the page say it in Portuguese for `pt-br` and in English otherwise."""
    DeathCurse.objects.filter(edition__slug="inferno", code="INFD-07").update(copies=None)
    campaign, players = table
    lines = {colour: result_line(colour, winner=colour == "yellow") for colour in COLOURS}
    lines["teal"]["heroes"] = [{"hero": "natasha", "deaths": 2}]
    campaign = record_first(campaign, players["yellow"], **lines)
    url = f"/api/v1/campaigns/{campaign.pk}/upgrade-phase/"
    pt = api_for(players["teal"]).get(url, HTTP_ACCEPT_LANGUAGE="pt-br").json()
    assert "das 24 cartas de Maldição da Morte da caixa" in pt["curse_deck_note"]
    assert "cópias desconhecidas para INFD-07" in pt["curse_deck_note"]
    natasha = next(d for d in pt["curse_draws"] if d["hero"] == "natasha")
    assert natasha["deck_note"] == pt["curse_deck_note"]
    en = api_for(players["teal"]).get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    assert (
        en["curse_deck_note"].startswith("the deck holds")
        and "copies unknown for INFD-07" in en["curse_deck_note"]
    )
    page = client_for(players["teal"]).get(f"/campaigns/{campaign.pk}/upgrade/", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert "cópias desconhecidas para INFD-07" in page.content.decode()


def test_each_draws_explanation_speaks_the_readers_language(table):
    """RB:1628-1630 one card per Death token, keep the highest; BR:224 one per 2 Damnation (issue 18): the
    explanation is stored as message ids and values, so the API and the page say it in Portuguese for
    `pt-br`, with the kept curse's Portuguese name, and in English otherwise."""
    campaign, players = table
    lines = {colour: result_line(colour, winner=colour == "yellow") for colour in COLOURS}
    lines["teal"]["heroes"] = [{"hero": "natasha", "deaths": 2}]
    campaign = record_first(campaign, players["yellow"], **lines)
    url = f"/api/v1/campaigns/{campaign.pk}/upgrade-phase/"
    pt = api_for(players["teal"]).get(url, HTTP_ACCEPT_LANGUAGE="pt-br").json()
    natasha = next(d for d in pt["curse_draws"] if d["hero"] == "natasha")
    kept = DeathCurse.objects.get(edition__slug="inferno", code=natasha["kept"])
    assert kept.local_name and natasha["why"].startswith(
        f"Fica com o maior valor: {kept.local_name} ({kept.value})"
    )
    idle = [d for d in pt["curse_draws"] if d["draw_count"] == 0]
    assert idle and all(
        d["why"] == "Nenhum marcador de Morte e menos de 2 de Condenação: nenhuma carta sorteada."
        for d in idle
    )
    en = api_for(players["teal"]).get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    english = next(d for d in en["curse_draws"] if d["hero"] == "natasha")
    assert english["why"] == f"Keeps the highest value: {kept.name} ({kept.value}); the rest are discarded."
    page = client_for(players["teal"]).get(f"/campaigns/{campaign.pk}/upgrade/", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert "Fica com o maior valor" in page.content.decode()


def test_the_manual_deck_note_speaks_the_readers_language(table):
    """BR:230 a deck for each Upgrade Phase; without it in the app the table deals and enters its cards."""
    UpgradeCard.objects.filter(edition__slug="inferno", deck="level-1").delete()
    campaign, players = table
    campaign = record_first(campaign, players["yellow"], yellow=result_line("yellow", winner=True, coins=5))
    view = (
        api_for(players["purple"])
        .get(f"/api/v1/campaigns/{campaign.pk}/upgrade-phase/", HTTP_ACCEPT_LANGUAGE="pt-br")
        .json()
    )
    assert view["deck_note"].startswith("O baralho de Aprimoramento do nível 1 não está (todo) cadastrado")
