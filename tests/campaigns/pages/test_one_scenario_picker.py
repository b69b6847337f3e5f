"""One picker for the next scenario (ux-walkthrough-2 m9): once it is chosen in "What happens now", the live
tracker's start and the results form name it (with a link back to change it) instead of offering their own
lists; before a choice, and for a results form showing another scenario, the list stays."""

import re

import pytest

from campaigns.models import ScenarioPlay
from tests.campaigns.pages.helpers import act, first_scenario
from tests.factories import choose_next, client_for, refreshed

pytestmark = pytest.mark.django_db

SCENARIO_SELECTS = re.compile(r'<select id="(live|record)-scenario"')


def _page(user, campaign) -> str:
    return client_for(user).get(f"/campaigns/{campaign.pk}/?open=record").content.decode()


def test_before_a_choice_the_live_and_record_forms_offer_the_list(owner, campaign):
    html = _page(owner, campaign)
    assert set(SCENARIO_SELECTS.findall(html)) == {"live", "record"}
    assert 'id="next-scenario"' in html


def test_the_chosen_scenario_is_named_once_and_changed_in_one_place(owner, player, campaign):
    """RB:414-417: the winner (or the owner for them) chooses the next scenario; it is the one played."""
    first_scenario(owner, campaign)
    refreshed(campaign).upgrade_phases.update(status="closed")
    campaign = choose_next(owner, campaign, "the-parade")
    for user in (owner, player):
        html = _page(user, campaign)
        assert SCENARIO_SELECTS.findall(html) == [], user
        assert html.count('<input type="hidden" name="scenario" value="the-parade">') == 2
        assert html.count('class="chosen-scenario"') == 2
    # The winner's side (the owner here) may change it: the line links to the one picker.
    assert 'href="#next">change it</a>' in _page(owner, campaign)
    assert 'href="#next"' not in _page(player, campaign)
    # Starting the live tracker plays the chosen scenario, without a choice of its own.
    form = {"revision": refreshed(campaign).revision, "scenario": "the-parade"}
    assert act(owner, campaign, "live-start", form).status_code == 302
    assert ScenarioPlay.objects.get(campaign=campaign, status="in-progress").scenario.slug == "the-parade"
