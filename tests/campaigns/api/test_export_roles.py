"""The export shows each caller what the pages show them (F2 of the security probe): no other guild's
hidden upgrade hand, hero-draft hand, pick or draw seed, in the rows or in the history. The owner's full
backup is a separate, explicit action that says it holds secrets."""

from __future__ import annotations

import json
from typing import Any

import pytest

from campaigns.models import HeroDraftRecord, Membership, UpgradePhase
from campaigns.services import upgrade
from campaigns.services.campaigns import campaign_create
from campaigns.services.guilds import guild_add
from campaigns.services.hero_draft import hero_draft_pick, hero_draft_start
from tests.factories import (
    UserFactory,
    access,
    api_for,
    build_campaign,
    level_one_deck,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def people() -> dict[str, Any]:
    return {name: UserFactory(username=name) for name in ("ana", "ben", "mia", "eve")}


@pytest.fixture
def drafting(people: dict[str, Any]) -> Any:
    """Ana (owner) holds Yellow, Ben Teal, Mia is a member without a guild; Yellow has kept 2 cards of
    round 1. Test cards make sure the level-1 deck is complete enough to be drafted in the app."""
    level_one_deck(cards=12, copies=1)
    ana = people["ana"]
    campaign = build_campaign(ana, guilds={"yellow": None, "teal": people["ben"]})
    Membership.objects.create(campaign=campaign, user=people["mia"])
    lines = [result_line("yellow", winner=True), result_line("teal")]
    campaign = record(ana, campaign, "ferry-of-the-dead", lines, upgrade_on_paper=False)
    phase = UpgradePhase.objects.get(campaign=campaign)
    assert phase.draft_mode == "app"
    yellow = refreshed(campaign).guilds.get(colour__slug="yellow")
    upgrade.upgrade_pick(
        access=access(ana, campaign),
        actor=ana,
        guild=yellow,
        revision=yellow.revision,
        cards=phase.draft["hands"]["yellow"][:2],
    )
    return refreshed(campaign)


def _cards(campaign: Any, colour: str) -> set[str]:
    """The cards in one guild's hand or drafted pile and in no other guild's (the box's level deck has
    several copies of some cards, which may sit in two hands)."""
    draft = UpgradePhase.objects.get(campaign=campaign).draft

    def held(c: str) -> set[str]:
        return set(draft["hands"][c]) | set(draft["drafted"][c])

    others = set().union(*(held(c) for c in draft["players"] if c != colour))
    return held(colour) - others


def _export(user: Any, campaign: Any, query: str = "") -> Any:
    return api_for(user).get(f"/api/v1/campaigns/{campaign.pk}/export/{query}")


def _shows(document: dict[str, Any], names: set[str]) -> set[str]:
    text = json.dumps(document)
    return {name for name in names if f'"{name}"' in text}


def test_a_player_export_holds_no_other_guilds_hand_pick_or_seed(people, drafting):
    yellow, teal = _cards(drafting, "yellow"), _cards(drafting, "teal")
    assert len(yellow) >= 3 and len(teal) >= 3
    response = _export(people["ben"], drafting)
    assert response.status_code == 200
    document = response.json()
    assert _shows(document, yellow) == set()
    assert _shows(document, teal) == teal  # his own hand is his to keep
    seed = UpgradePhase.objects.get(campaign=drafting).seed
    assert str(seed) not in json.dumps(document)
    assert document["contains_secrets"] is False and "left out" in document["notice"]
    picks = [e for e in document["events"] if e["kind"] == "upgrade-pick"]
    assert picks and all("cards" not in e["data"] for e in picks)


def test_a_member_without_a_guild_sees_no_hand_at_all(people, drafting):
    document = _export(people["mia"], drafting).json()
    assert _shows(document, _cards(drafting, "yellow") | _cards(drafting, "teal")) == set()


def test_the_owners_plain_export_holds_only_the_owners_own_guilds(people, drafting):
    document = _export(people["ana"], drafting).json()
    assert _shows(document, _cards(drafting, "teal")) == set()
    assert _shows(document, _cards(drafting, "yellow")) == _cards(drafting, "yellow")


def test_the_full_backup_is_the_owners_alone_and_says_it_holds_secrets(people, drafting):
    full = _export(people["ana"], drafting, "?full=1")
    assert full.status_code == 200
    document = full.json()
    assert document["contains_secrets"] is True and "hidden hands" in document["notice"]
    assert "secret" in full["Content-Disposition"] and full["Cache-Control"] == "no-store"
    every = _cards(drafting, "yellow") | _cards(drafting, "teal")
    assert _shows(document, every) == every
    assert _export(people["ben"], drafting, "?full=1").status_code == 403
    assert _export(people["mia"], drafting, "?full=1").status_code == 403


def test_spectators_and_outsiders_get_no_export(people, drafting):
    share = f"?share={drafting.share_token}"
    assert _export(None, drafting, share).status_code == 403
    assert _export(None, drafting, f"{share}&full=1").status_code == 403
    assert _export(people["eve"], drafting).status_code == 404


def test_the_hero_draft_hands_stay_with_their_guilds(people):
    ana, ben = people["ana"], people["ben"]
    campaign = campaign_create(owner=ana, name="Drafted", edition="inferno")
    Membership.objects.create(campaign=campaign, user=ben)
    for colour, player in (("yellow", ana), ("teal", ben)):
        guild_add(
            access=access(ana, campaign),
            actor=ana,
            revision=refreshed(campaign).revision,
            colour=colour,
            player=player.get_username(),
        )
    hero_draft_start(access=access(ana, campaign), actor=ana, revision=refreshed(campaign).revision, seed=7)
    state = HeroDraftRecord.objects.get(campaign=campaign).state
    yellow = refreshed(campaign).guilds.get(colour__slug="yellow")
    hero_draft_pick(
        access=access(ana, campaign),
        actor=ana,
        guild=yellow,
        revision=yellow.revision,
        hero=state["hands"]["yellow"][0],
    )
    yellows = set(state["hands"]["yellow"])
    document = _export(ben, campaign).json()
    assert _shows(document, yellows) == set()
    assert _shows(document, set(state["hands"]["teal"])) == set(state["hands"]["teal"])
    assert document["rows"]["herodraftrecord"][0]["seed"] is None
    full = _export(ana, campaign, "?full=1").json()
    assert _shows(full, yellows) == yellows
