"""Domain errors: what a service raises when a write breaks a rule or is based on a stale revision.

No HTTP here; `companion.api.exception_handler` and the pages map these to answers.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

from django.core.exceptions import ValidationError
from django.db import InterfaceError as DbInterfaceError
from django.db import OperationalError as DbOperationalError
from django.utils.translation import gettext, ngettext

from rules_helpers.refusals import RuleError, Words

# Worth another try later when rendering a sheet: the disk, the database connection. Everything else is a
# bug or bad data.
RENDER_TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (OSError, DbOperationalError, DbInterfaceError)


def rule_refusal(exc: Exception) -> str:
    """A rule's refusal in the reader's language: a `RuleError`'s words translated (in the plural form its
    count asks for) before its values are filled in; any other as raised.

    The words are written once, in `rules_helpers/`; `manage.py makemessages` collects them for the
    catalogue (`campaigns/management/commands/makemessages.py`)."""
    if isinstance(exc, RuleError):
        if exc.plural:
            words = ngettext(exc.message, exc.plural, exc.params.get(exc.number, 0))
        else:
            words = gettext(exc.message)
        params = {name: _said(value) for name, value in exc.params.items()}
        return words % params if params else words
    return str(exc)


def _said(value: object) -> object:
    """A refusal's value in the reader's language when it is words (`Words`: what a count counts)."""
    if isinstance(value, Words):
        words = gettext(value.words)
        return words % value.params if value.params else words
    return value


def refuse(field: str, message: str) -> NoReturn:
    """A broken rule, named beside the field it concerns (a 400 with field messages)."""
    raise ValidationError({field: [message]})


@contextmanager
def rule_of(field: str) -> Iterator[None]:
    """A rule broken inside the block (a `ValueError` from `rules_helpers/`) is refused beside `field`, in the
    reader's language."""
    try:
        yield
    except ValueError as exc:
        raise ValidationError({field: [rule_refusal(exc)]}) from exc


class ConflictError(Exception):
    """A write based on a stale revision, or one that collides with another player's write."""

    def __init__(self, message: str, *, current: Any = None, campaign_id: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.current = current
        self.campaign_id = campaign_id


class ContentPackError(Exception):
    """A content pack or table that cannot load; the message names the bad record."""


class ContentDataError(ContentPackError):
    """A content data table that cannot load; the message names the file, the line and the row's slug."""
