"""The unclear points decided in rules_helpers (U4, U5, U6, U10), end to end through the helpers' JSON API.

Each draw or roll is seeded (the API's `seed`), so every run sees the same cards and faces.
"""

from collections import Counter

import pytest

from campaigns.models import DeathCurse, Die

pytestmark = pytest.mark.django_db

ROLL = "/api/v1/helpers/roll/"
CURSES = "/api/v1/helpers/death-curses/"


def _curses(api, heroes, seed):
    body = {
        "edition": "inferno",
        "heroes": [{"hero": hero, "deaths": deaths, "damnation": 0} for hero, deaths in heroes],
        "seed": seed,
    }
    response = api.post(CURSES, body, format="json")
    assert response.status_code == 200, response.json()
    return {draw["hero"]: draw for draw in response.json()["draws"]}


def test_u4_of_two_curses_of_equal_value_the_first_drawn_is_kept(api):
    """U4: RB:1628-1630 "keeps only the highest card" and BR:224 "must keep the Death Curse card with the
    highest value among those he receives" do not say which of two equal cards; the first drawn is kept."""
    DeathCurse.objects.filter(edition__slug="inferno").update(value=3)
    draws = _curses(api, [("Diana", 4), ("Mark", 3), ("Izzy", 2)], seed=13)
    for draw in draws.values():
        assert draw["kept"] == draw["drawn"][0]
    # The draws hold different cards, so keeping any but the first would show.
    assert any(len(set(draw["drawn"])) > 1 for draw in draws.values())


def test_u5_a_curse_deck_that_runs_out_takes_its_shuffled_discards(api):
    """U5: BR:224 "The Death Curse deck is reshuffled" only at the start of the phase; when the deck runs out
    mid-phase the discard pile is shuffled into a new deck (the kept cards stay with their Heroes)."""
    deck = Counter(
        {card.code: card.deck_copies for card in DeathCurse.objects.filter(edition__slug="inferno")}
    )
    assert deck.total() == 24
    draws = _curses(api, [("Diana", 20), ("Mark", 10)], seed=4)
    diana, mark = draws["Diana"], draws["Mark"]
    assert len(diana["drawn"]) == 20 and len(mark["drawn"]) == 10
    # Mark first draws the 4 cards Diana left in the deck, then 6 of Diana's discards (never her kept card).
    assert Counter(mark["drawn"][:4]) == deck - Counter(diana["drawn"])
    discards = Counter(diana["drawn"]) - Counter([diana["kept"]])
    assert not Counter(mark["drawn"][4:]) - discards


def test_u6_a_die_whose_reroll_fails_again_is_rerolled_again(api):
    """U6: RB:1176-1181 "The result of this new roll replaces the original result … he has his full Reroll
    pool at his disposal to use in any order he'd like"; a re-failed die is rerolled while the pool lasts."""
    Die.objects.filter(slug="attack").update(faces=["blank"] * 6)  # every roll fails
    data = api.post(
        ROLL, {"attack_dice": 1, "kind": "melee", "attack_rerolls": 2, "seed": 1}, format="json"
    ).json()
    [die] = data["attack"]["dice"]
    assert die["rerolled"] and die["rerolled_from"] == ["blank", "blank"]
    assert data["attack"]["hits"] == 0


def test_u10_the_defense_roll_uses_the_faces_of_the_die_record(api):
    """U10: GF:64-68 the faces come "from two independent fan dice apps; not checked against the physical
    dice, so keep them as content": the roll and its odds read the `Die` records, here a corrected Defense
    die."""
    Die.objects.filter(slug="defense").update(faces=["shield"] * 6)
    body = {"attack_dice": 2, "kind": "melee", "defense_dice": 2, "seed": 9}
    data = api.post(ROLL, body, format="json").json()
    assert data["defense"]["faces"] == ["shield", "shield"] and data["defense"]["saves"] == 2
    # 2 hits and every Crit's extra die against 2 sure saves: 23 in 27 (the box's Defense die: under 2 in 5).
    assert data["odds"]["wounds"]["0"] == pytest.approx(23 / 27)


def test_u7_an_attack_whose_wounds_equal_the_overkill_rating_overkills(api):
    """U7: RB:938-939 "deals a number of Wounds equal to or higher than the Monster's Overkill rating, the
    Monster is immediately killed" against RB:956 "a single attack must beat its Overkill rating": decided
    once in `rules_helpers.monsters.overkills`, "equal to or higher" (RB:938); the roll helper answers so."""
    Die.objects.filter(slug="attack").update(faces=["melee"] * 6)  # every die is one Hit, no Crit
    body = {"attack_dice": 3, "kind": "melee", "seed": 5}

    def roll(**extra):
        response = api.post(ROLL, {**body, **extra}, format="json")
        assert response.status_code == 200, response.json()
        return response.json()

    assert roll(overkill=3)["wounds"] == 3
    assert roll(overkill=3)["overkills"] is True  # equal: RB:938, not RB:956's "beat"
    assert roll(overkill=2)["overkills"] is True
    assert roll(overkill=4)["overkills"] is False
    assert roll()["overkills"] is None  # no rating given, nothing to say
    refused = api.post(ROLL, {**body, "overkill": -1}, format="json")
    assert refused.status_code == 400 and "overkill" in refused.json()
