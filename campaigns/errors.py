"""Domain errors: what a service raises when a write breaks a rule or is based on a stale revision.

No HTTP here; `companion.api.exception_handler` and the pages map these to answers.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.core.exceptions import ValidationError
from django.db import InterfaceError as DbInterfaceError
from django.db import OperationalError as DbOperationalError
from django.utils.translation import gettext, gettext_noop

from rules_helpers.refusals import RuleError

# Worth another try later when rendering a sheet: the disk, the database connection. Everything else is a
# bug or bad data.
RENDER_TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (OSError, DbOperationalError, DbInterfaceError)


# The rules' refusals as `rules_helpers/` (no Django there) words them, marked here so the catalogue
# holds their translations (tests check each is still raised).
RULE_MESSAGES: frozenset[str] = frozenset(
    {
        gettext_noop("Death Curses cannot be moved between heroes."),
        gettext_noop("Only upgrade cards can be moved."),
        gettext_noop("Say whose hero was killed."),
        gettext_noop("A monster's reward goes to the guild whose hero dealt the last wound; say which."),
        gettext_noop(
            "Heroes are fielded at the start of a scenario; unused heroes cannot join in the middle of one."
        ),
        gettext_noop(
            "An angel kept for later is fielded at the start of a scenario, not in the middle of one."
        ),
        gettext_noop("In an episodic game a rescued angel does not join the guild (GF:298)."),
        gettext_noop("Only the guild that completed Save the Angel in this scenario may swap the angel in."),
        gettext_noop("The angel is already on the guild's roster."),
        gettext_noop("The scenario is over; field the angel at the start of the next one."),
        gettext_noop("Swap the angel for one of the three heroes on the board."),
        gettext_noop("This hero was swapped out for an angel and has left the board."),
        gettext_noop("Quests are a list of distinct quest slugs."),
        gettext_noop("The scenario ended with the win; no quest can be completed after it."),
        gettext_noop(
            "Base Arcadia Quest has no Damnation: Death Curses come from Death tokens only (BR:224)."
        ),
        gettext_noop(
            "In a campaign the Monster level is the scenario's number (RB:479-485); only an episodic game "
            "chooses its level."
        ),
        # With values: a `rules_helpers.refusals.RuleError` fills them in after the words are translated.
        gettext_noop("A hero has inventory slots 1 to %(slots)s."),
        gettext_noop("A guild holds at most %(limit)s upgrade cards; discard one first."),
        gettext_noop("%(hero)s already keeps a Death Curse; a hero keeps only one."),
        gettext_noop("%(curse)s does not take an inventory slot."),
        gettext_noop(
            "Every card must sit in one of a hero's %(slots)s slots; move or discard the extra ones."
        ),
        gettext_noop("A guild keeps at most %(limit)s upgrade cards; discard down to %(limit)s."),
        gettext_noop("Field exactly %(size)s different heroes."),
        gettext_noop("%(hero)s is not on the guild's roster."),
        gettext_noop("%(guild)s is not a guild in this scenario."),
    }
)


def rule_refusal(exc: Exception) -> str:
    """A rule's refusal in the reader's language: a constant rule message translated, any other as raised."""
    if isinstance(exc, RuleError) and exc.message in RULE_MESSAGES:
        return gettext(exc.message) % exc.params if exc.params else gettext(exc.message)
    message = str(exc)
    return gettext(message) if message in RULE_MESSAGES else message


def refuse(field: str, message: str) -> NoReturn:
    """A broken rule, named beside the field it concerns (a 400 with field messages)."""
    raise ValidationError({field: [message]})


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
