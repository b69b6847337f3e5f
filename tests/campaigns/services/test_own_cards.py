"""A campaign's own cards (security probe 2, G2): kept as its entries say, and migration 0016, which moves
the typed cards already kept into the campaign that uses them.

The migration's data step runs on rows as an installation may hold them: a card another campaign wrote
over (the probe's G2), a card left behind by an undo, and cards typed in before cards were kept per
campaign.
"""

from __future__ import annotations

import importlib
import uuid

import pytest
from django.apps import apps

from campaigns.errors import ConflictError
from campaigns.models import Campaign, ContentOverride, Edition, InventoryCard, UpgradeCard
from campaigns.selectors.overrides import own_card_slug
from campaigns.services.overrides import content_override_set
from campaigns.services.own_cards import own_cards_sync
from tests.factories import UserFactory, access, build_campaign, refreshed

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("campaigns.migrations.0016_own_cards_in_their_campaign")
CARD = {"name": "Ana private card", "deck": "level-2", "cost": 4}


def typed(user, campaign, target, fields):
    content_override_set(
        access=access(user, campaign), actor=user, kind="upgrade-card", target=target, fields=fields
    )
    return UpgradeCard.objects.get(campaign=campaign, slug=own_card_slug(campaign, target))


def hold(campaign, card, colour="yellow", hero="diana"):
    guild = refreshed(campaign).guilds.get(colour__slug=colour)
    hero = guild.heroes.get(hero__slug=hero)
    slot = max(InventoryCard.objects.filter(hero=hero).values_list("slot", flat=True), default=0) + 1
    return InventoryCard.objects.create(guild=guild, hero=hero, card=card, slot=slot)


def test_a_card_written_over_by_another_campaign_goes_back_to_its_own():
    """The probe's G2 as stored: Ana's card row was moved to Eve's campaign with Eve's values. Ana's
    guild gets a card of Ana's campaign as her entry says; Eve keeps hers."""
    ana, eve = UserFactory(username="ana"), UserFactory(username="eve")
    anas = build_campaign(ana, name="Ana's")
    eves = build_campaign(eve, name="Eve's")
    # Imported under a uid that starts as Ana's, as the probe's was.
    Campaign.objects.filter(pk=eves.pk).update(uid=uuid.UUID(anas.uid.hex[:12] + uuid.uuid4().hex[12:]))
    eves = refreshed(eves)
    row = typed(ana, anas, "anas-card-b", CARD)
    held = hold(anas, row)
    ContentOverride.objects.create(
        campaign=eves,
        kind="upgrade-card",
        target="anas-card-b",
        fields={"name": "Hacked by eve", "deck": "level-1", "cost": 20},
        entered_at=ContentOverride.objects.get(campaign=anas).entered_at,
    )
    UpgradeCard.objects.filter(pk=row.pk).update(campaign=eves, name="Hacked by eve", cost=20, deck="level-1")

    MIGRATION.forwards(apps, None)

    held.refresh_from_db()
    assert held.card.campaign_id == anas.pk and held.card.pk != row.pk
    assert (held.card.name, held.card.cost, held.card.deck) == ("Ana private card", 4, "level-2")
    row.refresh_from_db()
    assert row.campaign_id == eves.pk and row.name == "Hacked by eve"
    # Eve's own entry names a card of her campaign: it is there, as her entry says.
    assert UpgradeCard.objects.get(campaign=eves, slug=own_card_slug(eves, "anas-card-b")).pk == row.pk


def test_an_entry_without_its_card_gets_it_and_a_card_without_entry_or_use_goes():
    ana = UserFactory(username="ana")
    anas = build_campaign(ana, name="Ana's")
    row = typed(ana, anas, "anas-card-b", CARD)
    row.delete()  # moved away by another campaign, as G2 left it
    orphan = UpgradeCard.objects.create(
        edition=anas.edition,
        campaign=anas,
        slug=own_card_slug(anas, "undone-card"),
        name="Undone",
        deck="level-1",
    )

    MIGRATION.forwards(apps, None)

    card = UpgradeCard.objects.get(campaign=anas, slug=own_card_slug(anas, "anas-card-b"))
    assert (card.name, card.cost) == ("Ana private card", 4)
    assert not UpgradeCard.objects.filter(pk=orphan.pk).exists()


def test_a_card_left_by_an_undo_that_a_guild_holds_stays():
    ana = UserFactory(username="ana")
    anas = build_campaign(ana, name="Ana's")
    orphan = UpgradeCard.objects.create(
        edition=anas.edition,
        campaign=anas,
        slug=own_card_slug(anas, "held-card"),
        name="Held",
        deck="level-1",
    )
    hold(anas, orphan)
    MIGRATION.forwards(apps, None)
    assert UpgradeCard.objects.filter(pk=orphan.pk, campaign=anas).exists()


def test_cards_typed_in_before_they_were_a_campaigns_leave_the_catalogue():
    """A card in the shared catalogue whose source names the table: into the campaign that holds it (a
    copy for each when two do); one that nobody holds leaves the catalogue."""
    ana, otto = UserFactory(username="ana"), UserFactory(username="otto")
    anas, ottos = build_campaign(ana, name="Ana's"), build_campaign(otto, name="Otto's")
    edition = Edition.objects.get(slug="inferno")

    def legacy(slug):
        return UpgradeCard.objects.create(
            edition=edition, slug=slug, name=slug.title(), deck="level-1", source="entered at the table (x)"
        )

    mine, shared, unused = legacy("old-blade"), legacy("old-shield"), legacy("old-ring")
    hold(anas, mine)
    held_by_ana, held_by_otto = hold(anas, shared, hero="mark"), hold(ottos, shared)

    MIGRATION.forwards(apps, None)

    assert not UpgradeCard.objects.filter(campaign=None, source__startswith="entered at the table").exists()
    mine.refresh_from_db()
    assert mine.campaign_id == anas.pk
    held_by_ana.refresh_from_db()
    held_by_otto.refresh_from_db()
    assert {held_by_ana.card.campaign_id, held_by_otto.card.campaign_id} == {anas.pk, ottos.pk}
    assert held_by_ana.card.slug == held_by_otto.card.slug == "old-shield"
    assert not UpgradeCard.objects.filter(pk=unused.pk).exists()


def test_the_cards_follow_the_entries_when_rows_are_put_back():
    """`own_cards_sync`: an entry's card is written as the entry says, a card whose entry is gone goes,
    and one a guild still holds refuses (409) with its name."""
    ana = UserFactory(username="ana")
    anas = build_campaign(ana, name="Ana's")
    row = typed(ana, anas, "anas-card-b", CARD)
    entry = ContentOverride.objects.get(campaign=anas)
    ContentOverride.objects.filter(pk=entry.pk).update(fields={**CARD, "cost": 6})
    own_cards_sync(anas)
    row.refresh_from_db()
    assert row.cost == 6
    hold(anas, row)
    entry.delete()
    with pytest.raises(ConflictError, match="Ana private card"):
        own_cards_sync(anas)
    InventoryCard.objects.filter(card=row).delete()
    own_cards_sync(anas)
    assert not UpgradeCard.objects.filter(campaign=anas).exists()
