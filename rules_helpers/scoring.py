"""Scoring a scenario: quests, the win, coins, Titles, Angels and Reward cards.

Base rules "Quests", "Winning The Scenario" and "Coin Rewards" (BR:194-218); Inferno rulebook p.31-33 (Titles,
the Campaign Sheet) and p.39 (summary). Guilds and quests are slugs; a PvP quest "kill a Hero of Guild X" is
``pvp:<x>``. A quest log lists (quest, guild) in the order the quests were completed. Refusals are ValueErrors
whose message names the rule (and, when the caller passes them, the scenario's, Guild's or card's names).
"""

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules_helpers.box import (
    COINS_PER_QUEST,
    FIRST_BONUS_COINS,
    PVE_QUESTS_TO_WIN,
    QUESTS_TO_WIN,
    QUESTS_TO_WIN_TWO_GUILDS,
)
from rules_helpers.counts import check_count
from rules_helpers.refusals import CountError, RuleError

PVP_PREFIX = "pvp:"
# Who gets a scenario's Title (content, from the Campaign Book): every Guild that completes its quest, or only
# the first. U8, decided: where GF:110-120 says neither "first" nor "all" (Keymaster, Prime Minister, Soul
# Keeper, Demon Slayer, Impostor: left "" in the pack), every Guild that completes the quest gets it, as
# RB:1297-1298 "Won Title" and RB:1299-1300 "all tied Guilds earn it" count a Title per Guild that took it;
# a pack that learns "first" from the Campaign Book changes the content, not the code.
TITLE_TO_ALL = "all"
TITLE_TO_FIRST = "first"
TITLE_RULES = frozenset({TITLE_TO_ALL, TITLE_TO_FIRST, ""})

QuestLog = Iterable[Sequence[str]]


@dataclass(frozen=True)
class ResultLine:
    """One Guild's claims for a scenario: it won, it took the Title, it rescued the Angel."""

    guild: str
    winner: bool = False
    title: bool = False
    angel: bool = False


def pvp_quest(guild: str) -> str:
    """The slug of the PvP quest "kill a Hero of Guild <guild>"."""
    return f"{PVP_PREFIX}{guild}"


def quests_open_to(guild: str, *, pve: Iterable[str], guilds: Iterable[str]) -> frozenset[str]:
    """The scenario's PvE quests and the PvP quest of every other Guild in play (BR:68, BR:208)."""
    return frozenset(pve) | {pvp_quest(other) for other in guilds if other != guild}


def check_guilds_once(guilds: Sequence[str]) -> None:
    """A scenario's results have one line per Guild."""
    if len(set(guilds)) != len(guilds):
        raise ValueError("each Guild has one line per scenario, but a Guild is listed twice")


def check_one_winner(winners: int) -> None:
    """A scenario has exactly one winner: the first Guild to complete the quests it needs."""
    if winners != 1:
        raise RuleError("Exactly one guild wins a scenario, not %(winners)s.", winners=winners)


def check_scenario_results(
    lines: Sequence[ResultLine],
    *,
    scenario: str = "This scenario",
    title: str | None = None,
    title_awarded_to: str = TITLE_TO_ALL,
    angel: str | None = None,
) -> None:
    """One winner, a Title only where the scenario has one (only one holder if it goes to the first Guild),
    and the scenario's Angel rescued by one Guild at most. ``title`` and ``angel`` are their names, or None
    when the scenario has none; ``scenario`` names the scenario in the messages."""
    check_guilds_once([line.guild for line in lines])
    if title_awarded_to not in TITLE_RULES:
        raise ValueError(
            f"a Title goes to {TITLE_TO_ALL!r} or {TITLE_TO_FIRST!r} guilds, not {title_awarded_to!r}"
        )
    check_one_winner(sum(line.winner for line in lines))
    holders = sum(line.title for line in lines)
    if holders and title is None:
        raise RuleError("%(scenario)s has no Title quest.", scenario=scenario)
    if title is not None and title_awarded_to == TITLE_TO_FIRST and holders > 1:
        raise RuleError("Only the first guild to complete it gets the title %(title)s.", title=title)
    rescuers = sum(line.angel for line in lines)
    if rescuers and angel is None:
        raise RuleError("There is no angel to rescue in %(scenario)s.", scenario=scenario)
    if rescuers > 1:
        raise RuleError("Only one guild can rescue %(angel)s.", angel=angel)


def check_reward_copies(
    won: Iterable[str],
    *,
    copies: Mapping[str, int | None],
    scenario: str = "this scenario",
    names: Mapping[str, str] | None = None,
) -> None:
    """The Reward cards won in a scenario (one slug per card) exist there, in no more copies than the box has.

    ``copies`` maps each of the scenario's Reward cards to its copies, None while that count is unknown.
    """
    for slug, count in Counter(won).items():
        if slug not in copies:
            raise RuleError(
                "%(card)s is not a reward card of %(scenario)s.", card=repr(slug), scenario=scenario
            )
        limit = copies[slug]
        if limit is not None and count > limit:
            raise CountError(
                "There is only %(limit)s copy of %(card)s.",
                "There are only %(limit)s copies of %(card)s.",
                number="limit",
                limit=limit,
                card=(names or {}).get(slug, slug),
            )


def check_own_colour(quest: str, *, guild: str, guild_name: str | None = None) -> None:
    """A Guild never completes the PvP quest of its own colour (BR:208)."""
    if quest == pvp_quest(guild):
        raise RuleError("%(guild)s cannot complete the quest for its own colour.", guild=guild_name or guild)


def check_quests(
    quests: Sequence[str] | None,
    *,
    guild: str,
    pve: Collection[str],
    guilds: Collection[str],
    scenario: str = "this scenario",
    guild_name: str | None = None,
) -> list[str]:
    """The quests a Guild completed in a scenario: distinct, open to it, never its own colour's PvP quest."""
    if quests is None:
        return []
    if (
        isinstance(quests, str)
        or not isinstance(quests, Sequence)
        or len(set(map(str, quests))) != len(quests)
    ):
        raise RuleError("Quests are a list of distinct quest slugs.")
    open_quests = quests_open_to(guild, pve=pve, guilds=guilds)
    for quest in quests:
        check_own_colour(quest, guild=guild, guild_name=guild_name)
        if quest not in open_quests:
            raise RuleError(
                "%(quest)s is not a quest of %(scenario)s for %(guild)s.",
                quest=repr(quest),
                scenario=scenario,
                guild=guild_name or guild,
            )
    return list(quests)


def wins_with(
    quests: Collection[str],
    pve: Collection[str],
    guild_count: int,
    *,
    quests_to_win: int = QUESTS_TO_WIN,
    pve_quests_to_win: int = PVE_QUESTS_TO_WIN,
    two_guild_quests: int = QUESTS_TO_WIN_TWO_GUILDS,
) -> bool:
    """3 quests including a PvE one win (BR:205-206; RB:1621-1622); with 2 Guilds, any 2 quests do (BR:207).

    U2, decided: the Inferno 2-player rule is on RB p.26, not in the seed (GF:182 "assumed identical"); the
    app uses BR:207's "only 2 Quests" for both editions. With 2 Guilds each has one PvP quest, so any 2 quests
    include a PvE one and the choice cannot change a winner.
    """
    if guild_count == 2:
        return len(quests) >= two_guild_quests
    return len(quests) >= quests_to_win and sum(quest in pve for quest in quests) >= pve_quests_to_win


def completions(quest_log: QuestLog, quest: str) -> int:
    """How many Guilds have completed the quest so far."""
    return sum(1 for entry in quest_log if entry[0] == quest)


def first_bonus(quest_log: QuestLog, quest: str, *, coins: int = FIRST_BONUS_COINS) -> int:
    """The coins for completing the quest now: the First Bonus if nobody has completed it yet (BR:199-200)."""
    return 0 if completions(quest_log, quest) else coins


def check_scenario_open(*, won: bool, kill: bool = False) -> None:
    """No quest is completed (and no kill recorded) once a Guild has won: BR:205 "the scenario immediately
    ends and that player is victorious". Coins and Treasure are still counted at its end (BR:215-216), so
    only quests and kills are closed; the counters stay open. The refusal names what was refused."""
    if won and kill:
        raise RuleError("The scenario ended with the win; no kill can be recorded after it.")
    if won:
        raise RuleError("The scenario ended with the win; no quest can be completed after it.")


def one_guild_quests(
    quests: Mapping[str, str], *, angel_quests: Collection[str], single_villains: Collection[str]
) -> frozenset[str]:
    """The PvE quests only one Guild completes in a scenario (N5). ``quests`` maps each quest to its words
    (name and description), ``angel_quests`` are those that rescue the scenario's Angel, ``single_villains``
    the names of the Villains the scenario has one figure of.

    - Save the Angel: one Angel card, taken by "Whoever completes the 'Save the Angel' quest" (GF:174;
      RB:1294-1296 Won Reward "won the Reward card or an Angel").
    - Killing a Villain: RB:967-970 "The credit for killing the Villain still goes only to the Hero that
      inflicts the last Wound, so only his Guild would win any associated Quest. Villain-type Monsters …
      are returned straight to the game box" (RB:269 "1 Bellya'al 1 The Judge 1 The Underlord").

    The content does not link a quest to its Villain, so: a "kill-…" quest whose words name one of the
    Villains (Hit Rock Bottom's "Kill Rock Bottom" names The Underlord in its description; RB:109-110 gives
    him that nickname). Other quests (Kill Cerberus: two figures; BR:198 "For most Quests, however, it is
    possible for several different players to accomplish them") stay open to every Guild.
    """
    kills = {
        slug
        for slug, words in quests.items()
        if slug.startswith("kill-") and any(villain in words for villain in single_villains)
    }
    return frozenset(kills | (set(angel_quests) & set(quests)))


def check_one_guild_quests(
    completed_by: Mapping[str, Collection[str]],
    *,
    one_guild: Collection[str],
    names: Mapping[str, str] | None = None,
) -> None:
    """No quest of ``one_guild`` is completed by two Guilds (``one_guild_quests``); ``completed_by`` maps each
    quest to the Guilds that completed it, ``names`` the quests' names for the message."""
    for quest, guilds in completed_by.items():
        if quest in one_guild and len(set(guilds)) > 1:
            raise RuleError(
                "Only one guild completes %(quest)s: a Villain dies once and its quest goes to the last "
                "Wound (RB:967-970), an Angel joins one guild (GF:174).",
                quest=(names or {}).get(quest, quest),
            )


@dataclass(frozen=True)
class RewardGiven:
    """A Reward card won in a scenario, or the reason none was left (``card`` None)."""

    guild: str
    quest: str
    card: str | None
    reason: str = ""
    # What kind of reason (`FIRST_ONLY` or `ALL_TAKEN`) and its number, so the app can say it in the reader's
    # language.
    why: str = ""
    count: int = 0


FIRST_ONLY = "first-only"
ALL_TAKEN = "all-taken"


def rewards_given(
    quest_log: QuestLog,
    *,
    reward_cards: Mapping[str, str],
    copies: Mapping[str, int | None],
    limits: Mapping[str, int | None] | None = None,
) -> list[RewardGiven]:
    """Who gets a Reward card, in the order the quests were completed.

    RB:1625-1626 "Guild who accomplishes a Quest associated with a Reward card … immediately gets it", so a
    Guild completing two Reward quests (Pit of Tormented Souls, The Fallen Temple) gets two cards. BR:202-203
    "If a player accomplishes a Quest, but all of its associated Reward cards have already been taken, he
    doesn't get any cards": the quest still counts (towards the win, its First Bonus and its end coin); only
    the card runs out. ``reward_cards`` maps each Reward quest to its card; ``copies`` each card to the copies
    in the box (None: unknown, so no copy limit is applied); ``limits`` a quest to the Guilds that may get its
    reward (the Campaign Book's "first 2", GF:110-116; None: every Guild).

    U9, decided: "Kill the Demon Pitcher (→Reward; max 2)" (GF:111) caps the reward like "Kill Cerberus …
    max 2 guilds" (GF:110), never the quest: a quest always counts (BR:202-203), and where the cap comes from
    the figures on the board (a killed Villain goes to the box, RB:969-970) the table cannot complete it
    more often anyway.
    """
    taken: Counter[str] = Counter()
    done: Counter[str] = Counter()
    given = []
    for quest, guild, *_ in quest_log:
        card = reward_cards.get(quest)
        if card is None:
            continue
        done[quest] += 1
        limit = (limits or {}).get(quest)
        left = copies.get(card)
        if limit is not None and done[quest] > limit:
            given.append(
                RewardGiven(
                    guild, quest, None, f"only the first {limit} guilds get its reward", FIRST_ONLY, limit
                )
            )
        elif left is not None and taken[card] >= left:
            given.append(
                RewardGiven(guild, quest, None, f"all {left} copies have been taken", ALL_TAKEN, left)
            )
        else:
            taken[card] += 1
            given.append(RewardGiven(guild, quest, card))
    return given


def reward_slots(reward_quests: int) -> int:
    """How many Reward cards one Guild can win in a scenario: one per Reward quest it completes (RB:1625)."""
    check_count("reward quests", reward_quests)
    return reward_quests


def scenario_coins(coins: int, quests: int, treasure: int, *, per_quest: int = COINS_PER_QUEST) -> int:
    """Coins earned in a scenario: those won during play, 1 per quest completed, and the Treasure Chests'
    values, the last two added at its end (BR:215-216)."""
    check_count("coins", coins)
    check_count("quests completed", quests)
    check_count("treasure coins", treasure)
    return coins + quests * per_quest + treasure


def coins_won(coins: int, treasure: int) -> int:
    """All the coins a Guild won in a scenario: the coins (during play and 1 per quest at its end) and its
    Treasure Chests. BR:216 "each Treasure Chest token … gives the coin value listed on it to his Guild", so
    the treasure counts for Most Coins (RB:1292-1293 "won the most coins during the scenario (before spending
    them)") and is spent in the Upgrade Phase (BR:232), wherever it was entered."""
    check_count("coins", coins)
    check_count("treasure coins", treasure)
    return coins + treasure


def titles_in_play(scenario: str, held: Iterable[tuple[str, Collection[str], str]]) -> list[tuple[str, str]]:
    """The Titles that matter in ``scenario``: RB:1248-1254 a Title has "no effect on the current scenario"
    and helps "if the player goes on to play a scenario that benefits from it". ``held`` lists (title, the
    scenarios it benefits, a Guild holding it); the answer keeps (title, Guild) for this scenario."""
    return [(title, guild) for title, benefits, guild in held if scenario in benefits]


def first_title_holder(quest_log: QuestLog, title_quests: Collection[str]) -> str | None:
    """The Guild that completed a Title quest first, or None."""
    return next((entry[1] for entry in quest_log if entry[0] in title_quests), None)


def title_won(
    guild: str,
    quests: Iterable[str],
    *,
    title_quests: Collection[str],
    quest_log: QuestLog,
    title_awarded_to: str = TITLE_TO_ALL,
) -> bool:
    """Whether the Guild takes the scenario's Title: it completed a Title quest and, when the Title goes to
    the first Guild only, it was first (RB:1248-1250). ``title_quests`` are the quests that give the Title."""
    if not any(quest in title_quests for quest in quests):
        return False
    return title_awarded_to != TITLE_TO_FIRST or first_title_holder(quest_log, title_quests) == guild
