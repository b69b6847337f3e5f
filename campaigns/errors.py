"""Domain errors: what a service raises when a write breaks a rule or is based on a stale revision.

No HTTP here; `companion.api.exception_handler` and the pages map these to answers.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.core.exceptions import ValidationError
from django.db import InterfaceError as DbInterfaceError
from django.db import OperationalError as DbOperationalError
from django.utils.translation import gettext, gettext_noop, ngettext, ngettext_lazy

from rules_helpers.refusals import RuleError, Words

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
        gettext_noop("Heroes are chosen before the first scenario and never changed afterwards."),
        gettext_noop("This campaign drafts its heroes; pick from your hand in the hero draft."),
        gettext_noop("These heroes were drafted; they stay the guild's for the whole campaign (RB:316-318)."),
        gettext_noop("The scenario ended with the win; no quest can be completed after it."),
        gettext_noop("The scenario ended with the win; no kill can be recorded after it."),
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
        # The drafts, purchases, seating, scoring and finale checks (rules_helpers drafts, upgrades, seating,
        # scoring, achievements).
        gettext_noop("%(player)s is not a player in this draft."),
        gettext_noop("The draft is over; nobody picks any more."),
        gettext_noop("%(player)s already picked this round; wait for the hands to pass."),
        gettext_noop("%(player)s cannot keep %(cards)s: not in the hand in front of them."),
        gettext_noop("The Upgrade deck is too short: %(cards)s cards for %(hands)s hands of %(hand)s."),
        gettext_noop(
            "A Hero draft needs %(rounds)s Heroes per player, not %(heroes)s for %(players)s players."
        ),
        gettext_noop("A draft has %(least)s to %(most)s players, not %(players)s."),
        gettext_noop("Each player sits at the table once, but a player is listed twice."),
        gettext_noop("These cards cost %(spent)s coins but the Guild has only %(coins)s."),
        gettext_noop("Each guild draws one starting area."),
        gettext_noop("Give one starting area for each guild: %(guilds)s."),
        gettext_noop(
            "With %(count)s guilds the starting areas are 1 to %(count)s, each used once (RB:515-517)."
        ),
        gettext_noop("%(guild)s is not seated at this table."),
        gettext_noop("Nobody is seated at the table."),
        gettext_noop("Exactly one guild wins a scenario, not %(winners)s."),
        gettext_noop("%(scenario)s has no Title quest."),
        gettext_noop("Only the first guild to complete it gets the title %(title)s."),
        gettext_noop("There is no angel to rescue in %(scenario)s."),
        gettext_noop("Only one guild can rescue %(angel)s."),
        gettext_noop("%(card)s is not a reward card of %(scenario)s."),
        gettext_noop("%(guild)s cannot complete the quest for its own colour."),
        gettext_noop("%(quest)s is not a quest of %(scenario)s for %(guild)s."),
        gettext_noop("Choose the level of this episodic game: a whole number from 1 to %(most)s (GF:298)."),
        gettext_noop(
            'Choose the Upgrade deck to deal from: a level from 1 to %(decks)s (GF:298 "Upgrade cards of any '
            'level chosen"; BR:230 the box has a deck for each Upgrade Phase).'
        ),
        gettext_noop(
            "Say how many Upgrade cards each Guild gets: a whole number from 1 to %(limit)s (the sources "
            "give no number for an episodic game, GF:298; a Guild holds at most %(limit)s, BR:233)."
        ),
        gettext_noop(
            "This level's deck holds %(cards)s cards, too few to deal %(each)s to each of "
            "%(guilds)s Guilds; deal fewer, or enter the cards dealt at the table."
        ),
        gettext_noop("A kill is of a %(victims)s, not %(victim)s."),
        gettext_noop(
            "The last scenario's quests show the Underlord killed by %(guilds)s; "
            "the Savior of Arcadia is the guild that dealt the killing blow."
        ),
        # The helpers' checks with values (rules_helpers counts, dice, spawn, monsters, curses).
        gettext_noop("the number of %(name)s must be a whole number of at least 0, not %(value)s"),
        gettext_noop("unknown die face(s) %(unknown)s; known faces are %(known)s"),
        gettext_noop("the %(die)s die is not in the content yet, so no roll is possible"),
        gettext_noop("unknown roll kind %(kind)s; expected one of %(kinds)s"),
        gettext_noop("unknown attack kind %(kind)s; an attack is 'melee' or 'ranged'"),
        gettext_noop("a Spawn token shows a pair of symbols, not %(symbols)s"),
        gettext_noop("a Space holds 0 to %(most)s characters, not %(occupants)s"),
        gettext_noop("the Ticket Scalper makes one choice per spawning figure: %(figures)s, not %(choices)s"),
        gettext_noop(
            "the Ticket Scalper must choose a Spawn token on the board, and there is no token %(index)s"
        ),
        gettext_noop("the Ticket Scalper may only choose a free Spawn token, and token %(index)s is Full"),
        gettext_noop("the Spawn tile has %(slots)s slots, so at most %(slots)s figures spawn"),
        gettext_noop("the box holds %(box)s Spawn tokens, so the board cannot show %(tokens)s"),
        gettext_noop("a scenario's position in the campaign is a whole number, not %(scenario)s"),
        gettext_noop("a campaign has scenarios 1 to %(most)s, so there is no scenario %(scenario)s"),
        gettext_noop(
            "exactly one level card must cover scenario %(scenario)s; of %(labels)s, %(covering)s do"
        ),
        gettext_noop("a level card label is a scenario number or a range like '2-3', not %(label)s"),
        gettext_noop("a level card label's range must go upwards, not %(label)s"),
        gettext_noop("a Death Curse's value is a whole number of at least 0, not %(value)s"),
        gettext_noop("two Spawn tokens show the same pair of symbols, so a roll could not pick one"),
        gettext_noop("each Hero draws Death Curses once per Upgrade Phase, but a Hero is listed twice"),
    }
)

# The refusals that count something: their singular and plural words (`RuleError(plural=...)`), marked for
# the catalogue; `rule_refusal` takes the reader's plural form.
RULE_PLURALS = (
    ngettext_lazy(
        "Each round a player keeps exactly %(picks)s card, not %(given)s.",
        "Each round a player keeps exactly %(picks)s cards, not %(given)s.",
        "picks",
    ),
    ngettext_lazy(
        "A Guild buys at most %(most)s Upgrade card per Upgrade Phase, not %(given)s.",
        "A Guild buys at most %(most)s Upgrade cards per Upgrade Phase, not %(given)s.",
        "most",
    ),
    ngettext_lazy(
        "A guild saves at most %(most)s coin between scenarios.",
        "A guild saves at most %(most)s coins between scenarios.",
        "most",
    ),
    ngettext_lazy(
        "There is only %(limit)s copy of %(card)s.", "There are only %(limit)s copies of %(card)s.", "limit"
    ),
    ngettext_lazy(
        "Spawn token symbol %(stray)s is not a face of the Attack die %(faces)s",
        "Spawn token symbols %(stray)s are not faces of the Attack die %(faces)s",
        "count",
    ),
)

# What a count counts, and the dice a content pack lacks (`rules_helpers.refusals.Words`): said inside a
# refusal, marked here for the catalogue.
RULE_WORDS: tuple[str, ...] = (
    gettext_noop("dice"),
    gettext_noop("rerolls"),
    gettext_noop("Hits"),
    gettext_noop("Saves"),
    gettext_noop("wounds"),
    gettext_noop("overkill rating"),
    gettext_noop("Death tokens"),
    gettext_noop("Damnation tokens"),
    gettext_noop("Death Curse cards in the deck"),
    gettext_noop("Death Curse cards for %(hero)s"),
    gettext_noop("Death tokens of guild %(guild)s"),
    gettext_noop("coins earned by guild %(guild)s"),
    gettext_noop("Upgrade cards the guild holds"),
    gettext_noop("Upgrade cards added"),
    gettext_noop("cards bought"),
    gettext_noop("reward quests"),
    gettext_noop("coins"),
    gettext_noop("quests completed"),
    gettext_noop("treasure coins"),
    gettext_noop("coins a card costs"),
    gettext_noop("coins left"),
    gettext_noop("attack"),
    gettext_noop("defense"),
    gettext_noop("attack and defense"),
)


def rule_refusal(exc: Exception) -> str:
    """A rule's refusal in the reader's language: a `RuleError`'s words translated (in the plural form its
    count asks for) before its values are filled in; a constant rule message translated; any other as
    raised."""
    if isinstance(exc, RuleError):
        if exc.plural:
            words = ngettext(exc.message, exc.plural, exc.params.get(exc.number, 0))
        else:
            words = gettext(exc.message)
        params = {name: _said(value) for name, value in exc.params.items()}
        return words % params if params else words
    message = str(exc)
    return gettext(message) if message in RULE_MESSAGES else message


def _said(value: object) -> object:
    """A refusal's value in the reader's language when it is words (`Words`: what a count counts)."""
    if isinstance(value, Words):
        words = gettext(value.words)
        return words % value.params if value.params else words
    return value


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
