import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_helpers.counts import check_count, is_whole_number


@pytest.mark.parametrize("value", [0, 1, 24])
def test_a_count_is_a_whole_number_of_at_least_zero(value):
    """GF:314 "24 Death tokens": tokens, coins and dice are counted whole, from none upwards."""
    check_count("Death tokens", value)
    assert is_whole_number(value)


@pytest.mark.parametrize("value", [-1, 1.0, 2.5, "3", None, True, False])
def test_anything_else_is_not_a_count(value):
    """A JSON ``true`` is an int to Python, but never a number of tokens."""
    assert not is_whole_number(value)
    with pytest.raises(ValueError, match=r"the number of Death tokens must be a whole number of at least 0"):
        check_count("Death tokens", value)


def test_a_whole_number_may_be_bounded_on_both_sides():
    """RB:371 "4 card slots": a slot is a whole number from 1 to 4."""
    assert [is_whole_number(slot, low=1, high=4) for slot in (0, 1, 4, 5)] == [False, True, True, False]


def test_a_whole_number_may_have_no_lower_bound():
    assert is_whole_number(-7, low=None)
    assert not is_whole_number(True, low=None)


@given(value=st.integers(-50, 50), low=st.integers(-10, 10), high=st.none() | st.integers(-10, 10))
def test_an_int_is_a_whole_number_exactly_within_its_bounds(value, low, high):
    assert is_whole_number(value, low=low, high=high) == (low <= value and (high is None or value <= high))
