"""Base Arcadia Quest on the sheet page: no Damnation to tap, and the game's winner instead of the medals."""

import pytest

from campaigns.models import Campaign
from tests.factories import BASE_SIX_SCENARIOS, build_campaign, client_for, record, refreshed, result_line

pytestmark = pytest.mark.django_db

GUILDS = {"orange": None, "blue": None}


def test_the_base_live_tracker_offers_no_damnation(owner):
    """BR:224: base Death Curses come from Death tokens only; the base game has no Damnation."""
    campaign = build_campaign(owner, guilds=GUILDS, name="Arcadia", edition="arcadia-quest")
    client = client_for(owner)
    client.post(
        f"/campaigns/{campaign.pk}/do/live-start/",
        {"scenario": "district-of-hammers", "revision": refreshed(campaign).revision},
    )
    html = client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert 'value="deaths"' in html and 'value="damnation"' not in html


def test_a_finished_base_campaign_names_the_winner_of_the_game(owner):
    """BR:261 "The Guild that wins the last scenario is the winner, of the game." — no medals, no Savior."""
    campaign = build_campaign(owner, guilds=GUILDS, name="Arcadia", edition="arcadia-quest")
    for n, slug in enumerate(BASE_SIX_SCENARIOS):
        winner = "blue" if n == len(BASE_SIX_SCENARIOS) - 1 else "orange"
        campaign = record(owner, campaign, slug, [result_line(c, winner=c == winner) for c in GUILDS])
    client = client_for(owner)
    html = client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Who dealt the Underlord the killing blow?" not in html and "Winner of the game" in html
    client.post(f"/campaigns/{campaign.pk}/do/finale/", {"revision": refreshed(campaign).revision})
    assert Campaign.objects.get(pk=campaign.pk).finished_at is not None
    html = client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Medal:" not in html and "Winner of the game" in html and "BR:261" in html


def test_the_monster_page_cites_the_level_labels_source(owner):
    """BR:64-65 names the "Level 1" card; "4-5" and "6" are inferred (GF:231, U1)."""
    campaign = build_campaign(owner, guilds=GUILDS, name="Arcadia", edition="arcadia-quest")
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/monsters/").content.decode()
    assert 'Level card "1" (source: BR:64-65).' in html


def test_the_base_results_form_records_a_reward_card_the_pack_does_not_name(owner):
    """M4: BR:201-203 a Quest's Reward card goes to one of the Guild's Heroes; RB:1294-1296 Won Reward. The
    base sources name no Reward card, so the page offers "A Reward card not in the pack", and recording it
    gives Orange the Won Reward achievement."""
    from tests.campaigns.pages.helpers import act

    campaign = build_campaign(owner, guilds=GUILDS, name="Arcadia", edition="arcadia-quest")
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/?open=record").content.decode()
    assert '<option value="reward-unlisted">A Reward card not in the pack</option>' in html
    data = {
        "revision": refreshed(campaign).revision,
        "scenario": "district-of-hammers",
        "winner": "orange",
        "reward-orange": "reward-unlisted",
        "reward_hero-orange": "grom",
        "confirm": "1",
    }
    for guild in refreshed(campaign).guilds.all():
        data |= {f"coins-{guild.colour.slug}": 1, f"treasure-{guild.colour.slug}": 0}
        for hero in guild.heroes.filter(fielded=True):
            data[f"deaths-{guild.colour.slug}-{hero.hero.slug}"] = 0
    response = act(owner, campaign, "record", data)
    assert response.status_code == 302
    result = refreshed(campaign).plays.get().results.get(guild__colour__slug="orange")
    assert result.reward_cards == ["reward-unlisted"] and result.won_reward


def test_a_base_monster_without_a_level_card_says_the_content_has_none(owner):
    """BR:64: "Each monster type has up to four cards"; the content holds only the base Level 1 cards, so
    at scenario 2 the Monsters page says no card is in the content, rather than "Stats not entered yet"
    (content-check-2 R11, §2), and a member may add it if the box has it."""
    campaign = build_campaign(owner, guilds=GUILDS, name="Arcadia", edition="arcadia-quest")
    campaign = record(
        owner, campaign, BASE_SIX_SCENARIOS[0], [result_line(c, winner=c == "orange") for c in GUILDS]
    )
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/monsters/").content.decode()
    troll = html[html.index("monster=arcadia-quest/troll&amp;") :].split("</li>")[0]
    assert "no level 2-3 card in the content" in troll and "Stats not entered yet" not in troll
    assert "Add it, if your box has this card" in troll and "target=troll/2-3" in troll.replace("%2F", "/")
    form = client_for(owner).get(f"/campaigns/{campaign.pk}/content/?kind=monster-level&target=troll/2-3")
    assert "up to four level cards (BR:64), so it may not exist" in form.content.decode()
