"""The roll's answer written straight to bytes: the same bytes DRF's JSON renderer makes of it, whatever the
roll, and DRF's own rendering whenever the reader asks for something else (indented JSON)."""

import json

import pytest
from django.core.cache import cache
from rest_framework.renderers import JSONRenderer

from companion.helpers import api as helpers_api
from companion.helpers import services

pytestmark = pytest.mark.django_db

ROLL = "/api/v1/helpers/roll/"


@pytest.fixture(autouse=True)
def _fresh_throttle_history():
    cache.clear()
    yield
    cache.clear()


@pytest.mark.parametrize("overkill", [None, 0, 3])
def test_the_written_bytes_are_drfs_for_every_roll(overkill):
    for seed in range(60):
        result = services.dice_roll(
            attack_dice=seed % 9,
            kind=("melee", "ranged")[seed % 2],
            defense_dice=seed % 5,
            attack_rerolls=seed % 3,
            defense_rerolls=seed % 2,
            seed=seed,
            overkill=overkill,
        )
        assert helpers_api.roll_body(result) == JSONRenderer().render(helpers_api.roll_data(result)), seed


def test_the_kept_odds_are_the_odds_of_the_roll_asked():
    """Two attacks in turn, each answered with its own odds (the kept JSON is keyed by the odds)."""
    small = dict(attack_dice=1, kind="melee", defense_dice=0, seed=1)
    big = dict(attack_dice=8, kind="ranged", defense_dice=2, attack_rerolls=2, seed=1)
    for body in (small, big, small, big):
        result = services.dice_roll(**body)
        sent = json.loads(helpers_api.roll_body(result))
        assert sent["odds"]["wounds"] == {str(w): p for w, p in result.odds.items()}


def test_the_api_answers_the_written_bytes_and_indents_when_asked(api):
    body = {"attack_dice": 5, "kind": "melee", "defense_dice": 3, "attack_rerolls": 1, "seed": 42}
    plain = api.post(ROLL, body, format="json")
    assert plain.status_code == 200
    assert plain["Content-Type"] == "application/json"
    assert plain.content == JSONRenderer().render(plain.json())
    indented = api.post(ROLL, body, format="json", HTTP_ACCEPT="application/json; indent=2")
    assert indented.status_code == 200
    assert b'\n  "kind": "melee"' in indented.content
    assert json.loads(indented.content) == plain.json()
