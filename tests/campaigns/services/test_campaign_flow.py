"""A campaign recorded through the services follows the rules of the Campaign Sheet."""

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import GuildHero, InventoryCard
from tests.factories import (
    SIX_SCENARIOS,
    access,
    build_campaign,
    choose_next,
    record,
    refreshed,
    result_line,
    sheet,
)

pytestmark = pytest.mark.django_db


def test_a_new_guild_gets_its_heroes_and_the_starter_deck_over_them(owner):
    campaign = build_campaign(owner, guilds={"yellow": None})
    yellow = sheet(owner, campaign)["guilds"][0]
    assert [h["hero"] for h in yellow["heroes"]] == ["diana", "mark", "kisha"]
    assert yellow["card_count"] == 5
    assert [len([s for s in h["slots"] if s["card"]]) for h in yellow["heroes"]] == [2, 2, 1]


def test_recording_a_scenario_computes_the_achievements_with_ties(owner):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})
    campaign = record(
        owner,
        campaign,
        "beyond-the-gates-of-hell",
        [
            result_line("yellow", winner=True, coins=5, heroes=[{"hero": "diana", "deaths": 1}], title=True),
            result_line(
                "teal",
                coins=5,
                heroes=[{"hero": "natasha", "deaths": 2, "damnation": 3}],
                title=True,
                reward_cards=[{"card": "the-finisher", "hero": "phyx"}],
            ),
            result_line("gray", coins=2, heroes=[{"hero": "trandir", "deaths": 1}]),
        ],
    )
    play = sheet(owner, campaign)["plays"][0]
    assert play["level"] == "1"
    assert play["achievements"] == {
        "winner": ["yellow"],
        "least_deaths": ["gray", "yellow"],
        "most_coins": ["teal", "yellow"],
        "won_reward": ["teal"],
        "won_title": ["teal", "yellow"],
    }
    teal = next(g for g in sheet(owner, campaign)["guilds"] if g["colour"] == "teal")
    assert teal["titles"][0]["slug"] == "trailblazer"
    assert "lost-in-the-dark" in teal["titles"][0]["benefits"]
    assert InventoryCard.objects.filter(guild__colour__slug="teal", card__slug="the-finisher").count() == 1


def test_the_winner_chooses_the_next_scenario_within_the_progression(owner, player, member, campaign):
    campaign = record(
        owner,
        campaign,
        "ferry-of-the-dead",
        [
            result_line("yellow"),
            result_line("teal", winner=True, coins=3),
        ],
    )
    data = sheet(owner, campaign)
    assert data["next_chooser"] == "teal"
    assert set(data["allowed_next"]) == {
        "lost-in-the-dark",
        "the-prisoner",
        "the-parade",
        "the-cursed-pony",
        "the-impure-fountain",
        "hells-kitchen",
    }
    # The owner may pick for the winner, but a member who does not hold the winning guild may not.
    with pytest.raises(ValidationError, match="Teal, the last scenario's winner"):
        choose_next(member, campaign, "the-prisoner")
    campaign = choose_next(player, campaign, "the-prisoner")
    assert refreshed(campaign).next_scenario.slug == "the-prisoner"
    with pytest.raises(ValidationError, match="chose The Prisoner"):
        record(owner, campaign, "the-parade", [result_line("yellow", winner=True), result_line("teal")])


def test_east_after_west_is_refused(owner):
    campaign = build_campaign(owner)
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    campaign = record(
        owner, campaign, "the-prisoner", [result_line("yellow", winner=True), result_line("teal")]
    )
    with pytest.raises(ValidationError, match="cannot be played now"):
        record(owner, campaign, "hells-kitchen", [result_line("yellow", winner=True), result_line("teal")])


def test_a_rescued_angel_joins_the_roster_and_can_replace_a_hero_taking_its_cards(owner):
    """GF:174-176: the swapped-out hero hands its cards to the angel and stays on the roster."""
    from campaigns.services.guilds import angel_take

    campaign = build_campaign(owner)
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    campaign = record(
        owner,
        campaign,
        "the-prisoner",
        [
            result_line("yellow", winner=True, angel=True),
            result_line("teal"),
        ],
    )
    angel = GuildHero.objects.get(guild__colour__slug="yellow", hero__slug="angel-eyes")
    assert angel.fielded is False
    diana_cards = set(
        InventoryCard.objects.filter(hero__hero__slug="diana").values_list("card__slug", flat=True)
    )
    guild = angel.guild
    angel_take(
        access=access(owner, campaign),
        actor=owner,
        guild=guild,
        revision=guild.revision,
        angel="angel-eyes",
        swap_for="diana",
    )
    angel.refresh_from_db()
    diana = GuildHero.objects.get(guild=guild, hero__slug="diana")
    assert angel.fielded and not diana.retired and not diana.fielded
    assert set(InventoryCard.objects.filter(hero=angel).values_list("card__slug", flat=True)) == diana_cards


def test_a_whole_campaign_ends_in_the_finale_with_medals(owner):
    from campaigns.services.scenarios import campaign_finale_record

    campaign = build_campaign(owner)
    for number, slug in enumerate(SIX_SCENARIOS, start=1):
        yellow_wins = number % 3 != 0
        campaign = record(
            owner,
            campaign,
            slug,
            [
                result_line("yellow", winner=yellow_wins, coins=2),
                result_line("teal", winner=not yellow_wins, coins=4),
            ],
        )
    assert sheet(owner, campaign)["allowed_next"] == []
    campaign_finale_record(
        access=access(owner, campaign), actor=owner, revision=refreshed(campaign).revision, savior="yellow"
    )
    finale = sheet(owner, refreshed(campaign))["finale"]
    assert finale["medals"]["winner"] == ["yellow"]
    assert finale["medals"]["most_coins"] == ["teal"]
    assert finale["medals"]["least_deaths"] == ["teal", "yellow"]
    assert finale["council"] == ["teal", "yellow"]
    assert finale["savior"] == "yellow" and finale["ultimate_arcadian"] == ["yellow"]
