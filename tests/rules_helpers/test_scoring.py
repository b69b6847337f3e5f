import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_helpers.scoring import (
    ResultLine,
    check_one_winner,
    check_own_colour,
    check_quests,
    check_reward_copies,
    check_scenario_open,
    check_scenario_results,
    coins_won,
    first_bonus,
    first_title_holder,
    pvp_quest,
    quests_open_to,
    reward_slots,
    rewards_given,
    scenario_coins,
    title_won,
    wins_with,
)

GUILDS = ("yellow", "purple", "teal", "gray")
PVE = ("pass-the-gates", "kill-cerberus")
WIN, LOSE = ResultLine("yellow", winner=True), ResultLine("purple")


def exactly(message):
    return f"^{re.escape(message)}$"


# Exactly one winner, Titles, Angels


def test_a_scenario_with_one_winner_is_accepted():
    """RB:1287-1288 "Winner: Indicates which Guild was the first to complete the Quests necessary"."""
    check_scenario_results([WIN, LOSE, ResultLine("teal")])


@pytest.mark.parametrize("lines", [[LOSE, ResultLine("teal")], [WIN, ResultLine("purple", winner=True)]])
def test_a_scenario_without_exactly_one_winner_is_refused(lines):
    """BR:205 "the first Guild to accomplish 3 Quests is the winner": one Guild, never none or two."""
    winners = sum(line.winner for line in lines)
    with pytest.raises(ValueError, match=exactly(f"Exactly one guild wins a scenario, not {winners}.")):
        check_scenario_results(lines)


def test_the_one_winner_rule_counts_winners():
    check_one_winner(1)
    with pytest.raises(ValueError, match="not 3"):
        check_one_winner(3)


def test_a_guild_has_one_line_per_scenario():
    with pytest.raises(ValueError, match="listed twice"):
        check_scenario_results([WIN, ResultLine("yellow")])


def test_a_title_where_the_scenario_has_none_is_refused():
    """RB:1247-1249 "Each scenario - except for "Hit Rock Bottom" - has one Quest associated with a
    Title"."""
    with pytest.raises(ValueError, match=exactly("Hit Rock Bottom has no Title quest.")):
        check_scenario_results([WIN, ResultLine("purple", title=True)], scenario="Hit Rock Bottom")


def test_a_title_for_the_first_guild_only_has_one_holder():
    """GF:111 Ferry of the Dead: "Destroy the Tickets (→Title, first guild only ...)"."""
    two = [ResultLine("yellow", winner=True, title=True), ResultLine("purple", title=True)]
    with pytest.raises(
        ValueError, match=exactly("Only the first guild to complete it gets the title Ticket Scalper.")
    ):
        check_scenario_results(two, title="Ticket Scalper", title_awarded_to="first")


@pytest.mark.parametrize("awarded_to", ["all", ""])
def test_a_title_for_every_guild_may_have_several_holders(awarded_to):
    """GF:110 Beyond the Gates of Hell: the Trailblazer Title goes to "all who complete" its quest; a Title
    whose rule has not been entered yet is not limited either."""
    two = [ResultLine("yellow", winner=True, title=True), ResultLine("purple", title=True)]
    check_scenario_results(two, title="Trailblazer", title_awarded_to=awarded_to)


def test_an_unknown_title_rule_is_refused():
    with pytest.raises(ValueError, match="'all' or 'first'"):
        check_scenario_results([WIN], title="Trailblazer", title_awarded_to="some")


def test_an_angel_where_there_is_none_is_refused():
    """GF:102 (RB p25): only two East, two West and one Third Circle scenario have Save-the-Angel quests."""
    with pytest.raises(ValueError, match=exactly("There is no angel to rescue in Ferry of the Dead.")):
        check_scenario_results([WIN, ResultLine("purple", angel=True)], scenario="Ferry of the Dead")


def test_only_one_guild_rescues_the_angel():
    """GF:174 (RB p24-25) "Whoever completes the "Save the Angel" quest takes that Angel card"."""
    both = [ResultLine("yellow", winner=True, angel=True), ResultLine("purple", angel=True)]
    with pytest.raises(ValueError, match=exactly("Only one guild can rescue Angel Eyes.")):
        check_scenario_results(both, angel="Angel Eyes")
    check_scenario_results([both[0], LOSE], angel="Angel Eyes")


# Reward cards


FINISHER = {"the-finisher": 2}


def test_reward_cards_within_their_copies_are_accepted():
    """BR:202 "his Guild immediately gets one of the available Reward cards"; GF:89 The Finisher x2."""
    check_reward_copies(["the-finisher", "the-finisher"], copies=FINISHER)


def test_more_reward_cards_than_their_copies_are_refused():
    """BR:203 "all of its associated Reward cards have already been taken, he doesn't get any cards"."""
    with pytest.raises(ValueError, match=exactly("There are only 2 copies of The Finisher.")):
        check_reward_copies(["the-finisher"] * 3, copies=FINISHER, names={"the-finisher": "The Finisher"})


def test_reward_cards_of_unknown_copies_are_not_limited():
    check_reward_copies(["the-finisher"] * 4, copies={"the-finisher": None})


def test_a_card_that_is_not_a_reward_of_the_scenario_is_refused():
    """RB:489-492: the Reward cards are those the scenario tucks under its Quest cards."""
    with pytest.raises(
        ValueError, match=exactly("'vicious-ring' is not a reward card of Beyond the Gates of Hell.")
    ):
        check_reward_copies(["vicious-ring"], copies=FINISHER, scenario="Beyond the Gates of Hell")


# Quests


def test_the_quests_open_to_a_guild_are_the_pve_ones_and_the_other_guilds_pvp_ones():
    """BR:68 "Only the PvP Quest cards related to the Guilds that are actually being used are put into play";
    BR:208 "It is impossible for a player to get the PvP Quest related to killing a Hero of his own Guild"."""
    assert quests_open_to("yellow", pve=PVE, guilds=GUILDS[:3]) == {*PVE, "pvp:purple", "pvp:teal"}


@given(guild=st.sampled_from(GUILDS), guilds=st.sets(st.sampled_from(GUILDS)))
def test_a_guild_is_never_offered_its_own_colours_quest(guild, guilds):
    """BR:208 "It is impossible for a player to get the PvP Quest related to killing a Hero of his own
    Guild"."""
    assert pvp_quest(guild) not in quests_open_to(guild, pve=PVE, guilds=guilds | {guild})


def test_the_quests_a_guild_completed_are_kept_in_order():
    quests = ["kill-cerberus", "pvp:teal"]
    assert check_quests(quests, guild="yellow", pve=PVE, guilds=GUILDS) == quests
    assert check_quests(None, guild="yellow", pve=PVE, guilds=GUILDS) == []


def test_the_quest_of_a_guilds_own_colour_is_refused():
    """BR:208 "It is impossible for a player to get the PvP Quest related to killing a Hero of his own
    Guild"."""
    with pytest.raises(ValueError, match=exactly("Yellow cannot complete the quest for its own colour.")):
        check_quests(["pvp:yellow"], guild="yellow", pve=PVE, guilds=GUILDS, guild_name="Yellow")
    with pytest.raises(ValueError, match="yellow cannot complete"):
        check_own_colour("pvp:yellow", guild="yellow")
    check_own_colour("pvp:teal", guild="yellow")


def test_a_quest_not_in_the_scenario_is_refused():
    """BR:68: PvP quests only for the Guilds in play; PvE quests are the scenario's own."""
    for quest in ("pvp:gray", "eat-the-cake"):
        with pytest.raises(ValueError, match=exactly(f"'{quest}' is not a quest of Gates for Yellow.")):
            check_quests(
                [quest], guild="yellow", pve=PVE, guilds=GUILDS[:3], scenario="Gates", guild_name="Yellow"
            )


@pytest.mark.parametrize(
    "quests", [["kill-cerberus", "kill-cerberus"], "kill-cerberus", {"kill-cerberus": 1}]
)
def test_quests_are_a_list_of_distinct_slugs(quests):
    """BR:198 "Each player can only fulfill each Quest a single time per scenario"."""
    with pytest.raises(ValueError, match=exactly("Quests are a list of distinct quest slugs.")):
        check_quests(quests, guild="yellow", pve=PVE, guilds=GUILDS)


# Winning


@pytest.mark.parametrize(
    ("quests", "wins"),
    [
        (["kill-cerberus", "pvp:teal", "pvp:gray"], True),
        (["pvp:purple", "pvp:teal", "pvp:gray"], False),
        (["pvp:purple", "pvp:teal", "pvp:gray", "kill-cerberus"], True),
        (["kill-cerberus", "pass-the-gates"], False),
        (["kill-cerberus", "pass-the-gates", "pvp:teal"], True),
    ],
)
def test_three_quests_with_a_pve_one_win_with_three_or_four_guilds(quests, wins):
    """BR:205-206 "the first Guild to accomplish 3 Quests is the winner ..., as long as at least one of those
    is a PvE Quest. If a player has got three PvP Quests, he still needs to get a PvE Quest"."""
    assert wins_with(quests, set(PVE), 4) is wins
    assert wins_with(quests, set(PVE), 3) is wins


def test_two_quests_win_with_two_guilds():
    """BR:207 "In a 2-player game, victory is achieved by fulfilling only 2 Quests"."""
    assert wins_with(["kill-cerberus", "pvp:purple"], set(PVE), 2)
    assert not wins_with(["kill-cerberus"], set(PVE), 2)


def test_the_quests_to_win_come_from_the_edition():
    assert wins_with(["pvp:teal", "pvp:gray"], set(PVE), 4, quests_to_win=2, pve_quests_to_win=0)
    assert not wins_with(["kill-cerberus", "pvp:purple"], set(PVE), 2, two_guild_quests=3)


@given(quests=st.sets(st.sampled_from([f"pvp:{guild}" for guild in GUILDS])), guilds=st.integers(3, 4))
def test_pvp_quests_alone_never_win_with_three_or_four_guilds(quests, guilds):
    """BR:206 "If a player has got three PvP Quests, he still needs to get a PvE Quest"."""
    assert not wins_with(quests, set(PVE), guilds)


# Coins


def test_the_first_guild_to_complete_a_quest_gets_the_first_bonus():
    """BR:199-200 "The first player to place his Guild token on one of the Quests immediately gets a "First
    Bonus" in the form of one coin. Any other player that subsequently accomplishes that same Quest does not
    get the bonus. Each of the Quest cards offers this bonus individually."""
    log = [["kill-cerberus", "purple"]]
    assert first_bonus([], "kill-cerberus") == 1
    assert first_bonus(log, "kill-cerberus") == 0
    assert first_bonus(log, "pass-the-gates") == 1


REWARDS = {"kill-cerberus": "the-finisher"}


def test_a_third_guild_completes_a_capped_reward_quest_but_gets_no_card():
    """BR:202-203 "If a player accomplishes a Quest, but all of its associated Reward cards have already been
    taken, he doesn't get any cards"; GF:110 "Kill Cerberus (→Reward; … max 2 guilds)"."""
    log = [
        ["kill-cerberus", "purple"],
        ["pvp:teal", "yellow"],
        ["kill-cerberus", "teal"],
        ["kill-cerberus", "gray"],
    ]
    out = rewards_given(log, reward_cards=REWARDS, copies={"the-finisher": 2}, limits={"kill-cerberus": 2})
    assert [(g.guild, g.card) for g in out] == [
        ("purple", "the-finisher"),
        ("teal", "the-finisher"),
        ("gray", None),
    ]
    assert "first 2 guilds" in out[2].reason


def test_the_copies_of_a_card_are_shared_by_its_quests_and_one_guild_can_win_two():
    """RB:1625 "Guild who accomplishes a Quest associated with a Reward card … immediately gets it" (Pit of
    Tormented Souls: Kill Bellya'al and Kill The Judge both give Rock Bottom's Helm); BR:202-203."""
    cards = {"kill-bellyaal": "helm", "kill-the-judge": "helm"}
    log = [["kill-bellyaal", "yellow"], ["kill-the-judge", "yellow"], ["kill-the-judge", "teal"]]
    out = rewards_given(log, reward_cards=cards, copies={"helm": 2})
    assert [(g.guild, g.card) for g in out] == [("yellow", "helm"), ("yellow", "helm"), ("teal", None)]
    assert "all 2 copies" in out[2].reason
    unknown = rewards_given(log, reward_cards=cards, copies={"helm": None})
    assert [g.card for g in unknown] == ["helm", "helm", "helm"]


def test_the_demon_pitchers_max_two_caps_the_reward_not_the_quest():
    """U9, decided: GF:111 "Kill the Demon Pitcher (→Reward; max 2)" read like GF:110's Kill Cerberus; the
    quest always counts (BR:202-203)."""
    log = [["kill-the-demon-pitcher", c] for c in ("yellow", "teal", "gray")]
    out = rewards_given(
        log,
        reward_cards={"kill-the-demon-pitcher": "sharp-justice"},
        copies={"sharp-justice": 2},
        limits={"kill-the-demon-pitcher": 2},
    )
    assert [g.card for g in out] == ["sharp-justice", "sharp-justice", None]


def test_a_guild_can_win_one_reward_card_per_reward_quest():
    """RB:1625 "Guild who accomplishes a Quest associated with a Reward card … immediately gets it"."""
    assert reward_slots(2) == 2
    assert reward_slots(0) == 0


def test_no_quest_is_completed_after_the_win():
    """BR:205 "the scenario immediately ends and that player is victorious"."""
    check_scenario_open(won=False)
    with pytest.raises(ValueError, match="ended with the win; no quest"):
        check_scenario_open(won=True)


def test_a_kill_after_the_win_is_refused_in_its_own_words():
    """BR:205 "the scenario immediately ends": a kill is refused as a kill, not as a quest."""
    check_scenario_open(won=False, kill=True)
    with pytest.raises(ValueError, match="ended with the win; no kill can be recorded"):
        check_scenario_open(won=True, kill=True)


def test_treasure_counts_with_the_coins_won():
    """BR:216 "each Treasure Chest token … gives the coin value listed on it to his Guild"; RB:1292-1293 Most
    Coins "won the most coins during the scenario (before spending them)"."""
    assert coins_won(1, 4) == 5
    with pytest.raises(ValueError):
        coins_won(-1, 4)


def test_a_scenarios_coins_add_one_per_quest_and_the_treasure():
    """BR:215-216 "At the end of the scenario, each Guild gets one coin for each Quest it accomplished" and
    "each Treasure Chest token in a Hero's possession gives the coin value listed on it to his Guild"."""
    assert scenario_coins(4, 3, 2) == 9
    assert scenario_coins(0, 0, 0) == 0


def test_the_rulebooks_stacking_example_earns_three_coins():
    """BR:217 the first to kill a Green Guild Hero gets one coin for the kill, one First Bonus, "and then at
    the end of the scenario you would get another coin for having accomplished that Quest"."""
    during_play = 1 + first_bonus([], "pvp:green")
    assert scenario_coins(during_play, 1, 0) == 3


@pytest.mark.parametrize("args", [(-1, 0, 0), (0, -1, 0), (0, 0, True)])
def test_negative_or_odd_coin_counts_are_refused(args):
    with pytest.raises(ValueError, match="whole number"):
        scenario_coins(*args)


# Titles

TICKETS = {"destroy-the-tickets"}
LOG = [["pvp:teal", "yellow"], ["destroy-the-tickets", "purple"], ["destroy-the-tickets", "yellow"]]


def test_the_first_title_holder_is_the_first_to_complete_a_title_quest():
    assert first_title_holder(LOG, TICKETS) == "purple"
    assert first_title_holder(LOG[:1], TICKETS) is None


def test_every_guild_completing_the_title_quest_takes_the_title():
    """RB:1248-1250 "When a Hero fulfills one of these Quests, his Guild receives the associated Title"."""
    for guild in ("purple", "yellow"):
        assert title_won(guild, ["destroy-the-tickets"], title_quests=TICKETS, quest_log=LOG)
    assert not title_won("teal", ["pvp:yellow"], title_quests=TICKETS, quest_log=LOG)


def test_a_title_for_the_first_guild_goes_to_the_first_only():
    """GF:111 "Destroy the Tickets (→Title, first guild only ...)"."""
    first = {"title_quests": TICKETS, "quest_log": LOG, "title_awarded_to": "first"}
    assert title_won("purple", ["destroy-the-tickets"], **first)
    assert not title_won("yellow", ["destroy-the-tickets", "pvp:teal"], **first)


LOST_IN_THE_DARK = {
    "kill-bellyaal": "Kill Bellya'al Gives the Demon Slayer Title.",
    "rescue-the-hero": "Rescue the Hero Each Guild starts with only 2 Heroes.",
}


def test_a_single_villains_kill_and_an_angels_rescue_are_one_guilds_quests():
    """N5: RB:967-970 "The credit for killing the Villain still goes only to the Hero that inflicts the last
    Wound, so only his Guild would win any associated Quest. Villain-type Monsters … are returned straight to
    the game box"; RB:269 "1 Bellya'al"; GF:174 the Angel goes to "Whoever completes the 'Save the Angel'
    quest". Kill Cerberus (two figures) and Rescue the Hero stay open to every guild (BR:198)."""
    from rules_helpers.scoring import one_guild_quests

    assert one_guild_quests(LOST_IN_THE_DARK, angel_quests=(), single_villains=["Bellya'al"]) == {
        "kill-bellyaal"
    }
    gates = {"kill-cerberus": "Kill Cerberus A killed Cerberus goes to the box", "pass-the-gates": "Pass"}
    assert one_guild_quests(gates, angel_quests=(), single_villains=[]) == frozenset()
    finale = {"kill-rock-bottom": "Kill Rock Bottom The only PvE quest: kill Rock Bottom (The Underlord)."}
    assert one_guild_quests(finale, angel_quests=(), single_villains=["The Underlord", "The Judge"]) == {
        "kill-rock-bottom"
    }
    prisoner = {"save-the-angel": "Save the Angel", "find-the-lost-keys": "Find the Lost Keys"}
    assert one_guild_quests(prisoner, angel_quests={"save-the-angel"}, single_villains=["Bellya'al"]) == {
        "save-the-angel"
    }


def test_a_one_guild_quest_completed_by_a_second_guild_is_refused():
    """N5: RB:967-970 only the guild of the last Wound wins a Villain's quest."""
    from rules_helpers.scoring import check_one_guild_quests

    check_one_guild_quests(
        {"kill-bellyaal": ["yellow"], "kill-cerberus": ["yellow", "teal"]}, one_guild={"kill-bellyaal"}
    )
    with pytest.raises(ValueError, match=r"Only one guild completes Kill Bellya'al: .*RB:967-970"):
        check_one_guild_quests(
            {"kill-bellyaal": ["yellow", "purple"]},
            one_guild={"kill-bellyaal"},
            names={"kill-bellyaal": "Kill Bellya'al"},
        )
