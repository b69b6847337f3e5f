"""Drawing the next scenario's Starting Areas again (N7), called as services without HTTP: a refusal names
its rule beside its field and leaves the database as it was."""

import pytest

from campaigns.services.seating import seating_draw
from tests.factories import access, campaign_rev, record, refreshed, refusal, result_line

pytestmark = pytest.mark.django_db


def draw(user, campaign, areas=None, seed=None):
    return seating_draw(
        access=access(user, campaign), actor=user, revision=campaign_rev(campaign), areas=areas, seed=seed
    )


def test_a_player_draws_the_first_areas_but_only_the_owner_draws_them_again(
    owner, player, campaign, snapshot
):
    """N7: RB:505-510 "randomly place one token next to each Starting Area", and BR:96 "At the very first
    scenario of a campaign, however, the first player is chosen randomly": one draw for the table. Any member
    makes it; before the first scenario the table chooses (RB:413-414), so only the owner draws again."""
    draw(player, campaign, seed=1)
    drawn = refreshed(campaign).next_starting_areas
    before = snapshot()
    for areas in (None, {"yellow": 2, "teal": 1}):
        assert refusal(lambda areas=areas: draw(player, campaign, areas=areas)) == {
            "areas": ["The Starting Areas are drawn; only the campaign's owner may draw them again."]
        }
    assert snapshot() == before
    swapped = {colour: 3 - area for colour, area in drawn.items()}
    draw(owner, campaign, areas=swapped)
    assert refreshed(campaign).next_starting_areas == swapped


def test_after_a_scenario_the_winners_player_draws_again_and_the_others_may_not(
    owner, player, campaign, snapshot
):
    """N7: the next scenario's chooser is the last winner (RB:416-417): Teal won, so Teal's player (and the
    owner) may draw the Starting Areas again, and Yellow's may not."""
    from campaigns.models import Membership
    from tests.factories import UserFactory

    yara = UserFactory(username="yara")
    Membership.objects.get_or_create(campaign=campaign, user=yara)
    campaign.guilds.filter(colour__slug="yellow").update(player=yara)
    campaign = record(
        owner, campaign, "ferry-of-the-dead", [result_line("yellow"), result_line("teal", winner=True)]
    )
    draw(yara, campaign, seed=2)
    before = snapshot()
    assert refusal(lambda: draw(yara, campaign, seed=3)) == {
        "areas": [
            "The Starting Areas are drawn; only Teal's player, who chooses the next scenario, or the "
            "owner may draw them again."
        ]
    }
    assert snapshot() == before
    draw(player, campaign, areas={"yellow": 1, "teal": 2})
    assert (refreshed(campaign).next_starting_areas, refreshed(campaign).next_first_player) == (
        {"yellow": 1, "teal": 2},
        "yellow",  # left of Teal, the last winner (BR:96)
    )
