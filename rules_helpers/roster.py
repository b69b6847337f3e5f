"""A Guild's roster: its Heroes, the Angels it rescued, and the 3 it fields in each scenario.

Inferno rulebook p.24-25 "Angels" (RB:1039-1042; the rest of p.25 is not in the seed, its text is gathered in
GF:173-177). Heroes are whatever the caller names them by (slugs or rows): these functions only compare them.
"""

from collections.abc import Collection, Sequence
from typing import TypeVar

from rules_helpers.box import HEROES_PER_GUILD
from rules_helpers.refusals import RuleError

Hero = TypeVar("Hero")


def check_fielding(
    fielded: Sequence[Hero], *, roster: Collection[Hero], size: int = HEROES_PER_GUILD
) -> list[Hero]:
    """The Heroes a Guild fields for the next scenario: exactly ``size`` different Heroes of its roster.

    GF:176 (RB p.25): "from then on, at the start of each scenario the player fields any 3 of its Heroes
    (Angel optional)". The roster keeps every Hero the Guild ever had: RB:1040 rescued Angels "join your
    Guild", and no source says a Hero swapped for one leaves it, so it may be fielded again later.
    """
    if len(fielded) != size or len(set(fielded)) != size:
        raise RuleError("Field exactly %(size)s different heroes.", size=size)
    missing = [hero for hero in fielded if hero not in roster]
    if missing:
        raise RuleError("%(hero)s is not on the guild's roster.", hero=missing[0])
    return list(fielded)


def check_fielding_open(*, scenario_live: bool) -> None:
    """The fielded Heroes change only between scenarios, never while one is being played.

    GF:176 (RB p.25): "at the start of each scenario the player fields any 3 of its Heroes … unused Heroes
    cannot join mid-scenario". The one exception is the immediate swap of an Angel just rescued in this
    scenario (GF:174, see ``check_angel_swap``).
    """
    if scenario_live:
        raise RuleError(
            "Heroes are fielded at the start of a scenario; unused heroes cannot join in the middle of one."
        )


def check_angel_swap(*, scenario_live: bool, rescued_in_this_scenario: bool) -> None:
    """When a rescued Angel may take a fielded Hero's place.

    GF:174 (RB p.25): whoever completes "Save the Angel" "may immediately swap it for one of its 3 Heroes or
    keep it on the roster for later". So the swap happens in the scenario that rescued it (tracked live: the
    tap right after the quest), or after it is recorded (the table swapped on the board and notes it now).
    An Angel kept for later is fielded at the start of a later scenario like any Hero (``check_fielding``),
    never in the middle of one (GF:176).
    """
    if scenario_live and not rescued_in_this_scenario:
        raise RuleError(
            "An angel kept for later is fielded at the start of a scenario, not in the middle of one."
        )


def check_live_angel_swap(
    *, rescued: bool, on_roster: bool, scenario_over: bool, carries_consequences: bool = True
) -> None:
    """Whether a Guild may swap in, at once, the Angel rescued in the scenario being played.

    GF:174 (RB p.25): "Whoever completes the 'Save the Angel' quest takes that Angel card and may
    **immediately swap** it for one of its 3 Heroes or keep it on the roster for later". So:

    - only the Guild that completed this scenario's Save the Angel quest (``rescued``), and only once (an
      Angel already on its roster was swapped in already, or is kept for the next scenario's fielding);
    - only while the scenario goes on: once a Guild has won it, BR:205 "the scenario immediately ends"
      (``scoring.check_scenario_open``), and the Angel is fielded at the start of a later one (GF:176);
    - never in an episodic game: its Angel does not join the Guild (GF:298,
      ``episodic.carries_consequences``), so the table swaps it on the board and the app does not track it.

    GF:175 says what the swap does (``swap_clears_curse``; the Hero's cards pass to the Angel).
    """
    if not carries_consequences:
        raise RuleError("In an episodic game a rescued angel does not join the guild (GF:298).")
    if not rescued:
        raise RuleError(
            "Only the guild that completed Save the Angel in this scenario may swap the angel in."
        )
    if on_roster:
        raise RuleError("The angel is already on the guild's roster.")
    if scenario_over:
        raise RuleError("The scenario is over; field the angel at the start of the next one.")


def may_swap_live_angel(
    *, rescued: bool, on_roster: bool, scenario_over: bool, carries_consequences: bool = True
) -> bool:
    """``check_live_angel_swap`` as a yes/no, for a page deciding whether to offer the swap."""
    try:
        check_live_angel_swap(
            rescued=rescued,
            on_roster=on_roster,
            scenario_over=scenario_over,
            carries_consequences=carries_consequences,
        )
    except RuleError:
        return False
    return True


def check_swapped_for(*, fielded: bool, is_the_angel: bool) -> None:
    """The Hero an Angel replaces is one of the 3 on the board now (GF:174 "swap it for one of its 3
    Heroes"); a Hero already swapped out has left the board and stays on the roster (GF:176)."""
    if is_the_angel or not fielded:
        raise RuleError("Swap the angel for one of the three heroes on the board.")


def check_on_board(*, fielded: bool) -> None:
    """A Hero swapped out for an Angel has left the board (GF:175 "chosen Hero leaves the board"): it takes
    no more Death tokens in this scenario; the ones it took before the swap stay on its line."""
    if not fielded:
        raise RuleError("This hero was swapped out for an angel and has left the board.")


def swap_clears_curse() -> bool:
    """Whether a Hero swapped out for an Angel loses its Death Curse. Decision for U12 (unclear in the seed).

    GF:175 (RB p.25): on the immediate swap "the Angel enters fresh (the Hero's Guild tokens, Wounds and Death
    Curses are removed)": the Death Curse it holds is removed at the swap, whether the swap is entered before
    or after the Upgrade Phase drew it; the Hero stays in the Guild (``check_fielding``) without a curse.

    The source removes the curse the Hero holds, nothing more (N11). Its Death tokens stay on it: RB:695-696
    "Death tokens cannot be moved or removed from a Hero until the next Upgrade Phase". So they count on the
    scenario's record (Least Deaths, RB:1289-1291, since the Hero played), and in that Upgrade Phase the Hero
    draws its Death Curse cards like any Hero that received a Death token (BR:224, RB:1628-1630), in reserve
    or not.
    """
    return True


def check_heroes_choice(*, played: bool, draft_started: bool, draft_done: bool, has_heroes: bool) -> None:
    """When a Guild chooses its 3 Heroes itself (outside a hero draft), including a Guild that joins late.

    RB:306-311 "Choosing Heroes": "The players look through the Hero cards and each chooses 3 of them";
    RB:316-318 "These are the 3 Heroes that will represent each Guild through the entire campaign, it is not
    possible to change Heroes unless a new campaign is started". The draft is an option taken "at the start
    of a campaign" (RB:333-335, BR:22), and "Any remaining Hero cards are removed from the game and returned
    to the box" (RB:345-346, BR:25). Each Hero is unique (BR:1 "three unique Heroes").

    The sources are silent on a Guild that joins after the hero draft is over (a fourth player arriving
    before the first scenario). Decision: it chooses its 3 Heroes as "Choosing Heroes" says, from the Hero
    cards no other Guild holds: the draft's leftovers come back out of the box for it, since it could not be
    dealt a hand in a draft that is over, and the other Guilds keep what they drafted. A Guild that drafted
    keeps its Heroes (RB:316-318); while the draft runs, Heroes come from the hands; once a scenario is
    played, Heroes never change (and no Guild joins: the Guilds are created by "players starting a new
    Arcadia Quest campaign", BR:17).
    """
    if played:
        raise RuleError("Heroes are chosen before the first scenario and never changed afterwards.")
    if draft_started and not draft_done:
        raise RuleError("This campaign drafts its heroes; pick from your hand in the hero draft.")
    if draft_started and has_heroes:
        raise RuleError(
            "These heroes were drafted; they stay the guild's for the whole campaign (RB:316-318)."
        )
