import ast
from pathlib import Path

import pytest

import rules_helpers
from rules_helpers import box
from rules_helpers.monsters import level_bracket
from tests.rules_helpers.maps import ARCADIA_QUEST, INFERNO, scenarios_played

PACKAGE = Path(rules_helpers.__file__).parent
BOX_NAMES = {name for name in vars(box) if name.isupper()}


def _module_constants(path: Path) -> dict[str, ast.expr]:
    tree = ast.parse(path.read_text())
    return {
        target.id: node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name) and target.id.isupper()
    }


# The pictures' module holds drawing sizes in pixels, none of them a number of the box.
NOT_RULES = {PACKAGE / "box.py", PACKAGE / "pictures.py"}


@pytest.mark.parametrize("path", sorted(set(PACKAGE.glob("*.py")) - NOT_RULES), ids=lambda path: path.name)
def test_every_number_of_the_box_is_written_in_box_py_only(path):
    """Each number of the box exists once, so an Edition's own values can replace it everywhere."""
    constants = _module_constants(path)
    assert not BOX_NAMES & set(constants), f"{path.name} redefines {sorted(BOX_NAMES & set(constants))}"
    numbers = [name for name, value in constants.items() if isinstance(value, ast.Constant)]
    assert not [name for name in numbers if type(constants[name].value) is int], f"{path.name}: {numbers}"


def test_a_draft_round_keeps_two_of_six_cards_three_times():
    """RB:1631-1633 "each player gets 6 cards ..., keeps 2 and passes the rest to the left two times"."""
    assert box.UPGRADE_PICKS * box.DRAFT_ROUNDS == box.UPGRADE_HAND


def test_the_hero_draft_picks_one_hero_a_round_until_the_guild_has_three():
    """RB:339-345: pick one Hero, pass left, pick another, pass "one last time and the players select their
    last Hero"."""
    assert box.HERO_PICKS * box.DRAFT_ROUNDS == box.HEROES_PER_GUILD


def test_twelve_cards_fill_every_slot_of_three_heroes():
    """RB:371 "each Hero has an inventory of 4 card slots"; BR:233 "If a Guild has more than 12 Upgrade cards,
    it will have to discard any excess cards"."""
    assert box.SLOTS_PER_HERO * box.HEROES_PER_GUILD == box.GUILD_CARD_LIMIT


def test_both_campaign_maps_play_the_campaigns_scenarios():
    """RB:392-394 "only six of the twelve scenarios ... will be played"; BR:40 "just six of the eleven"."""
    assert scenarios_played(INFERNO) == scenarios_played(ARCADIA_QUEST) == box.CAMPAIGN_SCENARIOS


def test_the_level_cards_cover_each_scenario_of_a_campaign_once():
    """RB:480-485: the level card equals the scenario's number; the 3rd scenario uses "Level 2-3"."""
    covering = [level_bracket(number) for number in range(1, box.CAMPAIGN_SCENARIOS + 1)]
    assert covering == ["1", "2-3", "2-3", "4-5", "4-5", "6"]
    assert set(covering) == set(box.LEVEL_BRACKETS)


def test_a_two_guild_game_wins_with_fewer_quests():
    """BR:205 "3 Quests" with "at least one ... PvE"; BR:207 "In a 2-player game ... only 2 Quests"."""
    assert box.QUESTS_TO_WIN_TWO_GUILDS < box.QUESTS_TO_WIN
    assert 1 <= box.PVE_QUESTS_TO_WIN <= box.QUESTS_TO_WIN


def test_the_dice_have_six_faces_and_one_crit_each():
    """GF:64-68 (fan dice apps): attack melee x3, ranged x2, crit x1; defense shield x1, crit x1, blank x4."""
    assert len(box.ATTACK_FACES) == len(box.DEFENSE_FACES) == 6
    assert box.ATTACK_FACES.count("crit") == box.DEFENSE_FACES.count("crit") == 1
