"""Episodic Mode: one scenario played on its own (GF:298, from the Inferno rulebook p.34).

GF:298 "build Guilds normally (3 Heroes + Starter deck), use Upgrade cards of any level chosen, play any
single scenario without campaign consequences". The rest of that page is not in the sources, so:

- the table chooses the level (1 to the campaign's scenario count): the Monster level cards are those a
  campaign would use for a scenario at that position (RB:479-485), and the Upgrade cards come from that
  level's deck (BR:230 names the decks by level);
- the Upgrade cards are dealt from the chosen level's deck (1 to 5, the decks the box has: BR:230, GF:204);
  how many each Guild gets is not in the sources (p.34 not retrieved), so the table says how many, up to
  the Guild's limit of 12 Upgrade cards (BR:233). A new deal returns the previous game's Upgrade cards
  (all but the Starter deck, GF:298 "3 Heroes + Starter deck") to the box;
- any scenario of the edition may be played, again and again (no circles, no "each scenario once");
- nothing carries over: a rescued Angel does not join the Guild, a Title is not kept, a Reward card is not
  added to an inventory, no Upgrade Phase follows and no finale closes the games.
"""

import random
from collections.abc import Sequence

from rules_helpers.box import CAMPAIGN_SCENARIOS, GUILD_CARD_LIMIT, LEVEL_BRACKETS, UPGRADE_DECKS
from rules_helpers.counts import is_whole_number
from rules_helpers.monsters import level_bracket
from rules_helpers.refusals import RuleError


def episodic_level(
    level: object, *, labels: Sequence[str] = LEVEL_BRACKETS, campaign_scenarios: int = CAMPAIGN_SCENARIOS
) -> str:
    """The Monster level card label for a chosen level 1..``campaign_scenarios`` (GF:298 "any level chosen";
    RB:479-485 level = scenario number, the 3rd uses "Level 2-3")."""
    if not is_whole_number(level, low=1, high=campaign_scenarios):
        raise RuleError(
            "Choose the level of this episodic game: a whole number from 1 to %(most)s (GF:298).",
            most=campaign_scenarios,
        )
    return level_bracket(level, labels=labels, campaign_scenarios=campaign_scenarios)  # type: ignore[arg-type]


def level_position(
    label: str, *, labels: Sequence[str] = LEVEL_BRACKETS, campaign_scenarios: int = CAMPAIGN_SCENARIOS
) -> int | None:
    """The first level (scenario position) whose Monster level card is ``label`` (RB:479-485: level 2 and 3
    share "Level 2-3"), the inverse of ``episodic_level``; None for a label no level uses."""
    positions = range(1, campaign_scenarios + 1)
    return next((n for n in positions if level_bracket(n, labels=labels) == label), None)


def level_choices(
    *, labels: Sequence[str] = LEVEL_BRACKETS, campaign_scenarios: int = CAMPAIGN_SCENARIOS
) -> list[tuple[int, str]]:
    """Each Monster level card once, with the first level that uses it: the levels a reader picks from."""
    seen: dict[str, int] = {}
    for n in range(1, campaign_scenarios + 1):
        seen.setdefault(level_bracket(n, labels=labels), n)
    return [(n, label) for label, n in seen.items()]


def monsters_page_level(
    *,
    live: str | None,
    asked: object,
    last: str | None,
    labels: Sequence[str] = LEVEL_BRACKETS,
    campaign_scenarios: int = CAMPAIGN_SCENARIOS,
) -> int:
    """The level whose Monster level cards an episodic game's Monsters page shows (N3).

    A campaign's page shows its next scenario's cards (RB:479-482 "use only the card for the level equal to
    the number of the scenario being played"); an episodic game plays "any level chosen" (GF:298), and the
    sources say nothing of a page. Decision: the level of the game being played (tracked live, its label
    ``live``); with none, the level the reader asks for (``asked``, 1 to ``campaign_scenarios``); else the
    last game's (``last``); else level 1. An ``asked`` level outside 1..n is ignored, as on a page a link
    would have offered only those."""

    def position(label: str | None) -> int | None:
        return level_position(label, labels=labels, campaign_scenarios=campaign_scenarios) if label else None

    playing = position(live)
    if playing is not None:
        return playing
    if is_whole_number(asked, low=1, high=campaign_scenarios):
        return asked  # type: ignore[return-value]
    return position(last) or 1


def upgrade_deck(level: int) -> str:
    """The Upgrade deck of a level, named as the campaign names it after scenario ``level`` (BR:230)."""
    return f"level-{level}"


def carries_consequences(*, episodic: bool) -> bool:
    """Whether a scenario's Angels, Titles and Reward cards stay with the Guilds: in a campaign they do
    (RB:1039-1041, RB:1248-1254, RB:1625); an episodic game has "no campaign consequences" (GF:298)."""
    return not episodic


def check_level_only_when_episodic(level: object, *, episodic: bool) -> None:
    """A campaign's level is the scenario's number (RB:479-485): only an episodic game chooses one."""
    if level is not None and not episodic:
        raise RuleError(
            "In a campaign the Monster level is the scenario's number (RB:479-485); only an episodic game "
            "chooses its level."
        )


def check_deal_level(level: object, *, decks: int = UPGRADE_DECKS) -> int:
    """The Upgrade deck an episodic game deals from: "Upgrade cards of any level chosen" (GF:298), one of the
    box's Level 1 to 5 decks (BR:230 one deck per Upgrade Phase; GF:204 "Starter + Level 1-5")."""
    if not is_whole_number(level, low=1, high=decks):
        raise RuleError(
            'Choose the Upgrade deck to deal from: a level from 1 to %(decks)s (GF:298 "Upgrade cards of any '
            'level chosen"; BR:230 the box has a deck for each Upgrade Phase).',
            decks=decks,
        )
    return level  # type: ignore[return-value]


def deal_upgrade_cards(
    players: Sequence[str],
    deck: Sequence[str],
    cards_each: object,
    *,
    rng: random.Random,
    card_limit: int = GUILD_CARD_LIMIT,
) -> dict[str, list[str]]:
    """Shuffle the chosen level's deck and deal ``cards_each`` cards to each player, one at a time in seating
    order, as cards are dealt at the table (BR:230 "Shuffle the Upgrade deck ... Each player is dealt").

    GF:298 gives no number of cards, so ``cards_each`` is the table's: at least 1, at most a Guild's limit of
    12 Upgrade cards (BR:233 "If a Guild has more than 12 Upgrade cards, it will have to discard"). A deck
    too short for every player is refused, never dealt unevenly."""
    if not players:
        raise ValueError("deal to at least one Guild")
    if not is_whole_number(cards_each, low=1, high=card_limit):
        raise RuleError(
            "Say how many Upgrade cards each Guild gets: a whole number from 1 to %(limit)s (the sources "
            "give no number for an episodic game, GF:298; a Guild holds at most %(limit)s, BR:233).",
            limit=card_limit,
        )
    wanted = cards_each * len(players)  # type: ignore[operator]
    if len(deck) < wanted:
        raise RuleError(
            "This level's deck holds %(cards)s cards, too few to deal %(each)s to each of "
            "%(guilds)s Guilds; deal fewer, or enter the cards dealt at the table.",
            cards=len(deck),
            each=cards_each,
            guilds=len(players),
        )
    shuffled = list(deck)
    rng.shuffle(shuffled)
    hands: dict[str, list[str]] = {player: [] for player in players}
    for index in range(wanted):
        hands[players[index % len(players)]].append(shuffled[index])
    return hands
