"""The rules that differ between Inferno and base Arcadia Quest (rules_helpers/editions.py)."""

import pytest

from rules_helpers import editions


def test_the_guild_that_wins_the_last_base_scenario_wins_the_game():
    """BR:261 "The Guild that wins the last scenario is the winner, of the game." """
    winners = ["red", "blue", "red", "red", "orange", "blue"]
    assert editions.game_winner("arcadia-quest", winners, campaign_scenarios=6) == "blue"


def test_a_base_campaign_has_no_winner_before_its_last_scenario():
    """BR:260 "Once the last scenario of the campaign has been played" — not before."""
    assert editions.game_winner("arcadia-quest", ["red"] * 5, campaign_scenarios=6) is None


def test_inferno_has_no_single_game_winner_but_its_medal_finale():
    """RB:1311-1334: Inferno ends with Medals, the Council seat and the Savior, not a last-scenario winner."""
    assert editions.game_winner("inferno", ["red"] * 6, campaign_scenarios=6) is None
    assert editions.has_medal_finale("inferno")
    assert not editions.has_medal_finale("arcadia-quest")


def test_an_unknown_edition_plays_by_the_inferno_rulebook():
    assert editions.edition_rules("test-edition") == editions.INFERNO_RULES


def test_base_death_curses_come_from_death_tokens_only():
    """BR:224 "receives a number of Death Curse cards equal to the number of Death tokens he possesses"."""
    assert editions.edition_curse_draw_count("arcadia-quest", 2, 3) == 2


def test_inferno_adds_a_curse_card_per_two_damnation():
    """RB:770-773 Diana: 2 deaths and 3 Damnation draw 3 cards."""
    assert editions.edition_curse_draw_count("inferno", 2, 3) == 3


def test_damnation_is_refused_in_base_arcadia_quest():
    """BR:224 counts Death tokens only; Damnation is Inferno's (RB:726-773)."""
    with pytest.raises(ValueError, match="BR:224"):
        editions.check_damnation("arcadia-quest", 1)
    editions.check_damnation("arcadia-quest", 0)
    editions.check_damnation("inferno", 4)


@pytest.mark.parametrize(
    ("edition", "label", "source"),
    [
        ("arcadia-quest", "1", "BR:64-65"),
        ("arcadia-quest", "2-3", "BR:64-65"),
        ("inferno", "1", "RB:479-485"),
        ("inferno", "2-3", "RB:485"),
        ("arcadia-quest", "4-5", editions.INFERRED_LEVEL_LABEL),
        ("inferno", "6", editions.INFERRED_LEVEL_LABEL),
    ],
)
def test_level_labels_cite_their_source_or_are_marked_inferred(edition, label, source):
    """BR:64-65 and RB:479-485 name "Level 1" and "Level 2-3"; "4-5" and "6" are inferred (GF:231, U1)."""
    assert editions.level_label_source(edition, label) == source


def test_base_scenarios_get_numbered_pve_quests_because_no_source_names_them():
    """BR:205 "the first Guild to accomplish 3 Quests ... at least one of those is a PvE Quest"; the base
    sources name no PvE quest (GF §1.5), so 3 numbered slots let a base scenario reach its winner."""
    assert editions.unlisted_pve_quests("arcadia-quest") == (
        "pve-unlisted-1",
        "pve-unlisted-2",
        "pve-unlisted-3",
    )
    assert editions.unlisted_pve_quests("inferno") == ()


def test_an_unlisted_quest_pays_no_automatic_first_bonus():
    """BR:199-200 pays the first Guild on each Quest card; numbered slots cannot tell which card it was."""
    assert editions.quest_first_bonus([], "pve-unlisted-1") == 0
    assert editions.quest_first_bonus([], "pvp:red") == 1


def test_only_an_edition_whose_sources_name_no_reward_card_takes_an_unnamed_one():
    """M4: BR:201-202 Reward cards are "indicated in the Campaign Book", and the base sources name none
    (GF §1.5), so a base result may name "a Reward card not in the pack"; Inferno's are named (GF:184)."""
    assert editions.unlisted_reward_cards("arcadia-quest") == (editions.UNLISTED_REWARD,)
    assert editions.unlisted_reward_cards("inferno") == ()
    assert editions.is_unlisted_reward("reward-unlisted") and not editions.is_unlisted_reward("the-finisher")
