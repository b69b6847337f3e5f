"""Content packs: load (all or nothing, idempotent) and export (loads back identically).

A pack is a Django fixture with natural keys (`manage.py loaddata` reads it too), so a pack never carries
database ids and can move between installations.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core import serializers
from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, transaction

from campaigns.errors import ContentPackError
from campaigns.selectors.content import MODEL_LABELS
from campaigns.selectors.versions import CONTENT_VERSION_KEY


def _describe(index: int, record: dict[str, Any]) -> str:
    fields = record.get("fields", {})
    key = fields.get("slug") or fields.get("label") or fields.get("code") or ""
    return f"record #{index + 1} ({record.get('model', '?')} {key!r})".replace(" ''", "")


def _check_shape(records: Any) -> list[dict[str, Any]]:
    if not isinstance(records, list):
        raise ContentPackError("a content pack is a JSON list of records")
    for index, record in enumerate(records):
        if not isinstance(record, dict) or not isinstance(record.get("fields"), dict):
            raise ContentPackError(f"{_describe(index, {})}: every record needs 'model' and 'fields'")
        if record.get("model") not in MODEL_LABELS:
            raise ContentPackError(f"{_describe(index, record)}: unknown model {record.get('model')!r}")
        if "campaign" in record["fields"]:
            raise ContentPackError(f"{_describe(index, record)}: a pack holds no campaign's own cards")
        if "pk" in record:
            raise ContentPackError(f"{_describe(index, record)}: packs use natural keys, not 'pk'")
    return records


def _load_record(index: int, record: dict[str, Any]) -> None:
    try:
        (obj,) = serializers.deserialize("json", json.dumps([record]), ignorenonexistent=False)
        obj.object.full_clean(validate_unique=False, validate_constraints=False)
        obj.save()
    except (DeserializationError, ObjectDoesNotExist, ValidationError, DatabaseError, ValueError) as exc:
        raise ContentPackError(f"{_describe(index, record)}: {_reason(exc)}") from exc


def _reason(exc: Exception) -> str:
    cause = exc.__cause__ or exc.__context__
    if isinstance(exc, DeserializationError) and cause is not None:
        exc = cause
    if isinstance(exc, ObjectDoesNotExist):
        return f"refers to a record that does not exist ({exc})"
    if isinstance(exc, ValidationError):
        return "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())
    return str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__


def content_version_bump() -> None:
    """Content changed: everything cached from it (content reads, sheets) is read afresh once the change
    is committed (a rolled-back change keeps the version)."""
    transaction.on_commit(lambda: cache.delete(CONTENT_VERSION_KEY))


def content_pack_load(*, records: list[dict[str, Any]]) -> int:
    """Load a pack's records in one transaction; any bad record rolls the whole pack back."""
    records = _check_shape(records)
    with transaction.atomic():
        for index, record in enumerate(records):
            # A savepoint per record keeps PostgreSQL usable after a failing statement so we can name it.
            with transaction.atomic():
                _load_record(index, record)
        content_version_bump()
    return len(records)


def content_pack_load_file(*, path: Path) -> int:
    try:
        records = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ContentPackError(f"{path.name} is not valid JSON: {exc}") from exc
    try:
        return content_pack_load(records=records)
    except ContentPackError as exc:
        raise ContentPackError(f"{path.name}: {exc}") from exc
