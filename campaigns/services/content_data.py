"""Applying the content data tables on top of the loaded packs (see `selectors.content_data`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from django.db import transaction

from campaigns.errors import ContentPackError
from campaigns.selectors.content_data import plan_tables
from campaigns.selectors.content_rows import Applied
from campaigns.services.content import content_pack_load


@transaction.atomic
def content_data_load(*, paths: Sequence[Path]) -> list[Applied]:
    """Apply the tables in one transaction; a bad row names itself and nothing is written."""
    planned, applied = plan_tables(paths)
    for item in planned:
        done = applied[item.row.path]
        if item.verified:
            done.kept_verified.append(f"{item.model._meta.model_name} {'/'.join(item.key)}")
            continue
        record = {"model": item.model._meta.label_lower, "fields": item.fields}
        try:
            content_pack_load(records=[record])
        except ContentPackError as exc:
            raise item.row.error(_without_index(str(exc))) from exc
        done.loaded += 1
    return list(applied.values())


def _without_index(message: str) -> str:
    # "record #1 (campaigns.monster 'troll'): life: ..." -> "campaigns.monster: life: ...": the row names it.
    found = re.match(r"record #\d+ \(([\w.]+)[^)]*\): (.*)", message, re.DOTALL)
    return f"{found[1]}: {found[2]}" if found else message
