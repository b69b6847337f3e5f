"""The spawn helper opened from a campaign: the group's Spawn tile and tokens are remembered per scenario
(through `services.preferences.spawn_setup_save`), so the next spawn there is a few taps; "Roll again" sits
beside the result."""

import pytest
from django.core.exceptions import PermissionDenied

from campaigns.access import Access
from campaigns.models import SpawnSetup
from campaigns.selectors.preferences import spawn_scenario, spawn_setup
from campaigns.services.preferences import spawn_setup_save
from tests.campaigns.pages.helpers import act
from tests.companion.test_helper_pages import DICE, SPAWN
from tests.factories import access, client_for, refusal

pytestmark = pytest.mark.django_db


def spawn_url(campaign):
    return f"/helpers/spawn/?campaign={campaign.pk}"


def test_a_spawn_from_a_campaign_is_remembered_for_its_scenario(owner, player, campaign):
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "ferry-of-the-dead"})
    response = client_for(player).post(spawn_url(campaign), {**SPAWN, "seed": 3})
    assert response.status_code == 200 and "Roll again" in response.content.decode()
    assert spawn_setup(campaign, "ferry-of-the-dead") == {
        "scenario": "ferry-of-the-dead",
        "figures": ["Harpy", "Demoness"],
        "tokens": [["melee", "crit"], ["ranged", "ranged"]],
    }
    # Another phone at the table opens the helper: the tile and tokens are already there.
    html = client_for(owner).get(spawn_url(campaign)).content.decode()
    assert 'name="figure_1" value="Harpy"' in html and 'name="figure_2" value="Demoness"' in html
    assert '<option value="crit" selected>' in html
    assert "as the group last used them" in html
    assert 'list="spawn-monsters"' in html and '<datalist id="spawn-monsters">' in html


def test_each_scenario_keeps_its_own_tile(owner, campaign):
    spawn_setup_save(access=access(owner, campaign), actor=owner, scenario="a", figures=["Harpy"], tokens=[])
    spawn_setup_save(access=access(owner, campaign), actor=owner, scenario="b", figures=["Imp"], tokens=[])
    spawn_setup_save(access=access(owner, campaign), actor=owner, scenario="a", figures=["Fury"], tokens=[])
    assert spawn_setup(campaign, "a")["figures"] == ["Fury"]
    assert spawn_setup(campaign, "b")["figures"] == ["Imp"]
    assert SpawnSetup.objects.count() == 2


def test_the_current_scenario_is_the_live_one_else_the_next_chosen(owner, campaign):
    assert spawn_scenario(campaign) == {"slug": "", "name": ""}
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "ferry-of-the-dead"})
    assert spawn_scenario(campaign)["slug"] == "ferry-of-the-dead"


def test_a_spectator_may_not_save_the_tile(campaign):
    spectator = Access(campaign, "spectator", None)
    with pytest.raises(PermissionDenied, match="Spectators"):
        spawn_setup_save(access=spectator, actor=None, scenario="", figures=["Imp"], tokens=[])


def test_outsiders_get_404_and_change_nothing(outsider, campaign, snapshot):
    before = snapshot()
    assert client_for(outsider).post(spawn_url(campaign), {**SPAWN, "seed": 3}).status_code == 404
    assert client_for(None).get(spawn_url(campaign)).status_code == 404
    assert snapshot() == before


def test_too_many_figures_are_refused(owner, campaign):
    message = refusal(
        lambda: spawn_setup_save(
            access=access(owner, campaign), actor=owner, scenario="", figures=["Imp"] * 6, tokens=[]
        )
    )
    assert "figures" in message


def test_the_campaign_tab_bar_leads_to_the_remembered_spawn(player, campaign):
    html = client_for(player).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert f'href="/helpers/?campaign={campaign.pk}"' in html
    index = client_for(player).get(f"/helpers/?campaign={campaign.pk}").content.decode()
    assert f'href="/helpers/spawn/?campaign={campaign.pk}"' in index


def test_the_dice_result_offers_roll_again(client):
    body = client.post("/helpers/dice/", DICE).content.decode()
    assert 'form="dice-form"' in body and "Roll again" in body
