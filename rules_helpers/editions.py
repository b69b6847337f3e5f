"""What differs between the editions: Damnation, how a campaign ends, and where a level label comes from.

Two editions are known by their slug: ``inferno`` (Arcadia Quest: Inferno) and ``arcadia-quest`` (base Arcadia
Quest). Any other edition (a home-made or test pack) follows the Inferno rulebook, the one this app is built
around. Sources: RB = Inferno rulebook line, BR = base rules line, GF = game-facts.md line.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from rules_helpers.box import QUESTS_TO_WIN
from rules_helpers.curses import curse_draw_count
from rules_helpers.refusals import RuleError
from rules_helpers.scoring import QuestLog, first_bonus

INFERNO = "inferno"
BASE = "arcadia-quest"

# How a campaign ends.
# RB:1311-1334: Medals, the Council seat, the Savior of Arcadia, the Ultimate Arcadian.
FINALE_MEDALS = "medals"
FINALE_LAST_WINNER = "last-winner"  # BR:260-261: "The Guild that wins the last scenario is the winner".
FINALE_KINDS = (FINALE_MEDALS, FINALE_LAST_WINNER)


@dataclass(frozen=True)
class EditionRules:
    """The rules that are not the same in both boxes."""

    damnation: bool
    finale: str
    # Whether the sources list every scenario's PvE quests (Inferno: GF §1.2 and the Campaign Book).
    pve_quests_listed: bool
    # Whether the sources name the Reward cards tucked under the quests (Inferno: the Campaign Book, GF §1.2).
    reward_cards_listed: bool
    # Where each monster level label printed on the cards is given, label -> source; the others are inferred.
    level_label_sources: dict[str, str]


INFERNO_RULES = EditionRules(
    # RB:726-773: Damnation is Inferno's corruption; RB:763-764 one extra Death Curse per 2 Damnation.
    damnation=True,
    finale=FINALE_MEDALS,
    pve_quests_listed=True,
    reward_cards_listed=True,
    # RB:479-485 "use only the card for the level equal to the number of the scenario ... Level 1 ...
    # (use the "Level 2-3" cards)".
    level_label_sources={"1": "RB:479-485", "2-3": "RB:485"},
)
BASE_RULES = EditionRules(
    # BR:224 "receives a number of Death Curse cards equal to the number of Death tokens he possesses":
    # the base game has no Damnation.
    damnation=False,
    finale=FINALE_LAST_WINNER,
    # GF §1.5 and GF:335: only which base scenarios have a Title quest (BR:255) and a Reward; no quest names.
    pve_quests_listed=False,
    # BR:68 and BR:201-202 say Reward cards are "indicated in the Campaign Book"; no source names them.
    reward_cards_listed=False,
    # BR:64-65 "when you're playing the 1st scenario ... Level 1 ... (use the "Level 2-3" cards)".
    level_label_sources={"1": "BR:64-65", "2-3": "BR:64-65"},
)
# U1: the labels "4-5" and "6" are inferred from "up to four cards" for six scenarios (GF:231, UNCERTAIN).
INFERRED_LEVEL_LABEL = "GF:231 (inferred)"


def edition_rules(edition: str) -> EditionRules:
    """The rules of the edition with this slug; an unknown edition plays by the Inferno rulebook."""
    return BASE_RULES if edition == BASE else INFERNO_RULES


def check_damnation(edition: str, damnation: int) -> None:
    """Base Arcadia Quest has no Damnation (BR:224 counts Death tokens only): none is recorded there."""
    if damnation and not edition_rules(edition).damnation:
        raise RuleError(
            "Base Arcadia Quest has no Damnation: Death Curses come from Death tokens only (BR:224)."
        )


def edition_curse_draw_count(edition: str, deaths: int, damnation: int) -> int:
    """Death Curse cards a Hero draws: one per Death token, plus one per 2 Damnation in Inferno (RB:763-764,
    RB:1628-1629). Base Arcadia Quest draws "a number of Death Curse cards equal to the number of Death
    tokens" (BR:224): Damnation, which it does not have, never adds a card there."""
    counted = damnation if edition_rules(edition).damnation else 0
    return curse_draw_count(deaths, counted)


def level_label_source(edition: str, label: str) -> str:
    """Where a monster level label comes from: a rulebook line, or ``INFERRED_LEVEL_LABEL`` (U1).

    RB:479-485 and BR:64-65 name the "Level 1" card and the "Level 2-3" card for the 3rd scenario; "4-5" and
    "6" follow from four cards per monster for six scenarios and are marked inferred (GF:231).
    """
    return edition_rules(edition).level_label_sources.get(label, INFERRED_LEVEL_LABEL)


def game_winner(edition: str, winners: Sequence[str], *, campaign_scenarios: int) -> str | None:
    """The winner of the whole game where the edition has one: in base Arcadia Quest, "The Guild that wins the
    last scenario is the winner, of the game" (BR:260-261), once the campaign's last scenario is recorded.

    ``winners`` are the scenarios' winners in play order. Inferno has no single winner (its finale awards
    Medals, the Council seat and the Savior of Arcadia, RB:1311-1334), so it gives None.
    """
    if edition_rules(edition).finale != FINALE_LAST_WINNER or len(winners) < campaign_scenarios:
        return None
    return winners[campaign_scenarios - 1]


def has_medal_finale(edition: str) -> bool:
    """Whether the campaign ends with Medals, the Council seat and the Savior of Arcadia (RB:1311-1334)."""
    return edition_rules(edition).finale == FINALE_MEDALS


# A PvE quest whose card is on the table but not in the sources (base Arcadia Quest): numbered, never named.
UNLISTED_PVE_PREFIX = "pve-unlisted-"


def unlisted_pve_quests(edition: str, *, quests_to_win: int = QUESTS_TO_WIN) -> tuple[str, ...]:
    """Slots for PvE quests the sources do not name, so a base scenario can be tracked to its winner (M4).

    BR:194-206: a scenario is won with 3 quests, at least one PvE; the base sources name none of its PvE
    quests (GF §1.5; BR:255 only says which scenarios have a Title quest). A guild never needs more than 3
    PvE quests before it wins (BR:205 "the scenario immediately ends"), so the tracker offers 3 numbered
    slots per guild.
    Nothing else is made up: a slot gives no Title, no Reward card and no automatic First Bonus.
    """
    if edition_rules(edition).pve_quests_listed:
        return ()
    return tuple(f"{UNLISTED_PVE_PREFIX}{n}" for n in range(1, quests_to_win + 1))


def is_unlisted_quest(quest: str) -> bool:
    return quest.startswith(UNLISTED_PVE_PREFIX)


# A Reward card won at the table that the sources do not name (base Arcadia Quest): recorded, never placed.
UNLISTED_REWARD = "reward-unlisted"


def unlisted_reward_cards(edition: str) -> tuple[str, ...]:
    """The Reward card a result may name where the sources name none, so Won Reward can be recorded (M4).

    BR:201-203 "Some Quests may have one or more Reward cards associated with them, as indicated in the
    Campaign Book. When a player accomplishes that Quest, his Guild immediately gets one of the available
    Reward cards"; the Campaign Sheet's Won Reward counts the Guild that won one (RB:1294-1296). The base
    sources name no Reward card (GF §1.5: only that each scenario but the finale has one). Decision: a
    result may say its Guild won "a Reward card not in the pack", as many times as it won one (how many a
    scenario holds is not known); it counts for Won Reward, and no card is placed in an inventory, since the
    app does not know it: the table enters the card it took with the guild's cards.
    """
    if edition_rules(edition).reward_cards_listed:
        return ()
    return (UNLISTED_REWARD,)


def is_unlisted_reward(card: object) -> bool:
    return card == UNLISTED_REWARD


def quest_first_bonus(quest_log: QuestLog, quest: str) -> int:
    """The First Bonus coin (BR:199-200), except for an unlisted quest: two guilds' "PvE quest 1" need not be
    the same card, so the app cannot tell who was first and the table taps that coin itself."""
    return 0 if is_unlisted_quest(quest) else first_bonus(quest_log, quest)
