"""Episodic Mode: one scenario played on its own (GF:298, from the Inferno rulebook p.34).

GF:298 "build Guilds normally (3 Heroes + Starter deck), use Upgrade cards of any level chosen, play any
single scenario without campaign consequences". The rest of that page is not in the sources, so:

- the table chooses the level (1 to the campaign's scenario count): the Monster level cards are those a
  campaign would use for a scenario at that position (RB:479-485), and the Upgrade cards come from that
  level's deck (BR:230 names the decks by level);
- any scenario of the edition may be played, again and again (no circles, no "each scenario once");
- nothing carries over: a rescued Angel does not join the Guild, a Title is not kept, a Reward card is not
  added to an inventory, no Upgrade Phase follows and no finale closes the games.
"""

from collections.abc import Sequence

from rules_helpers.box import CAMPAIGN_SCENARIOS, LEVEL_BRACKETS
from rules_helpers.counts import is_whole_number
from rules_helpers.monsters import level_bracket


def episodic_level(
    level: object, *, labels: Sequence[str] = LEVEL_BRACKETS, campaign_scenarios: int = CAMPAIGN_SCENARIOS
) -> str:
    """The Monster level card label for a chosen level 1..``campaign_scenarios`` (GF:298 "any level chosen";
    RB:479-485 level = scenario number, the 3rd uses "Level 2-3")."""
    if not is_whole_number(level, low=1, high=campaign_scenarios):
        raise ValueError(
            f"Choose the level of this episodic game: a whole number from 1 to {campaign_scenarios} (GF:298)."
        )
    return level_bracket(level, labels=labels, campaign_scenarios=campaign_scenarios)  # type: ignore[arg-type]


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
        raise ValueError(
            "In a campaign the Monster level is the scenario's number (RB:479-485); only an episodic game "
            "chooses its level."
        )
