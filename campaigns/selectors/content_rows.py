"""Rows of the content data tables (fixtures/content-data/*.csv), read and checked cell by cell.

An empty cell stays empty (NULL), never a guess; a bad cell names its file, line and slug.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.db.models import Model

from campaigns.errors import ContentDataError
from campaigns.models import Confidence

if TYPE_CHECKING:
    from campaigns.selectors.content_data import Editions

Record = dict[str, Any]


@dataclass
class Row:
    """One table row, with where it came from so every error can point at it."""

    path: Path
    line: int
    cells: dict[str, str]

    @property
    def origin(self) -> str:
        slug = self.cells.get("slug", "")
        return f"{self.path.name} line {self.line}" + (f" ({slug})" if slug else "")

    def error(self, message: str) -> ContentDataError:
        return ContentDataError(f"{self.origin}: {message}")

    def text(self, column: str) -> str:
        return self.cells[column].strip()

    def required(self, column: str) -> str:
        value = self.text(column)
        if not value:
            raise self.error(f"{column}: this cell may not be empty")
        return value

    def number(self, column: str) -> int | None:
        value = self.text(column)
        if not value:
            return None
        if not value.isdigit():
            raise self.error(f"{column}: {value!r} is not a whole number (leave the cell empty if unknown)")
        return int(value)

    def flag(self, column: str) -> bool | None:
        value = self.text(column)
        if value not in ("", "true", "false"):
            raise self.error(f"{column}: {value!r} is not true or false (leave the cell empty if unknown)")
        return None if not value else value == "true"

    def choice(self, column: str, choices: Iterable[str], *, blank: bool = True) -> str:
        value = self.text(column) if blank else self.required(column)
        allowed = sorted(choices)
        if value and value not in allowed:
            raise self.error(f"{column}: {value!r} is not one of {', '.join(allowed)}")
        return value

    def slug(self) -> str:
        value = self.required("slug")
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", value):
            raise self.error(f"slug: {value!r} is not lowercase words joined by hyphens")
        return value

    def provenance(self) -> dict[str, Any]:
        return {
            "source": self.text("source"),
            "confidence": self.choice("confidence", Confidence.values),
            "verified": False,
        }


@dataclass
class Planned:
    """A record a row asks for, and the row, so a refusal from the database still names it."""

    row: Row
    model: type[Model]
    key: tuple[str, ...]
    fields: Record
    verified: bool = False  # the database holds it as verified: keep it as it is


@dataclass
class Table:
    columns: tuple[str, ...]
    plan: Callable[[Row, Editions], list[Planned]]
    edition: str | None = None  # None: the row's `edition` column says


@dataclass
class Applied:
    path: Path
    loaded: int = 0
    kept_verified: list[str] = field(default_factory=list)


def read_rows(path: Path, table: Table) -> list[Row]:
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            header = tuple(reader.fieldnames or ())
            if header != table.columns:
                expected, found = ",".join(table.columns), ",".join(header)
                raise ContentDataError(f"{path.name} line 1: the header must be {expected}; found {found}")
            rows = []
            for cells in reader:
                row = Row(path, reader.line_num, cells)
                if None in cells:
                    raise row.error(f"the row has more cells than the {len(header)} columns")
                if any(value is None for value in cells.values()):
                    raise row.error(f"the row has fewer cells than the {len(header)} columns")
                rows.append(row)
            return rows
    except UnicodeDecodeError as exc:
        raise ContentDataError(f"{path.name} is not UTF-8 text: {exc}") from exc
    except csv.Error as exc:
        raise ContentDataError(f"{path.name}: not a readable CSV table: {exc}") from exc
