"""A content pack's records as a structure, before any value is read against its kind (G6, F10).

Each record is an object of kind, target, fields and verified_on; kind and target are text, fields an object
of single values (text, a whole number, yes/no or null) or short lists of words (a die's faces), and no text
holds a NUL character (PostgreSQL refuses it). A record that is not so is a 400 naming its path
(`records[12].cost`), never a 500 further on; `selectors.overrides.clean_pack_records` then checks each value
against its kind and the edition.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaigns.errors import refuse

# The largest pack a member may send: 2,000 records (`MAX_PACK_RECORDS`) of the longest fields fit.
MAX_PACK_BYTES = 2 * 1024 * 1024
RECORD_KEYS = frozenset({"kind", "target", "fields", "verified_on"})
# Longer than any field's name (OVERRIDE_FIELDS): a longer key is not one, and is not echoed back whole.
FIELD_NAME_LENGTH = 40
# A field that holds a list holds a few words (a die's six faces, `OVERRIDE_FIELDS`): a list longer than
# this, or of anything but short text, is not one of them.
LIST_LENGTH = 12


def check_pack_records(records: list[Any]) -> None:
    """Each record's shape and value types; the first bad one is refused beside its path."""
    for index, record in enumerate(records):
        path = f"records[{index}]."
        if not isinstance(record, dict) or set(record) - RECORD_KEYS:
            refuse(f"{path}record", _("A record holds kind, target, fields and verified_on, nothing else."))
        for key in ("kind", "target", "verified_on"):
            _check_text(f"{path}{key}", record.get(key))
        fields = record.get("fields", {})
        if not isinstance(fields, dict):
            refuse(f"{path}fields", _("Give the fields as an object of names and values."))
        for name, value in fields.items():
            if len(name) > FIELD_NAME_LENGTH or "\x00" in name:
                refuse(f"{path}fields", _("A field's name is a short word (for example life or cost)."))
            _check_value(f"{path}{name}", value)


def _check_text(path: str, value: Any) -> None:
    """Text or nothing (a missing kind or target is named by the checks that follow)."""
    if value is not None and not isinstance(value, str):
        refuse(path, _("Text is expected here, not %(type)s.") % {"type": _json_type(value)})
    if isinstance(value, str) and "\x00" in value:
        refuse(path, _("Text cannot hold NUL characters."))


def _check_value(path: str, value: Any) -> None:
    if _words(value):
        for word in value:
            _check_text(path, word)
        return
    if isinstance(value, dict | list):
        message = _("One value is expected here (text, a whole number, or yes/no), not %(type)s.")
        refuse(path, message % {"type": _json_type(value)})
    _check_text(path, value if isinstance(value, str) else None)


def _words(value: Any) -> bool:
    """A short list of short text (a die's faces); its values are checked against the field's kind later."""
    return (
        isinstance(value, list)
        and len(value) <= LIST_LENGTH
        and all(isinstance(word, str) and len(word) <= FIELD_NAME_LENGTH for word in value)
    )


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes/no")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return _("text")
