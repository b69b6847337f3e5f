"""Test data built through the real services, so every fixture campaign obeys the rules; the clients and
checks that act on it."""

from __future__ import annotations

from typing import Any

import factory
import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.test import Client
from rest_framework.test import APIClient

from campaigns.access import Access, campaign_access
from campaigns.models import Campaign
from campaigns.selectors.campaigns import campaign_for_sheet, open_phase_for
from campaigns.selectors.sheet import campaign_sheet_data
from campaigns.services import campaigns as campaign_services
from campaigns.services import upgrade
from campaigns.services.guilds import guild_add, guild_heroes_choose
from campaigns.services.scenarios import next_scenario_choose, scenario_record_result


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password("secret-pass-123")


INFERNO_ROSTERS = {
    "yellow": ["diana", "mark", "kisha"],
    "purple": ["cassius", "izzy", "jaimie"],
    "teal": ["natasha", "phyx", "sybbyl"],
    "gray": ["trandir", "jack-jack", "bjor-of-oros"],
}
COLOURS = tuple(INFERNO_ROSTERS)
# Base Arcadia Quest guilds and heroes (GF:55, GF:285).
BASE_ROSTERS = {
    "orange": ["diva", "grom", "maya"],
    "blue": ["greensleeves", "hobsbawm", "johan"],
    "red": ["kanga", "scarlet", "seth"],
    "green": ["spike", "wisp", "zazu"],
}
# A legal road through a base campaign: 3 of the Outer Circle, 2 of the Inner, the Final Showdown (BR:40-43).
BASE_SIX_SCENARIOS = (
    "district-of-hammers",
    "the-moon-gate",
    "the-rookery",
    "alchemists-district",
    "evershadow-district",
    "the-temple-of-dawning-twilight",
)

# One legal road through the six scenarios of an Inferno campaign, west of the second circle.
SIX_SCENARIOS = (
    "ferry-of-the-dead",
    "the-parade",
    "lost-in-the-dark",
    "the-fallen-temple",
    "pit-of-tormented-souls",
    "hit-rock-bottom",
)


def access(user: Any, campaign: Campaign) -> Access:
    return campaign_access(user=user, pk=campaign.pk)


def refreshed(campaign: Campaign) -> Campaign:
    return Campaign.objects.get(pk=campaign.pk)


def campaign_rev(campaign: Campaign) -> int:
    return refreshed(campaign).revision


def guild_rev(campaign: Campaign, colour: str = "yellow") -> int:
    return refreshed(campaign).guilds.get(colour__slug=colour).revision


def client_for(user: Any) -> Client:
    """A browser for the pages, logged in as the user (anonymous for None)."""
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api_for(user: Any) -> APIClient:
    """An API client authenticated as the user (anonymous for None)."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


class ShareLink:
    """A client that follows the campaign's share link: every request carries ?share=<token>."""

    def __init__(self, client: Client, campaign: Campaign) -> None:
        self.client, self.token = client, campaign.share_token

    def url(self, path: str) -> str:
        return f"{path}{'&' if '?' in path else '?'}share={self.token}"

    def get(self, path: str, data: dict[str, Any] | None = None, **extra: Any) -> Any:
        # Django drops the path's query string when data is given, so the token goes into the data.
        return self.client.get(path, {**(data or {}), "share": self.token}, **extra)

    def post(self, path: str, *args: Any, **extra: Any) -> Any:
        return self.client.post(self.url(path), *args, **extra)


def build_campaign(
    owner: Any,
    *,
    guilds: dict[str, Any] | None = None,
    name: str = "Friday Night Inferno",
    edition: str = "inferno",
    heroes: bool = True,
) -> Campaign:
    """A campaign with guilds (colour -> player user or None for the owner) and their heroes chosen (or
    none yet, `heroes=False`: a hero draft or a free choice to come)."""
    campaign = campaign_services.campaign_create(owner=owner, name=name, edition=edition)
    guilds = guilds if guilds is not None else {"yellow": None, "teal": None}
    for colour, player in guilds.items():
        if player is not None and player != owner:
            from campaigns.models import Membership

            Membership.objects.get_or_create(campaign=campaign, user=player)
        campaign = refreshed(campaign)
        guild = guild_add(
            access=access(owner, campaign),
            actor=owner,
            revision=campaign.revision,
            colour=colour,
            player=(player if player is not None else owner).get_username(),
        )
        if not heroes:
            continue
        guild_heroes_choose(
            access=access(owner, campaign),
            actor=owner,
            guild=guild,
            revision=guild.revision,
            heroes={**INFERNO_ROSTERS, **BASE_ROSTERS}[colour],
        )
    return refreshed(campaign)


def open_guild(owner: Any, campaign: Campaign, colour: str = "gray") -> Any:
    """A guild the owner adds and leaves for a player to claim."""
    return guild_add(
        access=access(owner, campaign),
        actor=owner,
        revision=campaign_rev(campaign),
        colour=colour,
        player=None,
    )


def refusal(call: Any) -> dict[str, list[str]]:
    """The field messages of the rule a service call breaks (it must break one)."""
    with pytest.raises(ValidationError) as refused:
        call()
    return refused.value.message_dict


def result_line(colour: str, *, winner: bool = False, coins: int = 0, **extra: Any) -> dict[str, Any]:
    return {"guild": colour, "winner": winner, "coins": coins, **extra}


def record(
    owner: Any,
    campaign: Campaign,
    scenario: str,
    results: list[dict[str, Any]],
    *,
    upgrade_on_paper: bool = True,
    seed: int | None = None,
) -> Campaign:
    """Record a scenario; by default the upgrade phase after it is played on paper (abandoned in the app).
    `seed` fixes the Death Curse draws and the upgrade deal of the phase that opens."""
    campaign = refreshed(campaign)
    scenario_record_result(
        access=access(owner, campaign),
        actor=owner,
        revision=campaign.revision,
        scenario=scenario,
        results=results,
        seed=seed,
    )
    if upgrade_on_paper and open_phase_for(refreshed(campaign)) is not None:
        campaign = refreshed(campaign)
        upgrade.upgrade_phase_restart(
            access=access(owner, campaign), actor=owner, revision=campaign.revision, reopen=False
        )
    return refreshed(campaign)


def angel_campaign(owner: Any) -> Campaign:
    """Two scenarios played; Yellow rescued Angel Eyes in The Prisoner."""
    campaign = build_campaign(owner)
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    return record(
        owner, campaign, "the-prisoner", [result_line("yellow", winner=True, angel=True), result_line("teal")]
    )


def finished_campaign(owner: Any) -> Campaign:
    """All six scenarios played, Yellow winning each; only the finale is left."""
    campaign = build_campaign(owner)
    for slug in SIX_SCENARIOS:
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    return campaign


def sheet(user: Any, campaign: Campaign) -> dict[str, Any]:
    """The Campaign Sheet as the user reads it."""
    return campaign_sheet_data(campaign_for_sheet(campaign_id=campaign.pk), access(user, campaign))


def choose_next(user: Any, campaign: Campaign, scenario: str) -> Campaign:
    campaign = refreshed(campaign)
    next_scenario_choose(
        access=access(user, campaign), actor=user, revision=campaign.revision, scenario=scenario
    )
    return refreshed(campaign)


def level_one_deck(cards: int = 8, copies: int = 3) -> None:
    """Level-1 upgrade cards (made up, for tests), so the draft after the first scenario runs in the app."""
    from campaigns.models import Edition, UpgradeCard

    edition = Edition.objects.get(slug="inferno")
    for n in range(1, cards + 1):
        UpgradeCard.objects.update_or_create(
            edition=edition,
            slug=f"test-card-{n}",
            defaults={
                "name": f"Test Card {n}",
                "code": f"T1-{n:02d}",
                "deck": "level-1",
                "copies": copies,
                "cost": 1 + n % 4,
                "card_type": "attack",
                "source": "test",
            },
        )
