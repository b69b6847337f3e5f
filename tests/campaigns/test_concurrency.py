"""Concurrent writes on PostgreSQL: the same guild from the same revision -> exactly one wins."""

import threading

import pytest
from django.db import connection

from campaigns.services.inventory import guild_saved_coins_set, inventory_card_add
from companion.api import ConflictError
from tests.factories import UserFactory, access, build_campaign, refreshed

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def content(postgres):
    from django.core.management import call_command

    from tests.conftest import PACK_DIR, PACKS

    call_command("load_content", *(str(PACK_DIR / name) for name in PACKS), verbosity=0)


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


def test_two_writes_to_one_guild_from_the_same_revision_exactly_one_wins():
    owner = UserFactory(username="olga")
    campaign = build_campaign(owner)
    for _ in range(10):
        guild = refreshed(campaign).guilds.get(colour__slug="yellow")
        revision = guild.revision
        outcomes = _race(
            [
                lambda coins=c: guild_saved_coins_set(
                    access=access(owner, campaign), actor=owner, guild=guild, revision=revision, coins=coins
                )
                for c in (0, 1)
            ]
        )
        conflicts = [o for o in outcomes if isinstance(o, ConflictError)]
        assert len(conflicts) == 1, outcomes
        assert refreshed(campaign).guilds.get(colour__slug="yellow").revision == revision + 1


def test_writes_to_two_guilds_at_once_both_succeed():
    owner = UserFactory(username="olga")
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
