"""Names that show what they are (security probe F14): visible campaign names, player names in one script,
look-alike names read as one."""

from __future__ import annotations

import pytest

from rules_helpers.names import check_player_name, check_visible_name, name_skeleton, scripts_of
from rules_helpers.refusals import RuleError


@pytest.mark.parametrize(
    "name",
    [
        "\u200b",  # zero-width space
        "\ufeff",  # byte-order mark
        "\u202e",  # right-to-left override
        "\u200b\u200b\ufeff",
        "   ",
        "\u3164",  # Hangul filler: a letter that draws nothing
        "\u2800",  # blank Braille pattern
        "!!!",
        "\u0301",  # a lone combining accent
    ],
    ids=repr,
)
def test_a_name_without_a_visible_letter_or_digit_is_refused(name):
    with pytest.raises(RuleError):
        check_visible_name(name)


@pytest.mark.parametrize(
    "name", ["Friday\u202eNight", "Ana\u200bs table", "Gold\u2066 at evil.example", "Two\nlines"], ids=repr
)
def test_invisible_or_direction_changing_characters_are_refused_among_letters(name):
    with pytest.raises(RuleError, match="invisible or text-direction"):
        check_visible_name(name)


@pytest.mark.parametrize(
    "name", ["Friday Night Inferno", "Noite de sexta: Inferno", "第九圈", "Ночь ада", "7", "Ω"], ids=repr
)
def test_names_people_can_read_pass(name):
    check_visible_name(name)


@pytest.mark.parametrize("name", ["\u0430na", "an\u0430", "p\u0430yp\u0430l", "\u03bflga"], ids=repr)
def test_a_player_name_mixing_scripts_is_refused(name):
    """The review's `\\u0430na`: a Cyrillic a beside Latin letters reads as `ana`."""
    with pytest.raises(RuleError, match="one script"):
        check_player_name(name)


@pytest.mark.parametrize(
    "name", ["ana", "José", "Ольга", "たなか太郎", "김민준", "ana_b-2", "ana@table.local"]
)
def test_a_player_name_in_one_script_passes(name):
    check_player_name(name)


def test_scripts_are_read_after_nfkc():
    """Fullwidth and mathematical letters are Latin once normalised."""
    assert scripts_of("\uff41\uff4e\uff41") == {"LATIN"} and scripts_of("\U0001d41ana") == {"LATIN"}


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("ana", "ANA"),
        ("ana", "\uff41\uff4e\uff41"),  # fullwidth
        ("ace", "\u0430\u0441\u0435"),  # every letter Cyrillic
        ("olga", "\u03bf\u217cga"),  # Greek omicron, small Roman numeral fifty
        ("paypal", "\u0440\u0430\u0443\u0440\u0430l"),
    ],
    ids=repr,
)
def test_look_alike_names_share_a_skeleton(one, other):
    assert name_skeleton(one) == name_skeleton(other)


@pytest.mark.parametrize(("one", "other"), [("ana", "anna"), ("ana", "ána"), ("ben", "bem")])
def test_different_names_keep_different_skeletons(one, other):
    assert name_skeleton(one) != name_skeleton(other)
