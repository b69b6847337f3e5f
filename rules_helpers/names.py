"""Names people read at the table: players' account names and campaign names (security probe F14).

A name must show what it is. A campaign name needs a visible letter or digit, and no character that is
invisible or turns the text around (zero-width spaces, the byte-order mark, bidi overrides): a list of
blank entries, or one whose text runs backwards, misleads whoever picks from it. A player's name is written
in one script (`ana` with a Cyrillic first letter would pass for `ana`), and two names that look alike once
normalised (NFKC, case folded, look-alike letters of other scripts read as the Latin ones, after Unicode's
confusables, UTS #39) are the same name.
"""

from __future__ import annotations

import unicodedata

from rules_helpers.refusals import RuleError

# Letters (Lo) that draw nothing: the Hangul fillers; and the blank Braille pattern (So).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Scripts written together in one language's names: Japanese (kanji, hiragana, katakana), Korean (hangul
# with hanja) and Chinese (with bopomofo) are one writing each.
SCRIPT_FAMILIES = {
    "CJK": "HAN",
    "HIRAGANA": "HAN",
    "KATAKANA": "HAN",
    "HANGUL": "HAN",
    "BOPOMOFO": "HAN",
    "IDEOGRAPHIC": "HAN",
}
# Letters of other scripts that look like Latin ones (lower case: names are compared case folded), after
# UTS #39's confusables table; Cyrillic and Greek, the ones a keyboard offers.
LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "\u0430": "a",  # cyrillic small letter a
        "\u0432": "b",  # cyrillic small letter ve
        "\u0435": "e",  # cyrillic small letter ie
        "\u0451": "\u00eb",  # cyrillic small letter io
        "\u04bb": "h",  # cyrillic small letter shha
        "\u043d": "h",  # cyrillic small letter en
        "\u0456": "i",  # cyrillic small letter byelorussian-ukrainian i
        "\u0457": "\u00ef",  # cyrillic small letter yi
        "\u0458": "j",  # cyrillic small letter je
        "\u043a": "k",  # cyrillic small letter ka
        "\u04cf": "l",  # cyrillic small letter palochka
        "\u043c": "m",  # cyrillic small letter em
        "\u043e": "o",  # cyrillic small letter o
        "\u0440": "p",  # cyrillic small letter er
        "\u051b": "q",  # cyrillic small letter qa
        "\u0433": "r",  # cyrillic small letter ghe
        "\u0441": "c",  # cyrillic small letter es
        "\u0455": "s",  # cyrillic small letter dze
        "\u0442": "t",  # cyrillic small letter te
        "\u0443": "y",  # cyrillic small letter u
        "\u04af": "y",  # cyrillic small letter straight u
        "\u0475": "v",  # cyrillic small letter izhitsa
        "\u051d": "w",  # cyrillic small letter we
        "\u0445": "x",  # cyrillic small letter ha
        "\u0501": "d",  # cyrillic small letter komi de
        # Greek
        "\u03b1": "a",  # greek small letter alpha
        "\u03b2": "b",  # greek small letter beta
        "\u03b5": "e",  # greek small letter epsilon
        "\u03b7": "n",  # greek small letter eta
        "\u03b9": "i",  # greek small letter iota
        "\u03ba": "k",  # greek small letter kappa
        "\u03bc": "u",  # greek small letter mu
        "\u03bd": "v",  # greek small letter nu
        "\u03bf": "o",  # greek small letter omicron
        "\u03c1": "p",  # greek small letter rho
        "\u03c4": "t",  # greek small letter tau
        "\u03c5": "u",  # greek small letter upsilon
        "\u03c7": "x",  # greek small letter chi
        "\u03b3": "y",  # greek small letter gamma
        "\u03b6": "z",  # greek small letter zeta
        # Latin letters that pass for others
        "\u0131": "i",  # latin small letter dotless i
        "\u0251": "a",  # latin small letter alpha
        "\u0261": "g",  # latin small letter script g
    }
)


def is_invisible(character: str) -> bool:
    """A character that draws nothing or changes the text's direction: a format (Cf: zero-width space and
    joiners, the byte-order mark, bidi embeddings, overrides and isolates) or control (Cc) character, or a
    blank letter."""
    return unicodedata.category(character) in ("Cf", "Cc") or character in BLANK_LETTERS


def is_visible_sign(character: str) -> bool:
    """A letter or digit someone can see."""
    return unicodedata.category(character)[0] in "LN" and character not in BLANK_LETTERS


def check_visible_name(name: str) -> None:
    """A campaign's (or any shown) name: at least one visible letter or digit, nothing invisible."""
    if any(is_invisible(c) for c in name):
        raise RuleError("A name cannot hold invisible or text-direction characters.")
    if not any(is_visible_sign(c) for c in unicodedata.normalize("NFKC", name)):
        raise RuleError("A name needs at least one visible letter or digit.")


def script_of(character: str) -> str:
    """The script a letter is written in, as Unicode names it (LATIN, CYRILLIC, GREEK...; Han, kana and
    hangul as one)."""
    word = unicodedata.name(character, "UNKNOWN").split(" ", 1)[0]
    return SCRIPT_FAMILIES.get(word, word)


def scripts_of(name: str) -> set[str]:
    """The scripts of a name's letters (digits and signs belong to every script)."""
    normal = unicodedata.normalize("NFKC", name)
    return {script_of(c) for c in normal if unicodedata.category(c).startswith("L")}


def check_player_name(name: str) -> None:
    """A player's account name: visible, and written in one script."""
    check_visible_name(name)
    if len(scripts_of(name)) > 1:
        raise RuleError("A player's name is written in one script (not Latin and Cyrillic letters mixed).")


def name_skeleton(name: str) -> str:
    """What a name looks like: NFKC, case folded, look-alike letters read as the Latin ones. Two names with
    the same skeleton are one name to the people reading them."""
    return unicodedata.normalize("NFKC", name).casefold().translate(LOOK_ALIKES)
