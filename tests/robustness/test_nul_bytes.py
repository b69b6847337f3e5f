"""NUL bytes in what the helpers are asked: a 400 naming the field, never a 500 (PostgreSQL refuses them in
a query)."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("edition", ["inferno\x00", "\x00"])
def test_a_nul_byte_in_the_edition_is_an_unknown_edition_not_a_500(api, edition):
    """Security probe G6: `{"edition": "inferno\\u0000"}` on the Death Curse draw was a 500 on PostgreSQL."""
    body = {"edition": edition, "heroes": [{"hero": "Diana", "deaths": 1}], "seed": 3}
    response = api.post("/api/v1/helpers/death-curses/", body, format="json")
    assert response.status_code == 400 and "edition" in response.json()
