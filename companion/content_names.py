"""Content names in the reader's language: ``{% load content_names %}`` then ``{{ record|local_name }}``.

A content record (or a dict from the sheet data) carries its English ``name`` and, where a source gives
it, its Brazilian Portuguese ``name_pt``. A Portuguese reader sees the Portuguese name with the English one
as a hint (the words printed on an English box); a missing translation falls back to the English name.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext_lazy

register = template.Library()

# Language code (as settings.LANGUAGES spells it) -> the fields that may hold a record's name in it:
# scenarios, titles, circles, quests, heroes and guild colours carry `name_pt`; cards, curses and monsters
# keep the Brazilian box's name in `local_name`.
NAME_FIELDS = {"pt-br": ("name_pt", "local_name")}
# `name_pt_source` of a Portuguese name no source gives: the app translated it (catalog.NameOrigin.APP).
APP_TRANSLATION = "app"
MARK = "\u2020"  # the dagger beside a name no source gives in the reader's language
# The guilds' animals (the boxes' guild symbols): the app's words, in the catalogue like its other game words.
ANIMALS = {
    "Tiger": pgettext_lazy("guild animal", "Tiger"),
    "Serpent": pgettext_lazy("guild animal", "Serpent"),
    "Shark": pgettext_lazy("guild animal", "Shark"),
    "Crow": pgettext_lazy("guild animal", "Crow"),
    "Eagle": pgettext_lazy("guild animal", "Eagle"),
    "Panda": pgettext_lazy("guild animal", "Panda"),
    "Lion": pgettext_lazy("guild animal", "Lion"),
    "Fox": pgettext_lazy("guild animal", "Fox"),
}


def _field(record: Any, name: str) -> str:
    value = record.get(name) if isinstance(record, dict) else getattr(record, name, None)
    return str(value) if value else ""


def names(record: Any, language: str | None = None) -> tuple[str, str]:
    """(the name to show, the English hint or "") for the given or the active language."""
    english = _field(record, "name")
    fields = NAME_FIELDS.get((language or get_language() or "").lower(), ())
    translated = next((value for name in fields if (value := _field(record, name))), "")
    if not translated:
        return english, ""
    return translated, english if english and english != translated else ""


def name_note(record: Any, language: str | None = None) -> str:
    """Why the shown name has no source, or "": the app's own Portuguese translation, or (in English) a
    literal translation of the Brazilian name, or the Brazilian name itself where no English one is known."""
    translated = bool(NAME_FIELDS.get((language or get_language() or "").lower()))
    if translated:
        shown_pt = any(_field(record, name) for name in NAME_FIELDS["pt-br"])
        if shown_pt and _field(record, "name_pt_source") == APP_TRANSLATION:
            return gettext("The app's translation: no source gives it in Portuguese.")
        return ""
    if _field(record, "name_en_literal"):
        return gettext("Literal translation of the Brazilian name")
    # A Brazilian name kept as the English one with no source of its own (the base monsters FAN-R alone
    # names); a name CB-PT keeps as the English box has it (Justicar) says where it comes from.
    same = _field(record, "local_name") == _field(record, "name")
    if same and _field(record, "local_name") and not _field(record, "name_pt_source"):
        return gettext("The Brazilian name: no English one is known")
    return ""


def _mark(record: Any) -> SafeString:
    note = name_note(record)
    return format_html('<abbr class="name-mark" title="{}">{}</abbr>', note, MARK) if note else mark_safe("")


@register.filter
def local_name(record: Any) -> SafeString:
    """The name in the reader's language, the English name beside it as a hint, and a dagger (explained on
    hover) where no source gives the shown name."""
    shown, hint = names(record)
    if not hint:
        return format_html("{}{}", shown, _mark(record))
    return format_html('{}{} <span class="name-hint" lang="en">({})</span>', shown, _mark(record), hint)


@register.filter
def shown_name(record: Any) -> SafeString:
    """The name in the reader's language alone (a guild's badge: the colour shows which it is)."""
    return format_html("{}{}", names(record)[0], _mark(record))


@register.filter
def local_name_text(record: Any) -> str:
    """Plain text for options and attributes: "Nome (Name)", or the English name alone; a dagger where no
    source gives the shown name."""
    shown, hint = names(record)
    mark = MARK if name_note(record) else ""
    return f"{shown}{mark} ({hint})" if hint else f"{shown}{mark}"


@register.filter
def attack_name(card: Any) -> SafeString:
    """A monster level card's attack name in the reader's language: the Brazilian card's name for a
    Portuguese reader (the English one as a hint), the English name otherwise. Where no source gives the
    English name, an English reader sees the Brazilian one marked as such, never as an English name
    (ux-walkthrough-2 L4)."""
    english, brazilian = _field(card, "attack_name"), _field(card, "attack_name_pt")
    if brazilian and NAME_FIELDS.get((get_language() or "").lower()):
        if english and english != brazilian:
            return format_html('{} <span class="name-hint" lang="en">({})</span>', brazilian, english)
        return format_html("{}", brazilian)
    if english or not brazilian:
        return format_html("{}", english)
    note = gettext("The Brazilian name: no English one is known")
    return format_html(
        '<span lang="pt-BR">{}</span><abbr class="name-mark" title="{}">{}</abbr>', brazilian, note, MARK
    )


@register.filter
def animal(word: str) -> str:
    """A guild's animal in the reader's language (an animal the app does not know stays as written)."""
    return str(ANIMALS.get(word, word))


@register.simple_tag
def english_note() -> SafeString:
    """Beside a card effect kept in English (no source gives it in the reader's language)."""
    if not NAME_FIELDS.get((get_language() or "").lower()):
        return mark_safe("")
    return format_html('<small class="sub english-note">{}</small>', gettext("(in English)"))
