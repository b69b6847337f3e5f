"""A spawn row's chances shown in tenths of a percent add up to exactly 100 % (the walkthrough's V16: 1/6 read
16.6 % and a row added up to 99.8 %)."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from rules_helpers.odds import tenths_of_a_percent


def test_sixths_read_as_rounded_and_add_up_to_a_whole():
    shares = tenths_of_a_percent([1 / 6] * 6)
    assert sorted(shares) == [166, 166, 167, 167, 167, 167] and sum(shares) == 1000


def test_seven_eighteenths_reads_38_9():
    assert tenths_of_a_percent([7 / 18, 11 / 18]) == [389, 611]


@given(st.lists(st.integers(min_value=0, max_value=36), min_size=1, max_size=6).filter(lambda w: sum(w) > 0))
def test_any_row_adds_up_to_1000_and_each_share_is_within_a_tenth(weights):
    total = sum(weights)
    chances = [w / total for w in weights]
    shares = tenths_of_a_percent(chances)
    assert sum(shares) == 1000
    for share, weight in zip(shares, weights, strict=True):
        assert abs(Fraction(share) - Fraction(weight * 1000, total)) < 1
