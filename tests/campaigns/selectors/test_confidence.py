"""How sure a number is, said one way (selectors/confidence.py): the kind each record's flags give.

GF:8-9: an UNCERTAIN or NOT FOUND fact is shipped as editable content "and says so to the user".
"""

from types import SimpleNamespace

from campaigns.selectors.confidence import (
    BOX,
    DOUBTFUL,
    FAN,
    INFERRED,
    TABLE,
    ZERO,
    bracket_confidence,
    confidence_kind,
    confidence_mark,
    confidence_of,
    record_confidence,
    records_confidence,
)


def _card(**fields):
    base = {"verified": False, "confidence": "medium", "source": "FAN-L", "cost": 2}
    return SimpleNamespace(**{**base, **fields})


def test_a_fan_transcription_is_fan_and_a_checked_record_is_the_box():
    """N1, GF:289: the Upgrade costs come from FAN-L, verified false."""
    assert record_confidence(_card(), "cost")["kind"] == FAN
    assert record_confidence(_card(verified=True), "cost")["kind"] == BOX


def test_a_cost_of_0_in_the_fan_transcription_says_to_check_the_card():
    """N1: ten kinds cost 0 in the source ("Cost 0 in source … check")."""
    info = record_confidence(_card(cost=0), "cost")
    assert info["kind"] == ZERO and str(info["note"]) == "0 in the fan transcription — check your card."
    # A defense of 0 is no such doubt: only a cost is.
    assert record_confidence(_card(cost=0, defense=0), "defense")["kind"] == FAN
    # A 0 checked against the box is the box's.
    assert record_confidence(_card(cost=0, verified=True), "cost")["kind"] == BOX


def test_low_confidence_is_doubtful_whatever_the_number():
    """content-check-2 §2: Profane Shield is the CSV's one low row."""
    assert record_confidence(_card(confidence="low", cost=0), "cost")["kind"] == DOUBTFUL


def test_what_the_table_entered_is_theirs_before_anything_else():
    card = _card(verified=True, entered_fields=("cost",))
    assert record_confidence(card, "cost")["kind"] == TABLE
    assert record_confidence(card, "cost")["source"] == ""
    # Another field of the same card keeps the record's own kind.
    assert record_confidence(card, "copies")["kind"] == BOX
    assert confidence_kind(verified=False, entered=True, zero=True) == TABLE


def test_the_level_4_5_and_6_brackets_are_inferred():
    """GF:231: brackets 1 | 2-3 | 4-5 | 6, the last two inferred from "4 cards / 6 scenarios"."""
    assert bracket_confidence("GF:231 (inferred)")["kind"] == INFERRED
    assert bracket_confidence("RB:479-485")["kind"] == BOX


def test_odds_from_two_dice_are_as_sure_as_the_least_sure_die():
    """GF:251: the faces come from two fan dice apps, physical dice not verified."""
    attack = {"verified": False, "confidence": "", "source": "FAN-D"}
    defense = {"verified": True, "confidence": "", "source": "RB p16"}
    assert records_confidence([attack, defense])["kind"] == FAN
    assert records_confidence([defense])["kind"] == BOX
    assert "FAN-D" in records_confidence([attack, defense])["source"]


def test_the_kept_form_is_plain_text_and_turns_back_into_the_same_mark():
    kept = confidence_of(_card(cost=0), "cost")
    assert kept == {"kind": ZERO, "source": "FAN-L"}
    assert confidence_mark(kept)["mark"] == record_confidence(_card(cost=0), "cost")["mark"]
    assert confidence_mark({"kind": "nonsense"})["kind"] == FAN
