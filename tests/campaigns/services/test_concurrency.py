"""Concurrent writes on PostgreSQL: the same guild from the same revision -> exactly one wins."""

import threading

import pytest
from django.db import connection

from campaigns.errors import ConflictError
from campaigns.services.inventory import guild_saved_coins_set, inventory_card_add
from tests.factories import UserFactory, access, build_campaign, refreshed

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("postgres"),
]


def _race(calls):
    """Run the calls at the same moment, one thread each; return what each raised or returned."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            outcomes[index] = call()
        except Exception as exc:  # the outcome under test
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


def test_two_writes_to_one_guild_from_the_same_revision_exactly_one_wins(owner):
    campaign = build_campaign(owner)
    for _ in range(10):
        guild = refreshed(campaign).guilds.get(colour__slug="yellow")
        revision = guild.revision
        outcomes = _race(
            [
                lambda coins=c, guild=guild, revision=revision: guild_saved_coins_set(
                    access=access(owner, campaign), actor=owner, guild=guild, revision=revision, coins=coins
                )
                for c in (0, 1)
            ]
        )
        conflicts = [o for o in outcomes if isinstance(o, ConflictError)]
        assert len(conflicts) == 1, outcomes
        assert refreshed(campaign).guilds.get(colour__slug="yellow").revision == revision + 1


def test_writes_to_two_guilds_at_once_both_succeed(owner):
    campaign = build_campaign(owner)
    guilds = [refreshed(campaign).guilds.get(colour__slug=c) for c in ("yellow", "teal")]
    heroes = {"yellow": "kisha", "teal": "sybbyl"}
    outcomes = _race(
        [
            lambda g=g: inventory_card_add(
                access=access(owner, campaign),
                actor=owner,
                guild=g,
                revision=g.revision,
                card="grimbolt",
                hero=heroes[g.colour.slug],
            )
            for g in guilds
        ]
    )
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    assert refreshed(campaign).history_seq == campaign.history_seq + 2


def test_a_hundred_drafts_with_everyone_picking_at_once_lose_no_pick_and_duplicate_no_card(owner):
    import time
    from collections import Counter

    from campaigns.models import Guild, UpgradePhase
    from campaigns.selectors.overrides import campaign_level_deck
    from campaigns.services import upgrade
    from campaigns.services.scenarios import scenario_record_result
    from rules_helpers.drafts import UpgradeDraft
    from tests.factories import level_one_deck, result_line

    level_one_deck()
    colours = ("yellow", "purple", "teal", "gray")
    campaign = build_campaign(owner, guilds=dict.fromkeys(colours))
    scenario_record_result(
        access=access(owner, campaign),
        actor=owner,
        revision=refreshed(campaign).revision,
        scenario="ferry-of-the-dead",
        results=[result_line(c, winner=c == "yellow") for c in colours],
        seed=0,
    )
    deck = Counter(campaign_level_deck(campaign, 1))

    def player(colour):
        def play_three_rounds():
            for round_number in (1, 2, 3):
                deadline = time.monotonic() + 20
                while True:
                    phase = UpgradePhase.objects.get(campaign=campaign, status="open")
                    draft = UpgradeDraft.from_dict(phase.draft)
                    if draft.round == round_number and not draft.picked_this_round(colour):
                        break
                    assert time.monotonic() < deadline, "the draft stalled"
                    time.sleep(0.005)
                guild = Guild.objects.get(campaign=campaign, colour__slug=colour)
                upgrade.upgrade_pick(
                    access=access(owner, campaign),
                    actor=owner,
                    guild=guild,
                    revision=guild.revision,
                    cards=list(draft.hand(colour)[:2]),
                )
            return "done"

        return play_three_rounds

    for number in range(100):
        if number:
            upgrade.upgrade_phase_restart(
                access=access(owner, campaign),
                actor=owner,
                revision=refreshed(campaign).revision,
                seed=number,
            )
        outcomes = _race([player(c) for c in colours])
        assert outcomes == ["done"] * 4, outcomes
        draft = UpgradeDraft.from_dict(UpgradePhase.objects.get(campaign=campaign, status="open").draft)
        assert draft.is_complete
        drafted = Counter(card for c in colours for card in draft.drafted(c))
        assert all(len(draft.drafted(c)) == 6 for c in colours)
        # Every card dealt ends in exactly one guild's drafted cards, never more copies than the deck has
        # (the box's level-1 deck is larger than the 24 cards four guilds are dealt).
        assert sum(drafted.values()) == 6 * len(colours)
        assert not drafted - deck


def test_guild_taps_racing_campaign_writes_never_answer_5xx():
    """F6: live taps (guild scope) raced the owner's live start and abandon (campaign scope) and PostgreSQL
    broke the deadlock with a 500. Every write now locks the campaign row first: races end in 200, 400 (no
    scenario being played at that moment) or 409 (stale revision), never 5xx."""
    from rest_framework.test import APIClient

    from campaigns.models import Guild

    owner = UserFactory(username="olga")
    colours = ("yellow", "purple", "teal", "gray")
    campaign = build_campaign(owner, guilds=dict.fromkeys(colours))
    base = f"/api/v1/campaigns/{campaign.pk}/"

    def client():
        api = APIClient(raise_request_exception=False)  # a crash answers 500, as it would in production
        api.force_authenticate(owner)
        return api

    def tapper(colour):
        def run():
            api, codes = client(), []
            for _ in range(12):
                revision = Guild.objects.get(campaign=campaign, colour__slug=colour).revision
                body = {"counter": "coins", "delta": 1, "revision": revision}
                codes.append(api.post(f"{base}guilds/{colour}/live/tally/", body, format="json").status_code)
            return codes

        return run

    def switcher():
        api, codes = client(), []
        for n in range(12):
            revision = refreshed(campaign).revision
            if n % 2:
                codes.append(
                    api.post(f"{base}live/abandon/", {"revision": revision}, format="json").status_code
                )
            else:
                body = {"scenario": "ferry-of-the-dead", "revision": revision}
                codes.append(api.post(f"{base}live/start/", body, format="json").status_code)
        return codes

    outcomes = _race([tapper(c) for c in colours] + [switcher, switcher])
    codes = [code for outcome in outcomes for code in outcome]
    assert len(codes) == 12 * 6, outcomes
    assert all(code < 500 for code in codes), outcomes
    assert 200 in codes or 201 in codes
