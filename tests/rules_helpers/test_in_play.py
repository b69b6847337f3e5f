"""What matters in the scenario being played: Titles that help in it, the Underlord's Angels, villains."""

from rules_helpers.kills import is_villain
from rules_helpers.progression import villain_angels_in
from rules_helpers.scoring import titles_in_play
from tests.rules_helpers.maps import INFERNO, INFERNO_ANGELS

WEST_PLAYED = ["ferry-of-the-dead", "the-prisoner", "the-parade"]


def _villains(scenario, played=WEST_PLAYED, held=()):
    return villain_angels_in(INFERNO, scenario, angels=INFERNO_ANGELS, played=played, held=held)


def test_the_other_sides_angels_are_monsters_in_the_third_circle_and_the_finale():
    """GF:177 "in Third Circle scenarios and the finale, the two angels of the Second Circle not played are
    placed at map markers A1/A2 as Monsters"."""
    assert _villains("pit-of-tormented-souls") == ["leah", "the-wanderer"]
    assert _villains("the-parade", WEST_PLAYED[:2]) == []


def test_justicar_is_a_monster_in_the_finale_unless_a_guild_has_him():
    """GF:177 Justicar "in Hit Rock Bottom he is a Monster unless some guild already has him as a Hero"."""
    assert _villains("hit-rock-bottom") == ["justicar", "leah", "the-wanderer"]
    assert _villains("hit-rock-bottom", held={"justicar"}) == ["leah", "the-wanderer"]
    assert "justicar" not in _villains("hells-parliamentary-commission")


def test_a_title_matters_only_where_it_benefits():
    """RB:1248-1254 a Title has "no effect on the current scenario" and helps "if the player goes on to play a
    scenario that benefits from it"."""
    held = [
        ("ticket-scalper", {"the-parade", "the-prisoner"}, "teal"),
        ("trailblazer", {"hells-kitchen"}, "gray"),
    ]
    assert titles_in_play("the-parade", held) == [("ticket-scalper", "teal")]


def test_the_villain_tiers_pay_every_wounding_guild():
    """RB:958-960 the tiers Minor Minion, Major Minion, Minor Villain and Major Villain."""
    assert is_villain("major-villain") and is_villain("villain")
    assert not is_villain("minion") and not is_villain("")


def test_the_ticket_scalper_controls_spawning():
    """GF:111 Ticket Scalper: "That player controls spawning: instead of rolling, chooses for each spawning
    monster"."""
    from rules_helpers.spawn import title_controls_spawn

    assert title_controls_spawn("ticket-scalper")
    assert not title_controls_spawn("trailblazer")


def test_an_episodic_game_may_meet_any_second_circle_angel_at_a1_and_a2():
    """N10: GF:177 "in Third Circle scenarios and the finale, the two angels of the Second Circle not played
    are placed at map markers A1/A2 as Monsters"; GF:137-140 the setups place "2 unsaved angels"; GF:298 an
    episodic game plays "any single scenario", so no side was taken: any of the four may stand there (the
    table says which), and in the finale Justicar too, held by no guild."""
    from rules_helpers.progression import villain_angels_in as villains

    four = ["angel-eyes", "benjamin", "leah", "the-wanderer"]
    args = {"angels": INFERNO_ANGELS, "played": (), "held": (), "side_taken": False}
    assert villains(INFERNO, "pit-of-tormented-souls", **args) == four
    assert villains(INFERNO, "hit-rock-bottom", **args) == [
        "angel-eyes",
        "benjamin",
        "justicar",
        "leah",
        "the-wanderer",
    ]
    assert villains(INFERNO, "the-prisoner", **args) == []


def test_an_angel_a_guild_holds_is_no_monster_even_where_the_setup_lists_it():
    """N10: GF:177 Justicar "in Hit Rock Bottom … is a Monster unless some guild already has him"."""
    from rules_helpers.progression import angel_monsters_in

    assert angel_monsters_in(["justicar"], ["leah", "the-wanderer"], held={"justicar"}) == [
        "leah",
        "the-wanderer",
    ]
    assert angel_monsters_in(["justicar"], ["leah"], held=()) == ["justicar", "leah"]
