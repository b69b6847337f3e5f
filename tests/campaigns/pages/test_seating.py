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
