"""Coin rewards for kills (RB:677-683, RB:962-970) and the killed Hero's Death token (RB:694-695)."""

import pytest

from rules_helpers.kills import kill_payout

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
