"""A guild's roster on the pages: the heroes it fields for the next scenario (frozen while one is played), and
the angel rescued in the live scenario swapped in at once, whose swapped-out hero keeps its Death line in the
results form (GF:174-176; W1, W11, M8)."""

import pytest

from campaigns.models import GuildHero, HeroResult
from campaigns.pages.forms import RecordForm
from campaigns.selectors.live import live_state
from tests.campaigns.pages.helpers import HTMX, act
from tests.factories import (
    angel_campaign,
    campaign_rev,
    client_for,
    guild_rev,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db


def _fielded(campaign, colour="yellow"):
    heroes = GuildHero.objects.filter(guild__campaign=campaign, guild__colour__slug=colour, fielded=True)
    return set(heroes.values_list("hero__slug", flat=True))


def _sheet(user, campaign, query="?open=record"):
    return client_for(user).get(f"/campaigns/{campaign.pk}/{query}").content.decode()


@pytest.fixture
def prisoner_live(owner, campaign):
    """Yellow (the owner's) and Teal (the player's) play The Prisoner live, its angel still to rescue."""
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")]
    )
    started = act(
        owner, campaign, "live-start", {"revision": campaign_rev(campaign), "scenario": "the-prisoner"}
    )
    assert started.status_code == 302
    tap = {"guild": "yellow", "counter": "deaths", "delta": 2, "hero": "diana"}
    act(owner, campaign, "tally", {**tap, "revision": guild_rev(campaign)})
    return refreshed(campaign)


def test_the_rescuer_swaps_the_angel_in_from_the_live_panel_and_the_results_keep_the_heros_deaths(
    owner, player, prisoner_live
):
    """GF:174 "may immediately swap it for one of its 3 Heroes"; GF:175 "chosen Hero leaves the board"; its
    Death tokens stay on the scenario's record (U12, RB:1289-1291)."""
    campaign = prisoner_live
    assert 'name="swap_for"' not in _sheet(owner, campaign)
    act(
        owner,
        campaign,
        "quest",
        {"guild": "yellow", "revision": guild_rev(campaign), "quest": "save-the-angel"},
    )
    html = _sheet(owner, campaign)
    assert 'name="swap_for" value="diana"' in html and "Angel Eyes in for Diana" in html
    assert 'name="swap_for"' not in _sheet(player, campaign)  # Teal's player may not swap Yellow's heroes
    swap = act(
        owner,
        campaign,
        "live-angel",
        {"guild": "yellow", "revision": guild_rev(campaign), "swap_for": "diana"},
        **HTMX,
    )
    assert swap.status_code == 200 and swap["X-Write"] == "saved"
    html = _sheet(owner, campaign)
    assert 'name="swap_for"' not in html and "swapped out: off the board" in html
    assert 'name="deaths-yellow-diana" value="2"' in html  # the results form keeps its Death line
    assert 'name="deaths-yellow-angel-eyes" value="0"' in html
    assert 'value="yellow:diana"' not in html  # no kill of a hero off the board
    review = client_for(owner).get(f"/campaigns/{campaign.pk}/record/").content.decode()
    assert 'name="deaths-yellow-diana" value="2"' in review
    state = live_state(campaign)
    data = RecordForm.data_from_draft(
        state["results_draft"], revision=campaign_rev(campaign), scenario="the-prisoner"
    )
    recorded = act(owner, campaign, "record", {**data, "winner": "yellow", "confirm": "1"})
    assert recorded.status_code == 302, recorded.content.decode()[:400]
    lines = HeroResult.objects.filter(result__play__number=2, result__guild__colour__slug="yellow")
    assert {h.hero.hero.slug: h.deaths for h in lines.select_related("hero__hero")} == {
        "diana": 2,
        "mark": 0,
        "kisha": 0,
        "angel-eyes": 0,
    }
    assert _fielded(campaign) == {"angel-eyes", "mark", "kisha"}
    assert GuildHero.objects.get(guild__campaign=campaign, hero__slug="diana").retired is False


def test_a_swap_the_rules_refuse_is_said_beside_the_guild(owner, prisoner_live, snapshot):
    """GF:174: only the guild that completed Save the Angel swaps it in."""
    before = snapshot()
    refused = act(
        owner,
        prisoner_live,
        "live-angel",
        {"guild": "yellow", "revision": guild_rev(prisoner_live), "swap_for": "diana"},
    )
    assert refused.status_code == 400
    assert "Only the guild that completed Save the Angel" in refused.content.decode()
    assert snapshot() == before


def test_the_guild_fields_any_three_from_my_guild_and_the_form_is_frozen_while_a_scenario_is_live(
    owner, snapshot
):
    """GF:176 "at the start of each scenario the player fields any 3 of its Heroes (Angel optional) …
    unused Heroes cannot join mid-scenario"."""
    campaign = angel_campaign(owner)
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/mine/").content.decode()
    assert f'action="/campaigns/{campaign.pk}/do/field/"' in html
    assert 'name="heroes" value="diana" checked' in html
    assert 'name="heroes" value="angel-eyes">' in html
    fielded = act(
        owner,
        campaign,
        "field",
        {
            "guild": "yellow",
            "revision": guild_rev(campaign),
            "heroes": ["angel-eyes", "mark", "kisha"],
            "back": "mine",
        },
        **HTMX,
    )
    assert fielded.status_code == 200 and fielded["X-Write"] == "saved"
    assert 'name="heroes" value="angel-eyes" checked' in fielded.content.decode()
    assert _fielded(campaign) == {"angel-eyes", "mark", "kisha"}
    before = snapshot()
    two = act(
        owner,
        campaign,
        "field",
        {"guild": "yellow", "revision": guild_rev(campaign), "heroes": ["mark", "kisha"]},
    )
    assert two.status_code == 400 and "Field exactly 3 different heroes." in two.content.decode()
    assert snapshot() == before
    act(owner, campaign, "live-start", {"revision": campaign_rev(campaign), "scenario": "the-parade"})
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/mine/").content.decode()
    assert 'id="field-frozen-yellow"' in html and "do/field/" not in html
    assert "unused heroes cannot join in the middle of one" in html
    before = snapshot()
    frozen = act(
        owner,
        campaign,
        "field",
        {"guild": "yellow", "revision": guild_rev(campaign), "heroes": ["diana", "mark", "kisha"]},
    )
    assert frozen.status_code == 400 and "cannot join in the middle" in frozen.content.decode()
    assert snapshot() == before


def test_the_sheet_offers_the_fielding_form_in_the_guild_panel_only_with_a_reserve(owner, campaign):
    """GF:176: a guild with only its 3 heroes has nothing to choose; one with an angel does."""
    assert "do/field/" not in _sheet(owner, campaign, "?open=guild-yellow")
    rescued = angel_campaign(owner)
    assert "do/field/" not in _sheet(owner, rescued, "")  # the guild panel is opened on demand
    assert f'action="/campaigns/{rescued.pk}/do/field/"' in _sheet(owner, rescued, "?open=guild-yellow")


def test_the_guild_panels_link_names_the_fielding_only_when_there_is_a_reserve(owner, campaign):
    """GF:176 the player "fields any 3 of its Heroes (Angel optional)": the link that opens the panel holding
    the fielding form says so, and only where there is someone to field."""
    assert "Edit Yellow: move, discard" in _sheet(owner, campaign, "")
    assert "who is fielded" not in _sheet(owner, campaign, "")
    rescued = angel_campaign(owner)
    assert "Edit Yellow: who is fielded, move, discard" in _sheet(owner, rescued, "")
