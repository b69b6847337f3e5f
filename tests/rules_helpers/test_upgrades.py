import pytest

from rules_helpers.upgrades import Purchase, check_saved_coins, coins_saved, settle_purchase


def test_one_leftover_coin_is_saved_and_the_rest_returned():
    assert settle_purchase(10, [3, 2, 1]) == Purchase(spent=6, saved=1, returned=3)


def test_spending_every_coin_saves_nothing():
    assert settle_purchase(5, [5]) == Purchase(5, 0, 0)


def test_buying_nothing_saves_one_coin():
    assert settle_purchase(4, []) == Purchase(0, 1, 3)


def test_a_guild_without_coins_buys_only_free_cards():
    assert settle_purchase(0, [0]) == Purchase(0, 0, 0)


def test_a_fourth_card_is_refused():
    with pytest.raises(ValueError, match="at most 3 Upgrade cards"):
        settle_purchase(20, [1, 1, 1, 1])


def test_cards_costing_more_than_the_guilds_coins_are_refused():
    with pytest.raises(ValueError, match="cost 7 coins but the Guild has only 6"):
        settle_purchase(6, [4, 3])


def test_negative_coins_are_refused():
    with pytest.raises(ValueError, match="number of coins"):
        settle_purchase(-1, [])


def test_a_negative_cost_is_refused():
    with pytest.raises(ValueError, match="coins a card costs"):
        settle_purchase(5, [3, -1])


def test_an_upgrade_phase_follows_every_campaign_scenario_but_the_last():
    """RB:1273-1274: after each scenario, before its Upgrade Phase, the sheet is updated;
    RB:1312-1313: the 6th and final scenario leads to the Campaign Finale instead."""
    from rules_helpers.upgrades import upgrade_phase_follows

    assert [upgrade_phase_follows(n, campaign_mode=True) for n in range(1, 7)] == [True] * 5 + [False]
    assert not upgrade_phase_follows(1, campaign_mode=False)
    assert upgrade_phase_follows(3, campaign_mode=True, scenarios=4)
    assert not upgrade_phase_follows(4, campaign_mode=True, scenarios=4)


def test_the_purchase_limits_come_from_the_edition():
    """RB:1633 "may purchase up to 3 cards"; BR:232 "he may save a single coin"."""
    assert settle_purchase(10, [1, 1, 1, 1], max_purchases=4, max_saved_coins=2) == Purchase(4, 2, 4)


def test_at_most_one_leftover_coin_is_saved():
    """BR:232 "he may save a single coin to spend in the next Upgrade Phase, though any coins beyond that are
    returned to the common pile"."""
    assert [coins_saved(left) for left in (0, 1, 5)] == [0, 1, 1]
    assert coins_saved(5, max_saved_coins=2) == 2


@pytest.mark.parametrize("coins", [0, 1])
def test_the_sheet_notes_a_saved_coin(coins):
    """RB:1308-1309 "If a player has saved a coin to spend in a future Upgrade Phase, they note it"."""
    assert check_saved_coins(coins) == coins


@pytest.mark.parametrize("coins", [2, -1, True, "1"])
def test_more_than_one_saved_coin_is_refused(coins):
    """BR:232 "he may save a single coin"."""
    with pytest.raises(ValueError, match=r"^A guild saves at most 1 coin between scenarios\.$"):
        check_saved_coins(coins)
