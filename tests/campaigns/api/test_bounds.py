"""Counters bounded by the box (F11) and guilds held for absent friends (F12)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.test import Client

from campaigns.models import HeroResult, Membership, PlayResult
from campaigns.services.guilds import guild_add
from campaigns.services.scenarios import scenario_record_result
from tests.factories import UserFactory, access, api_for, build_campaign, refreshed, result_line

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign(owner: Any) -> Any:
    return build_campaign(owner)


def _live(owner: Any, campaign: Any) -> None:
    response = api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/live/start/",
        {"scenario": "ferry-of-the-dead", "revision": refreshed(campaign).revision},
        format="json",
    )
    assert response.status_code == 201


def _tap(owner: Any, campaign: Any, counter: str, delta: int, hero: str | None = None, **headers: Any) -> Any:
    revision = refreshed(campaign).guilds.get(colour__slug="yellow").revision
    body = {"counter": counter, "delta": delta, "revision": revision, "hero": hero}
    return api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/live/tally/", body, format="json", **headers
    )


def test_a_tap_past_the_coin_cap_is_refused_and_changes_nothing(owner, campaign, snapshot):
    """The probe reached coins 32760 by taps and got `smallint out of range` (500) on the next one."""
    _live(owner, campaign)
    PlayResult.objects.filter(play__campaign=campaign, guild__colour__slug="yellow").update(coins=995)
    before = snapshot()
    response = _tap(owner, campaign, "coins", 10)
    assert response.status_code == 400
    assert "Yellow's coins cannot go above 999" in response.json()["delta"][0]
    assert snapshot() == before
    assert _tap(owner, campaign, "coins", 4).status_code == 200


def test_a_counter_refusal_in_portuguese_agrees_with_the_counters_word(owner, campaign, snapshot):
    """Issue 18: "moedas" is plural in pt-BR, so its refusals say "não podem"; "tesouro" is singular ("não
    pode"); English is unchanged."""
    _live(owner, campaign)
    PlayResult.objects.filter(play__campaign=campaign, guild__colour__slug="yellow").update(coins=995)
    before = snapshot()
    pt = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}
    above = _tap(owner, campaign, "coins", 10, **pt).json()["delta"][0]
    assert above == "moedas de Yellow não podem passar de 999."
    below = _tap(owner, campaign, "treasure", -1, **pt).json()["delta"][0]
    assert below == "tesouro de Yellow não pode ficar abaixo de 0."
    english = _tap(owner, campaign, "coins", 10, HTTP_ACCEPT_LANGUAGE="en").json()["delta"][0]
    assert english == "Yellow's coins cannot go above 999."
    assert snapshot() == before


def test_a_tap_past_the_death_cap_is_refused(owner, campaign, snapshot):
    _live(owner, campaign)
    HeroResult.objects.filter(result__play__campaign=campaign, hero__hero__slug="diana").update(deaths=95)
    before = snapshot()
    response = _tap(owner, campaign, "deaths", 5, hero="diana")
    assert response.status_code == 400 and "cannot go above 99" in response.json()["delta"][0]
    assert snapshot() == before


def test_the_record_service_refuses_counts_beyond_the_caps(owner, campaign, snapshot):
    before = snapshot()
    for line in (
        result_line("yellow", winner=True, coins=1000),
        result_line("yellow", winner=True, heroes=[{"hero": "diana", "deaths": 100}]),
    ):
        with pytest.raises(ValidationError, match="from 0 to"):
            scenario_record_result(
                access=access(owner, campaign),
                actor=owner,
                revision=refreshed(campaign).revision,
                scenario="ferry-of-the-dead",
                results=[line, result_line("teal")],
            )
    assert snapshot() == before


def test_the_database_refuses_an_out_of_range_counter(owner, campaign):
    _live(owner, campaign)
    result = PlayResult.objects.filter(play__campaign=campaign).first()
    result.coins = 1000
    with pytest.raises(ValidationError, match="less than or equal to 999"):
        result.full_clean()
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayResult.objects.filter(pk=result.pk).update(coins=1000)
    with pytest.raises(IntegrityError), transaction.atomic():
        campaign.guilds.filter(colour__slug="yellow").update(seat=9)


# --- F12: a guild held for an absent friend -----------------------------------------------------------


@pytest.fixture
def held(owner: Any, campaign: Any) -> Any:
    """Gray is held by the owner for Dave, who is not here; Mallory joined with a code."""
    guild_add(
        access=access(owner, campaign),
        actor=owner,
        revision=refreshed(campaign).revision,
        colour="gray",
        player=None,
        player_name="Dave (absent)",
    )
    for name in ("mallory", "dave"):
        Membership.objects.create(campaign=campaign, user=UserFactory(username=name))
    return refreshed(campaign)


def _claim(user: Any, campaign: Any, colour: str = "gray") -> Any:
    revision = refreshed(campaign).guilds.get(colour__slug=colour).revision
    return api_for(user).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/claim/", {"revision": revision}, format="json"
    )


def _assign(user: Any, campaign: Any, **body: Any) -> Any:
    body["revision"] = refreshed(campaign).guilds.get(colour__slug="gray").revision
    return api_for(user).post(f"/api/v1/campaigns/{campaign.pk}/guilds/gray/assign/", body, format="json")


def test_a_member_cannot_claim_a_guild_held_for_an_absent_friend(held, snapshot):
    """The probe: Mallory claimed Gray, held for "Dave (absent)", and saw its hidden hand."""
    mallory = Membership.objects.get(campaign=held, user__username="mallory").user
    before = snapshot()
    response = _claim(mallory, held)
    assert response.status_code == 400
    assert "Gray is held for Dave (absent); the owner hands it to its player." in response.json()["guild"][0]
    assert snapshot() == before


def test_the_owner_hands_the_held_guild_to_its_player(owner, held, snapshot):
    dave = Membership.objects.get(campaign=held, user__username="dave").user
    mallory = Membership.objects.get(campaign=held, user__username="mallory").user
    before = snapshot()
    assert _assign(mallory, held, player="mallory").status_code == 403
    assert _assign(owner, held, player="eve").status_code == 400  # not a member
    assert snapshot() == before
    response = _assign(owner, held, player="dave")
    assert response.status_code == 200
    gray = next(g for g in response.json()["guilds"] if g["colour"] == "gray")
    assert gray["player"] == "dave" and gray["player_name"] == ""
    saved = api_for(dave).post(
        f"/api/v1/campaigns/{held.pk}/guilds/gray/saved-coins/",
        {"coins": 1, "revision": refreshed(held).guilds.get(colour__slug="gray").revision},
        format="json",
    )
    assert saved.status_code == 200


def test_an_open_guild_is_still_claimed_by_whoever_joins(owner, held):
    assert _assign(owner, held, player=None, player_name="").status_code == 200
    mallory = Membership.objects.get(campaign=held, user__username="mallory").user
    assert _claim(mallory, held).status_code == 200
    assert refreshed(held).guilds.get(colour__slug="gray").player == mallory


def test_the_page_offers_no_claim_for_a_held_guild(held):
    mallory = Membership.objects.get(campaign=held, user__username="mallory").user
    browser = Client()
    browser.force_login(mallory)
    html = browser.get(f"/campaigns/{held.pk}/").content.decode()
    assert "claim this guild" not in html
