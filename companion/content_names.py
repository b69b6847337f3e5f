"""Content names in the reader's language: ``{% load content_names %}`` then ``{{ record|local_name }}``.

A content record (or a dict from the sheet data) carries its English ``name`` and, where a source gives
it, its Brazilian Portuguese ``name_pt``. A Portuguese reader sees the Portuguese name with the English one
as a hint (the words printed on an English box); a missing translation falls back to the English name.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()

# Language code (as settings.LANGUAGES spells it) -> the fields that may hold a record's name in it: scenarios
# and titles carry `name_pt`; cards, curses and monsters keep the Brazilian box's name in `local_name`.
NAME_FIELDS = {"pt-br": ("name_pt", "local_name")}


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


@register.filter
def local_name(record: Any) -> SafeString:
    """The name in the reader's language, the English name beside it as a hint."""
    shown, hint = names(record)
    if not hint:
        return format_html("{}", shown)
    return format_html('{} <span class="name-hint" lang="en">({})</span>', shown, hint)


@register.filter
def local_name_text(record: Any) -> str:
    """Plain text for options and attributes: "Nome (Name)", or the English name alone."""
    shown, hint = names(record)
    return f"{shown} ({hint})" if hint else shown
