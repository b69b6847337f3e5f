import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_helpers.drafts import HeroDraft, UpgradeDraft
from tests.rules_helpers.scripted import ScriptedRandom

PLAYERS = ("yellow", "purple", "teal")
# Dealt in this order by the scripted rng (it does not shuffle): yellow a-f, purple g-l, teal m-r.
DECK = [*"abcdefghijklmnopqr", "spare"]


def _left_over(draft):
    """The cards still in front of the players: once the draft is over, the ones nobody drafted."""
    return tuple(card for player in draft.players for card in draft.hand(player))


def _upgrade_draft(players=PLAYERS, deck=DECK):
    return UpgradeDraft.start(players, deck, rng=ScriptedRandom())


def _pick_first(draft, count):
    for player in draft.players:
        draft.pick(player, list(draft.hand(player)[:count]))


def test_each_player_is_dealt_six_upgrade_cards():
    draft = _upgrade_draft()
    assert draft.hand("yellow") == tuple("abcdef")
    assert draft.hand("teal") == tuple("mnopqr")
    assert draft.round == 1


def test_a_pick_moves_two_cards_from_the_hand_to_the_drafted_pile():
    draft = _upgrade_draft()
    draft.pick("yellow", ["c", "a"])
    assert draft.drafted("yellow") == ("c", "a")
    assert draft.hand("yellow") == tuple("bdef")


def test_hands_pass_to_the_next_player_only_once_everyone_has_picked():
    draft = _upgrade_draft()
    draft.pick("yellow", ["a", "b"])
    draft.pick("purple", ["g", "h"])
    assert draft.hand("purple") == tuple("ijkl")
    draft.pick("teal", ["m", "n"])
    assert draft.round == 2
    assert draft.hand("purple") == tuple("cdef")
    assert draft.hand("teal") == tuple("ijkl")
    assert draft.hand("yellow") == tuple("opqr")


def test_after_three_rounds_every_player_has_drafted_six():
    draft = _upgrade_draft()
    for _ in range(3):
        _pick_first(draft, 2)
    assert draft.is_complete
    assert all(len(draft.drafted(player)) == 6 for player in PLAYERS)
    assert _left_over(draft) == ()


def test_the_ui_can_see_who_is_still_choosing():
    draft = _upgrade_draft()
    draft.pick("purple", ["g", "h"])
    assert draft.picked_this_round("purple")
    assert not draft.picked_this_round("yellow")
    assert draft.waiting_for() == ("yellow", "teal")


def test_nobody_is_waited_for_once_the_draft_is_complete():
    draft = _upgrade_draft()
    for _ in range(3):
        _pick_first(draft, 2)
    assert draft.waiting_for() == ()


def test_duplicate_cards_in_a_hand_can_be_picked_together():
    draft = UpgradeDraft.start(["yellow", "purple"], ["axe"] * 12, rng=random.Random(1))
    draft.pick("yellow", ["axe", "axe"])
    assert draft.hand("yellow") == ("axe",) * 4


def test_picking_more_copies_than_the_hand_holds_is_refused():
    draft = UpgradeDraft.start(["yellow", "purple"], ["axe", *"bcdefghijkl"], rng=ScriptedRandom())
    with pytest.raises(ValueError, match=r"yellow cannot keep axe: not in the hand in front of them"):
        draft.pick("yellow", ["axe", "axe"])


def test_a_card_not_in_the_hand_is_refused():
    with pytest.raises(ValueError, match="not in the hand in front of them"):
        _upgrade_draft().pick("yellow", ["a", "z"])


def test_picking_twice_in_a_round_is_refused():
    draft = _upgrade_draft()
    draft.pick("yellow", ["a", "b"])
    with pytest.raises(ValueError, match="already picked this round"):
        draft.pick("yellow", ["c", "d"])


@pytest.mark.parametrize("cards", [["a"], ["a", "b", "c"], []])
def test_keeping_other_than_two_upgrade_cards_is_refused(cards):
    with pytest.raises(ValueError, match="exactly 2 card"):
        _upgrade_draft().pick("yellow", cards)


def test_a_single_string_instead_of_a_list_of_cards_is_refused():
    with pytest.raises(ValueError, match="not a single string"):
        _upgrade_draft().pick("yellow", "ab")


def test_a_stranger_cannot_pick():
    with pytest.raises(ValueError, match="'orange' is not a player"):
        _upgrade_draft().pick("orange", ["a", "b"])


def test_picking_after_the_draft_is_over_is_refused():
    draft = _upgrade_draft()
    for _ in range(3):
        _pick_first(draft, 2)
    with pytest.raises(ValueError, match="The draft is over"):
        draft.pick("yellow", ["a", "b"])


def test_a_deck_too_short_for_six_cards_each_is_refused():
    with pytest.raises(ValueError, match="too short: 17 cards for 3 hands of 6"):
        UpgradeDraft.start(PLAYERS, DECK[:17], rng=random.Random(1))


@pytest.mark.parametrize("players", [["yellow"], ["a", "b", "c", "d", "e"]])
def test_a_draft_needs_two_to_four_players(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        UpgradeDraft.start(players, DECK * 2, rng=random.Random(1))


def test_a_player_seated_twice_is_refused():
    with pytest.raises(ValueError, match="listed twice"):
        UpgradeDraft.start(["yellow", "yellow"], DECK, rng=random.Random(1))


def test_the_same_seed_deals_the_same_hands():
    first = UpgradeDraft.start(PLAYERS, DECK, rng=random.Random(5))
    assert first == UpgradeDraft.start(PLAYERS, DECK, rng=random.Random(5))


def test_a_draft_survives_a_round_trip_through_json():
    draft = _upgrade_draft()
    draft.pick("teal", ["m", "r"])
    saved = json.loads(json.dumps(draft.to_dict()))
    restored = UpgradeDraft.from_dict(saved)
    assert restored == draft
    restored.pick("yellow", ["a", "b"])
    assert restored.waiting_for() == ("purple",)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(kind="hero"), "not a saved upgrade draft"),
        (lambda d: d.pop("hands"), "needs players, hands"),
        (lambda d: d["hands"].pop("teal"), "needs players, hands"),
        (lambda d: d.update(players="yellow"), "needs players, hands"),
        (lambda d: d.update(rounds_done=4), "0 to 3 rounds"),
        (lambda d: d.update(picked=["orange"]), "only players of an unfinished draft"),
        (lambda d: d.update(picked=["yellow"]), "'yellow' should have drafted 2"),
        (lambda d: d.update(players=["yellow"]), "2 to 4 players"),
    ],
)
def test_a_malformed_saved_draft_is_refused(change, message):
    saved = _upgrade_draft().to_dict()
    change(saved)
    with pytest.raises(ValueError, match=message):
        UpgradeDraft.from_dict(saved)


# --- the Hero draft ---

HEROES = [
    "bjor",
    "cassius",
    "diana",
    "izzy",
    "jack-jack",
    "jaimie",
    "kisha",
    "mark",
    "natasha",
    "phyx",
    "sybbyl",
]


def test_hero_cards_are_divided_as_equally_as_possible_earlier_seats_getting_the_extra():
    draft = HeroDraft.start(PLAYERS, HEROES, rng=ScriptedRandom())
    assert [len(draft.hand(player)) for player in PLAYERS] == [4, 4, 3]
    assert draft.hand("yellow") == ("bjor", "cassius", "diana", "izzy")


def test_heroes_are_picked_one_at_a_time_and_passed_left_three_times():
    draft = HeroDraft.start(PLAYERS, HEROES, rng=ScriptedRandom())
    _pick_first(draft, 1)
    assert draft.hand("purple") == ("cassius", "diana", "izzy")
    _pick_first(draft, 1)
    _pick_first(draft, 1)
    assert draft.is_complete
    assert all(len(draft.drafted(player)) == 3 for player in PLAYERS)


def test_heroes_nobody_picked_leave_the_game():
    draft = HeroDraft.start(PLAYERS, HEROES, rng=ScriptedRandom())
    for _ in range(3):
        _pick_first(draft, 1)
    drafted = {hero for player in PLAYERS for hero in draft.drafted(player)}
    assert sorted(drafted | set(_left_over(draft))) == sorted(HEROES)
    assert len(_left_over(draft)) == 2


def test_a_hero_draft_keeps_one_hero_per_pick():
    draft = HeroDraft.start(PLAYERS, HEROES, rng=ScriptedRandom())
    with pytest.raises(ValueError, match="exactly 1 card"):
        draft.pick("yellow", ["bjor", "cassius"])


def test_a_hero_draft_needs_three_heroes_per_player():
    with pytest.raises(ValueError, match="3 Heroes per player, not 8 for 3 players"):
        HeroDraft.start(PLAYERS, HEROES[:8], rng=random.Random(1))


def test_a_hero_listed_twice_is_refused():
    with pytest.raises(ValueError, match="Hero card is unique"):
        HeroDraft.start(["yellow", "purple"], [*HEROES[:6], "diana"], rng=random.Random(1))


def test_a_hero_draft_survives_a_round_trip_but_is_not_an_upgrade_draft():
    draft = HeroDraft.start(PLAYERS, HEROES, rng=random.Random(2))
    _pick_first(draft, 1)
    assert HeroDraft.from_dict(draft.to_dict()) == draft
    with pytest.raises(ValueError, match="not a saved upgrade draft"):
        UpgradeDraft.from_dict(draft.to_dict())


# --- properties ---

decks_with_copies = st.lists(
    st.sampled_from(["axe", "bow", "ring", "potion", "shield"]), min_size=24, max_size=30
)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 4),
    deck=decks_with_copies,
    seed=st.integers(0, 2**32),
    choices=st.randoms(use_true_random=False),
)
def test_an_upgrade_draft_ends_with_six_cards_each_drawn_from_the_deck(players, deck, seed, choices):
    seats = (*PLAYERS, "gray")
    draft = UpgradeDraft.start(seats[:players], deck, rng=random.Random(seed))
    while not draft.is_complete:
        for player in choices.sample(draft.waiting_for(), len(draft.waiting_for())):
            draft.pick(player, choices.sample(draft.hand(player), 2))
        draft = UpgradeDraft.from_dict(json.loads(json.dumps(draft.to_dict())))
    all_drafted = Counter(card for player in draft.players for card in draft.drafted(player))
    assert all(len(draft.drafted(player)) == 6 for player in draft.players)
    assert all_drafted <= Counter(deck)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), extra=st.integers(0, 6), seed=st.integers(0, 2**32))
def test_a_hero_draft_ends_with_three_distinct_heroes_each(players, extra, seed):
    seats = (*PLAYERS, "gray")[:players]
    heroes = [f"hero-{n}" for n in range(3 * players + extra)]
    draft = HeroDraft.start(seats, heroes, rng=random.Random(seed))
    while not draft.is_complete:
        for player in draft.waiting_for():
            draft.pick(player, [draft.hand(player)[-1]])
    drafted = [hero for player in seats for hero in draft.drafted(player)]
    assert all(len(draft.drafted(player)) == 3 for player in seats)
    assert sorted(drafted + list(_left_over(draft))) == sorted(heroes)
