"""A campaign completes its own content: overrides are its alone, recorded, undoable, shared as packs."""

from collections import Counter

import pytest

from campaigns.models import ContentOverride, Event, Monster, UpgradeCard, UpgradePhase
from campaigns.selectors.overrides import campaign_cards_by_slug, level_card_for, overrides_pack
from campaigns.services.history import event_undo
from campaigns.services.overrides import content_override_set, content_override_verify, content_pack_import
from rules_helpers.drafts import UpgradeDraft
from tests.conftest import db_snapshot
from tests.factories import (
    COLOURS,
    UserFactory,
    access,
    build_campaign,
    record,
    refreshed,
    refusal,
    result_line,
)

pytestmark = pytest.mark.django_db

CERBERUS_2 = {"life": 7, "defense": 3, "attack_kind": "melee", "attack_dice": 4}


def cerberus():
    return Monster.objects.get(edition__slug="inferno", slug="cerberus")


def enter(user, campaign, kind="monster-level", target="cerberus/2-3", fields=None):
    return content_override_set(
        access=access(user, campaign), actor=user, kind=kind, target=target, fields=fields or CERBERUS_2
    )


@pytest.fixture
def other(owner):
    """Another group's campaign on the same installation."""
    return build_campaign(UserFactory(username="otto"), name="Another table")


def test_a_members_entry_is_seen_in_their_campaign_and_not_in_another(campaign, member, other):
    enter(member, campaign)
    ours = level_card_for(refreshed(campaign), cerberus(), 3)
    theirs = level_card_for(other, cerberus(), 3)
    assert ours["stats"]["life"] == 7 and ours["entered"] == ["attack_dice", "attack_kind", "defense", "life"]
    assert theirs["stats"]["life"] is None and theirs["entered"] == []
    # The edition's own card is untouched.
    assert cerberus().level_cards.get(label="2-3").life is None


def test_an_entry_is_recorded_with_who_entered_it_and_moves_the_history(campaign, member):
    before = refreshed(campaign).history_seq
    override = enter(member, campaign)
    event = Event.objects.get(campaign=campaign, seq=before + 1)
    assert event.kind == "content-entered" and event.actor == member and "mia entered" in event.summary
    assert override.entered_by == member and override.verified_at is None


def test_a_card_cost_correction_is_the_campaigns_alone(campaign, member, other):
    card = UpgradeCard.objects.get(edition__slug="inferno", slug="ghastly-bow")
    enter(member, campaign, kind="upgrade-card", target="ghastly-bow", fields={"cost": 9})
    assert campaign_cards_by_slug(refreshed(campaign), ["ghastly-bow"])["ghastly-bow"].cost == 9
    assert campaign_cards_by_slug(other, ["ghastly-bow"])["ghastly-bow"].cost == card.cost == 7


def test_undo_takes_the_entry_back(campaign, member):
    enter(member, campaign)
    seq = refreshed(campaign).history_seq
    event_undo(access=access(member, campaign), actor=member, seq=seq, revision=refreshed(campaign).revision)
    assert not ContentOverride.objects.filter(campaign=campaign).exists()
    assert level_card_for(refreshed(campaign), cerberus(), 3)["stats"]["life"] is None


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"life": 100}, "life"),
        ({"life": -1}, "life"),
        ({"life": True}, "life"),
        ({"attack_kind": "magic"}, "attack_kind"),
        ({"ability": "x" * 501}, "ability"),
        ({"colour": "red"}, "fields"),
    ],
)
def test_out_of_bounds_values_are_refused_and_nothing_is_written(campaign, member, fields, field):
    before = db_snapshot()
    assert field in refusal(lambda: enter(member, campaign, fields=fields))
    assert db_snapshot() == before


def test_a_record_the_edition_does_not_have_is_refused(campaign, member):
    assert "target" in refusal(lambda: enter(member, campaign, target="cerberus/7"))
    assert "target" in refusal(
        lambda: enter(member, campaign, kind="monster", target="godzilla", fields={"figures": 1})
    )


def test_a_spectator_cannot_enter_content(campaign, spectator):
    from django.core.exceptions import PermissionDenied

    from campaigns.access import SPECTATOR, Access

    with pytest.raises(PermissionDenied):
        content_override_set(
            access=Access(campaign, SPECTATOR, None),
            actor=spectator,
            kind="monster-level",
            target="cerberus/2-3",
            fields=CERBERUS_2,
        )


def test_verifying_marks_who_checked_it_and_when(campaign, member):
    enter(member, campaign)
    override = content_override_verify(
        access=access(member, campaign), actor=member, kind="monster-level", target="cerberus/2-3"
    )
    assert override.verified_by == member and override.verified_at is not None
    assert level_card_for(refreshed(campaign), cerberus(), 3)["verified"]
    # A later correction needs checking again.
    assert enter(member, campaign, fields={"life": 8}).verified_at is None


def test_a_pack_exported_and_imported_round_trips_exactly(campaign, member, other):
    enter(member, campaign)
    enter(
        member, campaign, kind="upgrade-card", target="ghastly-bow", fields={"cost": 9, "effect": "Pierces."}
    )
    enter(
        member,
        campaign,
        kind="upgrade-card",
        target="bone-wand",
        fields={"name": "Bone Wand", "deck": "level-1", "cost": 2},
    )
    content_override_verify(access=access(member, campaign), actor=member, kind="monster", target="cerberus")
    pack = overrides_pack(refreshed(campaign))
    assert len(pack["records"]) == 4
    otto = other.owner
    assert content_pack_import(access=access(otto, other), actor=otto, document=pack) == 4
    assert overrides_pack(refreshed(other)) == pack
    # The typed card is the importing campaign's own, apart from the exporting one's.
    assert UpgradeCard.objects.filter(name="Bone Wand", campaign=other).count() == 1


def test_a_pack_with_one_bad_record_imports_nothing(campaign, member, other):
    enter(member, campaign)
    pack = overrides_pack(refreshed(campaign))
    pack["records"].append({"kind": "monster-level", "target": "harpy/1", "fields": {"life": 1000}})
    before = db_snapshot()
    assert "records[1].life" in refusal(
        lambda: content_pack_import(access=access(other.owner, other), actor=other.owner, document=pack)
    )
    assert db_snapshot() == before


def test_a_level_2_draft_for_four_guilds_deals_the_level_2_deck_with_its_copies(owner):
    """RB p27: the Upgrade deck of the scenario's level, 6 cards to each player; the shipped level-2 deck
    holds 24 cards (fixtures/content-data/README.md), so four guilds take all of it."""
    players = {c: (owner if c == "yellow" else UserFactory(username=f"p-{c}")) for c in COLOURS}
    campaign = build_campaign(owner, guilds=players)
    lines = [result_line(c, winner=c == "yellow", coins=3) for c in COLOURS]
    campaign = record(owner, campaign, "ferry-of-the-dead", lines)
    campaign = record(owner, campaign, "the-parade", lines, upgrade_on_paper=False)
    phase = UpgradePhase.objects.get(campaign=campaign, level=2)
    assert phase.draft_mode == UpgradePhase.DraftMode.APP
    draft = UpgradeDraft.from_dict(phase.draft)
    dealt = Counter(card for colour in COLOURS for card in draft.hand(colour))
    deck = UpgradeCard.objects.filter(edition__slug="inferno", deck="level-2", campaign=None)
    assert dealt == Counter({card.slug: card.copies for card in deck})
    assert all(len(draft.hand(colour)) == 6 for colour in COLOURS)


def test_the_sheet_shows_a_cards_name_as_the_campaign_corrected_it(campaign, owner, member, other):
    from campaigns.selectors.sheet import sheet_for_reader
    from campaigns.selectors.sheet_cache import cached_sheet
    from campaigns.services.inventory import inventory_card_add

    def names(c):
        read = sheet_for_reader(cached_sheet(refreshed(c)), access(owner, c))
        return {
            slot["card"]["name"]
            for g in read["guilds"]
            for h in g["heroes"]
            for slot in h["slots"]
            if slot["card"]
        }

    yellow = campaign.guilds.get(colour__slug="yellow")
    inventory_card_add(
        access=access(owner, campaign),
        actor=owner,
        guild=yellow,
        revision=yellow.revision,
        card="ghastly-bow",
        hero="diana",
    )
    assert "Ghastly Bow" in names(campaign)
    enter(member, campaign, kind="upgrade-card", target="ghastly-bow", fields={"name": "Bow of Dread"})
    # The cached sheet is read afresh (the entry moved the history) and shows the campaign's name.
    assert "Bow of Dread" in names(campaign) and "Ghastly Bow" not in names(campaign)
