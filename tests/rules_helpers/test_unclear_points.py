"""The points the seeded sources leave unclear, each decided once in rules_helpers (the audit's U2, U7, U8;
U9 is in test_scoring, U11 in test_progression, U12 in test_roster)."""

from rules_helpers.monsters import overkills
from rules_helpers.scoring import TITLE_TO_ALL, title_won, wins_with


def test_u2_two_guilds_win_with_two_quests_in_both_editions():
    """U2: BR:207 "In a 2-player game, victory is achieved by fulfilling only 2 Quests"; Inferno's RB p.26 is
    not in the seed (GF:182 "assumed identical")."""
    assert wins_with(["pvp:teal", "kill-cerberus"], {"kill-cerberus"}, 2)
    assert not wins_with(["pvp:teal"], {"kill-cerberus"}, 2)


def test_u7_an_attack_equal_to_the_overkill_rating_overkills():
    """U7: RB:938-939 "equal to or higher than the Monster's Overkill rating" (RB:956 says "beat")."""
    assert overkills(3, 3)
    assert overkills(4, 3)
    assert not overkills(2, 3)


def test_u8_a_title_without_a_known_rule_goes_to_every_guild_that_completes_it():
    """U8: GF:112 Demon Slayer says neither "first" nor "all"; RB:1297-1298 "Won Title" per Guild."""
    log = [["kill-bellyaal", "yellow"], ["kill-bellyaal", "teal"]]
    for guild in ("yellow", "teal"):
        assert title_won(
            guild, ["kill-bellyaal"], title_quests={"kill-bellyaal"}, quest_log=log, title_awarded_to=""
        )
    assert TITLE_TO_ALL == "all"
