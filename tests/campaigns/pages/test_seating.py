"""The sheet's "What happens now" draws the Starting Areas and says who plays first (M1, M2)."""

import pytest

from tests.factories import refreshed

pytestmark = pytest.mark.django_db


def test_the_owner_draws_the_starting_areas_and_the_sheet_says_who_plays_first(owner_client, campaign):
    """RB:505-512 random Starting Areas and seating; BR:96 the first scenario's first player is random."""
    page = owner_client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Draw the Starting Areas and the first player" in page
    response = owner_client.post(
        f"/campaigns/{campaign.pk}/do/seating/", {"revision": refreshed(campaign).revision}, follow=True
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "plays first." in html
    assert "Draw the Starting Areas again" in html
    assert refreshed(campaign).next_first_player in {"yellow", "teal"}


def test_the_table_enters_the_starting_areas_it_drew_by_hand(owner_client, campaign):
    """RB:505-512 "each player is randomly assigned a Starting Area" with the tokens: the page takes the areas
    the table drew, so the seating follows them; BR:96 the first scenario's first player is random."""
    page = owner_client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Or enter the Starting Areas the table drew" in page and 'name="area-teal"' in page
    response = owner_client.post(
        f"/campaigns/{campaign.pk}/do/seating-enter/",
        {"revision": refreshed(campaign).revision, "area-yellow": 2, "area-teal": 1},
        follow=True,
    )
    assert response.status_code == 200
    campaign = refreshed(campaign)
    assert campaign.next_starting_areas == {"yellow": 2, "teal": 1}
    assert campaign.next_first_player in {"yellow", "teal"}
    assert "plays first." in response.content.decode()


def test_two_guilds_in_one_starting_area_are_refused_and_nothing_changes(owner_client, campaign):
    """RB:515-517 with n guilds the Starting Areas are 1 to n, each used once."""
    before = refreshed(campaign).revision
    response = owner_client.post(
        f"/campaigns/{campaign.pk}/do/seating-enter/",
        {"revision": before, "area-yellow": 1, "area-teal": 1},
    )
    assert response.status_code == 400
    assert "each used once" in response.content.decode()
    campaign = refreshed(campaign)
    assert (campaign.revision, campaign.next_starting_areas) == (before, {})


def test_a_share_link_holder_cannot_enter_starting_areas(spectator_client, campaign):
    # The share link reads the sheet; a write from a non-member finds no campaign (404).
    response = spectator_client.post(
        f"/campaigns/{campaign.pk}/do/seating-enter/",
        {"revision": refreshed(campaign).revision, "area-yellow": 1, "area-teal": 2},
    )
    assert response.status_code == 404
    assert not refreshed(campaign).next_starting_areas


def test_once_drawn_only_the_owner_is_offered_a_redraw_and_is_asked_to_confirm(
    owner_client, player_client, campaign
):
    """N7: RB:505-510 the Starting Areas are drawn at random, once for the table; before the first scenario
    the table chooses (RB:413-414), so the owner alone draws again, after a confirmation; the player's page
    says who may, and a redraw posted anyway is refused (400) and changes nothing."""
    owner_client.post(f"/campaigns/{campaign.pk}/do/seating/", {"revision": refreshed(campaign).revision})
    drawn = refreshed(campaign).next_starting_areas
    owner_page = owner_client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Draw the Starting Areas again" in owner_page
    assert 'hx-confirm="Draw the Starting Areas again? Everyone may sit elsewhere' in owner_page
    assert 'hx-confirm="Replace the Starting Areas drawn with these?"' in owner_page
    player_page = player_client.get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Draw the Starting Areas again" not in player_page and 'name="area-teal"' not in player_page
    assert "Only the campaign's owner may draw the Starting Areas again." in player_page
    revision = refreshed(campaign).revision
    refused = player_client.post(f"/campaigns/{campaign.pk}/do/seating/", {"revision": revision})
    assert refused.status_code == 400 and refused["X-Write"] == "refused"
    assert (refreshed(campaign).revision, refreshed(campaign).next_starting_areas) == (revision, drawn)
