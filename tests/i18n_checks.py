"""Reading a page as a Brazilian player would: which marked English strings are still on it?

The English side of the catalogue is the list of strings we marked. A page rendered in pt-br must show
none of them: short ones (one or two words, "Log in", "Hero %(n)s") may not be a whole text or label on
the page, longer ones may not appear anywhere in its text. User-typed names and content without a
Portuguese name are not in the catalogue, so they never count as leftovers.
"""

from __future__ import annotations

import functools
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import polib
from django.conf import settings

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
# Read by people: the text, and the attributes a screen reader or a browser speaks or shows.
SPOKEN_ATTRIBUTES = {"aria-label", "title", "placeholder", "alt", "hx-confirm"}
SILENT_TAGS = {"script", "style", "svg"}


def plain(text: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).split())


class PageText(HTMLParser):
    """Each text run and spoken attribute of a page, whitespace collapsed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self.silent = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SILENT_TAGS:
            self.silent += 1
        for name, value in attrs:
            if name in SPOKEN_ATTRIBUTES and value:
                self.pieces.append(" ".join(value.split()))

    def handle_endtag(self, tag: str) -> None:
        if tag in SILENT_TAGS and self.silent:
            self.silent -= 1

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not self.silent:
            self.pieces.append(text)


def page_pieces(html: str) -> list[str]:
    parser = PageText()
    parser.feed(html)
    return parser.pieces


def _pattern(english: str, *, whole: bool) -> re.Pattern[str]:
    parts = [re.escape(part) for part in PLACEHOLDER.split(english.replace("%%", "%"))]
    body = r".{1,120}?".join(parts)
    return re.compile(rf"^{body}$" if whole else rf"(?<!\w){body}(?!\w)")


@functools.cache
def english_strings() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(English text, how to find it) for every marked string whose Portuguese differs."""
    found = []
    for entry in polib.pofile(str(CATALOGUE)):
        pairs = [(entry.msgid, entry.msgstr)]
        if entry.msgid_plural:
            forms = entry.msgstr_plural
            pairs = [(entry.msgid, forms.get(0, "")), (entry.msgid_plural, forms.get(1, ""))]
        for english, portuguese in pairs:
            text = plain(english)
            if not text or text == plain(portuguese):
                continue
            words = PLACEHOLDER.sub(" ", text).replace("%%", " ").split()
            found.append((text, _pattern(text, whole=len(words) < 3)))
    return tuple(found)


def english_leftovers(html: str) -> list[str]:
    """The marked English strings a page still shows."""
    pieces = page_pieces(html)
    whole_text = " ".join(pieces)
    leftovers = []
    for text, pattern in english_strings():
        if pattern.pattern.startswith("^"):
            if any(pattern.match(piece) for piece in pieces):
                leftovers.append(text)
        elif pattern.search(whole_text):
            leftovers.append(text)
    return leftovers
