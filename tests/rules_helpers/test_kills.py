"""Coin rewards for kills (RB:677-683, RB:962-970) and the killed Hero's Death token (RB:694-695)."""

import pytest

from rules_helpers.kills import kill_payout, pvp_quest_fulfilled

GUILDS = ["yellow", "teal", "gray"]


def test_a_hero_killing_a_monster_gets_its_reward():
    """RB:677-678 "When a Hero kills a Monster, his Guild immediately gets the number of coins listed in that
    Monster's card"."""
    assert kill_payout("monster", guilds=GUILDS, killer="teal", reward=2).coins == {"teal": 2}


def test_a_missing_reward_is_said_never_made_up():
    """GF:8 data policy, never invent a number: the level card's reward is not in the content."""
    payout = kill_payout("villain", guilds=GUILDS, killer="teal", reward=None, wounded_by=["gray"])
    assert payout.coins == {} and "not in the content" in payout.missing
    assert payout.unpaid == ("teal", "gray")


def test_every_guild_that_wounded_a_villain_gets_the_full_reward():
    """RB:965-967 "If that Villain is eventually killed, all Guilds that have a token on its card win the full
    Coin reward listed on the Monster card"."""
    payout = kill_payout("villain", guilds=GUILDS, killer="yellow", reward=3, wounded_by=["gray"])
    assert payout.coins == {"yellow": 3, "gray": 3}


def test_an_enemy_hero_killed_pays_one_coin_and_the_victim_takes_a_death_token():
    """RB:679 "When a Hero kills an enemy Hero, his Guild gets one coin"; RB:694-695 "Each time a Hero is
    killed, place a Death token on his card"."""
    payout = kill_payout("hero", guilds=GUILDS, killer="yellow", victim_guild="teal")
    assert payout.coins == {"yellow": 1} and payout.death_to == "teal"


def test_a_hero_killed_by_a_monster_or_trap_pays_each_other_guild():
    """RB:680-682 "When a Monster kills a Hero, all the other Guilds each get one coin. If a Hero is killed by
    any other game circumstances, like traps, all the other Guilds also get one coin each"."""
    payout = kill_payout("hero", guilds=GUILDS, killer=None, victim_guild="teal")
    assert payout.coins == {"yellow": 1, "gray": 1} and payout.death_to == "teal"


def test_a_hero_killed_by_its_own_guild_pays_nothing():
    """RB:679 pays for an *enemy* Hero only."""
    assert kill_payout("hero", guilds=GUILDS, killer="teal", victim_guild="teal").coins == {}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"victim": "dragon", "killer": "teal"}, "not 'dragon'"),
        ({"victim": "monster", "killer": None, "reward": 1}, "last wound"),
        ({"victim": "hero", "killer": "teal"}, "whose hero"),
        ({"victim": "monster", "killer": "purple", "reward": 1}, "'purple' is not a guild"),
    ],
)
def test_an_impossible_kill_is_refused(kwargs, message):
    """RB:684-687 "The credit for killing a Character goes to the Character that inflicts the last Wound"."""
    victim = kwargs.pop("victim")
    with pytest.raises(ValueError, match=message):
        kill_payout(victim, guilds=GUILDS, **kwargs)


def test_killing_an_enemy_hero_fulfils_the_pvp_quest_of_its_guild():
    """BR:196 "PvP Quests relate to defeating the Heroes of the enemy Guilds"; BR:197 "as soon as a player
    accomplishes the task described in one of the Quest cards, he fulfills that Quest"; BR:217 "if you
    were the first to kill a Green Guild Hero, you would immediately get one coin for killing an Enemy Hero,
    plus one coin for being the first to accomplish the 'Kill a Hero from the Green Guild' Quest"."""
    assert pvp_quest_fulfilled("hero", killer="teal", victim_guild="yellow") == "pvp:yellow"


def test_a_pvp_quest_already_fulfilled_is_not_fulfilled_again():
    """BR:198 "Each player can only fulfill each Quest a single time per scenario"; BR:218 "If you killed more
    Green Guild Heroes during that scenario, you would only get one extra coin for each kill, since you had
    already accomplished the Quest"."""
    done = ["pass-the-gates", "pvp:yellow"]
    assert pvp_quest_fulfilled("hero", killer="teal", victim_guild="yellow", completed=done) is None
    assert pvp_quest_fulfilled("hero", killer="teal", victim_guild="gray", completed=done) == "pvp:gray"


@pytest.mark.parametrize(
    ("victim", "killer", "victim_guild"),
    [
        ("hero", None, "yellow"),  # RB:680-682: a Monster or a trap killed it; no Guild's Hero did
        ("hero", "yellow", "yellow"),  # BR:208: never the PvP Quest of one's own Guild
        ("monster", "teal", None),  # BR:196: a PvP Quest is about Heroes
        ("villain", "teal", None),
    ],
)
def test_no_pvp_quest_without_an_enemy_hero_killed_by_a_guild(victim, killer, victim_guild):
    """BR:196 PvP Quests are about "defeating the Heroes of the enemy Guilds"; BR:208 "It is impossible for a
    player to get the PvP Quest related to killing a Hero of his own Guild"; RB:680-682 a Hero killed by a
    Monster or "any other game circumstances, like traps" is killed by no Guild."""
    assert pvp_quest_fulfilled(victim, killer=killer, victim_guild=victim_guild) is None


def test_a_scenario_without_a_monster_list_names_the_editions_monsters():
    """N6: RB:677-678 the coins are "listed in that Monster's card", so a kill names its Monster; GF:245 gives
    no base scenario's monsters, so the edition's are offered, and said to be."""
    from rules_helpers.kills import monsters_to_name

    assert monsters_to_name(["cerberus", "harpy"], ["cerberus", "harpy", "demoness"]) == (
        ["cerberus", "harpy"],
        True,
    )
    assert monsters_to_name([], ["goblin-archer", "troll"]) == (["goblin-archer", "troll"], False)
