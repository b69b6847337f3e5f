"""Dice as data: the helpers roll the faces of the packs' `Die` records, not constants (issue 13 item 10)."""

import pytest

from campaigns.models import Die

pytestmark = pytest.mark.django_db

ROLL = "/api/v1/helpers/roll/"


def test_the_dice_helper_rolls_the_faces_the_content_gives(api):
    """GF:64-68 the faces come from fan apps and are kept as content; a table that corrects its Attack die in
    the admin gets rolls and odds with the corrected faces (U10 in rules_helpers.dice)."""
    Die.objects.filter(slug="attack").update(faces=["melee"] * 6)
    data = api.post(ROLL, {"attack_dice": 3, "kind": "melee", "seed": 5}, format="json").json()
    assert data["attack"]["faces"] == ["melee"] * 3 and data["wounds"] == 3
    assert data["odds"]["wounds"]["3"] == 1.0


def test_a_pack_without_dice_refuses_to_roll_invented_faces(api):
    """GF:8 "Never invent a number": with no Attack die in the content the helper says so (400)."""
    Die.objects.filter(slug="attack").delete()
    response = api.post(ROLL, {"attack_dice": 3, "kind": "melee", "seed": 5}, format="json")
    assert response.status_code == 400
    assert "attack die is not in the content" in str(response.json())


def test_the_faces_are_read_once_per_content_version_and_again_after_a_change(
    api, django_assert_num_queries, django_capture_on_commit_callbacks
):
    """GF:64-68 the faces are content: kept while the content version stands, read afresh once a change to
    the content (here the admin's correction, which moves the version) is committed."""
    roll = {"attack_dice": 3, "kind": "melee", "seed": 5}
    api.post(ROLL, roll, format="json")
    with django_assert_num_queries(0):
        assert api.post(ROLL, roll, format="json").status_code == 200
    from campaigns.services.content import content_version_bump

    with django_capture_on_commit_callbacks(execute=True):
        Die.objects.filter(slug="attack").update(faces=["melee"] * 6)
        content_version_bump()
    data = api.post(ROLL, roll, format="json").json()
    assert data["attack"]["faces"] == ["melee"] * 3
